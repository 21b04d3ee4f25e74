/**
 * The default check: a portfolio of explorers within one time budget, stopping at the first
 * violation or once nothing is left to try.
 *
 * 1. A breadth-first pass within its share of the budget (and `depth`, `maxStates`): it finds
 *    every violation within the depth it completes, each with the fewest steps, and proves a
 *    finite space safe outright (the portfolio then ends: nothing is left to try). Once it has
 *    found a violation it may use the rest of the budget to prove the trace shortest.
 * 2. Swarm runs (`swarm.ts`) for the rest of the budget (or `runs` of them): deep, narrow runs
 *    with random profiles of fault kinds and weights, half of them favouring the actions taken
 *    least so far.
 *
 * Each phase is deterministic given the seed and the work it did: the pass's counterexample is the
 * same whatever the machine's speed once found (reproduce it with `--exhaustive --depth D`, D its
 * explored steps), and the swarm's runs depend only on the seed and the runs before them
 * (reproduce a find with `--swarm --seed S --path R:P`). A slower machine can only do less of
 * either phase within the budget.
 */
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../types/checked.js';
import { clockOf } from '../types/clock.js';
import type { PortfolioOptions, Progress } from '../types/options.js';
import type { ExhaustiveOutcome, PortfolioOutcome, SwarmOutcome } from '../types/outcome.js';
import { exploreExhaustive } from './exhaustive.js';
import { exploreSwarm } from './swarm.js';

/** Runs the portfolio in this thread. */
export function explorePortfolio<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: PortfolioOptions,
): PortfolioOutcome<S, A> {
  const clock = clockOf(opts);
  const t0 = clock.now();
  const budget = opts.maxSeconds;
  const tell = opts.onProgress;
  let pass: Progress | null = null;
  const exhaustive = exploreExhaustive(c, initial, {
    mode: 'exhaustive',
    depth: opts.depth,
    maxStates: opts.maxStates,
    maxSeconds: budget * opts.exhaustiveShare,
    // Proving a found trace shortest stops a second before the budget: the report is due within it.
    foundSeconds: Math.max(budget * opts.exhaustiveShare, budget - 1),
    symmetry: opts.symmetry,
    sleepSets: opts.sleepSets,
    onProgress:
      tell &&
      ((p) => {
        pass = p;
        tell({ pass, swarm: null, elapsedMs: clock.now() - t0 });
      }),
    clock,
  });
  // Nothing is left to try once the pass found a violation or exhausted the reachable space.
  if (exhaustive.found || exhaustive.bound === null)
    return portfolioOutcome(c, opts, exhaustive, null, 1, clock.now() - t0);
  const left = Math.max(0, budget - (clock.now() - t0) / 1000);
  const swarm = exploreSwarm(c, initial, {
    mode: 'swarm',
    runs: opts.runs,
    seed: opts.seed,
    maxSteps: opts.maxSteps,
    maxSeconds: left,
    onProgress: tell && ((runs, steps) => tell({ pass, swarm: { runs, steps }, elapsedMs: clock.now() - t0 })),
    clock,
  });
  return portfolioOutcome(c, opts, exhaustive, swarm, 1, clock.now() - t0);
}

/**
 * The portfolio's outcome from what its parts did (`swarm` null: not run): the pass's counterexample
 * when it found one, else the swarm's; the coverage of both. Pure.
 */
export function portfolioOutcome<S, A extends AnyAction>(
  c: Checked<S, A>,
  opts: PortfolioOptions,
  exhaustive: ExhaustiveOutcome<S, A>,
  swarm: SwarmOutcome<S, A> | null,
  workers: number,
  elapsedMs: number,
): PortfolioOutcome<S, A> {
  const by = exhaustive.found ? exhaustive : swarm?.found ? swarm : null;
  let coverage = exhaustive.coverage;
  if (swarm) {
    const sum: Record<string, number> = {};
    for (const t of c.model.actionTypes) sum[t] = (exhaustive.coverage[t] ?? 0) + (swarm.coverage[t] ?? 0);
    coverage = sum;
  }
  return {
    mode: 'portfolio',
    invariants: exhaustive.invariants,
    workers,
    campaignSeed: opts.seed,
    maxSeconds: opts.maxSeconds,
    exhaustive,
    status: by ? 'violation' : 'ok',
    found: by?.found ?? null,
    coverage,
    elapsedMs,
    swarm,
    foundBy: by === null ? null : by.mode,
  };
}
