/**
 * Sleep sets in the breadth-first search over state objects (Godefroid, LNCS 1032, ch. 5), for a model whose
 * actions say what they read and change (`ActionSpec.access`). A state carries the actions already taken from a
 * state before it with which the action that led here is independent: taken from here they would reach a state
 * that the other order reaches at the same depth, so the search does not take them. The successor by the i-th
 * enabled action sleeps on the actions asleep at the state and those taken before it there, each kept when it is
 * independent of the i-th at the state (both enabled there: neither changes a part the other reads or changes).
 *
 * A state met again in the level being built keeps only the actions asleep on every path to it (its sleep sets
 * intersect); met again at a deeper level it is not expanded again (no late wake-up). Unlike persistent sets,
 * these keep every state at its depth: an action asleep at a state s of depth d was taken, at depth at most d - 1,
 * from a state on a path to s through actions each independent of it, and its successor from s is the end of the
 * commuted path of the same length. Every level holds the full search's states, so a depth bound proves what it
 * proves without them and a counterexample keeps the fewest steps; the differential suite compares every level
 * with and without them on every configuration it drives (`test/helpers/differential.ts`). They spare
 * transitions, never states: a skipped transition is a step, a copy, an encoding and a lookup not made.
 *
 * Kept flat, for the hot path: a level's sleep sets are runs of one array of actions (by the state's index in
 * the level: where its run starts and how long it is), and the next level's states that have one are found by
 * fingerprint in an open-addressing table of their indices.
 */
import type { Access, Accesses, AnyAction, Model } from '../../../model/core/model.js';
import { sameAction } from '../../../model/core/model.js';

/** One level's sleep sets: runs of `pool`, by the state's index in the level. */
class Runs<A> {
  pool: A[] = [];
  used = 0;
  start = new Int32Array(1024);
  length = new Int32Array(1024);
  /** States given a run so far (those after have none). */
  count = 0;

  reset(): void {
    this.used = 0;
    this.count = 0;
  }

  /** State `n` has the run `[from, from + len)` (0: none); the states before it without one get none. */
  set(n: number, from: number, len: number): void {
    if (n >= this.start.length) {
      const size = Math.max(n + 1, this.start.length * 2);
      this.start = grow(this.start, size);
      this.length = grow(this.length, size);
    }
    for (let k = this.count; k < n; k++) this.length[k] = 0;
    this.start[n] = from;
    this.length[n] = len;
    if (n >= this.count) this.count = n + 1;
  }

  lengthOf(n: number): number {
    return n < this.count ? this.length[n]! : 0;
  }
}

/** The next level's states that have a sleep set, by fingerprint: their index in the level, or -1. */
class Places {
  private slots = new Int32Array(1 << 12);
  private his = new Int32Array(1 << 11);
  private los = new Int32Array(1 << 11);
  private ids = new Int32Array(1 << 11);
  private size = 0;

  clear(): void {
    if (this.size === 0) return;
    this.slots.fill(0);
    this.size = 0;
  }

  add(hi: number, lo: number, n: number): void {
    if (2 * (this.size + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    if (this.size === this.his.length) {
      const size = this.his.length * 2;
      this.his = grow(this.his, size);
      this.los = grow(this.los, size);
      this.ids = grow(this.ids, size);
    }
    const e = this.size++;
    this.his[e] = hi;
    this.los[e] = lo;
    this.ids[e] = n;
    this.place(e);
  }

  find(hi: number, lo: number): number {
    const mask = this.slots.length - 1;
    for (let at = mix(hi, lo) & mask; ; at = (at + 1) & mask) {
      const e = this.slots[at]! - 1;
      if (e < 0) return -1;
      // Fingerprint halves may come as unsigned numbers: compared as the signed ones the table holds.
      if (this.his[e] === (hi | 0) && this.los[e] === (lo | 0)) return this.ids[e]!;
    }
  }

  private place(e: number): void {
    const mask = this.slots.length - 1;
    let at = mix(this.his[e]!, this.los[e]!) & mask;
    while (this.slots[at] !== 0) at = (at + 1) & mask;
    this.slots[at] = e + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let e = 0; e < this.size; e++) this.place(e);
  }
}

/** The sleep sets of the level being expanded and of the one being built, and the state being expanded. */
export class SleepSets<S, A extends AnyAction> {
  /** Transitions not taken because their action was asleep. */
  skipped = 0;
  /** The state being expanded: its enabled actions, which of them are asleep, their parts (found at `begin`). */
  private acts: readonly A[] = [];
  private state: S | null = null;
  private readonly sleeping = new Uint8Array(256);
  private readonly wild = new Uint8Array(256);
  /** Per action, one bit per part modulo 32 of what it reads or changes, and of what it changes: a quick first test. */
  private readonly touched = new Int32Array(256);
  private readonly changed = new Int32Array(256);
  /** Where each action's parts start in `list`. */
  private readonly from = new Int32Array(257);
  private readonly list = new PartList();
  private partsKnown = false;
  private current = new Runs<A>();
  private next = new Runs<A>();
  private readonly places = new Places();

  /**
   * Sleep sets for `model` (null when it declares no access); `symmetry`: states are matched by their orbit,
   * so a state met again may be another member of it, whose actions name other instances: it sleeps on none.
   */
  static of<S, A extends AnyAction>(model: Model<S, A>, symmetry: boolean): SleepSets<S, A> | null {
    return model.access === null ? null : new SleepSets(model.access, symmetry);
  }

  private constructor(
    private readonly access: Accesses<S, A>,
    private readonly symmetry: boolean,
  ) {}

