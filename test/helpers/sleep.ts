/**
 * Sleep sets' declarations checked on reached states (the differential test of a model's `access`): every two
 * actions enabled at a state that the search's sleep sets call independent there (`SleepSets.independent`, from
 * what each says it reads and changes) really are: each is still enabled after the other, and both orders reach
 * the same words. The same definition `bench/sleep-oracle.ts` asks of the model as its exact independence.
 */
import { expect } from 'vitest';
import type { Entry } from '../../catalog/entry.js';
import { SleepSets } from '../../check/engine/reduce/sleep-sets.js';
import type { Keys } from '../../model/core/keys.js';
import { type AnyAction, type Model, sameAction } from '../../model/core/model.js';
import { words } from './por.js';

/** Two actions the sleep sets call independent at a state where they are not, as data for the failure message. */
export interface WrongPair<A> {
  readonly a: A;
  readonly b: A;
  readonly why: 'disables' | 'does not commute';
}

/**
 * The pairs of enabled actions the sleep sets of `model` call independent at each of `states`, and those of them
 * that are not (an empty list: the declarations hold there). Null when the model declares no access.
 */
export function accessPairs<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  model: Model<S, A>,
  states: readonly S[],
): { checked: number; wrong: WrongPair<A>[] } | null {
  const sleep = SleepSets.of(model, false);
  if (sleep === null) return null;
  // The fast path's steps (the differential suite holds them to `step`): a pair costs four.
  const step = (s: S, a: A): S => {
    const t = model.fast.clone(s);
    model.fast.apply(t, a);
    return t;
  };
  const enabledAfter = (s: S, a: A, b: A): boolean => model.enabled(step(s, a)).some((x) => sameAction(x, b));
  let checked = 0;
  const wrong: WrongPair<A>[] = [];
  for (const s of states) {
    const acts = model.enabled(s);
    sleep.begin(0, s, acts);
    for (let i = 0; i < acts.length; i++)
      for (let j = 0; j < i; j++) {
        if (!sleep.independent(i, j)) continue;
        checked += 1;
        const a = acts[i]!;
        const b = acts[j]!;
        if (!enabledAfter(s, a, b) || !enabledAfter(s, b, a)) {
          wrong.push({ a, b, why: 'disables' });
          continue;
        }
        const ab = step(step(s, a), b);
        const ba = step(step(s, b), a);
        if (words(e, ab) !== words(e, ba)) wrong.push({ a, b, why: 'does not commute' });
      }
  }
  return { checked, wrong };
}

/**
 * The declarations hold on `states` (reached by the caller's walks and breadth-first search): every pair called
 * independent commutes and leaves the other enabled. How many pairs were called independent (0: the model declares
 * no access).
 */
export function accessHolds<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, states: readonly S[]): number {
  const r = accessPairs(e, e.model, states);
  if (r === null) return 0;
  expect(r.wrong.slice(0, 3)).toEqual([]);
  return r.checked;
}
