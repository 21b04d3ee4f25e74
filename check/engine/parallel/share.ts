/**
 * A worker's states of the level it expands and of the next one, whatever holds them: objects
 * (through `enabled` and the fast path) or, for a model with packed rules, fixed-width words
 * (`packed-search.ts`'s rules, no object per state). The worker's protocol (`worker.ts`) is the
 * same over both: it expands, keeps and judges the successors it owns, holds those it claims until
 * their owner answers (then keeps and judges those admitted), ships its surplus, and moves to the
 * next level. A state is judged as it is kept, as on one thread: judged after the balance, every
 * kept state was decoded once more. Each expands its level in the one-thread order (`level-order.ts`):
 * the j-th state it expands is the one of the j-th least rank, and the states it keeps carry their keys
 * until the level's ranks are known.
 */
import type { AnyAction, Packed } from '../../../model/core/model.js';
import { WordBuffer } from '../../../model/core/words.js';
import { type Frontier, newFrontier } from '../frontier/frontier.js';
import { KeyBuffer, keyOf, orderOf } from '../frontier/level-order.js';
import { PackedLevel, pushInto } from '../search/packed-search.js';
import type { SearchCore } from '../search/search-core.js';
import { fingerprint } from '../store/hash.js';
import type { Parcel } from './parcel.js';
import { packKept, readParcel } from './parcel.js';

/** What `see` answers for a successor: its global number (kept here), DROP, or `held(peer)`. */
export const DROP = -1;
export const held = (peer: number): number => -2 - peer;
/** The peer of a `held(peer)` answer. */
const peerOf = (answer: number): number => -2 - answer;

/** Successor `i` of the state being expanded, with fingerprint (hi, lo): what to do with it. */
export type See = (hi: number, lo: number, i: number) => number;

/** A kept state, number `id`, is `distance` steps from a violation (`SearchCore.judge`: -1 for none). */
export type Judged = (id: number, distance: number) => void;

/**
 * A worker's share. The level's states are taken in the one-thread order: `id(j)`, `rank(j)` and `expand(j)` are
 * of the state of the j-th least rank the share holds. The kept states (the next level) are in the order kept,
 * each with its key (`level-order.ts`), then its rank once the threads have merged their keys (`setRanks`).
 */
export interface Share<S> {
  /** Makes `s` (number `id`) the level: the initial state, before the first (of rank 0). */
  seed(s: S, id: number): void;
  /** States of the level being expanded. */
  readonly size: number;
  /** The global number of the level's j-th state. */
  id(j: number): number;
  /** The rank of the level's j-th state in the whole level. */
  rank(j: number): number;
  /** Expands the level's j-th state, asking `see` about each successor; those kept are judged. */
  expand(j: number, see: See, judged: Judged): void;
  /**
   * The j-th successor held for `peer` was admitted by it as number `n`, of key `key` (the least of the level's
   * discoveries the owner was told of): kept here, and its distance.
   */
  admitHeld(peer: number, j: number, n: number, hi: number, lo: number, key: number): number;
  /** States kept for the next level. */
  readonly kept: number;
  /** The ranks of the level's states and the keys and ranks of the kept ones. */
  readonly order: Order;
  /**
   * Moves the last `count` kept states into a shipment: per state its number, fingerprint, words or object; their
   * ranks to `ranks`.
   */
  ship(count: number, meta: WordBuffer, states: unknown[], ranks: number[]): void;
  /** Keeps the states of a shipment (judged by their sender), of ranks `ranks`. */
  receive(meta: Int32Array<ArrayBuffer>, states: readonly unknown[], ranks: Int32Array): void;
  /**
   * Makes the states of `p` the level (its `order`: their ranks), after the states of the level before it (a
   * search handed over, `baton.ts`).
   */
  seedParcel(p: Parcel): void;
  /** Keeps the states of `p`, admitted and judged by one thread (its `order`: their keys), for the next level. */
  seedNext(p: Parcel): void;
  /** The kept states become the level, in the order of their ranks; nothing is kept or held. */
  advance(): void;
  /** Whether some state of the level can move (for the depth bound's report). */
  enabledAtLevel(): boolean;
}

