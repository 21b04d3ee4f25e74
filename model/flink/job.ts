/**
 * The job's rules: the checkpoint coordinator (trigger, completion, notification, restart), the
 * KafkaSource splits, the channels and the count operator with barrier alignment, of job `no` (1,
 * or the second job of `jobs=2`). Over an immer draft, called from `step`.
 */
import { castDraft, type Draft } from 'immer';
import { inTransaction } from '../kafka/producer.js';
import { unalignedOn } from './config.js';
import { failover } from './failure.js';
import { baseIntervalMs, firstTriggerAt, newTask, startFailure } from './init.js';
import { notified, raiseLevel, setNotify } from './notify.js';
import { writerStates } from './ownership.js';
import { completeSavepoint } from './savepoint.js';
import { asyncError, precommit, send } from './sink.js';
import {
  ackable,
  type ChannelItem,
  committableSub,
  type DeclinedBy,
  type FlinkState,
  holderOf,
  inputBase,
  inputValue,
  type JobNo,
  type PendingCheckpoint,
  rescaledTo,
  SOURCE_GROUP,
  sinkPrefix,
  slotOf,
  snapshotOf,
  subtaskOf,
  type Task,
  type Writer,
  type WriterState,
  writerOf,
  writersOf,
} from './state.js';
import { strategyField, strategyOf, strategyRefusal } from './strategy.js';
import { alignedAt, earlyTriggerAt, nextEvent } from './time.js';

type D = Draft<FlinkState>;

/** The clock moves to the next event. */
export function tick(d: D): void {
  const to = nextEvent(d);
  if (to === null) return;
  advanceTo(d, to);
}

/** The clock moves to `now`. */
export function advanceTo(d: D, now: number): void {
  d.now = now;
  d.events.push({ type: 'clock', now });
}

/**
 * Whether producer `producerId` is still active toward the output (see ClusterLens.active): the sink sends
 * synchronously, so nothing of it is in flight between steps, but a running job's writer inside a transaction
 * with it writes or pre-commits it at the next checkpoint, and its committer commits what it pre-committed. Pure.
 */
export function sinkActive(s: FlinkState, producerId: number): boolean {
  for (const slot of [s, s.second]) {
    const t = slot?.task;
    if (!t) continue;
    for (const w of [t.writer, ...t.otherWriters]) if (w.txn && inTransaction(w.txn.producer, producerId)) return true;
    if (t.committables.some((c) => c.producerId === producerId)) return true;
  }
  return false;
}

/**
 * The JobManager triggers checkpoint `nextCheckpointId` (checkpoints are due every
 * `execution.checkpointing.interval` from the job's (re)start): every source snapshots its split offset
 * and emits a barrier into its channel (the sources' acknowledgements are taken as given). With
 * execution.checkpointing.max-concurrent-checkpoints above 1 earlier checkpoints may still be pending.
 */
export function trigger(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const t = j.task!;
  const id = j.jm.nextCheckpointId;
  j.jm.nextCheckpointId += 1;
  const base = baseIntervalMs(d.config);
  const pauseEnd = j.jm.latest && d.config.minPauseMs > 0 ? j.jm.latest.at + d.config.minPauseMs : null;
  // A periodic request inside execution.checkpointing.min-pause fails (MINIMUM_TIME_BETWEEN_CHECKPOINTS) and
  // CheckpointRequestDecider calls CheckpointCoordinator.rescheduleTrigger: the timer is cancelled and scheduled
  // again at the pause's end, from which ScheduledTrigger goes on every interval (Flink 1.19 to 2.x). Otherwise the
  // timer keeps its rate from the scheduler's start, and a slot missed while a checkpoint ran is skipped.
  if (pauseEnd !== null && pauseEnd > j.jm.nextTriggerAt) j.jm.nextTriggerAt = pauseEnd;
  while (j.jm.nextTriggerAt <= d.now) j.jm.nextTriggerAt += base;
  j.jm.delayOpen = false;
  j.jm.pending.push({ id, triggeredAt: d.now, ackAt: d.now, offsets: [...t.splits], snapshot: null });
  for (const ch of t.channels) ch.push({ kind: 'barrier', checkpoint: id });
  d.events.push(
    no === 2
      ? { type: 'triggered', checkpoint: id, offsets: [...t.splits], from: inputBase(d.config, no) }
      : { type: 'triggered', checkpoint: id, offsets: [...t.splits] },
  );
}

