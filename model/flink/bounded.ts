/**
 * Where the input ends (`scan.bounded.mode`) and a job without checkpoints (`checkpointing.enabled=false`). A
 * KafkaSource is CONTINUOUS_UNBOUNDED unless the job calls KafkaSourceBuilder.setBounded (the SQL connector's
 * `scan.bounded.mode` defaults to `unbounded`): such a job never reaches its end of input, `input.records` is only the
 * model's budget of arrivals, and only checkpoints commit the sink. A bounded source ends at its stopping offset
 * (`specific-offsets`: input.records); SinkWriterOperator.endInput flushes and pre-commits (ExactlyOnceKafkaWriter.
 * prepareCommit, no new transaction after it), and CommitterOperator.endInput, when checkpointing is off, commits every
 * committable as if checkpoint Long.MAX_VALUE completed ("There will be no final checkpoint", Flink 1.15+ sink V2).
 * With checkpointing on, the last checkpoint after the end commits (FLIP-147), as the periodic ones already model.
 * Over an immer draft, called from `step`; the predicates are pure.
 */
import type { Draft } from 'immer';
import type { FlinkConfig } from './config.js';
import { raiseAll } from './notify.js';
import { asyncError, precommit, send } from './sink.js';
import { type FlinkState, type JobNo, slotOf, type Task, writerOf, writersOf } from './state.js';

type D = Draft<FlinkState>;

/** Whether the checkpoint coordinator triggers periodic checkpoints (execution.checkpointing.interval set). Pure. */
export function checkpointingOn(c: Pick<FlinkConfig, 'checkpointing'>): boolean {
  return c.checkpointing;
}

/**
 * Whether job `no` reaches its end of input now, as an event of its own: a bounded source without checkpointing (with
 * checkpointing the end changes nothing the model checks), every record read and processed, no snapshot in flight.
 * Pure.
 */
export function endable(s: FlinkState, no: JobNo): boolean {
  const c = s.config;
  if (c.boundedMode === 'unbounded' || checkpointingOn(c)) return false;
  const j = slotOf(s, no);
  const t = j.task;
  return (
    t !== null &&
    t.ended !== true &&
    t.status === 'running' &&
    writersOf(t).every((w) => w.init === 'ready' && w.error === null) &&
    t.splits.every((p) => p >= c.inputRecords) &&
    t.channels.every((ch) => ch.length === 0) &&
    j.jm.pending.length === 0
  );
}

/**
 * Whether task `t` finished: its end of input is past and its committer committed everything (the job is FINISHED: a
 * TaskManager or JobManager failure no longer restarts it). Pure.
 */
export function finished(t: Pick<Task, 'ended' | 'committables'> | null): boolean {
  return t !== null && t.ended === true && t.committables.length === 0;
}

/**
 * Job `no`'s end of input: each writer flushes (flush(true)) and pre-commits its transaction under the next id, the
 * committer may commit up to it (CommitterOperator.endInput: notifyCheckpointComplete(Long.MAX_VALUE), here that id so
 * ids stay ordered; a ghost completion, as `commit-only-completed` reads it).
 */
export function endInput(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const id = j.jm.nextCheckpointId;
  j.jm.nextCheckpointId += 1;
  for (let sub = 0; sub < j.jm.parallelism; sub++) {
    if (!send(d, no, sub)) return;
    if (asyncError(d, 'the flush at end of input', no, sub)) return;
    precommit(d, id, no, sub);
    // prepareCommit at end of input opens no next transaction: the writer stays as it is.
    writerOf(j.task!, sub).init = 'ready';
  }
  const t = j.task!;
  t.ended = true;
  raiseAll(t, id);
  d.ghost.completed.push(no === 2 ? { job: j.jm.job, checkpoint: id, flink: 2 } : { job: j.jm.job, checkpoint: id });
  d.events.push({ type: 'end-of-input', checkpoint: id, committables: t.committables.length });
}
