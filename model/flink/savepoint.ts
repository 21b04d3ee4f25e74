/**
 * Savepoints as operators take them (`faults.savepoint`): an intermediate savepoint of the running job (`flink
 * savepoint`), which the job may later be resumed from, and stop-with-savepoint (`flink stop`), whose synchronous
 * savepoint commits the sink before the job ends. A savepoint is a checkpoint of the job's counter (its barriers, the
 * sink's pre-commit at the barrier) with CheckpointProperties.forSavepoint / forSyncSavepoint. What its completion does
 * depends on the Flink release (`flink.savepoint-semantics`):
 * - 1.15+ (FLINK-25191, CheckpointCoordinator.completePendingCheckpoint): an intermediate savepoint is not added to the
 *   CompletedCheckpointStore and sends no notifyCheckpointComplete, so it commits nothing: its committables stay in
 *   the committer's state until the next checkpoint's notification commits every committable up to it; a failover
 *   falls back to the latest checkpoint and the savepoint's transactions are aborted as lingering ones.
 * - 1.7 to 1.14 (FLINK-10354): it is notified (the sink commits) and added to the store, so recovery restores it.
 * - 1.3 to 1.6 (FLINK-6328): it is notified, but not added to the store: recovery falls back to the checkpoint
 *   before it, whose input the savepoint's committed output covers again.
 * A synchronous savepoint (stop) is added to the store and notified in every release (SavepointType.isSynchronous):
 * the task waits for that notification, the committer commits, then the job ends (FINISHED). Cancel-with-savepoint's
 * is an ordinary one, completed as an intermediate savepoint, and then the job is cancelled (`cancel.ts`).
 * Over an immer draft, called from `step`.
 */
import { castDraft, type Draft } from 'immer';
import { setNotify } from './notify.js';
import {
  type CompletedCheckpoint,
  type FlinkState,
  type JobManager,
  type JobNo,
  type PendingCheckpoint,
  type SavepointKind,
  slotOf,
  type Task,
  writersOf,
} from './state.js';
import { strategyField } from './strategy.js';

type D = Draft<FlinkState>;

/**
 * Whether the operator may take job `no`'s savepoint now: one a run, of a running job whose writers are ready, with
 * no checkpoint pending nor a notification on its way (a savepoint is then the only snapshot in flight). Pure.
 */
export function savepointable(s: FlinkState, no: JobNo): boolean {
  if (s.config.savepoint === 'none' || (s.faults.savepointsTaken ?? 0) > 0) return false;
  const j = slotOf(s, no);
  const t = j.task;
  return (
    t !== null &&
    t.status === 'running' &&
    t.ended !== true &&
    writersOf(t).every((w) => w.init === 'ready') &&
    j.jm.pending.length === 0 &&
    j.jm.notify === null
  );
}

/**
 * The operator triggers job `no`'s savepoint (`faults.savepoint`): the next checkpoint id, barriers into every
 * channel as for a checkpoint; the periodic schedule is left as it is. A stop-with-savepoint also stops the
 * checkpoint scheduler and the sources (StopWithSavepointTerminationManager: the sources emit the synchronous
 * savepoint's barrier and read no more).
 */
export function triggerSavepoint(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const t = j.task!;
  const sp = d.config.savepoint;
  const kind: SavepointKind = sp === 'stop' || sp === 'cancel' ? sp : 'intermediate';
  const id = j.jm.nextCheckpointId;
  j.jm.nextCheckpointId += 1;
  j.jm.pending.push({ id, triggeredAt: d.now, ackAt: d.now, offsets: [...t.splits], snapshot: null, savepoint: kind });
  for (const ch of t.channels) ch.push({ kind: 'barrier', checkpoint: id });
  if (kind === 'stop') j.jm.stop = id;
  // Cancel-with-savepoint stops the checkpoint scheduler (stopCheckpointScheduler); the sources read on.
  if (kind === 'cancel') j.jm.cancel = id;
  d.faults.savepointsTaken = (d.faults.savepointsTaken ?? 0) + 1;
  d.events.push({ type: 'savepoint-triggered', checkpoint: id, kind, offsets: [...t.splits] });
}

/** Whether job `no`'s stop-with-savepoint holds its sources and its checkpoint scheduler. Pure. */
export function stopping(jm: Pick<JobManager, 'stop'>): boolean {
  return jm.stop !== undefined;
}

/**
 * All acknowledgements of savepoint `p` are in: the JobManager completes it as `flink.savepoint-semantics` says (see
 * the file's comment). Checkpoints still pending are not subsumed by it (none are: a savepoint is taken with none).
 */
