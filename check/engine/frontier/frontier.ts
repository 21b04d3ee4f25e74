/**
 * One level of the breadth-first search. States of a model that can decode its encoding are kept
 * as its words (a few bytes each instead of an object graph). Other models' states are kept as the
 * objects themselves until a level holds `packAt` of them; from then on that level keeps them as
 * words of the reversible plain-data encoding (`model/core/pack.ts`: about a quarter of the memory,
 * for a decoding when the state is expanded), so a deep search keeps its frontier in memory. Either way
 * the words are stored a byte or so each in chunks (`chunks.ts`) that a released level gives to the next.
 */
import type { AnyAction, Model } from '../../../model/core/model.js';
import { PlainCodec } from '../../../model/core/pack.js';
import { WordBuffer } from '../../../model/core/words.js';
import { ChunkPool, Chunks } from '../store/chunks.js';

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
  /** Adds the state whose own words `words` holds (a level that keeps words only: one that can decode them). */
  pushWords(words: WordBuffer, id: number): void;
  /** The k-th state: the object pushed, or a new copy decoded from its words. */
  state(k: number): S;
  /** Appends the model's own words of the k-th state to `into`, when the level keeps them: false when it does not. */
  wordsOf(k: number, into: WordBuffer): boolean;
  id(k: number): number;
  /** Whether the level keeps its states as words. */
  readonly packed: boolean;
  /** Keeps the first `n` states only (those after are forgotten). */
  truncate(n: number): void;
  /** Gives the level's memory back to its pool: the level is empty from now on, and reading a state of it throws. */
  release(): void;
}

/** Objects until `packAt` of them, then words (`PlainCodec`) in chunks. */
class PlainLevel<S> implements Frontier<S> {
  private states: S[] = [];
  private readonly ids: number[] = [];
  private codec: PlainCodec<S> | null = null;
  private readonly chunks: Chunks;
  private readonly scratch = new WordBuffer();
  private released = false;
  constructor(
    private readonly like: S,
    private readonly packAt: number,
    pool: ChunkPool,
  ) {
    this.chunks = new Chunks(pool);
  }
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
  pushWords(): void {
    throw new Error('internal: words given to a level of a model that cannot decode them');
  }
  wordsOf(): boolean {
    return false;
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
    if (this.codec === null) {
      if (this.released) throw new Error(`internal: state ${k} of a level read after the level was released`);
      return this.states[k]!;
    }
    return this.codec.unpack(this.chunks.words(k), 0);
  }
  release(): void {
    this.released = true;
    this.states = [];
    this.ids.length = 0;
    this.chunks.release();
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
  private readonly chunks: Chunks;
  private readonly ids = new WordBuffer();
  private readonly scratch = new WordBuffer();
  readonly packed = true;
  constructor(
    private readonly encode: (s: S, out: WordBuffer) => void,
    private readonly decode: (words: Int32Array, offset: number, like: S) => S,
    private readonly like: S,
    pool: ChunkPool,
  ) {
    this.chunks = new Chunks(pool);
  }
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
  pushWords(words: WordBuffer, id: number): void {
    this.chunks.add(words);
    this.ids.push(id);
  }
  wordsOf(k: number, into: WordBuffer): boolean {
    this.chunks.copyTo(k, into);
    return true;
  }
  state(k: number): S {
    return this.decode(this.chunks.words(k), 0, this.like);
  }
  truncate(n: number): void {
    if (n >= this.ids.length) return;
    this.chunks.truncate(n);
    this.ids.length = n;
  }
  release(): void {
    this.ids.reset();
    this.chunks.release();
  }
  id(k: number): number {
    return this.ids.words[k]!;
  }
}

/**
 * A new, empty level for `model` (`like`, the initial state, supplies what decoding needs, such as the
 * config); `packAt`: how many states a level of a model without its own decoding keeps as objects; `pool`:
 * where its chunks come from and go back to when it is released.
 */
export function newFrontier<S, A extends AnyAction>(
  model: Model<S, A>,
  like: S,
  packAt = PACK_AT,
  pool = new ChunkPool(),
): Frontier<S> {
  const { encode, decode } = model.fast;
  return decode ? new Encoded<S>(encode, decode, like, pool) : new PlainLevel<S>(like, packAt, pool);
}
