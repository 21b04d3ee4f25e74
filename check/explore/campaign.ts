/**
 * A campaign of random runs with fast-check, whatever chooses the steps: uniform random runs
 * (`random.ts`) and swarm runs (`swarm.ts`) differ only in each run's plan. A run is a generated
 * list of picks, each choosing one of the actions enabled in the current state by the run's plan
 * (the command-list idea of `fc.commands`, with the model's own `enabled` as the command list, so
 * every generated command is a real step). Runs go through the one run loop on a plain copy they
 * own (the fast path): every invariant after every step, the fault-free drain, the quiescence
 * invariants. A failing run is shrunk by fast-check (fewer, smaller picks), then its concrete trace
 * is minimized.
 *
 * Run r has its own seed (`runSeed(seed, r)`; run 0 uses the campaign seed itself), so runs split
 * into shards and across workers. A plan may read the campaign's coverage so far (the actions
 * taken in earlier runs): then the runs are only reproducible in order, which a replay does by
 * running the earlier runs again (`replayRun`).
 */
import fc from 'fast-check';
import type { AnyAction } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';
import { counterexample } from '../run/counterexample.js';
import { type Choose, owned, picks, run, script } from '../run/execute.js';
import { type Minimal, type MinimizeBudget, minimize, minimizeBudget } from '../run/minimize.js';
import { ownInvariants } from '../run/own-invariants.js';
import type { Checked } from '../types/checked.js';
import { type Clock, clockOf } from '../types/clock.js';
import type { Shard } from '../types/options.js';
import type { Counterexample, Cut } from '../types/outcome.js';
import type { TraceStep } from '../types/trace.js';

/** How one run explores: how many picks it may make, their range, and how a pick chooses an action. */
export interface Plan<A extends AnyAction> {
  readonly maxSteps: number;
  /** Picks are drawn from 0 to this. */
  readonly pickMax: number;
  readonly choose: Choose<A>;
}

/** The plan of run `run` (its seed `seed`), given the explored actions taken per tag in the runs before it. */
export type Planner<A extends AnyAction, P extends Plan<A>> = (
  run: number,
  seed: number,
  coverage: Readonly<Record<string, number>>,
) => P;

/** How a worker thread narrows a campaign. */
export interface Slice {
  /** Of the shard's runs, take only those with (r div shard.count) mod count = index. */
  readonly index: number;
  readonly count: number;
}

/** Extra controls for workers and the portfolio. */
export interface RandomControl {
  readonly slice?: Slice | undefined;
  /** Stop before run `stopAt()` (another worker already failed earlier). */
  readonly stopAt?: (() => number) | undefined;
  /** Skip the runs numbered below this (done elsewhere already). */
  readonly firstRun?: number | undefined;
  /** Stop after the run during which the campaign's clock (`CampaignSpec.clock`) passes this. */
  readonly deadline?: number | undefined;
  /**
   * When the report is due (a time on the campaign's clock): a failing run's minimization stops by then, keeping the
   * shortest trace found (default: none; not `deadline`, which may only end a probe of runs on one thread).
   */
  readonly dueBy?: number | undefined;
  /**
   * Asked while a failing run shrinks: true ends the shrinking there, and the run reports the value shrunk so far
   * (the portfolio's swarm, once its pass has found the bug: the pass's trace is the one reported).
   */
  readonly interrupt?: (() => boolean) | undefined;
}

/** What a campaign runs. */
export interface CampaignSpec {
  readonly runs: number;
  readonly seed: number;
  /**
   * Replay: the fast-check path of the failing value (of run `replayRun`, whose seed is `seed` when that is
   * absent).
   */
  readonly path?: string | undefined;
  /** With `path`: the campaign run it belongs to; the runs before it run first (unshrunk), to rebuild the coverage. */
  readonly replayRun?: number | undefined;
  readonly shard?: Shard | undefined;
  readonly onProgress?: ((runs: number, steps: number) => void) | undefined;
  /** The clock of its deadlines and of its time (default the real one). */
  readonly clock?: Clock | undefined;
}

/** The failing run: its number, seed, fast-check path, length before shrinking, what cut its minimization, plan. */
export interface Failure<P> {
  readonly run: number;
  readonly seed: number;
  readonly path: string;
  readonly originalLength: number;
  readonly cut: Cut;
  readonly plan: P;
}

/** What a campaign did. */
export interface CampaignResult<S, A extends AnyAction, P> {
  readonly runs: number;
  readonly steps: number;
  readonly coverage: Record<string, number>;
  readonly elapsedMs: number;
  readonly found: Counterexample<S, A> | null;
  readonly failure: Failure<P> | null;
  /** The first run not done (the campaign's run count when all were). */
  readonly nextRun: number;
}

