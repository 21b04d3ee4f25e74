/**
 * Trace shortening by local search, after removals: the trace's states s0 .. sL (its last step
 * violates the target invariant) are walked from the start; from each si a breadth-first search of
 * a few steps looks for a shortcut: a later state sj of the trace reached in fewer than j - i steps
 * (the trace then goes si, the shortcut, sj .. sL), or a state that itself violates the target (the
 * trace ends there). Removals cannot find these: a shortcut takes other actions than the trace's
 * (another app's instance, a request not yet renumbered). Every step is an enabled action and the
 * trace still ends in the same violation, so the result is a real counterexample. Deterministic.
 */
import type { AnyAction } from '../../model/core/model.js';
import { WordBuffer } from '../../model/core/words.js';
import { violations } from '../../properties/invariant.js';
import { fingerprint } from '../engine/store/hash.js';
import type { Checked } from '../types/checked.js';

/** How far the local searches go: steps from each state, and states in all. */
export interface ShortcutBudget {
  readonly radius: number;
  readonly states: number;
}

export const SHORTCUT_BUDGET: ShortcutBudget = { radius: 3, states: 30_000 };

/** A minimization's spending (`minimize.ts`): the steps taken here are added to it, and it can end the search. */
export interface Spend {
  spent: number;
  readonly over: boolean;
}

/** The actions of a shorter trace from `initial` that still ends in a violation of `target` (or `actions` itself). */
export function shortcut<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  actions: readonly A[],
  target: string,
  budget: ShortcutBudget = SHORTCUT_BUDGET,
  spending: Spend = { spent: 0, over: false },
): A[] {
  const { model } = c;
  const words = new WordBuffer();
  const fp = { hi: 0, lo: 0 };
  const keyOf = (s: S): string => {
    words.reset();
    model.fast.encode(s, words);
    fingerprint(words.words, words.length, fp);
    return `${fp.hi}:${fp.lo}`;
  };
  // A successor as an owned copy through the fast path (`execute.ts` `owned`; differential-tested against `step`):
  // a state here is never changed once made, and the copy costs far less than `step`'s immer draft.
  const successor = (s: S, a: A): S => {
    const t = model.fast.clone(s);
    model.fast.apply(t, a);
    return t;
  };
  const targeted = c.invariants.filter((i) => i.name === target);
  /** Whether `s` is itself a violation of the target: after a step, or as a quiescence. */
  const bad = (s: S): boolean =>
    violations(targeted, s, 'every-step', 0).length > 0 ||
    (model.drain(s) === null && violations(targeted, s, 'quiescence', 0).length > 0);

  let trace = [...actions];
  let spent = 0;
  // The trace's states and their keys, made again from `from` on when the trace changed there (not for every i:
  // a 400-step drain to the progress limit took 28 s of `step`s that way).
  const states: S[] = [initial];
  const keys: string[] = [keyOf(initial)];
  let index = new Map<string, number>();
  const remake = (from: number): void => {
    states.length = from + 1;
    keys.length = from + 1;
    spending.spent += trace.length - from;
    for (let k = from; k < trace.length; k++) {
      states.push(successor(states[k]!, trace[k]!));
      keys.push(keyOf(states[k + 1]!));
    }
    index = new Map();
    keys.forEach((key, k) => {
      index.set(key, k);
    });
  };
  remake(0);
  for (let i = 0; i < trace.length && spent < budget.states && !spending.over; i++) {
    // Breadth-first from states[i]: the best shortcut is the one that saves the most steps.
    let best: { path: A[]; to: number; end: boolean } | null = null;
    let gain = 0;
    let level: { s: S; path: A[] }[] = [{ s: states[i]!, path: [] }];
    const seen = new Set([keyOf(states[i]!)]);
    for (let d = 1; d <= budget.radius && level.length > 0 && spent < budget.states; d++) {
      const next: { s: S; path: A[] }[] = [];
      for (const { s, path } of level) {
        for (const a of model.enabled(s)) {
          const t = successor(s, a);
          const k = keyOf(t);
          spent += 1;
          spending.spent += 1;
          if (seen.has(k)) continue;
          seen.add(k);
          const p = [...path, a];
          const to = index.get(k);
          if (to !== undefined && to - i - d > gain) {
            gain = to - i - d;
            best = { path: p, to, end: false };
          } else if (trace.length - i - d > gain && bad(t)) {
            gain = trace.length - i - d;
            best = { path: p, to: trace.length, end: true };
          }
          next.push({ s: t, path: p });
        }
      }
      level = next;
    }
    if (best === null) continue;
    trace = [...trace.slice(0, i), ...best.path, ...(best.end ? [] : trace.slice(best.to))];
    // The states up to i are those of the same prefix.
    remake(i);
    i -= 1;
  }
  return trace;
}
