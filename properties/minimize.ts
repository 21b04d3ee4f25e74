/**
 * Trace minimization after fast-check's shrinking: drop one explored step at a time (later steps
 * that are no longer enabled are dropped too), keep the shorter trace when the same invariant is
 * still violated, until no single removal helps. Concrete actions make this effective where
 * shrinking pick numbers cannot (removing a pick shifts the meaning of every later pick).
 * Deterministic, so a seed and path still reproduce the same trace.
 */
import type { AnyAction } from '../model/model.js';
import type { AnyInvariantName } from './invariant.js';
import { execute, isNotEnabled, type Execution, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** Re-executes explored steps, skipping the disabled ones, then drains; stops at the first violation. */
function attempt<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, explored: readonly TraceStep<A>[]): Execution<S, A> {
  const ex = execute(subject, initial, explored, { drain: true, stopAtViolation: true, skipDisabled: true, adapt: true });
  if (isNotEnabled(ex)) throw new Error('internal: skipDisabled returned a disabled step');
  return ex;
}

/** The shortest trace found by single-step removals that still violates `target`. Pure. */
export function minimize<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, steps: readonly TraceStep<A>[], target: AnyInvariantName): Execution<S, A> {
  let explored = steps.filter((s) => s.phase === 'explore');
  let best = attempt(subject, initial, explored);
  // Chunks of two first (a crash and its restart go together), then single steps.
  for (const size of [2, 1]) {
    for (let i = 0; i + size <= explored.length; ) {
      const candidate = [...explored.slice(0, i), ...explored.slice(i + size)];
      const ex = attempt(subject, initial, candidate);
      if (ex.violations.some((v) => v.invariant === target) && ex.steps.length < best.steps.length) {
        best = ex;
        explored = ex.steps.filter((s) => s.phase === 'explore');
      } else i += 1;
    }
  }
  return best;
}