/** Source `input` fetches its next record into its channel. */
export function read(d: D, input: number, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const offset = t.splits[input]!;
  const value = inputValue(d.config, inputBase(d.config, no) + input, offset);
  t.channels[input]!.push({ kind: 'record', value, offset });
  t.splits[input] = offset + 1;
  d.events.push({ type: 'read', input: inputBase(d.config, no) + input, offset, value });
}

/**
 * The count operator takes the head of channel `input`. A record is counted and handed to the
 * chained sink writer's buffer. A barrier marks the input aligned; under EXACTLY_ONCE the input is
 * blocked until every input's barrier arrived, under AT_LEAST_ONCE it is not. The last barrier
 * snapshots the count and runs the sink's pre-barrier work: at-least-once and exactly-once flush,
 * exactly-once pre-commits the transaction (none does nothing).
 */
export function processItem(d: D, input: number, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const t = j.task!;
  const item = t.channels[input]!.shift()!;
  if (item.kind === 'record') {
    // The keyed exchange hands the record to its sink subtask, whose KafkaWriter.write checks the sends' errors first.
    const sub = subtaskOf(j.jm.parallelism, item.value);
    if (asyncError(d, 'the next write', no, sub)) return;
    t.count += 1;
    writerOf(t, sub).buffer.push(item.value);
    d.events.push({ type: 'counted', input: inputBase(d.config, no) + input, value: item.value, count: t.count });
    return;
  }
  // Unaligned checkpoints: the first barrier of the pending checkpoint snapshots at once, overtaking what the other
  // channels hold before theirs (kept as channel state); later barriers of it pass (SubtaskCheckpointCoordinatorImpl,
  // CheckpointingOptions.ENABLE_UNALIGNED). With execution.checkpointing.aligned-checkpoint-timeout above 0 it aligns
  // until the timeout since its trigger (SingleCheckpointBarrierHandler's alternating states).
  const p = j.jm.pending.find((x) => x.id === item.checkpoint);
  const input0 = inputBase(d.config, no) + input;
  if (unalignedOn(d.config) && (p === undefined || p.snapshot !== null)) {
    d.events.push({ type: 'barrier', input: input0, checkpoint: item.checkpoint, blocked: false });
    return;
  }
  const aligning = p === undefined || alignedAt(d.config, p, d.now);
  if (aligning) t.aligned[input] = true;
  const all = !aligning || t.aligned.every(Boolean);
  d.events.push({
    type: 'barrier',
    input: input0,
    checkpoint: item.checkpoint,
    blocked: !all && d.config.checkpointingMode === 'EXACTLY_ONCE',
  });
  if (!all) return;
  snapshot(d, item.checkpoint, no, aligning ? t.channels.map(() => []) : channelState(t, item.checkpoint));
}

/** The records each channel holds before checkpoint `id`'s barrier (none once its barrier was taken). Pure. */
function channelState(t: Task | Draft<Task>, id: number): ChannelItem[][] {
  return t.channels.map((ch) => {
    const upTo = ch.findIndex((x) => x.kind === 'barrier' && x.checkpoint === id);
    return (upTo < 0 ? [] : ch.slice(0, upTo)).filter((x) => x.kind === 'record').map((x) => ({ ...x }));
  });
}

/**
 * Job `no`'s operator+sink task snapshots checkpoint `id`: the sink's pre-barrier work (at-least-once and exactly-once
 * flush, exactly-once pre-commits), then the count, the committables and `inflight` (channel state); at parallelism 2
 * or 3 the count and channel state now, each sink subtask in a step of its own.
 */
function snapshot(d: D, id: number, no: JobNo, inflight: ChannelItem[][]): void {
  const j = slotOf(d, no);
  if (j.jm.parallelism > 1) {
    partialSnapshot(d, id, no, inflight);
    return;
  }
  if (!sinkBarrier(d, id, no, 0)) return;
  const task = j.task!;
  task.aligned = task.aligned.map(() => false);
  // Barriers stay in order in every channel, so the checkpoint aligned is still pending.
  const pending = j.jm.pending.find((x) => x.id === id)!;
  // POOLING: each sink subtask's KafkaWriterStates, taken before startTransaction(id + 1) tracked its next id.
  const states = strategyOf(d.config, j.jm) === 'POOLING' ? writersOf(task).flatMap((w) => snapshotStates(w, id)) : [];
  pending.snapshot = {
    count: task.count,
    // flink.commit-retry=later: a committable waiting for its retry is in the state, pending (its timer is not).
    committables: task.committables.map(snapshotOf),
    inflight,
    writerStates: castDraft(states),
  };
  d.events.push({ type: 'snapshot', checkpoint: id, count: task.count, committables: task.committables.length });
}

