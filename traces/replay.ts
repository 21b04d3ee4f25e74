/**
 * Replay of a saved trace through its model: its config is resolved against the model's keys,
 * every step must be enabled where it stands, every invariant is re-checked after every step and
 * the quiescence invariants at the end when the last state is quiescent.
 */
import type { Entry } from '../catalog/entry.js';
import { frozen, run, script } from '../check/run/execute.js';
import type { TraceStep } from '../check/types/trace.js';
import { type Resolved, resolveRecord } from '../model/core/config.js';
import type { Keys } from '../model/core/keys.js';
import type { AnyAction } from '../model/core/model.js';
import type { Violation } from '../properties/invariant.js';
import type { Trace } from './trace.js';

/** A replayed trace: the resolved config and the execution, states kept. */
export interface Replayed<S, A extends AnyAction, K extends Keys> {
  readonly config: Resolved<K>;
  readonly states: readonly S[];
  readonly steps: readonly TraceStep<A>[];
  readonly violations: readonly Violation[];
  readonly quiescent: boolean;
}

/**
 * Runs `actions` (with their phases) from the initial state of `config`, each required to be
 * enabled, keeping every state, without a drain of its own (a trace holds its drain). Pure.
 */
export function execute<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  steps: readonly TraceStep<A>[],
): { ok: true; value: Replayed<S, A, K> } | { ok: false; step: number; action: A } {
  const initial = e.model.init(config.config);
  const states: S[] = [initial];
  const c = { model: e.model, invariants: e.invariants };
  const r = run(
    c,
    initial,
    script(
      c,
      steps.map((s) => s.action),
    ),
    'script',
    {
      stepper: frozen(c),
      drain: false,
      stopAtViolation: false,
      skipDisabled: false,
      record: true,
      onStep: (s) => states.push(s),
    },
  );
  if (r.notEnabled) return { ok: false, step: r.notEnabled.step, action: r.notEnabled.action };
  const withPhases = r.steps.map((st, i) => ({ action: st.action, phase: steps[i]?.phase ?? st.phase }));
  return { ok: true, value: { config, states, steps: withPhases, violations: r.violations, quiescent: r.quiescent } };
}

/** Replays `trace`; a one-line error when its config or one of its steps does not fit the model. Pure. */
export function replayTrace<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  trace: Trace,
): { ok: true; value: Replayed<S, A, K> } | { ok: false; error: string } {
  const cfg = resolveRecord(e.model.keys, trace.config, `model ${trace.model}`);
  if (!cfg.ok) return cfg;
  const invalid = e.model.validate(cfg.value.config);
  if (invalid !== null) return { ok: false, error: invalid };
  // The trace's actions are checked against the model's enabled actions step by step; one that fits none is reported.
  const r = execute(e, cfg.value, trace.steps as readonly TraceStep<A>[]);
  if (!r.ok)
    return {
      ok: false,
      error:
        `step ${r.step + 1} (${JSON.stringify(r.action)}) is not enabled in model ${trace.model} at that point: ` +
        `the trace does not fit this model or config`,
    };
  return r;
}
