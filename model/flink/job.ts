/**
 * The job's rules: the checkpoint coordinator (trigger, completion, notification, restart), the
 * KafkaSource splits, the channels and the count operator with barrier alignment, of job `no` (1,
 * or the second job of `jobs=2`). Over an immer draft, called from `step`.
 */
import { castDraft, type Draft } from 'immer';
import { ctxOf } from '../kafka/cluster.js';
import { newTask } from './init.js';
import { precommit, send } from './sink.js';
import { type FlinkState, inputBase, inputValue, type JobNo, SOURCE_GROUP, slotOf } from './state.js';
import { nextEvent } from './time.js';

type D = Draft<FlinkState>;

/** The clock moves to the next event. */
export function tick(d: D): void {
  const to = nextEvent(d);
  if (to === null) return;
  d.now = to;
  d.events.push({ type: 'clock', now: to });
}

/**
 * The JobManager triggers checkpoint `nextCheckpointId` (checkpoints are due every
 * `execution.checkpointing.interval` from the job's (re)start): every source snapshots its split offset
 * and emits a barrier into its channel (the sources' acknowledgements are taken as given).
 */
export function trigger(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const t = j.task!;
  const id = j.jm.nextCheckpointId;
  j.jm.nextCheckpointId += 1;
  // A fixed rate from the scheduler's start; a slot missed while a checkpoint ran is skipped.
  while (j.jm.nextTriggerAt <= d.now) j.jm.nextTriggerAt += d.config.checkpointIntervalMs;
  j.jm.pending = { id, offsets: [...t.splits], snapshot: null };
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
    t.count += 1;
    t.writer.buffer.push(item.value);
    d.events.push({ type: 'counted', input: inputBase(d.config, no) + input, value: item.value, count: t.count });
    return;
  }
  t.aligned[input] = true;
  const all = t.aligned.every(Boolean);
  d.events.push({
    type: 'barrier',
    input: inputBase(d.config, no) + input,
    checkpoint: item.checkpoint,
    blocked: !all && d.config.checkpointingMode === 'EXACTLY_ONCE',
  });
  if (!all) return;
  const g = d.config.deliveryGuarantee;
  if (g !== 'none') {
    const n = t.writer.buffer.length;
    if (!send(d, no)) return;
    if (n > 0) d.events.push({ type: 'flushed', records: n });
  }
  if (g === 'exactly-once') precommit(d, item.checkpoint, no);
  const task = j.task!;
  task.aligned = task.aligned.map(() => false);
  const pending = j.jm.pending!;
  pending.snapshot = { count: task.count, committables: task.committables.map((c) => ({ ...c })) };
  d.events.push({
    type: 'snapshot',
    checkpoint: item.checkpoint,
    count: task.count,
    committables: task.committables.length,
  });
}

/**
 * The operator+sink task acknowledges; with every acknowledgement in, the JobManager completes the checkpoint and will
 * notify.
 */
export function ack(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const p = j.jm.pending!;
  const snap = p.snapshot!;
  j.jm.latest = {
    id: p.id,
    job: j.jm.job,
    offsets: [...p.offsets],
    count: snap.count,
    committables: snap.committables.map((c) => ({ ...c })),
    at: d.now,
  };
  j.jm.pending = null;
  j.jm.notify = p.id;
  d.ghost.completed.push(
    no === 2 ? { job: j.jm.job, checkpoint: p.id, flink: 2 } : { job: j.jm.job, checkpoint: p.id },
  );
  d.events.push({ type: 'completed', checkpoint: p.id });
}

/**
 * notifyCheckpointComplete reaches the tasks: the source commits the checkpoint's offsets to its
 * consumer group (commit.offsets.on.checkpoint), the committer may commit every committable up to it.
 */
export function notify(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  const id = j.jm.notify!;
  j.jm.notify = null;
  const t = j.task!;
  t.commitUpTo = Math.max(t.commitUpTo, id);
  d.events.push({ type: 'notified', checkpoint: id });
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

/** The notification is lost (best effort): nothing is committed for it until a later one. */
export function loseNotification(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  d.events.push({ type: 'notification-lost', checkpoint: j.jm.notify! });
  j.jm.notify = null;
  d.faults.lost += 1;
}

/** The job restarts: a new task attempt restored from the latest completed checkpoint, or from scan.startup.mode. */
export function restart(d: D, no: JobNo = 1): void {
  const j = slotOf(d, no);
  j.jm.attempts += 1;
  j.jm.restartAt = null;
  // The periodic checkpoint scheduler restarts with the job: the first checkpoint one interval later.
  j.jm.nextTriggerAt = d.now + d.config.checkpointIntervalMs;
  const { task, event } = newTask(d.config, d.now, d.kafka, j.jm, j.jm.attempts, no);
  j.task = castDraft(task);
  d.events.push(castDraft(event));
}

export { ctxOf };
