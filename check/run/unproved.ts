/**
 * A counterexample the exhaustive search could not prove the fewest steps is minimized after it, as a random
 * run's is (`minimize.ts`): the breadth-first search finds the shortest trace only among states it reached, and
 * once its budget for a shorter one runs out (`engine/frontier/levels.ts`), removals and local shortcuts over the trace
 * itself shorten it for far less (kafka-txn with an unclean election and a broker failure: `no-loss` met in 73
 * steps, minimized to 43 in 4 s, where 20 times the states that took brought it to 58 in 50 s). Deterministic.
 */
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../types/checked.js';
import { type Clock, realClock } from '../types/clock.js';
import type { Counterexample, Cut } from '../types/outcome.js';
import { counterexample } from './counterexample.js';
import { script } from './execute.js';
import { minimize, minimizeBudget } from './minimize.js';

/** Whether a minimized trace replaces the one met (`short`, `found`). */
export type Accept<S, A extends AnyAction> = (short: Counterexample<S, A>, found: Counterexample<S, A>) => boolean;

/**
 * Shorter, still violating the invariant `found` violates first and nothing it does not: the report names the same
 * invariants (the breadth-first search's rule).
 */
export function sameFinding<S, A extends AnyAction>(short: Counterexample<S, A>, found: Counterexample<S, A>): boolean {
  const named = new Set(found.violations.map((v) => v.invariant));
  return (
    short.trace.length < found.trace.length &&
    short.violations.some((v) => v.invariant === found.violations[0]!.invariant) &&
    short.violations.every((v) => named.has(v.invariant))
  );
}

/** No longer, and violating something (a swarm verification member's rule: its summary keeps the length it met). */
export function anyFinding<S, A extends AnyAction>(short: Counterexample<S, A>, found: Counterexample<S, A>): boolean {
  return short.violations.length > 0 && short.trace.length <= found.trace.length;
}

/**
 * `found` minimized for the invariant it violates first, kept when `accept` takes it, else `found` itself, and what
 * cut the minimization short (`minimize.ts`). Stops by `deadline` (a time on `clock`, null: none), keeping
 * the shortest trace found by then; deterministic when that does not come first.
 */
export function minimized<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  found: Counterexample<S, A>,
  accept: Accept<S, A>,
  deadline: number | null,
  clock: Clock = realClock,
): { found: Counterexample<S, A>; cut: Cut } {
  const budget = minimizeBudget(deadline, clock);
  const minimal = minimize(c, initial, found.trace, found.violations[0]!.invariant, budget);
  const short = counterexample(c, initial, script(c, minimal.explored));
  return { found: accept(short, found) ? short : found, cut: minimal.cut };
}

/**
 * The search's counterexample as reported, and the length of the one it met when that was minimized (null: as
 * met). Minimized when the search gave up looking for a shorter one on its own budget (`Levels.gaveUp`); a bound
 * the caller set (`--max-states`, `--max-seconds`, the portfolio's time) is kept to the letter and its trace is
 * reported as met, and so is a drain that ran to the step limit (`progress`: its length is the limit's). The
 * minimization ends by the search's deadline (`Levels.deadline`): the report is due within the caller's time; `cut`
 * says when that, or the minimization's own budget of steps, ended it.
 */
export function reported<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  found: Counterexample<S, A> | null,
  search: { readonly gaveUp: boolean; readonly deadline: number | null; readonly clock: Clock },
): { found: Counterexample<S, A> | null; minimizedFrom: number | null; cut: Cut } {
  if (found === null || !search.gaveUp || found.violations.some((v) => v.invariant === 'progress'))
    return { found, minimizedFrom: null, cut: null };
  const short = minimized(c, initial, found, sameFinding, search.deadline, search.clock);
  return {
    found: short.found,
    minimizedFrom: short.found === found ? null : found.trace.length,
    cut: short.cut,
  };
}
