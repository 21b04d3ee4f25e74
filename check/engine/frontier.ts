/**
 * One level of the breadth-first search. States of a model that can decode its encoding are kept
 * as its words (a few bytes each instead of an object graph). Other models' states are kept as the
 * objects themselves until a level holds `packAt` of them; from then on that level keeps them as
 * words of the reversible plain-data encoding (`model/core/pack.ts`: about a quarter of the memory,
 * for a decoding when the state is expanded), so a deep search keeps its frontier in memory.
 */
import type { AnyAction, Model } from '../../model/core/model.js';
import { PlainCodec } from '../../model/core/pack.js';
import { WordBuffer } from '../../model/core/words.js';

/**
 * States a level keeps as objects before it packs them: none (packed, the search ran faster as well as in
 * less memory; tests keep levels as objects with a bound of infinity, to compare).
 */
export const PACK_AT = 0;

/** The states of a level with their global numbers. */
export interface Frontier<S> {
  readonly length: number;
  push(state: S, id: number): void;
  /** The k-th state: the object pushed, or a new copy decoded from its words. */
  state(k: number): S;
  id(k: number): number;
  /** Whether the level keeps its states as words. */
  readonly packed: boolean;
  /** Keeps the first `n` states only (those after are forgotten). */
  truncate(n: number): void;
}

/** Words a chunk of packed states holds (4 MiB): the level grows by chunks, never copying what it holds. */
const CHUNK_WORDS = 1 << 20;

/**
 * Objects until `packAt` of them, then words (`PlainCodec`) in fixed chunks, a state never split
 * between two: a buffer that doubled as it grew made the collector run after each copy of a level
 * of hundreds of megabytes.
 */
class PlainLevel<S> implements Frontier<S> {
  private states: S[] = [];
  private readonly ids: number[] = [];
  private codec: PlainCodec<S> | null = null;
  private readonly chunks: Int32Array[] = [];
  private used = CHUNK_WORDS;
  /** The k-th packed state's chunk and its offset there. */
  private readonly chunkOf = new WordBuffer();
  private readonly at = new WordBuffer();
  private readonly scratch = new WordBuffer();
  constructor(
    private readonly like: S,
    private readonly packAt: number,
  ) {}
  get length(): number {
    return this.ids.length;
  }
  get packed(): boolean {
    return this.codec !== null;
  }
  push(state: S, id: number): void {
    this.ids.push(id);
    if (this.codec === null) {
      this.states.push(state);
      if (this.states.length >= this.packAt) this.pack();
      return;
    }
    this.store(this.codec, state);
  }
  /** Moves the level's states into words. */
  private pack(): void {
    const codec = new PlainCodec(this.like);
    for (const s of this.states) this.store(codec, s);
    this.states = [];
    this.codec = codec;
  }
  private store(codec: PlainCodec<S>, s: S): void {
    const w = this.scratch;
    w.reset();
    codec.pack(s, w);
    if (this.used + w.length > CHUNK_WORDS) {
      this.chunks.push(new Int32Array(Math.max(CHUNK_WORDS, w.length)));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    const to = this.chunks[chunk]!;
    const from = w.words;
    for (let i = 0, j = this.used; i < w.length; i++, j++) to[j] = from[i]!;
    this.chunkOf.push(chunk);
    this.at.push(this.used);
    this.used += w.length;
  }
  state(k: number): S {
    if (this.codec === null) return this.states[k]!;
    return this.codec.unpack(this.chunks[this.chunkOf.words[k]!]!, this.at.words[k]!);
  }
  truncate(n: number): void {
    if (n >= this.ids.length) return;
    this.ids.length = n;
    if (this.codec === null) {
      this.states.length = n;
      return;
    }
    // The forgotten states' words stay in their chunk, unused (only a worker's surplus, shipped, is forgotten).
    this.chunkOf.length = n;
    this.at.length = n;
  }
  id(k: number): number {
    return this.ids[k]!;
  }
}

/** The words of the model's own encoding, decoded by the model. */
class Encoded<S> implements Frontier<S> {
  private readonly words = new WordBuffer();
  private readonly at = new WordBuffer();
  private readonly ids = new WordBuffer();
  readonly packed = true;
  constructor(
    private readonly encode: (s: S, out: WordBuffer) => void,
    private readonly decode: (words: Int32Array, offset: number, like: S) => S,
    private readonly like: S,
  ) {}
  get length(): number {
    return this.ids.length;
  }
  push(state: S, id: number): void {
    this.at.push(this.words.length);
    this.encode(state, this.words);
    this.ids.push(id);
  }
  state(k: number): S {
    return this.decode(this.words.words, this.at.words[k]!, this.like);
  }
  truncate(n: number): void {
    if (n >= this.ids.length) return;
    this.words.length = this.at.words[n]!;
    this.at.length = n;
    this.ids.length = n;
  }
  id(k: number): number {
    return this.ids.words[k]!;
  }
}

/**
 * A new, empty level for `model` (`like`, the initial state, supplies what decoding needs, such as the
 * config); `packAt`: how many states a level of a model without its own decoding keeps as objects.
 */
export function newFrontier<S, A extends AnyAction>(model: Model<S, A>, like: S, packAt = PACK_AT): Frontier<S> {
  const { encode, decode } = model.fast;
  return decode ? new Encoded<S>(encode, decode, like) : new PlainLevel<S>(like, packAt);
}
