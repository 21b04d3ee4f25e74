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
  /** Adds `state`; `words`, if given, are the model's own encoding of it (a level of such words copies them). */
  push(state: S, id: number, words?: WordBuffer | null): void;
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
 * Word sequences in fixed chunks, a sequence never split between two: a buffer that doubled as it grew made
 * the collector run after each copy of a level of hundreds of megabytes.
 */
class Chunks {
  private readonly chunks: Int32Array[] = [];
  private used = CHUNK_WORDS;
  /** The k-th sequence's chunk and its offset there. */
  private readonly chunkOf = new WordBuffer();
  private readonly offsets = new WordBuffer();
  /** Keeps the words `w` holds as the next sequence. */
  add(w: WordBuffer): void {
    if (this.used + w.length > CHUNK_WORDS) {
      this.chunks.push(new Int32Array(Math.max(CHUNK_WORDS, w.length)));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    this.chunks[chunk]!.set(w.words.subarray(0, w.length), this.used);
    this.chunkOf.push(chunk);
    this.offsets.push(this.used);
    this.used += w.length;
  }
  /** The chunk holding the k-th sequence. */
  chunk(k: number): Int32Array {
    return this.chunks[this.chunkOf.words[k]!]!;
  }
  /** Where the k-th sequence starts in its chunk. */
  at(k: number): number {
    return this.offsets.words[k]!;
  }
  /** Keeps the first `n` sequences (the words of those after stay in their chunk, unused). */
  truncate(n: number): void {
    this.chunkOf.length = Math.min(n, this.chunkOf.length);
    this.offsets.length = Math.min(n, this.offsets.length);
  }
}

/** Objects until `packAt` of them, then words (`PlainCodec`) in chunks. */
class PlainLevel<S> implements Frontier<S> {
  private states: S[] = [];
  private readonly ids: number[] = [];
  private codec: PlainCodec<S> | null = null;
  private readonly chunks = new Chunks();
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
    this.scratch.reset();
    codec.pack(s, this.scratch);
    this.chunks.add(this.scratch);
  }
  state(k: number): S {
    if (this.codec === null) return this.states[k]!;
    return this.codec.unpack(this.chunks.chunk(k), this.chunks.at(k));
  }
  truncate(n: number): void {
    if (n >= this.ids.length) return;
    this.ids.length = n;
    if (this.codec === null) this.states.length = n;
    // Only a worker's surplus, shipped, is forgotten.
    else this.chunks.truncate(n);
  }
  id(k: number): number {
    return this.ids[k]!;
  }
}

/** The words of the model's own encoding in chunks, decoded by the model. */
class Encoded<S> implements Frontier<S> {
  private readonly chunks = new Chunks();
  private readonly ids = new WordBuffer();
  private readonly scratch = new WordBuffer();
  readonly packed = true;
  constructor(
    private readonly encode: (s: S, out: WordBuffer) => void,
    private readonly decode: (words: Int32Array, offset: number, like: S) => S,
    private readonly like: S,
  ) {}
  get length(): number {
    return this.ids.length;
  }
  push(state: S, id: number, words?: WordBuffer | null): void {
    if (words) this.chunks.add(words);
    else {
      this.scratch.reset();
      this.encode(state, this.scratch);
      this.chunks.add(this.scratch);
    }
    this.ids.push(id);
  }
  state(k: number): S {
    return this.decode(this.chunks.chunk(k), this.chunks.at(k), this.like);
  }
  truncate(n: number): void {
    if (n >= this.ids.length) return;
    this.chunks.truncate(n);
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
