/**
 * The restart strategy Flink gives a checkpointing job that configures none, by release
 * (RestartBackoffTimeStrategyFactoryLoader.getDefaultRestartStrategyFactory): fixed-delay with
 * DEFAULT_RESTART_ATTEMPTS = Integer.MAX_VALUE and DEFAULT_RESTART_DELAY = 1 s in 1.17 and 1.18; exponential-delay
 * at its options' defaults from 1.19 (FLIP-364), whose backoff grows to a minute. Pure.
 */
import { UNBOUNDED_ATTEMPTS } from '../model/flink/config.js';
import { FLINK_VERSION_PATTERN, flinkRelease } from '../model/flink/flink-release.js';

/** The strategy's model keys and values, and why, in words. */
export interface DefaultRestart {
  readonly pairs: readonly (readonly [string, string])[];
  readonly why: string;
}

/** Flink's default restart strategy of a checkpointing job on `flinkVersion` (a `flink.version`, or none known). */
export function defaultRestart(flinkVersion: string | undefined): DefaultRestart {
  const r = flinkVersion !== undefined && FLINK_VERSION_PATTERN.test(flinkVersion) ? flinkRelease(flinkVersion) : null;
  if (r !== null && r.major === 1 && r.minor < 19)
    return {
      pairs: [
        ['restart-strategy.type', 'fixed-delay'],
        ['restart-strategy.fixed-delay.attempts', String(UNBOUNDED_ATTEMPTS)],
      ],
      why:
        `Flink ${flinkVersion}'s default for a checkpointing job with no restart strategy: fixed-delay, ` +
        'Integer.MAX_VALUE attempts 1 s apart (RestartBackoffTimeStrategyFactoryLoader before 1.19)',
    };
  return {
    pairs: [['restart-strategy.type', 'exponential-delay']],
    why:
      "Flink's default for a checkpointing job with no restart strategy from 1.19: exponential-delay at its " +
      "options' defaults (RestartBackoffTimeStrategyFactoryLoader)",
  };
}
