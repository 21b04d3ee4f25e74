/**
 * One entry point for checking a model at a config: random (fast-check) or exhaustive, in this
 * thread. The counterexample is rebuilt into states for rendering. The result is plain data.
 * (Worker threads: properties/engine/parallel.ts, which returns the same result.)
 */
import type { Config } from '../model/config.js';
import type { AnyAction } from '../model/model.js';
import { exploreExhaustive, type Bound, type Progress } from './exhaustive.js';
import type { Violation } from './invariant.js';
import { exploreRandom, type Shard } from './random.js';
import { execute, isNotEnabled, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** How to explore. */
export type CheckOptions =
  | {
      readonly mode: 'random';
      readonly runs: number;
      readonly seed: number;
      readonly path?: string | undefined;
      readonly maxSteps: number;
      readonly shard?: Shard | undefined;
      readonly onProgress?: ((runs: number, steps: number) => void) | undefined;
    }
  | {
      readonly mode: 'exhaustive';
      readonly depth: number;
      readonly maxStates: number;
      readonly maxSeconds?: number | undefined;
      readonly symmetry?: boolean | undefined;
      readonly onProgress?: ((p: Progress) => void) | undefined;
    };

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
  /** Random: the failing run's number (0-based) in the campaign; runs until failure is that + 1. */
  readonly failingRun: number | null;
  readonly runsUntilFailure: number | null;
  readonly originalLength: number | null;
  /** Exhaustive: the bound that stopped it (null: the reachable space was exhausted), depth completed. */
  readonly bound: Bound;
  readonly depthCompleted: number | null;
  /** Actions taken per action name (random: in explored steps; exhaustive: transitions). */
  readonly coverage: Record<string, number>;
  readonly bytesPerState: number | null;
  readonly collisionProbability: number | null;
  readonly symmetry: boolean;
  readonly workers: number;
}

/** Re-executes a trace into its states (initial first). Pure. */
export function statesOf<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, trace: readonly TraceStep<A>[] | null): S[] | null {
  if (!trace) return null;
  const ex = execute(subject, initial, trace, { drain: false, stopAtViolation: false });
  return isNotEnabled(ex) ? null : ex.states;
}

/** Checks `subject` at `config` in this thread. */
export function checkModel<S, A extends AnyAction>(subject: Subject<S, A>, config: Config, opts: CheckOptions): CheckResult<S, A> {
  const initial = subject.model.init(config);
  const t0 = performance.now();
  if (opts.mode === 'random') {
    const r = exploreRandom(subject, initial, opts);
    return {
      mode: 'random', status: r.status, violations: r.violations, trace: r.trace, states: statesOf(subject, initial, r.trace), runs: r.runs, steps: r.steps, distinct: null,
      elapsedMs: performance.now() - t0, seed: r.seed, path: r.path, failingRun: r.failingRun, runsUntilFailure: r.failingRun === null ? null : r.failingRun + 1,
      originalLength: r.originalLength, bound: null, depthCompleted: null, coverage: r.coverage, bytesPerState: null, collisionProbability: null, symmetry: false, workers: 1,
    };
  }
  const r = exploreExhaustive(subject, initial, opts);
  return {
    mode: 'exhaustive', status: r.status, violations: r.violations, trace: r.trace, states: statesOf(subject, initial, r.trace), runs: 1, steps: r.generated, distinct: r.distinct,
    elapsedMs: r.elapsedMs, seed: null, path: null, failingRun: null, runsUntilFailure: null, originalLength: null, bound: r.bound, depthCompleted: r.depthCompleted,
    coverage: r.coverage, bytesPerState: r.bytesPerState, collisionProbability: r.collisionProbability, symmetry: r.symmetry, workers: 1,
  };
}
