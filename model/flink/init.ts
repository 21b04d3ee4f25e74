/**
 * The initial state, and a freshly deployed task attempt: restored from the latest completed
 * checkpoint, or started from `scan.startup.mode` when there is none. Pure.
 */
import { type Cluster, newCluster, newGroup } from '../kafka/cluster.js';
import { kafkaRules } from '../kafka/keys.js';
import { emptyPartition } from '../kafka/records.js';
import type { FlinkConfig } from './config.js';
import { ownership, redistribute } from './ownership.js';
import { lowestFree, track } from './pool.js';
import {
  arrived,
  committableSub,
  type FlinkEvent,
  type FlinkState,
  inputBase,
  inputName,
  type JobManager,
  type JobNo,
  type JobSlot,
  jobInputs,
  SOURCE_GROUP,
  sinkTransactionalId,
  type Task,
  totalInputs,
  type Writer,
  type WriterState,
} from './state.js';
import { strategyOf, writtenWith } from './strategy.js';

/**
 * Where split `input` (global index) starts without a checkpoint: earliest, the current end, or the group's committed
 * offset; null when group-offsets finds none.
 */
function startOffset(c: FlinkConfig, now: number, kafka: Cluster, input: number): number | null {
  switch (c.startupMode) {
    case 'earliest-offset':
      return 0;
    case 'latest-offset':
      return arrived(c, now);
    case 'group-offsets':
      // The SQL connector's group-offsets is OffsetsInitializer.committedOffsets(strategy), strategy
      // properties.auto.offset.reset, NONE when unset (KafkaDynamicSource): a group without a committed
      // offset (no commit record: recordOffset -1) resets, or has no position.
      return (
        committedOffset(kafka, input) ??
        (c.autoOffsetReset === 'earliest' ? 0 : c.autoOffsetReset === 'latest' ? arrived(c, now) : null)
      );
  }
}

/** The source group's committed offset of input `input`, or null when nothing was ever committed. Pure. */
function committedOffset(kafka: Cluster, input: number): number | null {
  const e = kafka.groups[SOURCE_GROUP]!.committed[input];
  return e && e.recordOffset >= 0 ? e.offset : null;
}

/**
 * Why a fresh start (no checkpoint) of job `no` fails, or null: group-offsets with no committed offset makes the
 * source's consumer throw NoOffsetForPartitionException ("Undefined offset with no reset policy"), a task failure the
 * restart strategy repeats on every restart (KafkaPartitionSplitReader; KafkaTableITCase.testStartFromGroupOffsetsNone,
 * flink-connector-kafka 3.x to 5.0.0). Pure.
 */
export function startFailure(
  c: FlinkConfig,
  now: number,
  kafka: Cluster,
  jm: JobManager,
  no: JobNo = 1,
): string | null {
  if (jm.latest) return null;
  for (let i = 0; i < jobInputs(c, no); i++)
    if (startOffset(c, now, kafka, inputBase(c, no) + i) === null)
      return (
        `NoOffsetForPartitionException: ${inputName(inputBase(c, no) + i)} has no committed offset in group ` +
        'flink-source (scan.startup.mode=group-offsets, no reset policy): the task fails'
      );
  return null;
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
  const pooling = eos && strategyOf(c, jm) === 'POOLING';
  // POOLING: the checkpoint's writer states, redistributed to the parallelism the job restarts with. A checkpoint
  // INCREMENTING wrote has none: each subtask then owns its own id and keeps its restored committables in flight.
  const states =
    pooling && cp
      ? writtenWith(c, cp) === 'POOLING'
        ? redistribute(cp.writerStates, jm.parallelism)
        : Array.from({ length: jm.parallelism }, (_, sub) => [
            {
              owned: sub,
              total: jm.parallelism,
              precommitted: cp.committables
                .filter((x) => committableSub(x) === sub)
                .map((x) => ({ id: kafka.txns[x.txn]!.transactionalId, checkpoint: x.checkpoint })),
            },
          ])
      : [];
  // One writer a sink subtask; subtask `sub` probes its own subtask id first.
  const plain = (sub: number): Writer =>
    eos
      ? {
          buffer: [],
          init: c.abortLingering ? 'probe' : 'init',
          probe: last + 1,
          probeSub: sub,
          probeGen: jm.prefixGen,
          // KafkaWriter.abortLingeringTransactions: the first restored state's prefix too, when it differs.
          oldGen: cp && cp.prefixGen !== jm.prefixGen ? cp.prefixGen : null,
          fill: last + 1,
          name: last + 1,
          txn: null,
          pool: [],
          opened: 0,
          precommitted: [],
          ongoing: [],
          backchannel: [],
          owned: [],
          total: 0,
          error: null,
        }
      : {
          buffer: [],
          init: 'ready',
          probe: 0,
          probeSub: sub,
          probeGen: 0,
          oldGen: null,
          fill: 0,
          name: 0,
          txn: null,
          pool: [],
          opened: 0,
          precommitted: [],
          ongoing: [],
          backchannel: [],
          owned: [],
          total: 0,
          error: null,
        };
  const writerFor = (sub: number): Writer =>
    pooling ? pooledWriter(c, kafka, jm, no, sub, states[sub] ?? []) : plain(sub);
  const writer = writerFor(0);
  // A socket source has no offsets to rewind to (SocketTextStreamFunction is no CheckpointedFunction): each start
  // reads what the socket sends from now on.
  const splits = inputs.map((i) =>
    c.jobSource === 'socket'
      ? Math.max(cp?.offsets[i] ?? 0, arrived(c, now))
      : cp
        ? cp.offsets[i]!
        : (startOffset(c, now, kafka, inputBase(c, no) + i) ?? 0),
  );
  const count = cp ? cp.count : 0;
  const task: Task = {
    attempt,
    status: writer.init === 'ready' ? 'running' : 'initializing',
    splits,
    // Unaligned checkpoints: the channel state is replayed first.
    channels: inputs.map((i) => (cp ? (cp.inflight[i] ?? []).map((x) => ({ ...x })) : [])),
    count,
    aligned: inputs.map(() => false),
    writer,
    otherWriters: Array.from({ length: jm.parallelism - 1 }, (_, i) => writerFor(i + 1)),
    committables: cp ? cp.committables.map((x) => ({ ...x })) : [],
    commitUpTo: last,
    restored: cp
      ? {
          checkpoint: cp.id,
          count: cp.count,
          // Records in the channel state were read before the offsets but are counted after the restore.
          expected: cp.offsets.reduce((a, b) => a + b, 0) - cp.inflight.reduce((a, ch) => a + ch.length, 0),
        }
      : null,
  };
  const event: FlinkEvent = {
    type: 'restored',
    checkpoint: cp ? cp.id : null,
    offsets: splits,
    count,
    mode: c.jobSource === 'socket' ? 'socket' : cp ? 'checkpoint' : c.startupMode,
  };
  return { task, event: no === 2 ? { ...event, from: inputBase(c, no) } : event };
}

