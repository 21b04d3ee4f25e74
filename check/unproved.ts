/**
 * A counterexample the exhaustive search could not prove the fewest steps is minimized after it, as a random
 * run's is (`minimize.ts`): the breadth-first search finds the shortest trace only among states it reached, and
 * once its budget for a shorter one runs out (`engine/levels.ts`), removals and local shortcuts over the trace
 * itself shorten it for far less (kafka-txn with an unclean election and a broker failure: `no-loss` met in 73
 * steps, minimized to 43 in 4 s, where 20 times the states that took brought it to 58 in 50 s). Deterministic.
 */
import type { AnyAction } from '../model/core/model.js';
import type { Checked } from './checked.js';
import { counterexample } from './counterexample.js';
import { script } from './execute.js';
import { minimize } from './minimize.js';
import type { Bound, Counterexample } from './outcome.js';

/**
 * `found` minimized: a shorter trace that still violates the invariant it violates first, or `found` itself when
 * minimization finds none. Pure.
 */
export function minimized<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  found: Counterexample<S, A>,
): Counterexample<S, A> {
  const target = found.violations[0]!.invariant;
  const minimal = minimize(c, initial, found.trace, target);
  const short = counterexample(c, initial, script(c, minimal.explored));
  const kept = short.violations.some((v) => v.invariant === target) && short.trace.length < found.trace.length;
  return kept ? short : found;
}

/**
 * The search's counterexample as reported, and the length of the one it met when that was minimized (null: as
 * met). Minimized when not proved the fewest steps, unless a time bound stopped the search (its time is spent: the
 * portfolio's pass, `--max-seconds`) or its drain ran to the step limit (`progress`: its length is the limit's).
 */
export function reported<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  found: Counterexample<S, A> | null,
  search: { readonly shortest: boolean; readonly bound: Bound },
): { found: Counterexample<S, A> | null; minimizedFrom: number | null } {
  const timed = search.bound === 'max-seconds' || search.bound === 'stopped';
  if (found === null || search.shortest || timed || found.violations.some((v) => v.invariant === 'progress'))
    return { found, minimizedFrom: null };
  const short = minimized(c, initial, found);
  return short === found ? { found, minimizedFrom: null } : { found: short, minimizedFrom: found.trace.length };
}
