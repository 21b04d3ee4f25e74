/**
 * The `flink-kafka` state's schema (`model/core/schema.ts`), compiled into the model's encoding: the
 * words that identify a state (everything but the configuration and the last step's events) and keep it
 * in a search level, decoded when the state is expanded or passed to another worker. Fields are listed in
 * the order the model makes them (a decoded object then has the layout of the model's own).
 */
import {
  bool,
  compileSchema,
  fromLike,
  int,
  list,
  literal,
  none,
  nullable,
  oneOf,
  optional,
  type Schema,
  str,
  struct,
  union,
} from '../core/schema.js';
import { cluster, producer } from '../kafka/schema.js';
import type { FlinkConfig } from './config.js';
import type {
  ChannelItem,
  Committable,
  CompletedCheckpoint,
  Finished,
  FlinkEvent,
  FlinkState,
  Ghost,
  JobManager,
  JobSlot,
  PendingCheckpoint,
  PoolEntry,
  Restored,
  SavepointKind,
  Task,
  TimedOut,
  Writer,
  WriterState,
  WriterTxn,
} from './state.js';

const channelItem = union<ChannelItem, 'kind'>('kind', {
  record: { value: int, offset: int },
  barrier: { checkpoint: int },
});
const channels: Schema<readonly (readonly ChannelItem[])[]> = list(list(channelItem));

const committable = struct<Committable>({
  checkpoint: int,
  txn: int,
  name: int,
  producerId: int,
  epoch: int,
  origin: struct<Committable['origin']>({ instance: int, txn: nullable(int) }),
  subtask: optional(int),
  retryAt: optional(int),
});

const poolEntry = struct<PoolEntry>({ id: str, checkpoint: int });
const writerState = struct<WriterState>({ owned: int, total: int, precommitted: list(poolEntry) });

const writer = struct<Writer>({
  buffer: list(int),
  init: oneOf<Writer['init']>({ probe: 1, init: 1, ready: 1 }),
  probe: int,
  probeSub: int,
  probeGen: int,
  oldGen: nullable(int),
  fill: int,
  name: int,
  txn: nullable(struct<WriterTxn>({ name: int, producer, seq: int })),
  pool: list(struct<Writer['pool'][number]>({ name: int, producer })),
  opened: int,
  precommitted: list(int),
  ongoing: list(poolEntry),
  backchannel: list(struct<Finished>({ id: str, success: bool })),
  owned: list(int),
  total: int,
  error: nullable(int),
});

const task = struct<Task>({
  attempt: int,
  status: oneOf<Task['status']>({ initializing: 1, running: 1 }),
  splits: list(int),
  channels,
  count: int,
  aligned: list(bool),
  writer,
  otherWriters: list(writer),
  committables: list(committable),
  commitUpTo: int,
  restored: nullable(struct<Restored>({ checkpoint: int, count: int, expected: int })),
  ended: optional(bool),
  retryAt: optional(int),
  subUpTo: optional(list(int)),
});

type Snapshot = NonNullable<PendingCheckpoint['snapshot']>;

const pending = struct<PendingCheckpoint>({
  id: int,
  triggeredAt: int,
  ackAt: int,
  offsets: list(int),
  snapshot: nullable(
    struct<Snapshot>({
      count: int,
      committables: list(committable),
      inflight: channels,
      writerStates: list(writerState),
      waiting: optional(list(int)),
    }),
  ),
  savepoint: optional(oneOf<SavepointKind>({ intermediate: 1, stop: 1, cancel: 1 })),
});

const completed = struct<CompletedCheckpoint>({
  id: int,
  job: int,
  offsets: list(int),
  count: int,
  committables: list(committable),
  inflight: channels,
  prefixGen: int,
  writerStates: list(writerState),
  at: int,
  strategy: optional(oneOf<NonNullable<CompletedCheckpoint['strategy']>>({ INCREMENTING: 1, POOLING: 1 })),
});

const jobManager = struct<JobManager>({
  job: int,
  attempts: int,
  nextCheckpointId: int,
  nextTriggerAt: int,
  delayOpen: bool,
  pending: list(pending),
  latest: nullable(completed),
  previous: nullable(completed),
  prefixGen: int,
  parallelism: int,
  notify: nullable(int),
  restartAt: nullable(int),
  failedCheckpoints: int,
  failures: list(int),
  savepoint: optional(completed),
  stop: optional(int),
  cancel: optional(int),
  abandoned: optional(bool),
  strategy: optional(oneOf<NonNullable<JobManager['strategy']>>({ INCREMENTING: 1, POOLING: 1 })),
  unnotified: optional(list(int)),
});

const ghost = struct<Ghost>({
  completed: list(struct<Ghost['completed'][number]>({ job: int, checkpoint: int, flink: optional(literal<2>()) })),
  commits: list(
    struct<Ghost['commits'][number]>({
      job: int,
      checkpoint: nullable(int),
      name: int,
      flink: optional(literal<2>()),
      via: optional(int),
    }),
  ),
  timedOut: list(struct<TimedOut>({ transactionalId: str, partition: int, offset: int, from: int, at: int })),
});

/** The state's encoding and decoding. */
export const flinkCodec = compileSchema(
  struct<FlinkState>({
    config: fromLike<FlinkConfig>(),
    now: int,
    kafka: cluster,
    jm: jobManager,
    task: nullable(task),
    second: nullable(struct<JobSlot>({ jm: jobManager, task: nullable(task) })),
    faults: struct<FlinkState['faults']>({
      crashes: int,
      lost: int,
      jobmanager: int,
      slow: int,
      sendErrors: int,
      savepoints: int,
      prefixChanges: int,
      rescales: int,
      savepointsTaken: optional(int),
      commitRetries: optional(int),
      commitDownUntil: optional(int),
      strategyChanges: optional(int),
      declined: optional(int),
      lostSub: optional(int),
    }),
    ghost,
    events: none<readonly FlinkEvent[]>(),
  }),
);
