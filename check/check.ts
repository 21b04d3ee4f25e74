/**
 * One entry point for checking a model at a config: the portfolio (the default), random
 * (fast-check), swarm or exhaustive, in this thread, or (random and exhaustive) on worker threads
 * when the work is worth it. The outcome is plain data.
 */
import { isDeepStrictEqual } from 'node:util';
import { resolveRecord } from '../model/core/config.js';
import type { AnyAction } from '../model/core/model.js';
import { remainingMs, WORKERS_PAY_OFF_MS } from './engine/frontier/estimate.js';
import type { Handed } from './engine/parallel/baton.js';
import { JudgeCrew } from './engine/parallel/judges.js';
import { exhaustiveParallel } from './engine/parallel/parallel.js';
import type { Named } from './engine/parallel/threads.js';
import { FingerprintSet } from './engine/store/fingerprint-set.js';
import { exploreExhaustive, handsOver } from './explore/exhaustive.js';
import type { CheckOptions, ExhaustiveOptions } from './explore/options.js';
import { explorePortfolio } from './explore/portfolio.js';
import { exploreRandom } from './explore/random.js';
import { randomParallel } from './explore/random-parallel.js';
import { portfolioSideBySide } from './explore/side-by-side.js';
import { exploreSwarm } from './explore/swarm.js';
import { ownInvariants } from './run/own-invariants.js';
import type { Checked } from './types/checked.js';
import { clockOf } from './types/clock.js';
import type { Outcome } from './types/outcome.js';
import type { Standing } from './types/standing.js';

/** Checks in this thread. */
export function checkHere<S, A extends AnyAction>(c: Checked<S, A>, initial: S, opts: CheckOptions): Outcome<S, A> {
  switch (opts.mode) {
    case 'exhaustive':
      return exploreExhaustive(c, initial, opts);
    case 'swarm':
      return exploreSwarm(c, initial, opts);
    case 'portfolio':
      return explorePortfolio(c, initial, opts);
    case 'random': {
      const { nextRun: _nextRun, ...outcome } = exploreRandom(c, initial, opts);
      return outcome;
    }
  }
}

/** Below this much work (milliseconds in one thread) starting workers costs more than it saves. */
export const WORKER_THRESHOLD_MS = 2000;

/** When an exhaustive search on one thread asks whether workers pay, and above how much time left they do. */
export interface HandOffTuning {
  readonly afterMs?: number;
  readonly payOffMs?: number;
  /** (Tests) hand off after exactly `expanded` states of the level at `depth`, without asking. */
  readonly force?: { readonly depth: number; readonly expanded: number };
  /** The count of states, and of states ahead, at which the search over state objects is handed over. */
  readonly handOffStates?: number;
  readonly handOffAhead?: number;
  /** (Tests) false: two threads share the search as more do (handed over), instead of a search and its judge. */
  readonly judges?: boolean;
}

/**
 * The search over state objects is handed to the workers at the end of the first level after which it has
 * `HAND_OFF_STATES` states, if the levels ahead, each growing as the last did, hold `HAND_OFF_AHEAD` states more:
 * early, so that the first level after it, which a fresh worker runs about as slowly as one thread does, is a
 * small one. Measured on kafka-txn (2026-12-04): its growth at 7,541 states foresees 46,254 states ahead at
 * depth 10 (52,539 in all), 135,911 at depth 11 (137,275) and 374,896 at depth 12 (358,265); handed over, depth
 * 12 takes 7.4-7.6 s against 8.6 s starting again after two seconds, while depth 10, handed over without the
 * forecast, took 2.62 s against 2.00 s on one thread.
 */
export const HAND_OFF_STATES = 5000;
export const HAND_OFF_AHEAD = 250_000;

/**
 * With two threads, a search over states its model decodes starts a judge thread (`engine/parallel/judges.ts`) before
 * the first level after which it has `JUDGE_STATES` states and foresees `JUDGE_AHEAD` more (two seconds or more alone):
 * kafka-txn at depth 8 (7,541 states) took 0.83 s with a judge from the start against 0.54 s alone, and depth 10
 * (52,539 states) 1.78 s with a judge from 5,000 states against 1.68 s alone (bench of 2026-12-05).
 */
export const JUDGE_STATES = 5000;
export const JUDGE_AHEAD = 100_000;

/**
 * Checks on up to `workers` threads. The portfolio, with two or more, runs its swarm on a worker beside its
 * pass (`explore/side-by-side.ts`). Other explorers start workers only when the work is worth it. The
 * breadth-first search over state objects runs here until the end of the first level after which it has
 * `HAND_OFF_STATES` states; if its levels, growing as they grew, foresee `HAND_OFF_AHEAD` more, this
 * thread goes on from there as thread 0 beside the workers (`engine/parallel/baton.ts`): a level chosen by counts,
 * the same on every run. Otherwise the search runs here for two seconds; one that finishes in that time is the
 * result (one thread); then it estimates the time it has left (`engine/frontier/estimate.ts`): with little left it goes
 * on here, else on the workers from where it stopped. The reduced search (`--por on`) stays here: its persistent
 * and sleep sets follow one order of expansion; so does the search over packed words (two-phase-commit), which
 * two workers do not speed up.
 * A longer random campaign hands its remaining runs to them. Results are those of one thread either
 * way (counts, verdicts, the lowest failing run; an exhaustive search's budget for a shorter counterexample
 * counts whole levels, `engine/frontier/levels.ts`). `asNamed` tells the workers how to build the same model and config
 * (the catalog's, by name: with a model or an invariant that is not the catalog's the check runs on one thread).
 */
