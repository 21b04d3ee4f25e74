/**
 * A random campaign on worker threads (`--workers N`): the campaign's runs are dealt to the workers, each stops
 * past the lowest failing run found so far, and that run is replayed here, so the result is the one-thread result.
 */
import type { AnyAction } from '../../model/core/model.js';
import { Handle, type Named, sumCoverage } from '../engine/parallel/threads.js';
import type { Checked } from '../types/checked.js';
import { clockOf } from '../types/clock.js';
import type { RandomOptions } from '../types/options.js';
import type { RandomOutcome } from '../types/outcome.js';
import { exploreRandom, runSeed } from './random.js';

/** A random campaign on `workers` threads (from run `firstRun` on); the failing run, if any, is replayed here. */
export async function randomParallel<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  named: Named,
  opts: RandomOptions,
  workers: number,
  firstRun = 0,
): Promise<RandomOutcome<S, A>> {
  const clock = clockOf(opts);
  const t0 = clock.now();
  const stop = new SharedArrayBuffer(4);
  new Int32Array(stop)[0] = opts.runs;
  const handles = Array.from(
    { length: workers },
    (_, w) =>
      new Handle({
        ...named,
        kind: 'random',
        runs: opts.runs,
        firstRun,
        seed: opts.seed,
        maxSteps: opts.maxSteps,
        shard: opts.shard ?? null,
        worker: w,
        workers,
        stop,
      }),
  );
  const coverage: Record<string, number> = {};
  let runs = 0;
  let steps = 0;
  let failing: number | null = null;
  for (const h of handles) {
    const m = await h.expect('random-done');
    runs += m.runs;
    steps += m.steps;
    sumCoverage(coverage, m.coverage);
    if (m.failingRun !== null && (failing === null || m.failingRun < failing)) failing = m.failingRun;
  }
  await Promise.all(handles.map((h) => h.worker.terminate()));
  const base = {
    mode: 'random' as const,
    invariants: c.invariants.map((i) => i.name),
    coverage,
    workers,
    campaignSeed: opts.seed,
    maxSteps: opts.maxSteps,
    shard: opts.shard ?? null,
    runs,
    steps,
  };
  if (failing === null) return { ...base, status: 'ok', found: null, failure: null, elapsedMs: clock.now() - t0 };
  // Replay the lowest failing run here: its seed, from its first failing value, shrunk the same way.
  const r = exploreRandom(c, initial, {
    mode: 'random',
    runs: 1,
    seed: runSeed(opts.seed, failing),
    path: '0',
    maxSteps: opts.maxSteps,
  });
  return {
    ...base,
    status: r.status,
    found: r.found,
    failure: r.failure && { ...r.failure, run: failing },
    elapsedMs: clock.now() - t0,
  };
}
