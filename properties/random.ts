/**
 * Random exploration with fast-check: a run is a generated list of picks, each pick chooses one of
 * the actions enabled in the current state (its number modulo their count) — the command-sequence
 * idea of `fc.commands`, with the model's own `enabled` as the command list, so every generated
 * command is a real step. Every invariant is checked after every step; the run ends with the
 * fault-free drain and the quiescence invariants. fast-check shrinks a failing pick list (fewer
 * picks, smaller numbers), `minimize` then drops steps of the concrete trace; fast-check's seed and
 * path replay the same counterexample. The model state is the only thing carried between steps and
 * it is frozen: nothing in `model/` is mutated.
 */
import fc from 'fast-check';
import type { AnyAction } from '../model/model.js';
import { violations, type Violation } from './invariant.js';
import { minimize } from './minimize.js';
import { DRAIN_LIMIT, execute, isNotEnabled, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** Options of a random campaign. */
export interface RandomOptions {
  readonly runs: number;
  readonly seed: number;
  readonly path?: string | undefined;
  readonly maxSteps: number;
  /** Called now and then with the runs and steps done so far. */
  readonly onProgress?: ((runs: number, steps: number) => void) | undefined;
}

/** The outcome of a random campaign, as data. */
export interface RandomResult<A extends AnyAction> {
  readonly status: 'ok' | 'violation';
  /** Runs executed, shrinking included. */
  readonly runs: number;
  /** Runs until the first failure (fast-check's numRuns), or all runs. */
  readonly runsUntilFailure: number;
  readonly shrinks: number;
  readonly steps: number;
  readonly seed: number;
  readonly path: string | null;
  readonly trace: TraceStep<A>[] | null;
  readonly violations: Violation[];
  /** Steps of the first failing run before shrinking, and of the shrunk one. */
  readonly originalLength: number | null;
  readonly shrunkLength: number | null;
}

class Found extends Error {
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => `${v.invariant}: ${v.message}`).join('; '));
  }
}

/** Replays picks into concrete trace steps. Pure. */
export function picksToSteps<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, picks: readonly number[]): TraceStep<A>[] {
  const steps: TraceStep<A>[] = [];
  let s = initial;
  for (const c of picks) {
    const acts = subject.model.enabled(s);
    if (acts.length === 0) break;
    const a = acts[c % acts.length]!;
    steps.push({ action: a, phase: 'explore' });
    s = subject.model.step(s, a);
  }
  return steps;
}

/** Runs a random campaign of `opts.runs` runs from `initial`. */
export function exploreRandom<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, opts: RandomOptions): RandomResult<A> {
  const count = { steps: 0 };
  let runs = 0;
  let firstFailure: number[] | null = null;
  const prop = fc.property(fc.array(fc.nat({ max: 1023 }), { maxLength: opts.maxSteps }), (picks) => {
    runs += 1;
    if (opts.onProgress && runs % 50 === 0) opts.onProgress(runs, count.steps);
    let state = initial;
    let steps = 0;
    const taken: number[] = [];
    const fail = (v: Violation[]): never => {
      firstFailure ??= taken;
      throw new Found(v);
    };
    for (const c of picks) {
      const acts = subject.model.enabled(state);
      if (acts.length === 0) break;
      state = subject.model.step(state, acts[c % acts.length]!);
      taken.push(c);
      steps += 1;
      count.steps += 1;
      const v = violations(subject.invariants, state, 'every-step', steps - 1);
      if (v.length > 0) fail(v);
    }
    for (let n = 0; ; n++) {
      const a = subject.model.drainAction(state);
      if (a === null) break;
      if (n >= DRAIN_LIMIT) fail([{ invariant: 'progress', message: 'drain limit', step: steps }]);
      state = subject.model.step(state, a!);
      steps += 1;
      count.steps += 1;
      const v = violations(subject.invariants, state, 'every-step', steps - 1);
      if (v.length > 0) fail(v);
    }
    const q = violations(subject.invariants, state, 'quiescence', steps - 1);
    if (q.length > 0) fail(q);
  });
  const params: fc.Parameters<[number[]]> = { numRuns: opts.runs, seed: opts.seed };
  if (opts.path !== undefined) Object.assign(params, { path: opts.path });
  const out = fc.check(prop, params);
  if (!out.failed || out.counterexample === null) {
    return { status: 'ok', runs, runsUntilFailure: out.numRuns, shrinks: 0, steps: count.steps, seed: opts.seed, path: null, trace: null, violations: [], originalLength: null, shrunkLength: null };
  }
  if (!(out.errorInstance instanceof Found)) throw out.errorInstance;
  // Rebuild the shrunk counterexample as concrete steps, drain included, then minimize it. The
  // drain can make a shrunk pick list the longer trace, so the first failing run, minimized too,
  // stands in when it is shorter: a reported trace is never longer than the run that failed.
  const rebuild = (picks: readonly number[]) => {
    const ex = execute(subject, initial, picksToSteps(subject, initial, picks), { drain: true, stopAtViolation: true });
    if (isNotEnabled(ex)) throw new Error('internal: a rebuilt counterexample step is not enabled');
    const first = ex.violations[0];
    return { raw: ex, min: first ? minimize(subject, initial, ex.steps, first.invariant) : ex };
  };
  const shrunk = rebuild(out.counterexample[0]);
  const original = firstFailure === null ? null : rebuild(firstFailure);
  const ex = original && original.min.steps.length < shrunk.min.steps.length ? original.min : shrunk.min;
  return {
    status: 'violation',
    runs,
    runsUntilFailure: out.numRuns,
    shrinks: out.numShrinks,
    steps: count.steps,
    seed: out.seed,
    path: out.counterexamplePath,
    trace: ex.steps,
    violations: ex.violations,
    originalLength: original ? original.raw.steps.length : null,
    shrunkLength: ex.steps.length,
  };
}
