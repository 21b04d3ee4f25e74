/**
 * A worker's states of the level it expands and of the next one, whatever holds them: objects
 * (through `enabled` and the fast path) or, for a model with packed rules, fixed-width words
 * (`packed-search.ts`'s rules, no object per state). The worker's protocol (`worker.ts`) is the
 * same over both: it expands, keeps and judges the successors it owns, holds those it claims until
 * their owner answers (then keeps and judges those admitted), ships its surplus, and moves to the
 * next level. A state is judged as it is kept, as on one thread: judged after the balance, every
 * kept state was decoded once more.
 */
import type { AnyAction, Packed } from '../../model/core/model.js';
import type { WordBuffer } from '../../model/core/words.js';
import { type Parcel, packKept, readParcel } from './baton.js';
import { type Frontier, newFrontier } from './frontier.js';
import { fingerprint } from './hash.js';
import { PackedLevel, pushInto } from './packed-search.js';
import type { SearchCore } from './search-core.js';

/** What `see` answers for a successor: its global number (kept here), DROP, or `held(peer)`. */
export const DROP = -1;
export const held = (peer: number): number => -2 - peer;
/** The peer of a `held(peer)` answer. */
const peerOf = (answer: number): number => -2 - answer;

/** Successor `i` of the state being expanded, with fingerprint (hi, lo): what to do with it. */
export type See = (hi: number, lo: number, i: number) => number;

/** A kept state, number `id`, is `distance` steps from a violation (`SearchCore.judge`: -1 for none). */
export type Judged = (id: number, distance: number) => void;

export interface Share<S> {
  /** Makes `s` (number `id`) the level: the initial state, before the first. */
  seed(s: S, id: number): void;
  /** States of the level being expanded. */
  readonly size: number;
  /** The global number of the level's k-th state. */
  id(k: number): number;
  /** Expands the level's k-th state, asking `see` about each successor; those kept are judged. */
  expand(k: number, see: See, judged: Judged): void;
  /** The j-th successor held for `peer` was admitted by it as number `n`: kept here, and its distance. */
  admitHeld(peer: number, j: number, n: number, hi: number, lo: number): number;
  /** States kept for the next level. */
  readonly kept: number;
  /** Moves the last `count` kept states into a shipment: per state its number, fingerprint, words or object. */
  ship(count: number, meta: WordBuffer, states: unknown[]): void;
  /** Keeps the states of a shipment (judged by their sender). */
  receive(meta: Int32Array<ArrayBuffer>, states: readonly unknown[]): void;
  /** Makes the states of `p` the level, after the states of the level before it (a search handed over, `baton.ts`). */
  seedParcel(p: Parcel): void;
  /** The kept states become the level; nothing is kept or held. */
  advance(): void;
  /** Whether some state of the level can move (for the depth bound's report). */
  enabledAtLevel(): boolean;
}

/**
 * The share of a worker: packed when the model has packed rules for this config (and no symmetry, not `plain`),
 * else objects.
 */
export function newShare<S, A extends AnyAction>(core: SearchCore<S, A>, initial: S, workers: number): Share<S> {
  const e = core.engine;
  const packed = e.symmetry || e.plain ? null : (core.checked.model.fast.packed?.(initial) ?? null);
  return packed ? new PackedShare(core, packed, initial, workers) : new ObjectShare(core, initial, workers);
}

/**
 * A worker's levels as the one-thread search keeps them (`frontier.ts`): the states it keeps for the
 * next level are judged and packed as it finds them, decoded to be shipped or expanded.
 */
class ObjectShare<S, A extends AnyAction> implements Share<S> {
  private level: Frontier<S>;
  private next: Frontier<S>;
  private fps: number[] = [];
  // Per state of the level and of the next, 1 when its drain passed (`SearchCore.drainIndex`; a shipped state 0).
  private passed: number[] = [];
  private nextPassed: number[] = [];
  // A claimed state is made again from its parent if admitted: holding every claimed state until the answers
  // came kept half of them alive past young-generation collections.
  private holds: { readonly k: number; readonly action: A; readonly along: boolean }[][];
  private readonly decode;

