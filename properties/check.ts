/**
 * One entry point for checking a model at a config: random (fast-check) or exhaustive, with the
 * counterexample rebuilt into states for rendering. The result is plain data.
 */
import type { Config } from '../model/config.js';
import type { AnyAction } from '../model/model.js';
import { exploreExhaustive, type Bound } from './exhaustive.js';
import type { Violation } from './invariant.js';
import { exploreRandom } from './random.js';
import { execute, isNotEnabled, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** How to explore. */
export type CheckOptions =
  | { readonly mode: 'random'; readonly runs: number; readonly seed: number; readonly path?: string | undefined; readonly maxSteps: number; readonly onProgress?: ((runs: number, steps: number) => void) | undefined }
  | { readonly mode: 'exhaustive'; readonly depth: number; readonly maxStates: number; readonly maxSeconds?: number | undefined; readonly onProgress?: ((p: { depth: number; distinct: number; queue: number; elapsedMs: number }) => void) | undefined };

/** A check's outcome. `states` holds the counterexample's states (initial first), for rendering. */
export interface CheckResult<S, A extends AnyAction> {
  readonly mode: 'random' | 'exhaustive';
  readonly status: 'ok' | 'violation';
  readonly violations: Violation[];
  readonly trace: TraceStep<A>[] | null;
  readonly states: S[] | null;
  readonly runs: number;
  readonly steps: number;
  readonly distinct: number | null;
  readonly elapsedMs: number;
  readonly seed: number | null;
  readonly path: string | null;
  /** Random: runs until the first failure; shrink from/to lengths. */
  readonly runsUntilFailure: number | null;
  readonly originalLength: number | null;
  /** Exhaustive: the bound that stopped it (null: the reachable space was exhausted), depth completed, coverage. */
  readonly bound: Bound;
  readonly depthCompleted: number | null;
  readonly coverage: Record<string, number> | null;
}

/** Checks `subject` at `config`. */
export function checkModel<S, A extends AnyAction>(subject: Subject<S, A>, config: Config, opts: CheckOptions): CheckResult<S, A> {
  const initial = subject.model.init(config);
  const t0 = performance.now();
  const statesOf = (trace: TraceStep<A>[] | null): S[] | null => {
    if (!trace) return null;
    const ex = execute(subject, initial, trace, { drain: false, stopAtViolation: false });
    return isNotEnabled(ex) ? null : ex.states;
  };
  if (opts.mode === 'random') {
    const r = exploreRandom(subject, initial, opts);
    const elapsedMs = performance.now() - t0;
    return {
      mode: 'random', status: r.status, violations: r.violations, trace: r.trace, states: statesOf(r.trace), runs: r.runs, steps: r.steps, distinct: null, elapsedMs,
      seed: r.seed, path: r.path, runsUntilFailure: r.status === 'violation' ? r.runsUntilFailure : null, originalLength: r.originalLength, bound: null, depthCompleted: null, coverage: null,
    };
  }
  const r = exploreExhaustive(subject, initial, opts);
  return {
    mode: 'exhaustive', status: r.status, violations: r.violations, trace: r.trace, states: statesOf(r.trace), runs: 1, steps: r.generated, distinct: r.distinct, elapsedMs: r.elapsedMs,
    seed: null, path: null, runsUntilFailure: null, originalLength: null, bound: r.bound, depthCompleted: r.depthCompleted, coverage: r.coverage,
  };
}
