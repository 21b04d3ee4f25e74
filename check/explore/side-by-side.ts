/**
 * The default check on two threads: the portfolio's breadth-first pass here and its swarm runs on a
 * worker thread, side by side, each for the whole budget instead of a share of it. The first to find
 * a violation ends the other: the pass tells the swarm to stop before its next run, a swarm find
 * stops the pass within 128 states (bound `stopped`), unless the pass has found one too, which it
 * then goes on proving the fewest steps as it does alone. A pass that exhausts the reachable space
 * stops the swarm (nothing is left to try).
 *
 * Each part is the part it is alone: the pass's counterexample is the one `--exhaustive --depth D`
 * finds, the swarm's the one `--swarm --seed S --path R:P` replays (the worker sends the explored
 * actions of its minimized trace; the states are rebuilt here by replay). When both found, the
 * pass's trace is reported (its length is proved or bounded). Which part finds first depends on the
 * machine's speed, as the sequential portfolio's share of the budget already made it.
 */
import type { AnyAction } from '../../model/core/model.js';
import { Beside, BesideWord } from '../engine/parallel/protocol.js';
import { Handle, type Named } from '../engine/parallel/threads.js';
import { counterexample } from '../run/counterexample.js';
import { script } from '../run/execute.js';
import type { Checked } from '../types/checked.js';
import { clockOf } from '../types/clock.js';
import type { PortfolioOptions, Progress } from '../types/options.js';
import type { PortfolioOutcome, SwarmOutcome } from '../types/outcome.js';
import { sendDeadline } from '../types/sent-deadline.js';
import { exploreExhaustive } from './exhaustive.js';
import { portfolioOutcome } from './portfolio.js';

/** Seconds the parts end before the budget, for the worker's end and the replay of a swarm find. */
const MARGIN_SECONDS = 0.25;

/** Runs the portfolio with its swarm on a worker thread; `named` tells the worker how to build the same model. */
export async function portfolioSideBySide<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  named: Named,
  opts: PortfolioOptions,
): Promise<PortfolioOutcome<S, A>> {
  const clock = clockOf(opts);
  const t0 = clock.now();
  const budget = opts.maxSeconds;
  const parts = Math.max(MARGIN_SECONDS, budget - MARGIN_SECONDS);
  const shared = new Int32Array(new SharedArrayBuffer(4 * BesideWord.count));
  const F = BesideWord.flag;
  const swarmWorker = new Handle({
    ...named,
    kind: 'swarm',
    worker: 0,
    workers: 1,
    runs: opts.runs,
    seed: opts.seed,
    maxSteps: opts.maxSteps,
    deadline: sendDeadline(clock, parts * 1000),
    stop: shared.buffer as SharedArrayBuffer,
  });
  try {
    // The pass's progress, with the swarm's runs and steps so far as the worker last wrote them.
    const tell = opts.onProgress;
    let pass: Progress | null = null;
    const progress = (): void => {
      const runs = Atomics.load(shared, BesideWord.runs);
      const swarm = runs > 0 ? { runs, steps: Atomics.load(shared, BesideWord.steps) } : null;
      tell?.({ pass, swarm, elapsedMs: clock.now() - t0 });
    };
    const onProgress =
      tell &&
      ((p: Progress) => {
        pass = p;
        progress();
      });
    const exhaustive = exploreExhaustive(c, initial, {
      mode: 'exhaustive',
      depth: opts.depth,
      maxStates: opts.maxStates,
      maxSeconds: parts,
      // Proving a found trace shortest (and minimizing it) stops a second before the budget: the report is due within
      // it, after the swarm's worker has ended and the trace has been made again here (a `progress` trace drains to
      // the step limit). Was `parts`: flink-kafka with producer-state loss took 30.2 s of its 30.
      foundSeconds: Math.max(0, budget - 1),
      symmetry: opts.symmetry,
      sleepSets: opts.sleepSets,
      beside: {
        cancelled: () => Atomics.load(shared, F) === Beside.swarmFound,
        found: () => void Atomics.compareExchange(shared, F, Beside.running, Beside.passFound),
      },
      onProgress,
      clock,
    });
    if (exhaustive.bound === null) Atomics.compareExchange(shared, F, Beside.running, Beside.passDone);
    // A pass that ended at its bound leaves the swarm running to the end of the budget: shown every second.
    const timer = tell ? setInterval(progress, 1000) : null;
    const m = await swarmWorker.expect('swarm-done').finally(() => timer && clearInterval(timer));
    // The last report says where the swarm ended: the same on every run on a ticking clock, whatever the timer saw.
    if (m.runs > 0 && exhaustive.bound !== null)
      tell?.({ pass, swarm: { runs: m.runs, steps: m.steps }, elapsedMs: clock.now() - t0 });
    // The worker built the same model from its name and config: the actions it sent are this model's.
    const found = m.explored && counterexample(c, initial, script(c, m.explored as readonly A[]));
    const swarm: SwarmOutcome<S, A> = {
      mode: 'swarm',
      status: found ? 'violation' : 'ok',
      found,
      invariants: exhaustive.invariants,
      coverage: m.coverage,
      elapsedMs: m.elapsedMs,
      workers: 1,
      campaignSeed: opts.seed,
      maxSteps: opts.maxSteps,
      maxRuns: opts.runs,
      maxSeconds: parts,
      shard: null,
      runs: m.runs,
      steps: m.steps,
      failure: m.failure,
    };
    // Once the pass has exhausted the space, the swarm's runs add nothing (unless it found what the pass did not,
    // which only a fingerprint collision would explain): reported as not run, as on one thread, the same every
    // time however many runs it made before it was stopped.
    const ran = found !== null || (exhaustive.bound !== null && m.runs > 0) ? swarm : null;
    return portfolioOutcome(c, opts, exhaustive, ran, 2, clock.now() - t0);
  } finally {
    await swarmWorker.worker.terminate();
  }
}
