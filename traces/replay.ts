/**
 * Replay of a saved trace through the model: its config is resolved against the model's keys,
 * every step must be enabled where it stands, every invariant is re-checked after every step and
 * the quiescence invariants at the end when the last state is quiescent.
 */
import { resolveConfig, type Config } from '../model/config.js';
import type { AnyAction } from '../model/model.js';
import { execute, isNotEnabled, type Execution } from '../properties/run.js';
import type { Subject } from '../properties/subject.js';
import type { Trace } from './trace.js';

/** Resolves a trace's saved config against the model's keys (unknown keys and bad values are errors). Pure. */
export function traceConfig(subject: Subject<unknown, AnyAction>, trace: Trace): { ok: true; config: Config } | { ok: false; error: string } {
  const pairs = Object.entries(trace.config).map(([k, v]) => [k, String(v)] as const);
  return resolveConfig(subject.model.keys, pairs, `model ${trace.model}`);
}

/** Replays `trace`; a one-line error when its config or one of its steps does not fit the model. Pure. */
export function replayTrace<S, A extends AnyAction>(subject: Subject<S, A>, trace: Trace): { ok: true; config: Config; execution: Execution<S, A> } | { ok: false; error: string } {
  const cfg = traceConfig(subject as unknown as Subject<unknown, AnyAction>, trace);
  if (!cfg.ok) return cfg;
  const initial = subject.model.init(cfg.config);
  const ex = execute(subject, initial, trace.steps as unknown as Execution<S, A>['steps'], { drain: false, stopAtViolation: false });
  if (isNotEnabled(ex)) {
    return { ok: false, error: `step ${ex.step + 1} (${JSON.stringify(ex.action)}) is not enabled in model ${trace.model} at that point: the trace does not fit this model or config` };
  }
  return { ok: true, config: cfg.config, execution: ex };
}
