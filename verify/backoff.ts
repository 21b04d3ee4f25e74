/**
 * The longest restart delay Flink's exponential-delay strategy reaches. The model restarts a failed job after
 * `restart.delay.ms`, one delay for every restart; Flink's exponential-delay (the default of a checkpointing job from
 * Flink 1.19) starts at `initial-backoff` (1 s) and multiplies it by `backoff-multiplier` (1.5) at each failure in a
 * row, up to `max-backoff` (1 min), with `jitter-factor` (0.1) either way, until the job has run
 * `reset-backoff-threshold` (1 h) (ExponentialDelayRestartBackoffTimeStrategy, RestartStrategyOptions). A job that
 * failed often enough before (a broker outage of a few minutes does it) waits the longest delay at every restart, so
 * verify checks the job at its first delay and at its longest: a transaction.timeout.ms shorter than the longest
 * restart loses the pre-committed transactions. Pure.
 */
import { parseFlinkDuration } from './files/duration.js';
import type { Placed } from './pipeline.js';

/** RestartStrategyOptions' defaults of the exponential-delay keys verify reads (Flink 1.19+). */
const DEFAULTS = { maxBackoffMs: 60_000, multiplier: 1.5, jitter: 0.1 } as const;

const MAX_BACKOFF = 'restart-strategy.exponential-delay.max-backoff';
const MULTIPLIER = 'restart-strategy.exponential-delay.backoff-multiplier';
const JITTER = 'restart-strategy.exponential-delay.jitter-factor';

/** The keys this reads (a Flink part's, when the job's strategy is set to exponential-delay). */
export const BACKOFF_KEYS: readonly string[] = [MAX_BACKOFF, MULTIPLIER, JITTER];

/** The longest restart delay, in ms, and why; null when it is no longer than `initialMs`. */
export interface LongestRestart {
  readonly ms: number;
  readonly why: string;
}

/**
 * The longest delay of exponential-delay restarts starting at `initialMs`. With no `restart-strategy.type` set Flink
 * builds its default from each option's defaultValue(), never from the file's exponential-delay keys
 * (RestartBackoffTimeStrategyFactoryLoader), so `fromFiles` says whether the parts' keys count. Pure.
 */
export function longestRestart(parts: readonly Placed[], initialMs: number, fromFiles: boolean): LongestRestart | null {
  const read = (key: string): { value: string; where: string } | null => {
    if (!fromFiles) return null;
    let found: { value: string; where: string } | null = null;
    for (const p of parts)
      if (p.role === 'Flink job')
        for (const s of p.settings) if (s.key === key) found = { value: s.value.trim(), where: `${p.file}:${s.line}` };
    return found;
  };
  const max = read(MAX_BACKOFF);
  const maxParsed = max === null ? null : parseFlinkDuration(max.value);
  const maxMs = maxParsed?.ok ? maxParsed.ms : DEFAULTS.maxBackoffMs;
  const multiplier = Number(read(MULTIPLIER)?.value ?? DEFAULTS.multiplier);
  const jitter = Number(read(JITTER)?.value ?? DEFAULTS.jitter);
  if (!Number.isFinite(multiplier) || !Number.isFinite(jitter)) return null;
  // A multiplier of 1 keeps every delay at the initial backoff; the jitter still lengthens one by its factor.
  const base = multiplier > 1 ? Math.max(maxMs, initialMs) : initialMs;
  const ms = Math.round(base * (1 + jitter));
  if (ms <= initialMs) return null;
  const from = (x: { where: string } | null, d: string): string => (x === null ? d : `${x.where}`);
  return {
    ms,
    why:
      `exponential-delay restarts wait up to ${ms} ms (max-backoff ${maxMs} ms, ${from(max, "Flink's default")}, ` +
      `jitter-factor ${jitter}) once the job failed often enough in a row, so the job is checked at its first ` +
      `delay (${initialMs} ms) and at this one`,
  };
}
