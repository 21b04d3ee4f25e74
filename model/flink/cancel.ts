/**
 * Cancel-with-savepoint (`faults.savepoint=cancel`: `flink cancel -s`, deprecated but in every 1.x CLI): the JobMaster
 * stops the periodic checkpoint scheduler, triggers an ordinary savepoint (SavepointType.savepoint: not synchronous)
 * and, once it completed, cancels the job (SchedulerBase.triggerSavepoint with cancelJob: `handleAsync` -> cancel()).
 * Unlike stop-with-savepoint there is no endOfInput and no final checkpoint, and the savepoint's completion is as an
 * intermediate one's under `flink.savepoint-semantics`: from 1.15 (FLINK-25191, CheckpointCoordinator.
 * cleanupAfterCompletedCheckpoint: notifications only when `!isSavepoint() || isSynchronous()`) nothing is notified,
 * so its committables stay pre-committed, open, until the operator resumes the job from it (`flink run -s`) and the
 * restored committer commits them; 1.3 to 1.14 send notifyCheckpointComplete, which the cancel may overtake.
 * Over an immer draft, called from `step`; the predicates are pure.
 */
import type { Draft } from 'immer';
import { ctxOf } from '../kafka/cluster.js';
import { abortTransaction } from '../kafka/producer.js';
import { setNotify } from './notify.js';
import { type FlinkState, type JobManager, type JobNo, slotOf, writersOf } from './state.js';

type D = Draft<FlinkState>;

/** Whether job `no`'s cancel-with-savepoint holds its checkpoint scheduler. Pure. */
export function cancelling(jm: Pick<JobManager, 'cancel'>): boolean {
  return jm.cancel !== undefined;
}

/**
 * Whether job `no`'s cancel-with-savepoint completed its savepoint and the JobMaster cancels the job now: running, or
 * restarting after a task failure (cancel() ends a RESTARTING job too). Pure.
 */
export function cancelDue(s: FlinkState, no: JobNo): boolean {
  const id = slotOf(s, no).jm.cancel;
  return id !== undefined && !slotOf(s, no).jm.pending.some((p) => p.id === id);
}

/**
 * The JobMaster cancels job `no` after its savepoint (CANCELED): each writer's close aborts its current transaction
 * when it has records (ExactlyOnceKafkaWriter.abortCurrentProducer), the committer's close leaves the savepoint's
 * pre-committed transactions open, a notification not yet delivered dies with the tasks; the operator resumes the job
 * from the savepoint after `resubmit.delay.ms` (`flink run -s`, whether or not the store holds it).
 */
export function cancelJob(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const id = j.jm.cancel!;
  for (const w of j.task ? writersOf(j.task) : []) {
    const p = w.txn?.producer;
    if (p?.transaction && p.transaction.records > 0) abortTransaction(ctxOf(d), p);
  }
  j.task = null;
  delete j.jm.cancel;
  setNotify(j.jm, null);
  const sp = j.jm.savepoint;
  if (sp !== undefined && sp.id === id) {
    j.jm.previous = j.jm.latest;
    j.jm.latest = sp;
    delete j.jm.savepoint;
  }
  j.jm.restartAt = d.now + d.config.resubmitDelayMs;
  d.events.push({ type: 'cancelled', checkpoint: id, resumeAt: j.jm.restartAt });
}