  constructor(
    private readonly core: SearchCore<S, A>,
    private readonly initial: S,
    private readonly workers: number,
  ) {
    this.level = this.newLevel();
    this.next = this.newLevel();
    this.holds = Array.from({ length: workers }, () => []);
    this.decode = core.checked.model.fast.decode;
  }
  private newLevel(): Frontier<S> {
    return newFrontier(this.core.checked.model, this.initial, this.core.packAt, this.core.chunks);
  }
  get size(): number {
    return this.level.length;
  }
  id(k: number): number {
    return this.level.id(k);
  }
  /** The initial state, as the level before the first. */
  seed(s: S, id: number): void {
    this.level.push(s, id);
    this.passed.push(0);
  }
  expand(k: number, see: See, judged: Judged): void {
    const { core } = this;
    const s = this.level.state(k);
    const acts = core.enabledCounted(s);
    const along = this.passed[k] === 1 ? core.drainIndex(s, acts) : -1;
    for (let i = 0; i < acts.length; i++) {
      const t = core.successorAt(this.level, k, acts[i]!, s, i === acts.length - 1);
      core.fingerprint(t);
      const { hi, lo } = core.fp;
      const r = see(hi, lo, i);
      // The words `fingerprint` left are `t`'s own (or null): its level keeps them rather than encode it again.
      if (r >= 0) judged(r, this.keep(t, r, hi, lo, i === along, core.ownWords));
      else if (r !== DROP) this.holds[peerOf(r)]!.push({ k, action: acts[i]!, along: i === along });
    }
  }
  /** Keeps `t` for the next level and judges it (`along`: by the action a passing drain takes): its distance. */
  private keep(t: S, id: number, hi: number, lo: number, along: boolean, words: WordBuffer | null = null): number {
    this.store(t, id, hi, lo, words);
    // Packed, `t` is no longer needed: the drain steps it in place.
    const j = along ? -1 : this.core.judge(t, hi, lo, this.next.packed);
    this.nextPassed.push(j === -1 ? 1 : 0);
    return j;
  }
  private store(t: S, id: number, hi: number, lo: number, words: WordBuffer | null = null): void {
    this.next.push(t, id, words);
    this.fps.push(hi, lo);
  }
  admitHeld(peer: number, j: number, n: number, hi: number, lo: number): number {
    const { k, action, along } = this.holds[peer]![j]!;
    return this.keep(this.core.successorAt(this.level, k, action), n, hi, lo, along);
  }
  get kept(): number {
    return this.next.length;
  }
  ship(count: number, meta: WordBuffer, states: unknown[]): void {
    const encode = this.decode ? this.core.checked.model.fast.encode : null;
    const last = this.next.length;
    for (let j = last - 1; j >= last - count; j--) {
      const lo = this.fps.pop()!;
      const hi = this.fps.pop()!;
      packKept(meta, states, this.next, j, hi, lo, encode);
    }
    this.next.truncate(last - count);
    this.nextPassed.length = last - count;
  }
  // A model that decodes its words keeps its levels as them (`frontier.ts`): received words are kept as they came.
  receive(m: Int32Array<ArrayBuffer>, states: readonly unknown[]): void {
    readParcel<S>(m, states, this.decode !== undefined, (words, s, id, hi, lo) => {
      if (s === null) this.next.pushWords(words, id);
      else this.next.push(s, id);
      this.fps.push(hi, lo);
      this.nextPassed.push(0);
    });
  }
  seedParcel(p: Parcel): void {
    readParcel<S>(p.meta, p.states, this.decode !== undefined, (words, s, id) => {
      if (s === null) this.level.pushWords(words, id);
      else this.level.push(s, id);
      this.passed.push(0);
    });
  }
  advance(): void {
    this.level.release();
    this.level = this.next;
    this.next = this.newLevel();
    this.passed = this.nextPassed;
    this.nextPassed = [];
    this.fps = [];
    this.holds = Array.from({ length: this.workers }, () => []);
  }
  enabledAtLevel(): boolean {
    for (let k = 0; k < this.level.length; k++)
      if (this.core.checked.model.enabled(this.level.state(k)).length > 0) return true;
    return false;
  }
}