/** The seed of run `r` of a campaign with seed `seed` (run 0: the seed itself). Pure. */
export function runSeed(seed: number, r: number): number {
  if (r === 0) return seed | 0;
  let h = (seed ^ Math.imul(r, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** Whether campaign run `r` belongs to this shard and slice. Pure. */
export function ownsRun(r: number, shard: Shard | undefined, slice: Slice | undefined): boolean {
  const n = shard?.count ?? 1;
  if (shard && r % n !== shard.index - 1) return false;
  return !slice || Math.floor(r / n) % slice.count === slice.index;
}

class Found extends Error {
  constructor(readonly violations: readonly Violation[]) {
    super(violations.map((v) => `${v.invariant}: ${v.message}`).join('; '));
  }
}

/** Runs a campaign (or its shard, or a worker's slice of it) from `initial`, each run by its plan. */
export function campaign<S, A extends AnyAction, P extends Plan<A>>(
  c: Checked<S, A>,
  initial: S,
  spec: CampaignSpec,
  planner: Planner<A, P>,
  control: RandomControl = {},
): CampaignResult<S, A, P> {
  const clock = clockOf(spec);
  const t0 = clock.now();
  const coverage: Record<string, number> = {};
  for (const t of c.model.actionTypes) coverage[t] = 0;
  const count = { steps: 0, runs: 0 };
  let firstFailure: number[] | null = null;
  const stepper = owned(c, ownInvariants(c));
  const property = (plan: P) =>
    fc.property(fc.array(fc.nat({ max: plan.pickMax }), { maxLength: plan.maxSteps, size: 'max' }), (list) => {
      // Shrinking (a failure seen) and told to stop: each candidate passes unrun, so the shrinker ends at once.
      if (firstFailure !== null && control.interrupt?.()) return;
      const taken: number[] = [];
      const counting = firstFailure === null;
      const r = run(c, initial, picks(c, list, taken, plan.choose), 'explore', {
        stepper,
        drain: true,
        stopAtViolation: true,
        skipDisabled: false,
        onStep: counting
          ? (_s, st) => {
              if (st.phase === 'explore') coverage[st.action.type] = (coverage[st.action.type] ?? 0) + 1;
            }
          : undefined,
      });
      count.steps += r.length;
      if (r.violations.length > 0) {
        firstFailure ??= taken;
        throw new Found(r.violations);
      }
    });
  const result = (
    nextRun: number,
    found: CampaignResult<S, A, P>['found'] = null,
    failure: Failure<P> | null = null,
  ) => ({
    runs: count.runs,
    steps: count.steps,
    coverage,
    elapsedMs: clock.now() - t0,
    found,
    failure,
    nextRun,
  });
  const replaying = spec.path !== undefined;
  const last = replaying ? (spec.replayRun ?? 0) + 1 : spec.runs;
  for (let r = control.firstRun ?? 0; r < last; r++) {
    if (!(replaying && r === last - 1) && !ownsRun(r, spec.shard, control.slice)) continue;
    if (control.stopAt && r >= control.stopAt()) break;
    if (control.deadline !== undefined && clock.now() > control.deadline) return result(r);
    // A path without a run number replays run 0 of the given seed (the failing run's own seed).
    const seed = replaying && spec.replayRun === undefined ? spec.seed | 0 : runSeed(spec.seed, r);
    const plan = planner(r, seed, coverage);
    firstFailure = null;
    count.runs += 1;
    const params: fc.Parameters<[number[]]> = { numRuns: 1, seed };
    // A path replays its run from the first failing value (its first segment) and shrinks again,
    // deterministically: the reported trace depends on that first value too (see `report`).
    if (replaying && r === last - 1) Object.assign(params, { path: spec.path!.split(':')[0] });
    const out = fc.check(property(plan), params);
    if (spec.onProgress && count.runs % 50 === 0) spec.onProgress(count.runs, count.steps);
    if (!out.failed || out.counterexample === null) continue;
    if (!(out.errorInstance instanceof Found)) throw out.errorInstance;
    const due = control.dueBy ?? null;
    const budget = minimizeBudget(due, clock);
    const { found, originalLength, cut } = report(c, initial, plan.choose, out.counterexample[0], firstFailure, budget);
    return result(r + 1, found, { run: r, seed, path: out.counterexamplePath ?? '', originalLength, cut, plan });
  }
  return result(last);
}

/**
 * The reported counterexample of a failing run: the shrunk picks and the first failing picks are
 * both rebuilt (drain included) and minimized, and the shorter wins, so a reported trace is never
 * longer than the run that failed (the drain can make a shrunk pick list the longer trace). The minimizations end
 * by the budget's deadline (`Control.dueBy`, null: none), keeping the shortest trace found by then.
 */
function report<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  choose: Choose<A>,
  shrunk: readonly number[],
  firstPicks: readonly number[] | null,
  budget: MinimizeBudget,
) {
  const explore = (list: readonly number[]): { steps: TraceStep<A>[]; minimal: Minimal<A> } => {
    const r = run(c, initial, picks(c, list, undefined, choose), 'explore', {
      stepper: owned(c, ownInvariants(c)),
      drain: true,
      stopAtViolation: true,
      skipDisabled: false,
      record: true,
    });
    const target = r.violations[0]!.invariant;
    return { steps: r.steps, minimal: minimize(c, initial, r.steps, target, budget) };
  };
  const a = explore(shrunk);
  const b = firstPicks === null ? null : explore(firstPicks);
  const best = b !== null && b.minimal.length < a.minimal.length ? b : a;
  return {
    found: counterexample(c, initial, script(c, best.minimal.explored)),
    originalLength: b ? b.steps.length : a.steps.length,
    // Either cut: the other might have been the shorter.
    cut: a.minimal.cut ?? b?.minimal.cut ?? null,
  };
}
