/**
 * Failures: a TaskManager crash or a task failure (a fenced sink write) loses the task's memory
 * (split positions, channels, count, the writer's buffer and producer, the committer's
 * committables), aborts the pending checkpoints and drops the pending notification; the job
 * restarts after `restart.delay.ms`. A JobManager failure does the same, and without HA also loses
 * the completed checkpoints and restarts checkpoint ids at 1 (a new job). Over an immer draft.
 */
import type { Draft } from 'immer';
import { abandon } from './abandon.js';
import { highlyAvailable } from './config.js';
import { setNotify } from './notify.js';
import { giveUp, restarts } from './restart.js';
import { type FlinkState, type JobNo, slotOf } from './state.js';

type D = Draft<FlinkState>;

/**
 * Takes job `no` down: its task is gone, its restart is scheduled, or with `task` (a task failure, which the restart
 * strategy judges) and a strategy that gives up, the job FAILED and its resubmission is (`restart.ts`).
 */
export function failover(d: D, reason: string, no: JobNo = 1, task = true): void {
  const j = slotOf(d, no);
  j.task = null;
  const cancelAborted = j.jm.pending.some((p) => p.id === j.jm.cancel);
  for (const p of j.jm.pending) d.events.push({ type: 'checkpoint-aborted', checkpoint: p.id });
  j.jm.pending = [];
  setNotify(j.jm, null);
  j.jm.delayOpen = false;
  // A stop-with-savepoint the failure interrupts fails; the job restarts and runs on.
  if (j.jm.stop !== undefined) delete j.jm.stop;
  // So does a cancel-with-savepoint whose savepoint it aborts, or whose JobMaster dies (the restarted job runs on, a
  // completed savepoint stays resumable); after a task failure a completed one is still followed by the cancel.
  if (j.jm.cancel !== undefined && (!task || cancelAborted)) delete j.jm.cancel;
  if (!task || restarts(d.config, j.jm, d.now)) {
    j.jm.restartAt = d.now + d.config.restartDelayMs;
    d.events.push({ type: 'failed', reason, restartAt: j.jm.restartAt });
    return;
  }
  j.jm.restartAt = d.now + d.config.resubmitDelayMs;
  d.events.push({ type: 'failed', reason, restartAt: j.jm.restartAt, final: true });
  giveUp(d, j.jm);
  if (d.config.neverResubmitted) abandon(d, j.jm);
}

/** Job `no`'s JobManager process dies; with HA a new leader recovers the checkpoints, without HA they are gone. */
export function jobManagerFail(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  d.faults.jobmanager += 1;
  const ha = highlyAvailable(d.config);
  d.events.push({ type: 'jobmanager', ha });
  failover(
    d,
    ha
      ? 'JobManager failure (HA recovers the completed checkpoints)'
      : 'JobManager failure without HA: completed checkpoints lost, the job is resubmitted as a new job',
    no,
    false,
  );
  // The recovered (or resubmitted) job's scheduler starts with a new restart strategy, none of its failures counted.
  j.jm.failures = [];
  if (!ha) {
    j.jm.latest = null;
    j.jm.previous = null;
    j.jm.job += 1;
    j.jm.nextCheckpointId = 1;
  }
}
