/**
 * `faults.declined-checkpoints`: a task declines a pending checkpoint. The asynchronous part of its snapshot fails
 * (AsyncCheckpointRunnable declines with CHECKPOINT_ASYNC_EXCEPTION; a failure in the synchronous part fails the task
 * instead, FLINK-17350, Flink 1.11+), and the coordinator aborts the checkpoint at once
 * (CheckpointCoordinator.receiveDeclineMessage -> abortPendingCheckpoint), the expiry's path (`abortPending`).
 *
 * - A source task: it had broadcast its barrier before its snapshot (SubtaskCheckpointCoordinatorImpl.checkpointState,
 *   step 2 before step 4). The sink's task, notified of the abort before the barrier reached it, skips the checkpoint
 *   (`abortedCheckpointIds`: no prepareSnapshotPreBarrier, a CancelCheckpointMarker downstream): the writer goes on in
 *   the same transaction, which the next checkpoint pre-commits, and the id it would have taken is a gap.
 * - The sink's task, after its snapshot: the transaction is pre-committed, the committable in the CommitterOperator's
 *   state; the next completed checkpoint holds it and its notification commits it (committables up to its id).
 *
 * Savepoints are left out: a declined synchronous savepoint fails the job outright
 * (CheckpointFailureManager.handleTaskLevelCheckpointException).
 */
import type { Draft } from 'immer';
import { abortPending } from './job.js';
import { type DeclinedBy, type FlinkState, type JobNo, type PendingCheckpoint, slotOf } from './state.js';

type D = Draft<FlinkState>;

/**
 * The checkpoint of job `no` that task `by` may decline, or null: a source task the oldest pending one whose barriers
 * have not all reached the sink (it aligns first: barriers stay in order), the sink's task the oldest one it
 * snapshotted and has not acknowledged; a periodic checkpoint, not a savepoint. Pure.
 */
export function declinable(s: FlinkState, no: JobNo, by: DeclinedBy): PendingCheckpoint | null {
  const j = slotOf(s, no);
  if (!j.task || (s.faults.declined ?? 0) >= s.config.declinedCheckpoints) return null;
  const p = j.jm.pending.find((x) => (by === 'source' ? x.snapshot === null : x.snapshot !== null));
  return p && p.savepoint === undefined ? p : null;
}

/** Task `by` of job `no` declines its checkpoint: the coordinator aborts it, a counted failure. */
export function declineCheckpoint(d: D, by: DeclinedBy, no: JobNo = 1): void {
  const p = declinable(d, no, by)!;
  d.faults.declined = (d.faults.declined ?? 0) + 1;
  abortPending(d, no, p.id, by);
}
