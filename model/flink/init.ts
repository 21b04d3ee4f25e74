/**
 * The initial state, and a freshly deployed task attempt: restored from the latest completed
 * checkpoint, or started from `scan.startup.mode` when there is none. Pure.
 */
import { type Cluster, newCluster, newGroup } from '../kafka/cluster.js';
import { kafkaRules } from '../kafka/keys.js';
import { emptyPartition } from '../kafka/records.js';
import type { FlinkConfig } from './config.js';
import {
  arrived,
  type FlinkEvent,
  type FlinkState,
  inputBase,
  type JobManager,
  type JobNo,
  type JobSlot,
  jobInputs,
  SOURCE_GROUP,
  type Task,
  totalInputs,
  type Writer,
} from './state.js';

/**
 * Where split `input` (global index) starts without a checkpoint: earliest, the current end, or the group's committed
 * offset.
 */
function startOffset(c: FlinkConfig, now: number, kafka: Cluster, input: number): number {
  switch (c.startupMode) {
    case 'earliest-offset':
      return 0;
    case 'latest-offset':
      return arrived(c, now);
    case 'group-offsets':
      // No committed offset: committedOffsets(EARLIEST), the fallback seed 000 recommends.
      return kafka.groups[SOURCE_GROUP]!.committed[input]?.offset ?? 0;
  }
}

/**
 * A new task attempt. From the JobManager's latest completed checkpoint: split offsets, the
 * count, the committer's committables (committed at once, `commitUpTo`), and an exactly-once
 * writer that first aborts lingering transactions after the restored id (when the safeguard is
 * on), then opens `<prefix>-0-<restored + 1>`. Without a checkpoint: `scan.startup.mode`, count 0,
 * and the same writer start from id 1. Job `no` reads its own inputs (`inputBase`). Pure.
 */
export function newTask(
  c: FlinkConfig,
  now: number,
  kafka: Cluster,
  jm: JobManager,
  attempt: number,
  no: JobNo = 1,
): { task: Task; event: FlinkEvent } {
  const cp = jm.latest;
  const inputs = Array.from({ length: jobInputs(c, no) }, (_, i) => i);
  const last = cp ? cp.id : 0;
  const eos = c.deliveryGuarantee === 'exactly-once';
  const writer: Writer = eos
    ? { buffer: [], init: c.abortLingering ? 'probe' : 'init', probe: last + 1, name: last + 1, txn: null }
    : { buffer: [], init: 'ready', probe: 0, name: 0, txn: null };
  const splits = cp ? [...cp.offsets] : inputs.map((i) => startOffset(c, now, kafka, inputBase(c, no) + i));
  const count = cp ? cp.count : 0;
  const task: Task = {
    attempt,
    status: writer.init === 'ready' ? 'running' : 'initializing',
    splits,
    channels: inputs.map(() => []),
    count,
    aligned: inputs.map(() => false),
    writer,
    committables: cp ? cp.committables.map((x) => ({ ...x })) : [],
    commitUpTo: last,
    restored: cp ? { checkpoint: cp.id, count: cp.count, expected: cp.offsets.reduce((a, b) => a + b, 0) } : null,
  };
  const event: FlinkEvent = {
    type: 'restored',
    checkpoint: cp ? cp.id : null,
    offsets: splits,
    count,
    mode: cp ? 'checkpoint' : c.startupMode,
  };
  return { task, event: no === 2 ? { ...event, from: inputBase(c, no) } : event };
}

/** The initial state: the job (both jobs with jobs=2) deployed at t=0, nothing arrived yet. Pure. */
export function initialState(c: FlinkConfig): FlinkState {
  // The sink's producers are idempotent and transactional; epoch fencing and KAFKA-6119's bump on timeout are on,
  // as on real brokers.
  const kafka: Cluster = newCluster(
    kafkaRules({
      kafkaVersion: c.kafkaVersion,
      transactionVersion: c.transactionVersion,
      verification: c.verification,
      transactionTimeoutMs: c.transactionTimeoutMs,
    }),
    Array.from({ length: c.partitions }, (_, p) => emptyPartition(`out-${p}`)),
    [],
    // The KafkaSource's consumer group: one committed offset per input partition.
    [newGroup('flink-source', totalInputs(c))],
  );
  const jm: JobManager = {
    job: 1,
    attempts: 1,
    nextCheckpointId: 1,
    nextTriggerAt: c.checkpointIntervalMs,
    pending: null,
    latest: null,
    notify: null,
    restartAt: null,
  };
  const { task } = newTask(c, 0, kafka, jm, 1);
  const second: JobSlot | null = c.jobs === 2 ? { jm: { ...jm }, task: newTask(c, 0, kafka, jm, 1, 2).task } : null;
  return {
    config: c,
    now: 0,
    kafka,
    jm,
    task,
    second,
    faults: { crashes: 0, lost: 0, jobmanager: 0 },
    ghost: { completed: [], commits: [] },
    events: [],
  };
}