/**
 * Sink subtask `sub` of job `no` takes checkpoint `id`'s barrier: KafkaWriter.flush from prepareSnapshotPreBarrier
 * (producer.flush(), then checkAsyncException; without the safeguard the at-least-once barrier goes on with records
 * still unsent, the exactly-once commit flushes anyway), then the exactly-once pre-commit. Returns false when the task
 * failed.
 */
function sinkBarrier(d: D, id: number, no: JobNo, sub: number): boolean {
  const g = d.config.deliveryGuarantee;
  if (g === 'exactly-once' || (g === 'at-least-once' && d.config.flushOnCheckpoint)) {
    const n = writerOf(slotOf(d, no).task!, sub).buffer.length;
    if (!send(d, no, sub)) return false;
    if (n > 0) d.events.push({ type: 'flushed', records: n });
    if (asyncError(d, 'the flush before the snapshot (a sync-phase checkpoint failure)', no, sub)) return false;
  }
  if (g === 'exactly-once') precommit(d, id, no, sub);
  return true;
}

/**
 * Parallelism 2 or 3: every input's barrier of checkpoint `id` reached the count operator, whose state (the sum of
 * the count subtasks') and channel state are taken now; each sink subtask then takes the barrier on its own
 * (`subtaskSnapshot`), and records for a subtask that has not wait behind its barrier. The model aligns the keyed
 * exchange's barriers at one operator; it is the sinks' pre-commits and acknowledgements that are one step each.
 */
function partialSnapshot(d: D, id: number, no: JobNo, inflight: ChannelItem[][]): void {
  const j = slotOf(d, no);
  const task = j.task!;
  task.aligned = task.aligned.map(() => false);
  const pending = j.jm.pending.find((x) => x.id === id)!;
  pending.snapshot = {
    count: task.count,
    committables: [],
    inflight,
    writerStates: [],
    waiting: Array.from({ length: j.jm.parallelism }, (_, sub) => sub),
  };
  d.events.push({ type: 'snapshot', checkpoint: id, count: task.count, committables: 0, subtasks: j.jm.parallelism });
}

/** The pending checkpoint whose barrier sink subtask `sub` of job `no` takes next, if any. Pure. */
export function subtaskSnapshotDue(s: FlinkState, no: JobNo, sub: number): PendingCheckpoint | null {
  return slotOf(s, no).jm.pending.find((p) => p.snapshot?.waiting?.includes(sub)) ?? null;
}

/**
 * Sink subtask `sub` of job `no` takes the barrier of its oldest checkpoint still due, snapshots and acknowledges on
 * its own (SubtaskCheckpointCoordinatorImpl.checkpointState: prepareSnapshotPreBarrier, the operators' snapshotState,
 * then the acknowledgement; CheckpointCoordinator.receiveAcknowledgeMessage completes the checkpoint once
 * PendingCheckpoint.isFullyAcknowledged, Flink 1.15 to 2.x): its writer pre-commits and starts its next transaction,
 * its committer's state (the committables it holds, its writer's new one included) and, under POOLING, its writer
 * states join the checkpoint. A failure before the last subtask's acknowledgement aborts the checkpoint: the
 * subtasks that already pre-committed leave a transaction no completed checkpoint holds, named after an id above the
 * restored checkpoint's, which the restore's lingering-transaction abort ends as after any checkpoint that failed after
 * the pre-commit (ExactlyOnceKafkaWriter.initialize: abortLingeringTransactions from restoredCheckpointId + 1,
 * connector 4.0.0 to 5.0.0; 3.x KafkaWriter the same from the restored lastCheckpointId + 1, 3.0.0 to 3.4.0).
 */
