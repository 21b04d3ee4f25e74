/**
 * Running a scenario: its script through the one run loop, skipping steps not enabled at their turn, then the drain.
 */
import type { Entry } from '../catalog/entry.js';
import { frozen, run, script } from '../check/run/execute.js';
import type { TraceStep } from '../check/types/trace.js';
import type { Result } from '../model/core/config.js';
import type { Keys } from '../model/core/keys.js';
import type { AnyAction } from '../model/core/model.js';
import type { Violation } from '../properties/invariant.js';
import type { Scenario, ScenarioConfig } from './scenario.js';

/** A scenario's run: its config, every state (initial first), the steps taken, the violations. */
export interface ScenarioRun<S, A extends AnyAction, K extends Keys> {
  readonly config: ScenarioConfig<K>;
  readonly states: readonly S[];
  readonly steps: readonly TraceStep<A>[];
  readonly violations: readonly Violation[];
  readonly quiescent: boolean;
}

/** Resolves `pairs` for scenario `sc` of entry `e` and runs it; a one-line error for a bad key or value. Pure. */
export function runScenario<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  sc: Scenario<A, K>,
  pairs: readonly (readonly [string, string])[],
): Result<ScenarioRun<S, A, K>> {
  const resolved = sc.resolve(e.model.keys, e.model.name, pairs);
  if (!resolved.ok) return resolved;
  const invalid = e.model.validate(resolved.value.model.config);
  if (invalid !== null) return { ok: false, error: invalid };
  const c = { model: e.model, invariants: e.invariants };
  const initial = e.model.init(resolved.value.model.config);
  const states: S[] = [initial];
  const r = run(c, initial, script(c, resolved.value.script), 'script', {
    stepper: frozen(c),
    drain: true,
    stopAtViolation: false,
    skipDisabled: true,
    record: true,
    onStep: (s) => states.push(s),
  });
  return {
    ok: true,
    value: { config: resolved.value, states, steps: r.steps, violations: r.violations, quiescent: r.quiescent },
  };
}