export function completeSavepoint(d: D, no: JobNo, p: PendingCheckpoint): void {
  const j = slotOf(d, no);
  const snap = p.snapshot!;
  const sp: CompletedCheckpoint = {
    id: p.id,
    job: j.jm.job,
    offsets: [...p.offsets],
    count: snap.count,
    committables: snap.committables.map((c) => ({ ...c })),
    inflight: snap.inflight.map((ch) => ch.map((x) => ({ ...x }))),
    prefixGen: j.jm.prefixGen,
    writerStates: snap.writerStates.map((w) => ({ ...w, precommitted: w.precommitted.map((e) => ({ ...e })) })),
    at: d.now,
    ...strategyField(d.config, j.jm),
  };
  const sem = d.config.savepointSemantics;
  const sync = p.savepoint === 'stop';
  const stored = sync || sem === '1.7';
  const notified = sync || sem !== '1.15';
  j.jm.pending = j.jm.pending.filter((x) => x.id !== p.id);
  if (stored) {
    j.jm.previous = j.jm.latest;
    j.jm.latest = castDraft(sp);
  } else {
    j.jm.savepoint = castDraft(sp);
    // The job manager's fields in the order its encoding gives them back: the cancel this savepoint was taken for
    // (set at the trigger) after the savepoint.
    const cancel = j.jm.cancel;
    if (cancel !== undefined) {
      delete j.jm.cancel;
      j.jm.cancel = cancel;
    }
  }
  if (notified) setNotify(j.jm, p.id);
  d.ghost.completed.push(
    no === 2 ? { job: j.jm.job, checkpoint: p.id, flink: 2 } : { job: j.jm.job, checkpoint: p.id },
  );
  d.events.push({ type: 'savepoint-completed', checkpoint: p.id, kind: p.savepoint!, stored, notified });
}

/**
 * Whether job `no`, down, may be resumed from its intermediate savepoint (`flink run -s`): one the store does not
 * hold, of this job (a job resubmitted anew has its own checkpoint ids), with no checkpoint completed after it (else
 * the output committed since would be written again, as any resume from an old savepoint does). Pure.
 */
export function resumable(s: FlinkState, no: JobNo): boolean {
  const j = slotOf(s, no);
  const sp = j.jm.savepoint;
  return (
    sp !== undefined &&
    j.task === null &&
    j.jm.restartAt !== null &&
    sp.job === j.jm.job &&
    sp.id > (j.jm.latest?.id ?? 0)
  );
}

/**
 * The operator resumes job `no` from its intermediate savepoint instead of the latest checkpoint: the restore loads
 * it, its committer commits the restored committables at once (CommitterOperator.initializeState: "try to re-commit
 * recovered transactions as quickly as possible"; KafkaCommitter resumes each transaction with its producer id and
 * epoch), and the checkpoint counter goes on from its id + 1 (CheckpointCoordinator.restoreSavepoint).
 */
export function resumeFromSavepoint(d: D, no: JobNo = 1): void {
  const jm = slotOf(d, no).jm;
  const sp = jm.savepoint!;
  jm.previous = jm.latest;
  jm.latest = sp;
  delete jm.savepoint;
  jm.nextCheckpointId = sp.id + 1;
  d.events.push({ type: 'savepoint-resumed', checkpoint: sp.id });
}

/**
 * Whether job `no`'s stop-with-savepoint is done: the synchronous savepoint completed, its notification delivered
 * and every committable up to it committed (the task finishes only after notifyCheckpointComplete returned). Pure.
 */
export function stopDone(s: FlinkState, no: JobNo): boolean {
  const j = slotOf(s, no);
  const id = j.jm.stop;
  const t: Task | null = j.task;
  return (
    id !== undefined &&
    t !== null &&
    j.jm.latest?.id === id &&
    j.jm.notify === null &&
    t.commitUpTo >= id &&
    !t.committables.some((c) => c.checkpoint <= id)
  );
}

/**
 * Job `no` ends after its stop-with-savepoint (FINISHED; the writer closes its empty transaction) and the operator
 * resumes it from that savepoint after `resubmit.delay.ms` (`flink run -s`): the restored committables were
 * committed already, and their commit again finds them so.
 */
export function finishStop(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const id = j.jm.stop!;
  j.task = null;
  delete j.jm.stop;
  j.jm.restartAt = d.now + d.config.resubmitDelayMs;
  d.events.push({ type: 'stopped', checkpoint: id, resumeAt: j.jm.restartAt });
}