/**
 * A POOLING writer of sink subtask `sub` restoring `states` (none on a first start): its owned subtask ids and total
 * (TransactionOwnership.EXPLICIT_BY_WRITER_STATE), its pool starting with the restored pre-committed transactions,
 * which LISTING leaves open, and the transaction startTransaction(restored + 1) opens after the abort: the lowest id
 * of its first owned subtask id not among them (connector 4.0.0 to 5.0.0 ExactlyOnceKafkaWriter.initialize). Pure.
 */
function pooledWriter(
  c: FlinkConfig,
  kafka: Cluster,
  jm: JobManager,
  no: JobNo,
  sub: number,
  states: readonly WriterState[],
): Writer {
  const o = ownership(states, sub, jm.parallelism);
  const last = jm.latest ? jm.latest.id : 0;
  // "new transactions are only created with the first owned subtask id" (createSnapshots).
  const idOf = (n: number): string => sinkTransactionalId(c, n, no, jm.prefixGen, o.owned[0]);
  const name = lowestFree(o.precommitted, idOf);
  return {
    buffer: [],
    init: c.abortLingering ? 'probe' : 'init',
    probe: 0,
    probeSub: sub,
    probeGen: jm.prefixGen,
    // KafkaWriter.abortLingeringTransactions: the first restored state's prefix too, when it differs.
    oldGen: jm.latest && jm.latest.prefixGen !== jm.prefixGen ? jm.latest.prefixGen : null,
    fill: name,
    name,
    txn: null,
    pool: [],
    opened: 0,
    precommitted: o.precommitted
      .map((e) => kafka.txns.findIndex((t) => t.transactionalId === e.id))
      .filter((i) => i >= 0),
    // "first keep track of the transaction and producer because initTransaction may be interrupted"
    ongoing: track(o.precommitted, { id: idOf(name), checkpoint: last + 1 }),
    backchannel: [],
    owned: o.owned,
    total: o.total,
    error: null,
  };
}

/**
 * When the first checkpoint after a (re)start at `now` is due: CheckpointCoordinator.startCheckpointScheduler waits
 * getRandomInitDelay(), uniform in [min-pause, interval]. The model takes an extreme: interval (the default, and the
 * late draw of `both`) or min-pause. Why extremes suffice for the timeout properties: the transaction the restored
 * writer opens on the backlog read at the restart lives until that first checkpoint, so interval is its longest life
 * and min-pause its shortest; a delay in between shifts the later checkpoints as a restart at another moment does.
 * Pure.
 */
export function firstTriggerAt(c: FlinkConfig, now: number): number {
  return now + (c.initialDelay === 'min-pause' ? c.minPauseMs : baseIntervalMs(c));
}

/**
 * The interval checkpoints are scheduled at: execution.checkpointing.interval, raised to min-pause when that is
 * longer (CheckpointCoordinator's constructor: "it does not make sense to schedule checkpoints more often than the
 * desired time between checkpoints"). Pure.
 */
export function baseIntervalMs(c: FlinkConfig): number {
  return Math.max(c.checkpointIntervalMs, c.minPauseMs);
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
    nextTriggerAt: firstTriggerAt(c, 0),
    delayOpen: c.initialDelay === 'both',
    pending: [],
    latest: null,
    previous: null,
    prefixGen: 0,
    parallelism: c.parallelism,
    notify: null,
    restartAt: null,
    failedCheckpoints: 0,
    failures: [],
  };
  // A start that fails (group-offsets without a committed offset) leaves the job down, its restart due.
  const deploy = (no: JobNo): JobSlot =>
    startFailure(c, 0, kafka, jm, no) === null
      ? { jm, task: newTask(c, 0, kafka, jm, 1, no).task }
      : { jm: { ...jm, restartAt: c.restartDelayMs }, task: null };
  const first = deploy(1);
  const second: JobSlot | null = c.jobs === 2 ? deploy(2) : null;
  return {
    config: c,
    now: 0,
    kafka,
    jm: first.jm,
    task: first.task,
    second,
    faults: {
      crashes: 0,
      lost: 0,
      jobmanager: 0,
      slow: 0,
      sendErrors: 0,
      savepoints: 0,
      prefixChanges: 0,
      rescales: 0,
    },
    ghost: { completed: [], commits: [], timedOut: [] },
    events: [],
  };
}
