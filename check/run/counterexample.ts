/** A counterexample's states, rebuilt once through `step` (frozen, so renderers may keep them). */
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../types/checked.js';
import type { Counterexample } from '../types/outcome.js';
import { frozen, run, type Source } from './execute.js';

/** Runs `source` from `initial` with the drain, stopping at the first violated step, keeping every state. Pure. */
export function counterexample<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  source: Source<S, A>,
): Counterexample<S, A> {
  const states: S[] = [initial];
  const r = run(c, initial, source, 'explore', {
    stepper: frozen(c),
    drain: true,
    stopAtViolation: true,
    skipDisabled: true,
    record: true,
    onStep: (s) => states.push(s),
  });
  return { trace: r.steps, violations: r.violations, states };
}