export function subtaskSnapshot(d: D, no: JobNo, sub: number): void {
  const j = slotOf(d, no);
  const id = subtaskSnapshotDue(d, no, sub)!.id;
  if (!sinkBarrier(d, id, no, sub)) return;
  const task = j.task!;
  const pending = j.jm.pending.find((x) => x.id === id)!;
  const snap = pending.snapshot!;
  const own = task.committables.filter((c) => holderOf(c, j.jm.parallelism) === sub).map(snapshotOf);
  // Oldest checkpoint first, subtask 0's first within one: the order a restore commits them in.
  snap.committables = castDraft(
    [...snap.committables, ...own].sort((a, b) => a.checkpoint - b.checkpoint || committableSub(a) - committableSub(b)),
  );
  if (strategyOf(d.config, j.jm) === 'POOLING') {
    const states = [...snap.writerStates, ...snapshotStates(writerOf(task, sub), id)];
    snap.writerStates = castDraft(states.sort((a, b) => a.owned - b.owned));
  }
  const left = snap.waiting!.filter((x) => x !== sub);
  if (left.length > 0) snap.waiting = left;
  else delete snap.waiting;
  d.events.push({ type: 'subtask-snapshot', checkpoint: id, subtask: sub, left: left.length });
}

/** Writer `w`'s KafkaWriterStates at checkpoint `id`: its pool's in-flight transactions but the one it just started. */
function snapshotStates(w: Draft<Writer>, id: number): WriterState[] {
  return writerStates(
    w,
    w.ongoing.filter((e) => e.checkpoint <= id),
  );
}

/**
 * Job `no`'s aligning checkpoint reached execution.checkpointing.aligned-checkpoint-timeout: it goes on unaligned
 * (AlternatingCollectingBarriers.alignedCheckpointTimeout): the snapshot now, the records still before its barrier on
 * the inputs not aligned kept as channel state; those barriers pass later.
 */
export function alignmentTimeout(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const p = j.jm.pending.find((x) => x.snapshot === null)!;
  d.events.push({ type: 'alignment-timeout', checkpoint: p.id });
  snapshot(d, p.id, no, channelState(j.task!, p.id));
}

/**
 * The operator+sink task acknowledges; with every acknowledgement in, the JobManager completes the checkpoint and will
 * notify. Older checkpoints still pending are subsumed (CheckpointCoordinator.completePendingCheckpoint ->
 * dropSubsumedCheckpoints, CHECKPOINT_SUBSUMED, not a failure): their committables are in this checkpoint's committer
 * state, and its notification commits every committable up to it (CommitterOperator.notifyCheckpointComplete,
 * CheckpointCommittableManager up to the checkpoint id). A notification not yet delivered is replaced by this one.
 */
