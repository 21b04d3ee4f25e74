/**
 * The drain memo's other half: states from which the fault-free drain is known to reach a violation,
 * with how many steps on. Before the search's first counterexample every drain passed, so this table
 * is empty; after it, the search goes on looking for a shorter trace (`levels.ts`), and there most
 * drains of an unsafe configuration fail, each in full without this table (a flink-kafka drain runs
 * 40-70 steps), though they meet the same failing states again and again.
 *
 * A drain is a function of its state, so a drain that meets a state of a failing drain k steps before
 * that drain's violation reaches the same violation k steps later: the same invariants violated with the
 * same messages. Keyed by the state's own 64-bit fingerprint, as the passing half is: a collision may
 * give a wrong distance with the probability the report states for every fingerprint.
 *
 * Open addressing with linear probing, insert-only, doubling when 3/4 full: 16 bytes a slot (the
 * fingerprint, the steps to the violation, the failure's number), plus the failures' violation lists.
 */
import type { Violation } from '../../../properties/invariant.js';
import { home } from './fingerprint-set.js';

export class FailedDrains {
  /** Slot i: fingerprint (4i, 4i+1), steps (4i+2, 0: empty), failure number (4i+3). */
  private slots = new Int32Array(4 * 64);
  private cap = 64;
  private readonly failures: (readonly Violation[])[] = [];
  size = 0;

  /** Bytes held: the slots and a reference a failure (the lists are the failing runs' own). */
  get bytes(): number {
    return this.slots.byteLength + 8 * this.failures.length;
  }

  /** Records a failing drain: its violations, and each of its states (`path`: hi, lo, steps to the violation). */
  record(violations: readonly Violation[], path: readonly number[]): void {
    const n = this.failures.length;
    this.failures.push(violations);
    for (let i = 0; i < path.length; i += 3) this.put(path[i]!, path[i + 1]!, path[i + 2]!, n);
  }

  /** What is known of the drain from the state of fingerprint (hi, lo), or null. */
  get(hi: number, lo: number): KnownFailure | null {
    if (this.size === 0) return null;
    const s = this.slots;
    for (let i = home(hi, lo, this.cap); ; i = i + 1 === this.cap ? 0 : i + 1) {
      const steps = s[4 * i + 2]!;
      if (steps === 0) return null;
      if (s[4 * i] === (hi | 0) && s[4 * i + 1] === (lo | 0))
        return { steps, violations: this.failures[s[4 * i + 3]!]! };
    }
  }

  private put(hi: number, lo: number, steps: number, failure: number): void {
    if ((this.size + 1) * 4 > this.cap * 3) this.grow();
    const s = this.slots;
    for (let i = home(hi, lo, this.cap); ; i = i + 1 === this.cap ? 0 : i + 1) {
      if (s[4 * i + 2] === 0) {
        s[4 * i] = hi;
        s[4 * i + 1] = lo;
        s[4 * i + 2] = steps;
        s[4 * i + 3] = failure;
        this.size += 1;
        return;
      }
      if (s[4 * i] === (hi | 0) && s[4 * i + 1] === (lo | 0)) return;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.cap *= 2;
    this.slots = new Int32Array(4 * this.cap);
    this.size = 0;
    for (let j = 0; j < old.length; j += 4)
      if (old[j + 2] !== 0) this.put(old[j]!, old[j + 1]!, old[j + 2]!, old[j + 3]!);
  }
}

/** A failing drain the memo met: its violations, that many steps on from the state that met it. */
export interface KnownFailure {
  /** Steps from the met state to the violating step's state (at least 1). */
  readonly steps: number;
  /** What the drain violates there (each `step` as in the run that recorded it: the run meeting it reads `steps`). */
  readonly violations: readonly Violation[];
}
