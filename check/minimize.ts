/**
 * Trace minimization after fast-check's shrinking: drop two explored steps at a time (a crash and
 * its restart go together), then one, keeping the shorter trace whenever the same invariant is
 * still violated (later steps that are no longer enabled are skipped), until no removal helps.
 * Concrete actions make this effective where shrinking pick numbers cannot (removing a pick shifts
 * the meaning of every later pick). Deterministic, so a seed and path reproduce the same trace.
 */
import type { AnyAction } from '../model/core/model.js';
import type { Checked } from './checked.js';
import { owned, run, script, type TraceStep } from './execute.js';

/** Re-executes explored steps (skipping the disabled ones), then drains; stops at the first violation. */
function attempt<S, A extends AnyAction>(c: Checked<S, A>, initial: S, explored: readonly A[]) {
  return run(c, initial, script(c, explored), 'explore', {
    stepper: owned(c),
    drain: true,
    stopAtViolation: true,
    skipDisabled: true,
    record: true,
  });
}

/**
 * The explored steps of the shortest trace found by removals that still violates `target`, and
 * that trace's length with its drain. Pure.
 */
export function minimize<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  steps: readonly TraceStep<A>[],
  target: string,
): { explored: A[]; length: number } {
  let explored = steps.filter((s) => s.phase === 'explore').map((s) => s.action);
  let best = attempt(c, initial, explored);
  for (const size of [2, 1]) {
    for (let i = 0; i + size <= explored.length; ) {
      const candidate = [...explored.slice(0, i), ...explored.slice(i + size)];
      const r = attempt(c, initial, candidate);
      if (r.violations.some((v) => v.invariant === target) && r.length < best.length) {
        best = r;
        explored = r.steps.filter((s) => s.phase === 'explore').map((s) => s.action);
      } else i += 1;
    }
  }
  return { explored, length: best.length };
}