  /** Starts expanding state `k` of the level (`s`, its enabled actions `acts`): which of them are asleep. */
  begin(k: number, s: S, acts: readonly A[]): void {
    this.state = s;
    this.acts = acts;
    this.partsKnown = false;
    // The parts now, while the state is as it is (its last successor may be made from it in place); with one
    // action there is no pair to ask about.
    if (acts.length > 1) this.computeParts();
    const c = this.current;
    const len = c.lengthOf(k);
    const from = len === 0 ? 0 : c.start[k]!;
    for (let i = 0; i < acts.length; i++) {
      let asleep = 0;
      for (let r = from; r < from + len; r++)
        if (sameAction(acts[i]!, c.pool[r]!)) {
          asleep = 1;
          break;
        }
      this.sleeping[i] = asleep;
    }
  }

  /** The last enabled action not asleep at the state (-1: none), whose successor may take the state itself. */
  lastAwake(): number {
    for (let i = this.acts.length - 1; i >= 0; i--) if (this.sleeping[i] === 0) return i;
    return -1;
  }

  /** Whether to skip the i-th enabled action: it is asleep at the state (counted in `skipped`). */
  skip(i: number): boolean {
    if (this.sleeping[i] === 0) return false;
    this.skipped += 1;
    return true;
  }

  /**
   * Writes the sleep set of the successor by the i-th action at the end of the next level's pool (the actions
   * asleep at the state or taken before it there that are independent of it at the state): its length.
   */
  private after(i: number): number {
    const n = this.next;
    let len = 0;
    for (let j = 0; j < this.acts.length; j++) {
      if (j === i || (j > i && this.sleeping[j] === 0) || !this.independent(i, j)) continue;
      n.pool[n.used + len] = this.acts[j]!;
      len += 1;
    }
    return len;
  }

  /** A new state of the next level at its index `n` (fingerprint `hi`, `lo`), the successor by the i-th action. */
  admitted(n: number, hi: number, lo: number, i: number): void {
    const next = this.next;
    const len = this.after(i);
    next.set(n, next.used, len);
    if (len === 0) return;
    next.used += len;
    this.places.add(hi, lo, n);
  }

  /**
   * A known state (fingerprint `hi`, `lo`) reached again by the i-th action: a state of the next level keeps only
   * the actions asleep on this path too (one of an earlier level was expanded already: nothing to do).
   */
  again(hi: number, lo: number, i: number): void {
    const n = this.places.find(hi, lo);
    if (n < 0) return;
    const next = this.next;
    const len = next.length[n]!;
    if (len === 0) return;
    if (this.symmetry) {
      next.length[n] = 0;
      return;
    }
    const found = next.used;
    const pending = this.after(i);
    const from = next.start[n]!;
    let w = from;
    for (let r = from; r < from + len; r++) {
      let kept = false;
      for (let q = found; q < found + pending; q++)
        if (sameAction(next.pool[r]!, next.pool[q]!)) {
          kept = true;
          break;
        }
      if (kept) next.pool[w++] = next.pool[r]!;
    }
    next.length[n] = w - from;
  }

  /** The level built becomes the one expanded next. */
  nextLevel(): void {
    const done = this.current;
    this.current = this.next;
    this.next = done;
    this.next.reset();
    this.places.clear();
  }

  /** Whether the i-th and j-th enabled actions are independent at the state (their parts, once per state). */
  independent(i: number, j: number): boolean {
    if (!this.partsKnown) this.computeParts();
    if (this.wild[i] === 1 || this.wild[j] === 1) return false;
    // No part in common that either changes: independent, without comparing the parts themselves.
    if (((this.changed[i]! & this.touched[j]!) | (this.changed[j]! & this.touched[i]!)) === 0) return true;
    const p = this.list.codes;
    for (let x = this.from[i]!; x < this.from[i + 1]!; x++)
      for (let y = this.from[j]!; y < this.from[j + 1]!; y++) {
        const a = p[x]!;
        const b = p[y]!;
        // The same part, changed by either.
        if (a >> 1 === b >> 1 && ((a | b) & 1) === 1) return false;
      }
    return true;
  }

  private computeParts(): void {
    const s = this.state as S;
    const list = this.list;
    list.used = 0;
    for (let i = 0; i < this.acts.length; i++) {
      this.from[i] = list.used;
      list.touched = 0;
      list.changed = 0;
      this.wild[i] = this.access.of(s, this.acts[i]!, list) ? 0 : 1;
      this.touched[i] = list.touched;
      this.changed[i] = list.changed;
    }
    this.from[this.acts.length] = list.used;
    this.partsKnown = true;
  }
}

/**
 * Where `access` writes an action's parts: each as `part * 2` (read) or `part * 2 + 1` (changed), and one bit per
 * part modulo 32 of what it touches and of what it changes.
 */
class PartList implements Access {
  codes = new Int32Array(64);
  used = 0;
  touched = 0;
  changed = 0;

  read(p: number): void {
    this.add(p * 2);
    this.touched |= 1 << (p & 31);
  }

  write(p: number): void {
    this.add(p * 2 + 1);
    const bit = 1 << (p & 31);
    this.touched |= bit;
    this.changed |= bit;
  }

  private add(code: number): void {
    if (this.used === this.codes.length) this.codes = grow(this.codes, this.codes.length * 2);
    this.codes[this.used++] = code;
  }
}

/** A copy of `a` with room for `size` numbers. */
function grow(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  out.set(a);
  return out;
}

/** The slot of a fingerprint in `Places` (its halves mixed). */
function mix(hi: number, lo: number): number {
  return Math.imul(lo ^ (hi >>> 15), 0x2c1b3c6d) ^ hi;
}