/** The order of a share's levels: the level's ranks and the order to expand it in, the next level's keys and ranks. */
export class Order {
  /** Per state of the level, by place: its rank. */
  private ranks: Int32Array = new Int32Array(0);
  /** The places of the level's states in the order of their ranks. */
  private order: Int32Array = new Int32Array(0);
  /** The keys of the kept states, in the order kept. */
  readonly keys = new KeyBuffer();
  private readonly nextRanks = new WordBuffer();

  /** The place of the level's j-th state in rank order. */
  at(j: number): number {
    return this.order[j]!;
  }
  rank(k: number): number {
    return this.ranks[k]!;
  }
  /** The level is the initial state, or the states a parcel seeded (ranks `ranks`). */
  seedLevel(ranks: ArrayLike<number>): void {
    this.ranks = Int32Array.from(ranks);
    this.order = orderOf(this.ranks, this.ranks.length);
  }
  /** The kept state at `at` has a lesser key: another thread found it first in the one-thread order. */
  setKey(at: number, key: number): void {
    this.keys.values[at] = key;
  }
  /** The ranks of the kept states in the whole next level, in the order kept (before any are shipped). */
  setRanks(ranks: Int32Array): void {
    this.nextRanks.reset();
    this.nextRanks.append(ranks, ranks.length);
  }
  /** Drops the last `count` kept states, their ranks pushed to `into`. */
  ship(count: number, into: number[]): void {
    const last = this.keys.length;
    for (let j = last - 1; j >= last - count; j--) into.push(this.nextRanks.words[j]!);
    this.keys.length = last - count;
    this.nextRanks.length = last - count;
  }
  /** A kept state of rank `rank` (shipped here: its key is not needed any more). */
  received(rank: number): void {
    this.keys.push(-1);
    this.nextRanks.push(rank);
  }
  advance(): void {
    const n = this.nextRanks.length;
    this.ranks = this.nextRanks.words.slice(0, n);
    this.order = orderOf(this.ranks, n);
    this.keys.length = 0;
    this.nextRanks.reset();
  }
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
  readonly order = new Order();

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
  id(j: number): number {
    return this.level.id(this.order.at(j));
  }
  rank(j: number): number {
    return this.order.rank(this.order.at(j));
  }
  /** The initial state, as the level before the first. */
  seed(s: S, id: number): void {
    this.level.push(s, id);
    this.passed.push(0);
    this.order.seedLevel([0]);
  }
  expand(j: number, see: See, judged: Judged): void {
    const { core } = this;
    const k = this.order.at(j);
    const rank = this.order.rank(k);
    const s = this.level.state(k);
    const acts = core.enabledCounted(s);
    const along = this.passed[k] === 1 ? core.drainIndex(s, acts) : -1;
    for (let i = 0; i < acts.length; i++) {
      const t = core.successorAt(this.level, k, acts[i]!, s, i === acts.length - 1);
      core.fingerprint(t);
      const { hi, lo } = core.fp;
      const r = see(hi, lo, i);
      // The words `fingerprint` left are `t`'s own (or null): its level keeps them rather than encode it again.
      if (r >= 0) judged(r, this.keep(t, r, hi, lo, keyOf(rank, i), i === along, core.ownWords));
      else if (r !== DROP) this.holds[peerOf(r)]!.push({ k, action: acts[i]!, along: i === along });
    }
  }
  /** Keeps `t` for the next level and judges it (`along`: by the action a passing drain takes): its distance. */
  private keep(
    t: S,
    id: number,
    hi: number,
    lo: number,
    key: number,
    along: boolean,
    words: WordBuffer | null = null,
  ): number {
    this.store(t, id, hi, lo, words);
    this.order.keys.push(key);
    // Packed, `t` is no longer needed: the drain steps it in place.
    const j = along ? -1 : this.core.judge(t, hi, lo, this.next.packed);
    this.nextPassed.push(j === -1 ? 1 : 0);
    return j;
  }
  private store(t: S, id: number, hi: number, lo: number, words: WordBuffer | null = null): void {
    this.next.push(t, id, words);
    this.fps.push(hi, lo);
  }
  admitHeld(peer: number, j: number, n: number, hi: number, lo: number, key: number): number {
    const { k, action, along } = this.holds[peer]![j]!;
    return this.keep(this.core.successorAt(this.level, k, action), n, hi, lo, key, along);
  }
  get kept(): number {
    return this.next.length;
  }
  ship(count: number, meta: WordBuffer, states: unknown[], ranks: number[]): void {
    this.order.ship(count, ranks);
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
  receive(m: Int32Array<ArrayBuffer>, states: readonly unknown[], ranks: Int32Array): void {
    let j = 0;
    readParcel<S>(m, states, this.decode !== undefined, (words, s, id, hi, lo) => {
      if (s === null) this.next.pushWords(words, id);
      else this.next.push(s, id);
      this.fps.push(hi, lo);
      this.nextPassed.push(0);
      this.order.received(ranks[j++]!);
    });
  }
  seedParcel(p: Parcel): void {
    readParcel<S>(p.meta, p.states, this.decode !== undefined, (words, s, id) => {
      if (s === null) this.level.pushWords(words, id);
      else this.level.push(s, id);
      this.passed.push(0);
    });
    this.order.seedLevel(p.order);
  }
  seedNext(p: Parcel): void {
    let j = 0;
    readParcel<S>(p.meta, p.states, this.decode !== undefined, (words, s, id, hi, lo) => {
      if (s === null) this.next.pushWords(words, id);
      else this.next.push(s, id);
      this.fps.push(hi, lo);
      this.nextPassed.push(0);
      this.order.keys.push(p.order[j++]!);
    });
  }
  advance(): void {
    this.order.advance();
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
  readonly order = new Order();

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
  id(j: number): number {
    return this.level.ids[this.order.at(j)]!;
  }
  rank(j: number): number {
    return this.order.rank(this.order.at(j));
  }
  seed(s: S, id: number): void {
    const words = new Int32Array(this.width);
    this.core.checked.model.fast.encode(s, pushInto(words));
    this.level.push(words, 0, id);
    this.order.seedLevel([0]);
  }
  expand(j: number, see: See, judged: Judged): void {
    const { core, width: w, out, fp } = this;
    const k = this.order.at(j);
    const rank = this.order.rank(k);
    const n = this.p.successors(this.level.words, k * w, out, this.taken);
    core.generated += n;
    const types = core.checked.model.actionTypes;
    for (let i = 0; i < n; i++) {
      const type = types[this.taken[i]!]!;
      core.coverage[type] = (core.coverage[type] ?? 0) + 1;
      fingerprint(out, w, fp, i * w);
      const r = see(fp.hi, fp.lo, i);
      if (r >= 0) judged(r, this.keep(out, i * w, r, fp.hi, fp.lo, keyOf(rank, i)));
      else if (r !== DROP) this.holds[peerOf(r)]!.push(out, i * w, 0);
    }
  }
  /** Keeps the state at `at` of `src` (key `key`) for the next level and judges it: its distance. */
  private keep(src: Int32Array, at: number, id: number, hi: number, lo: number, key: number): number {
    this.next.push(src, at, id);
    this.fps.push(hi, lo);
    this.order.keys.push(key);
    if (this.core.engine.own && this.p.quiet(src, at)) return -1;
    return this.core.judge(this.core.checked.model.fast.decode!(src, at, this.initial), hi, lo);
  }
  admitHeld(peer: number, j: number, n: number, hi: number, lo: number, key: number): number {
    return this.keep(this.holds[peer]!.words, j * this.width, n, hi, lo, key);
  }
  get kept(): number {
    return this.next.length;
  }
  ship(count: number, meta: WordBuffer, _states: unknown[], ranks: number[]): void {
    this.order.ship(count, ranks);
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
  receive(m: Int32Array<ArrayBuffer>, _states: readonly unknown[], ranks: Int32Array): void {
    for (let at = 0, j = 0; at < m.length; at += 3 + this.width) {
      this.next.push(m, at + 3, m[at]!);
      this.fps.push(m[at + 1]! >>> 0, m[at + 2]! >>> 0);
      this.order.received(ranks[j++]!);
    }
  }
  seedParcel(): void {
    // The packed search is never handed over (`ExhaustiveOptions.handOff`): two workers lose to it.
    throw new Error('internal: a packed search is not handed over to workers');
  }
  seedNext(): void {
    throw new Error('internal: a packed search is not handed over to workers');
  }
  advance(): void {
    this.order.advance();
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
