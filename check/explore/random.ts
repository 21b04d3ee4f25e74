/**
 * Random exploration with fast-check: a campaign (`campaign.ts`) whose every run picks uniformly
 * among the actions enabled now (pick `c mod n` of the `n` enabled, for picks 0 to 1023).
 *
 * A campaign of N runs gives run r its own seed (`runSeed(seed, r)`; run 0 uses the campaign seed
 * itself), so runs are independent: a campaign splits into shards (`--shard i/n` takes the runs r
 * with r mod n = i - 1) and across workers, and the merged result is the one process's result: the
 * failing run with the lowest number. `--seed S --path P` replays run 0 of seed S at fast-check
 * path P (the run's failing value, shrunk again the same way).
 */
import type { AnyAction } from '../../model/core/model.js';
import { uniform } from '../run/execute.js';
import type { Checked } from '../types/checked.js';
import type { RandomOptions } from '../types/options.js';
import type { RandomOutcome } from '../types/outcome.js';
import { campaign, type Plan, type RandomControl } from './campaign.js';

export { ownsRun, type RandomControl, runSeed, type Slice } from './campaign.js';

/** Runs a random campaign (or its shard, or a worker's slice of it) from `initial`. */
export function exploreRandom<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: RandomOptions,
  control: RandomControl = {},
): RandomOutcome<S, A> & { readonly nextRun: number } {
  const plan: Plan<A> = { maxSteps: opts.maxSteps, pickMax: 1023, choose: uniform };
  const r = campaign(c, initial, opts, () => plan, control);
  return {
    mode: 'random',
    status: r.found ? 'violation' : 'ok',
    found: r.found,
    invariants: c.invariants.map((i) => i.name),
    coverage: r.coverage,
    elapsedMs: r.elapsedMs,
    workers: 1,
    campaignSeed: opts.seed,
    maxSteps: opts.maxSteps,
    shard: opts.shard ?? null,
    runs: r.runs,
    steps: r.steps,
    failure: r.failure && {
      run: r.failure.run,
      seed: r.failure.seed,
      path: r.failure.path,
      originalLength: r.failure.originalLength,
      cut: r.failure.cut,
    },
    nextRun: r.nextRun,
  };
}
