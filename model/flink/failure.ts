/**
 * Failures: a TaskManager crash or a task failure (a fenced sink write) loses the task's memory
 * (split positions, channels, count, the writer's buffer and producer, the committer's
 * committables), aborts the pending checkpoint and drops the pending notification; the job
 * restarts after `restart.delay.ms`. A JobManager failure does the same, and without HA also loses
 * the completed checkpoints and restarts checkpoint ids at 1 (a new job). Over an immer draft.
 */
import type { Draft } from 'immer';
import type { FlinkState } from './state.js';

type D = Draft<FlinkState>;

/** Takes the job down: the task is gone, the restart is scheduled. */
export function failover(d: D, reason: string): void {
  d.task = null;
  if (d.jm.pending) d.events.push({ type: 'checkpoint-aborted', checkpoint: d.jm.pending.id });
  d.jm.pending = null;
  d.jm.notify = null;
  d.jm.restartAt = d.now + d.config.restartDelayMs;
  d.events.push({ type: 'failed', reason, restartAt: d.jm.restartAt });
}

/** The JobManager process dies; with HA a new leader recovers the checkpoints, without HA they are gone. */
export function jobManagerFail(d: D): void {
  d.faults.jobmanager += 1;
  d.events.push({ type: 'jobmanager', ha: d.config.highAvailability });
  failover(d, d.config.highAvailability ? 'JobManager failure (HA recovers the completed checkpoints)' : 'JobManager failure without HA: completed checkpoints lost, the job is resubmitted as a new job');
  if (!d.config.highAvailability) {
    d.jm.latest = null;
    d.jm.job += 1;
    d.jm.nextCheckpointId = 1;
  }
}