export function ack(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const p = ackable(j.jm, d.now)!;
  if (p.savepoint !== undefined) {
    completeSavepoint(d, no, p);
    return;
  }
  const snap = p.snapshot!;
  // A savepoint is not subsumed (PendingCheckpoint.canBeSubsumed: not for a savepoint).
  for (const old of j.jm.pending)
    if (old.id < p.id && old.savepoint === undefined)
      d.events.push({ type: 'checkpoint-subsumed', checkpoint: old.id, by: p.id });
  j.jm.previous = j.jm.latest;
  j.jm.latest = {
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
  j.jm.pending = j.jm.pending.filter((x) => x.id > p.id || x.savepoint !== undefined);
  setNotify(j.jm, p.id);
  j.jm.failedCheckpoints = 0;
  d.ghost.completed.push(
    no === 2 ? { job: j.jm.job, checkpoint: p.id, flink: 2 } : { job: j.jm.job, checkpoint: p.id },
  );
  d.events.push({ type: 'completed', checkpoint: p.id });
}

/**
 * notifyCheckpointComplete reaches the tasks: the source commits the checkpoint's offsets to its
 * consumer group (commit.offsets.on.checkpoint), the committer may commit every committable up to it
 * (CommitterOperator.notifyCheckpointComplete: commitAndEmitCheckpoints(max(lastCompletedCheckpointId, id)) commits
 * getCheckpointCommittablesUpTo(id), Flink 1.15 to 2.x, so an earlier notification that was lost is made good). At
 * parallelism 2 or 3 each sink subtask's task gets its own RPC (CheckpointCoordinator.sendAcknowledgeMessages calls
 * Execution.notifyCheckpointOnComplete per task, TaskExecutorGateway.confirmCheckpoint, no retry): sink subtask `sub`'s
 * committer only; the source tasks' notification comes with sink subtask 0's.
 */
export function notify(d: D, no: JobNo = 1, sub = 0): void {
  const j = slotOf(d, no);
  const id = j.jm.notify!;
  const t = j.task!;
  if (j.jm.parallelism === 1) {
    j.jm.notify = null;
    t.commitUpTo = Math.max(t.commitUpTo, id);
    d.events.push({ type: 'notified', checkpoint: id });
  } else {
    notified(j.jm, sub);
    raiseLevel(t, j.jm.parallelism, sub, id);
    d.events.push({ type: 'notified', checkpoint: id, subtask: sub });
    if (sub !== 0) return;
  }
  const cp = j.jm.latest;
  if (!d.config.commitOffsetsOnCheckpoint || !cp || cp.id !== id) return;
  cp.offsets.forEach((offset, input) => {
    const group = d.kafka.groups[SOURCE_GROUP]!;
    const recordOffset = group.logEnd;
    group.logEnd += 1;
    group.committed[inputBase(d.config, no) + input] = {
      offset,
      recordOffset,
      producerId: -1,
      epoch: -1,
      txnEpoch: null,
      origin: null,
      generation: -1,
    };
    d.events.push({ type: 'offsets-committed', input: inputBase(d.config, no) + input, offset });
  });
}

/**
 * Backpressure slows job `no`'s latest pending checkpoint: the task acknowledges it only `faults.slow-checkpoint.ms`
 * from now (barriers queue behind buffered records; the clock runs meanwhile, and so do the transactions' timeouts).
 */
export function slowCheckpoint(d: D, no: JobNo = 1): void {
  const p = slotOf(d, no).jm.pending.at(-1)!;
  p.ackAt = d.now + d.config.slowCheckpointMs;
  d.faults.slow += 1;
  d.events.push({ type: 'checkpoint-slow', checkpoint: p.id, ackAt: p.ackAt });
}

/**
 * Job `no`'s oldest pending checkpoint outlived execution.checkpointing.timeout: the coordinator aborts it as expired
 * (CheckpointCoordinator.CheckpointCanceller, CHECKPOINT_EXPIRED), a counted failure (`abortPending`).
 */
export function expireCheckpoint(d: D, no: JobNo = 1): void {
  // The oldest expires first (triggered first, one timeout for all).
  abortPending(d, no, slotOf(d, no).jm.pending[0]!.id, null);
}

/**
 * The coordinator aborts job `no`'s pending checkpoint `id` as a failed checkpoint: expired (`by` null), or declined by
 * a task (CheckpointCoordinator.receiveDeclineMessage -> abortPendingCheckpoint). It sends notifyCheckpointAborted,
 * which the KafkaSink ignores: its committables stay and a later completion commits them. CheckpointFailureManager
 * counts it (CHECKPOINT_EXPIRED, CHECKPOINT_ASYNC_EXCEPTION and CHECKPOINT_DECLINED count; checkFailureCounter, Flink
 * 1.15 to 2.x); past execution.checkpointing.tolerable-failed-checkpoints it fails the job (an expiry globally, a
 * decline as the declining task's failure: failJobDueToTaskFailure; both go through the restart strategy).
 */
export function abortPending(d: D, no: JobNo, id: number, by: DeclinedBy | null): void {
  const j = slotOf(d, no);
  const p = j.jm.pending.find((x) => x.id === id)!;
  j.jm.pending = j.jm.pending.filter((x) => x.id !== id);
  // An expired stop-with-savepoint fails the stop: the job runs on.
  if (p.id === j.jm.stop) delete j.jm.stop;
  // So does a cancel-with-savepoint: the job runs on, its checkpoint scheduler started again.
  if (p.id === j.jm.cancel) delete j.jm.cancel;
  j.jm.failedCheckpoints += 1;
  const t = j.task;
  // Its alignment only when it had not snapshotted: else `aligned` belongs to a later checkpoint.
  if (t && p.snapshot === null) {
    // Its barriers not yet taken are cancelled (SubtaskCheckpointCoordinatorImpl: an aborted checkpoint is skipped).
    for (let i = 0; i < t.channels.length; i++)
      t.channels[i] = t.channels[i]!.filter((x) => x.kind === 'record' || x.checkpoint !== p.id);
    t.aligned = t.aligned.map(() => false);
  }
  const failed = j.jm.failedCheckpoints;
  const tolerable = d.config.tolerableFailedCheckpoints;
  d.events.push(
    by === null
      ? { type: 'checkpoint-expired', checkpoint: p.id, failed, tolerable }
      : { type: 'checkpoint-declined', checkpoint: p.id, by, failed, tolerable },
  );
  if (failed <= tolerable) return;
  j.jm.failedCheckpoints = 0;
  const what = by === null ? 'expired' : `declined by the ${by} task`;
  failover(d, `checkpoint ${p.id} ${what}: Exceeded checkpoint tolerable failure threshold (${tolerable})`, no);
}

/**
 * The operator restores job `no`, down, from an older savepoint: the completed checkpoint before the latest
 * (CheckpointCoordinator.restoreSavepoint loads it and resets the checkpoint counter to its id + 1). Output the
 * original run committed after it stays in Kafka while its input is read again: duplicates are inherent here.
 */
export function restoreSavepoint(d: D, no: JobNo = 1): void {
  const jm = slotOf(d, no).jm;
  const sp = jm.previous!;
  jm.latest = sp;
  jm.previous = null;
  jm.nextCheckpointId = sp.id + 1;
  d.faults.savepoints += 1;
  d.events.push({ type: 'savepoint', checkpoint: sp.id });
}

/** The operator restarts job `no`, down, with a new sink.transactional-id-prefix. */
export function changePrefix(d: D, no: JobNo = 1): void {
  const jm = slotOf(d, no).jm;
  jm.prefixGen += 1;
  d.faults.prefixChanges += 1;
  d.events.push({ type: 'prefix', prefix: sinkPrefix(d.config, no, jm.prefixGen) });
}

/**
 * The operator restarts job `no`, down, from its checkpoint with the other parallelism (2 -> 1 or 1 -> 2): the writer
 * and committer list state is redistributed (StatefulSinkWriterStateHandler, CommittableCollector), each restored sink
 * subtask probes its own subtask id and every `+ parallelism` (TransactionAbortStrategyImpl.PROBING).
 */
export function rescale(d: D, no: JobNo = 1): void {
  const jm = slotOf(d, no).jm;
  const from = jm.parallelism;
  jm.parallelism = rescaledTo(d.config, from);
  d.faults.rescales += 1;
  d.events.push({ type: 'rescaled', from, to: jm.parallelism });
}

/**
 * Job `no`'s random initial delay turns out min-pause (CheckpointCoordinator.getRandomInitDelay draws from
 * [min-pause, interval]): the first checkpoint since the (re)start is due min-pause after it, the later ones every
 * interval from there (ScheduledTrigger).
 */
export function earlyFirstCheckpoint(d: D, no: JobNo = 1): void {
  const jm = slotOf(d, no).jm;
  jm.nextTriggerAt = earlyTriggerAt(d.config, jm);
  jm.delayOpen = false;
  d.events.push({ type: 'initial-delay', at: jm.nextTriggerAt });
}

/** The notification is lost (best effort): nothing is committed for it until a later one (to every subtask left). */
export function loseNotification(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  d.events.push({ type: 'notification-lost', checkpoint: j.jm.notify! });
  setNotify(j.jm, null);
  d.faults.lost += 1;
}

/**
 * `faults.lost-subtask-notifications`: the notifyCheckpointOnComplete RPC to sink subtask `sub`'s task is lost (an RPC
 * without retry; the other subtasks get theirs). Its committer commits those committables at the next notification it
 * gets (every committable up to that checkpoint) or at a restore (CommitterOperator.initializeState).
 */
export function loseSubtaskNotification(d: D, no: JobNo, sub: number): void {
  const j = slotOf(d, no);
  d.events.push({ type: 'notification-lost', checkpoint: j.jm.notify!, subtask: sub });
  notified(j.jm, sub);
  d.faults.lostSub = (d.faults.lostSub ?? 0) + 1;
}

/** The job restarts: a new task attempt restored from the latest completed checkpoint, or from scan.startup.mode. */
export function restart(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  j.jm.attempts += 1;
  j.jm.restartAt = null;
  // The periodic checkpoint scheduler restarts with the job (CheckpointCoordinatorDeActivator on RUNNING).
  j.jm.nextTriggerAt = firstTriggerAt(d.config, d.now);
  j.jm.delayOpen = d.config.initialDelay === 'both';
  const fails = startFailure(d.config, d.now, d.kafka, j.jm, no) ?? strategyRefusal(d.config, j.jm);
  if (fails !== null) {
    failover(d, fails, no);
    return;
  }
  const { task, event } = newTask(d.config, d.now, d.kafka, j.jm, j.jm.attempts, no);
  j.task = castDraft(task);
  d.events.push(castDraft(event));
}
