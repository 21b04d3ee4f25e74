/**
 * The verdicts of a level's new states while judge threads judge some of them (`judges.ts`): each state's
 * verdict (`SearchCore.judge`'s distance, -1 for none) comes back later than the state was admitted, in any
 * order, and is settled in the order the states were admitted, as one thread judges them. A verdict is a
 * function of the state alone (the drain memo only ends a drain sooner), so whichever thread computes it,
 * the levels' bookkeeping (`levels.ts`) sees what one thread sees, in the same order.
 */
import { WordBuffer } from '../../../model/core/words.js';
import type { Levels } from './levels.js';

/** A verdict not back yet. */
export const PENDING = -2;

export class Verdicts {
  // Per new state of the level, in the order admitted (12 bytes a state): its number, its verdict, and the level's
  // state it is a successor of.
  private readonly ids = new WordBuffer();
  private readonly ks = new WordBuffer();
  private readonly froms = new WordBuffer();
  /** The distinct states admitted before the level's first new state. */
  private before = 0;
  private cursor = 0;
  /** Per new state of the level, in the order admitted: 1 when its drain passed (`SearchCore.drainIndex`). */
  passed: number[] = [];

  /** A level begins, `distinct` states admitted so far. */
  reset(distinct: number): void {
    this.ids.reset();
    this.ks.reset();
    this.froms.reset();
    this.before = distinct;
    this.cursor = 0;
    this.passed = [];
  }

  /** State `id`, a successor of the level's `from`-th state, admitted with verdict `k` (or PENDING): its place. */
  add(id: number, k: number, from: number): number {
    this.ids.push(id);
    this.ks.push(k);
    this.froms.push(from);
    this.passed.push(0);
    return this.ids.length - 1;
  }

  /**
   * The verdict of the state at `place` came back (or was judged here as well: a verdict is the state's, so two
   * threads judging it must agree).
   */
  set(place: number, k: number): void {
    const was = this.ks.words[place]!;
    if (was !== PENDING && was !== k)
      throw new Error(`internal: state ${this.ids.words[place]} judged ${was} and ${k}`);
    this.ks.words[place] = k;
  }

  /** Whether the verdict of the state at `place` is still out. */
  pending(place: number): boolean {
    return this.ks.words[place] === PENDING;
  }

  /** New states of the level so far. */
  get count(): number {
    return this.ids.length;
  }

  /** Whether every verdict added is settled. */
  get settled(): boolean {
    return this.cursor === this.ids.length;
  }

  /**
   * Offers the verdicts back, in order, to `levels` as judged at `depth`, up to the first not back: the place of
   * the state after which one thread stops (`Levels.judged` is true), else -1.
   */
  settle(levels: Levels, depth: number): number {
    const n = this.ids.length;
    while (this.cursor < n) {
      const at = this.cursor;
      const k = this.ks.words[at]!;
      if (k === PENDING) return -1;
      this.cursor = at + 1;
      this.passed[at] = k === -1 ? 1 : 0;
      if (levels.judged(this.ids.words[at]!, depth, k)) return at;
    }
    return -1;
  }

  /** The level's state the one at `place` was a successor of. */
  fromOf(place: number): number {
    return this.froms.words[place]!;
  }

  /** The distinct states admitted when the one at `place` was (each new state of the level has a place). */
  distinctAt(place: number): number {
    return this.before + place + 1;
  }
}
