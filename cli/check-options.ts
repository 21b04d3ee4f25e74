/**
 * The explorer options of `check` from its flags. With neither `--exhaustive`, `--swarm` nor
 * `--runs`, `check` runs its default portfolio within `--max-seconds` (30 s): a breadth-first pass,
 * then swarm runs. Each mode refuses the flags that belong to another, naming them.
 */

import { MAX_MEMBER_DEPTH } from '../check/engine/store/compact-table.js';
import type { CheckOptions } from '../check/explore/options.js';
import type { Shard } from '../check/types/options.js';
import { choiceOption, intOption, type Parsed } from './args.js';
import { now } from './common.js';
import { type Io, UsageError } from './io.js';
import { shardOption } from './shard.js';

/** Defaults of the explorers (also shown by --help). */
export const CHECK_DEFAULTS = {
  runs: 200,
  maxSteps: 40,
  depth: 8,
  maxStates: 10_000_000,
  /** The portfolio's budget for one model, and its breadth-first pass's share of it. */
  maxSeconds: 30,
  exhaustiveShare: 0.4,
  /** The portfolio's pass goes as deep as its share of the budget allows. */
  portfolioDepth: 10_000,
} as const;

/** Flags that only the exhaustive search takes. */
const EXHAUSTIVE_ONLY = ['depth', 'symmetry', 'por'] as const;
/** Flags that only random or swarm runs take. */
const RUNS_ONLY = ['runs', 'path', 'shard'] as const;

function refuse(v: Parsed['values'], flags: readonly string[], why: string): void {
  for (const k of flags) if (v[k] !== undefined) throw new UsageError(`--${k} ${why}`);
}

/** The seed: `--seed`, or the clock. */
function seedOption(v: Parsed['values'], io: Io): number {
  return intOption(v, 'seed', -2_147_483_648, 2_147_483_647, now(io) % 2_147_483_647);
}

/** `--path` checked against `pattern` (and given with `--seed`), or undefined. */
function pathOption(v: Parsed['values'], pattern: RegExp, example: string): string | undefined {
  const path = v['path'];
  if (path === undefined) return undefined;
  if (!pattern.test(String(path)))
    throw new UsageError(`bad value '${String(path)}' for --path: accepted a replay path like ${example}`);
  if (v['seed'] === undefined) throw new UsageError('--path replays a counterexample of one seed: give --seed too');
  return String(path);
}

/** The explorer options from parsed flags; the seed defaults to the clock. */
export function checkOptions(v: Parsed['values'], io: Io, defaultDepth: number = CHECK_DEFAULTS.depth): CheckOptions {
  const maxStates = () => intOption(v, 'max-states', 1, 100_000_000, CHECK_DEFAULTS.maxStates);
  const maxSeconds = (fallback?: number) =>
    v['max-seconds'] === undefined ? fallback : intOption(v, 'max-seconds', 1, 86_400, 0);
  const maxSteps = () => intOption(v, 'max-steps', 1, 10_000, CHECK_DEFAULTS.maxSteps);
  const symmetry = () => choiceOption(v, 'symmetry', ['on', 'off'], 'off') === 'on';
  const sleepSets = () => choiceOption(v, 'sleep-sets', ['on', 'off'], 'off') === 'on';
  if (v['exhaustive'] === true && v['swarm'] === true)
    throw new UsageError('--exhaustive and --swarm are two explorers: give one (or neither, for the portfolio)');
  if (v['exhaustive'] === true) {
    if (v['por'] === 'on' && v['symmetry'] === 'on')
      throw new UsageError('--por on and --symmetry on do not go together yet: choose one reduction');
    refuse(v, ['runs', 'seed', 'path', 'max-steps'], 'is for random runs and does not go with --exhaustive');
    // --exhaustive --shard i/n: member i of a swarm verification (depth-first, hash-compacted).
    const member = shardOption(v, io);
    if (member && v['por'] === 'on')
      throw new UsageError('--por on is for the breadth-first search: it does not go with --exhaustive --shard');
    if (v['sleep-sets'] !== undefined && (member || v['por'] === 'on'))
      throw new UsageError(
        `--sleep-sets is for the breadth-first search without --por (${
          member ? 'a swarm member keeps none' : 'the reduced search keeps its own'
        }): drop it`,
      );
    return {
      mode: 'exhaustive',
      depth: member
        ? intOption(v, 'depth', 1, MAX_MEMBER_DEPTH, Math.min(defaultDepth, MAX_MEMBER_DEPTH))
        : intOption(v, 'depth', 1, 10_000, defaultDepth),
      member,
      maxStates: maxStates(),
      maxSeconds: maxSeconds(),
      symmetry: symmetry(),
      por: choiceOption(v, 'por', ['on', 'off'], 'off') === 'on',
      sleepSets: sleepSets(),
    };
  }
  refuse(v, EXHAUSTIVE_ONLY, 'is for --exhaustive search; add --exhaustive or drop it');
  if (v['swarm'] === true) {
    refuse(v, ['sleep-sets'], 'is for the breadth-first search (--exhaustive or the portfolio): drop it with --swarm');
    const runs = v['runs'] === undefined ? Number.MAX_SAFE_INTEGER : intOption(v, 'runs', 1, 10_000_000, 0);
    const shard = shardOption(v, io);
    return {
      mode: 'swarm',
      runs,
      seed: seedOption(v, io),
      path: pathOption(v, /^\d+(:\d+)+$/, '137:12:0 (run 137 of the swarm, then its fast-check path)'),
      maxSteps: maxSteps(),
      maxSeconds: maxSeconds(v['runs'] === undefined ? CHECK_DEFAULTS.maxSeconds : undefined),
      shard,
    };
  }
  if (v['runs'] === undefined) {
    refuse(v, RUNS_ONLY, 'is for random runs (--runs N or --swarm); add one or drop it');
    return {
      mode: 'portfolio',
      seed: seedOption(v, io),
      maxSeconds: maxSeconds(CHECK_DEFAULTS.maxSeconds)!,
      exhaustiveShare: CHECK_DEFAULTS.exhaustiveShare,
      depth: CHECK_DEFAULTS.portfolioDepth,
      maxStates: maxStates(),
      sleepSets: sleepSets(),
      runs: Number.MAX_SAFE_INTEGER,
      maxSteps: maxSteps(),
    };
  }
  refuse(
    v,
    ['max-states', 'max-seconds', 'sleep-sets'],
    'is for --exhaustive search or the portfolio; drop --runs or it',
  );
  const shard: Shard | undefined = shardOption(v, io);
  if (shard && v['path'] !== undefined) throw new UsageError('--path replays one run: it does not go with --shard');
  const runs = intOption(v, 'runs', 1, 10_000_000, CHECK_DEFAULTS.runs);
  return {
    mode: 'random',
    runs,
    seed: seedOption(v, io),
    path: pathOption(v, /^\d+(:\d+)*$/, '12:0:3'),
    maxSteps: maxSteps(),
    shard,
  };
}
