/**
 * The restart strategy (`restart-strategy.type`, Flink's RestartBackoffTimeStrategy): after each task failure the
 * JobManager's scheduler notifies the strategy and asks it whether the job may restart
 * (ExecutionFailureHandler: notifyFailure, then canRestart). A job it gives up on FAILS: its completed
 * checkpoints are discarded unless `execution.checkpointing.externalized-checkpoint-retention` keeps them on
 * failure (CheckpointRetentionPolicy), and eoscheck's operator resubmits it after `resubmit.delay.ms`: from the
 * latest kept checkpoint (`-s`, which resets the checkpoint counter to its id + 1 as any restore of a savepoint
 * does), else as a new job from `scan.startup.mode` with checkpoint ids from 1. Over an immer draft.
 */
import type { Draft } from 'immer';
import { type FlinkConfig, UNBOUNDED_ATTEMPTS } from './config.js';
import type { FlinkState, JobManager } from './state.js';

type D = Draft<FlinkState>;

/**
 * Records a task failure at `now` as the strategy counts it and says whether the job restarts. Pure but for `jm`.
 * fixed-delay: FixedDelayRestartBackoffTimeStrategy counts attempts and restarts while they are at most
 * `attempts`. failure-rate: FailureRateRestartBackoffTimeStrategy keeps the latest max-failures-per-interval + 1
 * failure times and gives up when they are that many and the oldest lies within the interval. exponential-delay
 * (1.19+): ExponentialDelayRestartBackoffTimeStrategy counts a failure after its restart time only (one at or before
 * it is merged into the attempt), starts the count anew when the job ran reset-backoff-threshold past it, and
 * restarts while the count is at most attempts-before-reset-backoff; `failures` holds each counted attempt's restart
 * time.
 */
export function restarts(c: FlinkConfig, jm: Draft<JobManager>, now: number): boolean {
  switch (c.restartStrategy) {
    case 'exponential-delay': {
      // Unbounded attempts never run out: nothing is counted (the default search keeps its states).
      if (c.exponentialAttempts === UNBOUNDED_ATTEMPTS) return true;
      const f = jm.failures;
      const next = f.at(-1);
      if (next !== undefined && now <= next) return f.length <= c.exponentialAttempts;
      if (next !== undefined && now - next >= c.exponentialResetMs) f.splice(0);
      f.push(now + c.restartDelayMs);
      return f.length <= c.exponentialAttempts;
    }
    case 'none':
      return false;
    case 'fixed-delay':
      // Flink's default before 1.19 is fixed-delay with Integer.MAX_VALUE attempts: never runs out, nothing counted.
      if (c.fixedDelayAttempts === UNBOUNDED_ATTEMPTS) return true;
      jm.failures.push(0);
      return jm.failures.length <= c.fixedDelayAttempts;
    case 'failure-rate': {
      const f = jm.failures;
      if (f.length > c.failureRateMax) f.shift();
      f.push(now);
      return !(f.length > c.failureRateMax && now - f[0]! <= c.failureRateIntervalMs);
    }
  }
}

/** Whether a job that FAILED keeps its completed checkpoints (DELETE_ON_CANCELLATION deletes them on a cancel only). */
export function keptOnFailure(c: FlinkConfig): boolean {
  return c.checkpointRetention !== 'NO_EXTERNALIZED_CHECKPOINTS';
}

/** The strategy gave up on the job `jm`: it FAILED; the operator resubmits it. */
export function giveUp(d: D, jm: Draft<JobManager>): void {
  const c = d.config;
  const kept = keptOnFailure(c) ? jm.latest : null;
  d.events.push({
    type: 'gave-up',
    strategy: c.restartStrategy,
    from: kept?.id ?? null,
    retention: c.checkpointRetention,
  });
  jm.failures = [];
  if (kept !== null) {
    // CheckpointCoordinator.restoreSavepoint: the resubmitted job's checkpoint ids go on from the restored one.
    jm.nextCheckpointId = kept.id + 1;
    return;
  }
  jm.latest = null;
  jm.previous = null;
  jm.job += 1;
  jm.nextCheckpointId = 1;
}
