/**
 * How `matrix` and `verify` check one configuration: the exhaustive search to the model's default depth,
 * then random runs of a pinned seed, both deterministic, each flag overridable.
 */
import type { Plan } from '../check/explore/each.js';
import { intOption, type Parsed } from './args.js';

/** The plan's flags (beside a verb's own). */
export const planSpec = {
  depth: { type: 'string' },
  'max-states': { type: 'string' },
  runs: { type: 'string' },
  seed: { type: 'string' },
  'max-steps': { type: 'string' },
} as const;

/** The defaults: at most a million states in the search, then 1000 runs of up to 40 steps from seed 1. */
export const PLAN_DEFAULTS = { maxStates: 1_000_000, runs: 1000, seed: 1, maxSteps: 40 } as const;

/**
 * The plan from the flags (the model's default depth unless --depth). A bound that checks nothing (`--depth 0`,
 * `--runs 0`) is refused: the verdict would say "holds" of a search that never left the initial state.
 */
export function planOf(v: Parsed['values'], defaultDepth: number): Plan {
  const runs = intOption(v, 'runs', 1, 10_000_000, PLAN_DEFAULTS.runs);
  return {
    exhaustive: {
      mode: 'exhaustive',
      depth: intOption(v, 'depth', 1, 10_000, defaultDepth),
      maxStates: intOption(v, 'max-states', 1, 100_000_000, PLAN_DEFAULTS.maxStates),
    },
    random: {
      mode: 'random',
      runs,
      seed: intOption(v, 'seed', -2_147_483_648, 2_147_483_647, PLAN_DEFAULTS.seed),
      maxSteps: intOption(v, 'max-steps', 1, 10_000, PLAN_DEFAULTS.maxSteps),
    },
  };
}
