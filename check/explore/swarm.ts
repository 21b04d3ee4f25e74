/**
 * Swarm testing (Groce et al., "Swarm Testing", ISSTA 2012): instead of every run mixing all kinds
 * of steps uniformly, each run draws its own profile from its seed: a random subset of the model's
 * fault kinds is switched off for the whole run, every action tag gets a random weight (1 to 64), some runs
 * are twice as long; in half of the runs the weights also favour the action tags the campaign has
 * taken least so far (coverage-guided: a tag never taken yet weighs 64 times more). A bug that
 * needs one fault and is masked by the others, or that needs a long stretch of one kind of step,
 * is far more likely under some profile than under the uniform mix.
 *
 * Run r's profile depends on its seed and, when guided, on the actions taken in runs 0 to r - 1,
 * so a swarm campaign is reproducible in order: `--swarm --seed S --path R:P` runs the runs before
 * R again (they take a few milliseconds each) and replays run R at fast-check path P.
 */
import type { AnyAction, Model } from '../../model/core/model.js';
import type { Choose } from '../run/execute.js';
import type { Checked } from '../types/checked.js';
import { clockOf } from '../types/clock.js';
import type { SwarmOptions } from '../types/options.js';
import type { Profile, SwarmOutcome } from '../types/outcome.js';
import { campaign, type Plan, type RandomControl } from './campaign.js';

/** A plan with its profile. */
export interface SwarmPlan<A extends AnyAction> extends Plan<A> {
  readonly profile: Profile;
}

/**
 * A tag's weight is 1, 2, 4, ... or 64, evenly. The wide range makes profiles where one tag is
 * 64 times rarer than another: a step that would repair the state (a coordinator's marker) is
 * then held back for many steps, which a bug like a read of a still-pending offset commit needs
 * (kafka-streams with safeguard.require-stable-offsets=false: 10 of 10 seeds within 6 s, against
 * 4 of 5 within 30 s with weights 1 to 8).
 */
const SPREAD = 7;

/** Most a rarely taken tag's weight is multiplied by. */
const MOST_BOOST = 64;

/** A small deterministic generator (xorshift32) for drawing profiles. */
function generator(seed: number): () => number {
  let x = (seed ^ 0x5bd1e995) | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * The profile of a run with seed `seed` and base length `maxSteps`, given the explored actions taken
 * per tag so far (`coverage`). Pure.
 */
export function drawProfile<S, A extends AnyAction>(
  model: Model<S, A>,
  seed: number,
  maxSteps: number,
  coverage: Readonly<Record<string, number>>,
): Profile {
  const next = generator(seed);
  const weights: Record<string, number> = {};
  const faults: string[] = [];
  for (const t of model.actionTypes) {
    const weight = 2 ** Math.floor(next() * SPREAD);
    if (isFaultTag(model, t) && next() < 0.5) weights[t] = 0;
    else {
      weights[t] = weight;
      if (isFaultTag(model, t)) faults.push(t);
    }
  }
  const guided = next() < 0.5;
  if (guided) {
    let most = 0;
    for (const t of model.actionTypes) most = Math.max(most, coverage[t] ?? 0);
    for (const t of model.actionTypes) {
      const boost = Math.min(MOST_BOOST, Math.max(1, Math.round((most + 1) / ((coverage[t] ?? 0) + 1))));
      weights[t] = weights[t]! * boost;
    }
  }
  return { faults, weights, maxSteps: next() < 0.25 ? 2 * maxSteps : maxSteps, guided };
}

/** Whether the action table marks tag `t` a fault. */
function isFaultTag<S, A extends AnyAction>(model: Model<S, A>, t: A['type']): boolean {
  return model.faultTypes.includes(t);
}

/** Chooses among the enabled actions by their tags' weights (a pick mod the total weight); null when all weigh 0. */
export function weighted<A extends AnyAction>(weights: Readonly<Record<string, number>>): Choose<A> {
  return (enabled, pick) => {
    let total = 0;
    for (const a of enabled) total += weights[a.type] ?? 1;
    if (total === 0) return null;
    let x = pick % total;
    for (const a of enabled) {
      x -= weights[a.type] ?? 1;
      if (x < 0) return a;
    }
    return null;
  };
}

/** Runs a swarm campaign (or its shard) from `initial`. */
export function exploreSwarm<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: SwarmOptions,
  control: RandomControl = {},
): SwarmOutcome<S, A> {
  const planner = (_r: number, seed: number, coverage: Readonly<Record<string, number>>): SwarmPlan<A> => {
    const profile = drawProfile(c.model, seed, opts.maxSteps, coverage);
    return { maxSteps: profile.maxSteps, pickMax: 0xffff, choose: weighted(profile.weights), profile };
  };
  const deadline =
    control.deadline ?? (opts.maxSeconds === undefined ? undefined : clockOf(opts).now() + opts.maxSeconds * 1000);
  // A swarm path is `R:P`: campaign run R, replayed at fast-check path P once the runs before it ran again.
  const [run, ...path] = opts.path === undefined ? [] : opts.path.split(':');
  const spec = run === undefined ? opts : { ...opts, replayRun: Number(run), path: path.join(':') };
  // The swarm's time bound is its report's too: a failing run's minimization ends by then.
  const r = campaign(c, initial, spec, planner, { ...control, deadline, dueBy: control.dueBy ?? deadline });
  return {
    mode: 'swarm',
    status: r.found ? 'violation' : 'ok',
    found: r.found,
    invariants: c.invariants.map((i) => i.name),
    coverage: r.coverage,
    elapsedMs: r.elapsedMs,
    workers: 1,
    campaignSeed: opts.seed,
    maxSteps: opts.maxSteps,
    maxRuns: opts.runs,
    maxSeconds: opts.maxSeconds ?? null,
    shard: opts.shard ?? null,
    runs: r.runs,
    steps: r.steps,
    failure: r.failure && {
      run: r.failure.run,
      seed: r.failure.seed,
      path: `${r.failure.run}:${r.failure.path}`,
      originalLength: r.failure.originalLength,
      cut: r.failure.cut,
      profile: r.failure.plan.profile,
    },
  };
}