export async function checkAuto<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  asNamed: Named,
  opts: CheckOptions,
  workers: number,
  tuning: HandOffTuning = {},
): Promise<Outcome<S, A>> {
  // Other threads build the model, its initial state and the invariants by name from the catalog: a model or a
  // property of the caller's own, or a start the config does not build, is checked here alone, and they judge
  // `c`'s invariants, in its order, whatever `asNamed` lists.
  if (workers > 1 && !(ownInvariants(c) && builds(c, initial, asNamed))) return checkHere(c, initial, opts);
  const named: Named = { ...asNamed, invariants: c.invariants.map((i) => i.name) };
  // Swarm runs are one thread's: a run's profile may depend on the runs before it. The portfolio runs its pass
  // here and its swarm on one worker, side by side.
  if (opts.mode === 'portfolio' && workers > 1) return portfolioSideBySide(c, initial, named, opts);
  if (opts.mode === 'portfolio' || opts.mode === 'swarm') return checkHere(c, initial, opts);
  // A swarm verification member is one thread's search: its order is its own; so is the reduced search (the
  // workers would search the full graph).
  if (
    workers <= 1 ||
    (opts.mode === 'random' && opts.path !== undefined) ||
    (opts.mode === 'exhaustive' && (opts.member || opts.por === true))
  )
    return checkHere(c, initial, opts);
  const clock = clockOf(opts);
  const t0 = clock.now();
  if (opts.mode === 'exhaustive' && workers === 2 && tuning.judges !== false && judgeable(c, initial, opts)) {
    const judges = new JudgeCrew(named, opts.symmetry === true, workers - 1, JUDGE_STATES, JUDGE_AHEAD);
    try {
      return exploreExhaustive(c, initial, { ...opts, judges });
    } finally {
      await judges.end();
    }
  }
  if (opts.mode === 'exhaustive') {
    const drainMemo = new FingerprintSet();
    const payOff = tuning.payOffMs ?? WORKERS_PAY_OFF_MS;
    let taken: Handed | null = null;
    const handOff = {
      afterMs: tuning.afterMs ?? WORKER_THRESHOLD_MS,
      workers,
      worth: (s: Standing): boolean => remainingMs(s) > payOff,
      take: (h: Handed): void => {
        taken = h;
      },
      force: tuning.force,
      // The search over state objects goes on here as thread 0 beside the workers, from the end of a level chosen
      // by counts of states alone, so at the same level on every run (`engine/frontier/levels.ts`, `handAtEnd`).
      byCount: tuning.force
        ? undefined
        : { states: tuning.handOffStates ?? HAND_OFF_STATES, ahead: tuning.handOffAhead ?? HAND_OFF_AHEAD },
    };
    // The search over packed words is never stopped for them (`exploreExhaustive`): two workers lose to it
    // (two-phase-commit `rm.count=8` 2.52 s against 1.93 s started at once, bench of 2026-12-04; `rm.count=9` to
    // 10,000,000 states, handed over after two seconds and started again, 21.9 s against 19.6 s).
    const here = exploreExhaustive(c, initial, { ...opts, drainMemo, handOff });
    // Set by `take`, when the search stopped for the workers.
    const from = taken as Handed | null;
    if (from === null) return here;
    const spent = (clock.now() - t0) / 1000;
    const rest = opts.maxSeconds === undefined ? undefined : Math.max(1, opts.maxSeconds - spent);
    // The workers go on where the search stopped here (`engine/parallel/baton.ts`), with the drains run here known; the
    // search's times count from its start here (its `Levels`).
    const r = await exhaustiveParallel(c, initial, named, { ...opts, maxSeconds: rest }, workers, drainMemo, from);
    return { ...r, maxSeconds: opts.maxSeconds ?? null, elapsedMs: clock.now() - t0 };
  }
  const { nextRun, ...here } = exploreRandom(c, initial, opts, { deadline: t0 + WORKER_THRESHOLD_MS });
  if (here.status === 'violation' || nextRun >= opts.runs) return { ...here, elapsedMs: clock.now() - t0 };
  const r = await randomParallel(c, initial, named, opts, workers, nextRun);
  const coverage = { ...r.coverage };
  for (const [k, v] of Object.entries(here.coverage)) coverage[k] = (coverage[k] ?? 0) + v;
  return { ...r, runs: r.runs + here.runs, steps: r.steps + here.steps, coverage, elapsedMs: clock.now() - t0 };
}

/**
 * Whether judge threads can judge the search's states (`engine/parallel/judges.ts`): the breadth-first search over
 * states a model decodes from its words, with its fast path.
 */
function judgeable<S, A extends AnyAction>(c: Checked<S, A>, initial: S, opts: ExhaustiveOptions): boolean {
  return opts.plain !== true && c.model.fast.decode !== undefined && handsOver(c, initial, opts);
}

/** Whether the model's initial state for `named.config` is `initial`, as the workers build it from the catalog. */
function builds<S, A extends AnyAction>(c: Checked<S, A>, initial: S, named: Named): boolean {
  if (named.model !== c.model.name) return false;
  const r = resolveRecord(c.model.keys, named.config, c.model.name);
  return r.ok && isDeepStrictEqual(c.model.init(r.value.config), initial);
}
