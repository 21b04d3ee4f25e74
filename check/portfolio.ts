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
import type { AnyAction } from '../model/core/model.js';
import type { Checked } from './checked.js';
import { exploreExhaustive } from './exhaustive.js';
import type { PortfolioOptions } from './options.js';
import type { PortfolioOutcome } from './outcome.js';
import { exploreSwarm } from './swarm.js';

/** Runs the portfolio in this thread. */
export function explorePortfolio<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: PortfolioOptions,
): PortfolioOutcome<S, A> {
  const t0 = performance.now();
  const budget = opts.maxSeconds;
  opts.onProgress?.('exhaustive pass');
  const exhaustive = exploreExhaustive(c, initial, {
    mode: 'exhaustive',
    depth: opts.depth,
    maxStates: opts.maxStates,
    maxSeconds: budget * opts.exhaustiveShare,
    // Proving a found trace shortest stops a second before the budget: the report is due within it.
    foundSeconds: Math.max(budget * opts.exhaustiveShare, budget - 1),
    symmetry: opts.symmetry,
  });
  const base = {
    mode: 'portfolio' as const,
    invariants: exhaustive.invariants,
    workers: 1,
    campaignSeed: opts.seed,
    maxSeconds: budget,
    exhaustive,
  };
  if (exhaustive.found || exhaustive.bound === null) {
    return {
      ...base,
      status: exhaustive.status,
      found: exhaustive.found,
      coverage: exhaustive.coverage,
      elapsedMs: performance.now() - t0,
      swarm: null,
      foundBy: exhaustive.found ? 'exhaustive' : null,
    };
  }
  opts.onProgress?.('swarm runs');
  const left = Math.max(0, budget - (performance.now() - t0) / 1000);
  const swarm = exploreSwarm(c, initial, {
    mode: 'swarm',
    runs: opts.runs,
    seed: opts.seed,
    maxSteps: opts.maxSteps,
    maxSeconds: left,
  });
  const coverage: Record<string, number> = {};
  for (const t of c.model.actionTypes) coverage[t] = (exhaustive.coverage[t] ?? 0) + (swarm.coverage[t] ?? 0);
  return {
    ...base,
    status: swarm.status,
    found: swarm.found,
    coverage,
    elapsedMs: performance.now() - t0,
    swarm,
    foundBy: swarm.found ? 'swarm' : null,
  };
}