/** A worker's states as packed words: successors by the model's word rules, decoded only to be judged. */
class PackedShare<S, A extends AnyAction> implements Share<S> {
  private level: PackedLevel;
  private next: PackedLevel;
  private fps: number[] = [];
  private holds: PackedLevel[];
  private readonly out: Int32Array;
  private readonly taken: Uint8Array;
  private readonly fp = { hi: 0, lo: 0 };
  private readonly width: number;

  constructor(
    private readonly core: SearchCore<S, A>,
    private readonly p: Packed,
    private readonly initial: S,
    private readonly workers: number,
  ) {
    this.width = p.width;
    this.level = new PackedLevel(p.width);
    this.next = new PackedLevel(p.width);
    this.holds = Array.from({ length: workers }, () => new PackedLevel(p.width));
    this.out = new Int32Array(p.most * p.width);
    this.taken = new Uint8Array(p.most);
  }
  get size(): number {
    return this.level.length;
  }
  id(k: number): number {
    return this.level.ids[k]!;
  }
  seed(s: S, id: number): void {
    const words = new Int32Array(this.width);
    this.core.checked.model.fast.encode(s, pushInto(words));
    this.level.push(words, 0, id);
  }
  expand(k: number, see: See, judged: Judged): void {
    const { core, width: w, out, fp } = this;
    const n = this.p.successors(this.level.words, k * w, out, this.taken);
    core.generated += n;
    const types = core.checked.model.actionTypes;
    for (let i = 0; i < n; i++) {
      const type = types[this.taken[i]!]!;
      core.coverage[type] = (core.coverage[type] ?? 0) + 1;
      fingerprint(out, w, fp, i * w);
      const r = see(fp.hi, fp.lo, i);
      if (r >= 0) judged(r, this.keep(out, i * w, r, fp.hi, fp.lo));
      else if (r !== DROP) this.holds[peerOf(r)]!.push(out, i * w, 0);
    }
  }
  /** Keeps the state at `at` of `src` for the next level and judges it: its distance. */
  private keep(src: Int32Array, at: number, id: number, hi: number, lo: number): number {
    this.next.push(src, at, id);
    this.fps.push(hi, lo);
    if (this.core.engine.own && this.p.quiet(src, at)) return -1;
    return this.core.judge(this.core.checked.model.fast.decode!(src, at, this.initial), hi, lo);
  }
  admitHeld(peer: number, j: number, n: number, hi: number, lo: number): number {
    return this.keep(this.holds[peer]!.words, j * this.width, n, hi, lo);
  }
  get kept(): number {
    return this.next.length;
  }
  ship(count: number, meta: WordBuffer): void {
    const w = this.width;
    for (let j = 0; j < count; j++) {
      const lo = this.fps.pop()!;
      const hi = this.fps.pop()!;
      const at = --this.next.length;
      meta.push(this.next.ids[at]!);
      meta.push(hi);
      meta.push(lo);
      for (let x = 0; x < w; x++) meta.push(this.next.words[at * w + x]!);
    }
  }
  receive(m: Int32Array<ArrayBuffer>): void {
    for (let at = 0; at < m.length; at += 3 + this.width) {
      this.next.push(m, at + 3, m[at]!);
      this.fps.push(m[at + 1]! >>> 0, m[at + 2]! >>> 0);
    }
  }
  seedParcel(): void {
    // The packed search is never handed over (`ExhaustiveOptions.handOff`): two workers lose to it.
    throw new Error('internal: a packed search is not handed over to workers');
  }
  advance(): void {
    this.level = this.next;
    this.next = new PackedLevel(this.width);
    this.fps = [];
    this.holds = Array.from({ length: this.workers }, () => new PackedLevel(this.width));
  }
  enabledAtLevel(): boolean {
    for (let k = 0; k < this.level.length; k++)
      if (this.p.successors(this.level.words, k * this.width, this.out, this.taken) > 0) return true;
    return false;
  }
}
