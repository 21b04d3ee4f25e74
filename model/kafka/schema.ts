/**
 * The schema of the Kafka cluster slice (`model/core/schema.ts`): what a model embedding the cluster
 * compiles into its own encoding. Every field of every cluster type is named here, so a field added to
 * one does not compile until it is encoded.
 */
import {
  bool,
  fromLike,
  int,
  list,
  nullable,
  oneOf,
  optional,
  type Schema,
  str,
  struct,
  union,
} from '../core/schema.js';
import type {
  Cluster,
  CommittedOffset,
  Coordinator,
  FormerId,
  Group,
  KafkaRules,
  OffsetsLeader,
  Parked,
  PendingMarkers,
  PendingOffset,
  QueuedCompletion,
  StaleCommit,
  StaleMarker,
  TxnMeta,
  TxnState,
} from './cluster.js';
import type { Request } from './network.js';
import type { ProduceRequest } from './produce-request.js';
import type { ClientTxn, Producer } from './producer.js';
import type { ErrorCode, LogEntry, Marker, Origin, Partition, ProducerEntry, Verification } from './records.js';
import type { Acked, EpochStart, PartitionReplicas, Replica, Replication } from './replicas.js';

export const marker = oneOf<Marker>({ COMMIT: 1, ABORT: 1 });

export const errorCode = oneOf<ErrorCode>({
  PRODUCER_FENCED: 1,
  INVALID_PRODUCER_ID_MAPPING: 1,
  TRANSACTION_COORDINATOR_FENCED: 1,
  TRANSACTION_ABORTABLE: 1,
  NOT_ENOUGH_REPLICAS: 1,
  NOT_ENOUGH_REPLICAS_AFTER_APPEND: 1,
  NOT_LEADER_OR_FOLLOWER: 1,
  REQUEST_TIMED_OUT: 1,
  INVALID_PRODUCER_EPOCH: 1,
  CONCURRENT_TRANSACTIONS: 1,
  INVALID_TXN_STATE: 1,
  OUT_OF_ORDER_SEQUENCE_NUMBER: 1,
  DUPLICATE_SEQUENCE_NUMBER: 1,
  UNKNOWN_PRODUCER_ID: 1,
  ILLEGAL_GENERATION: 1,
  UNSTABLE_OFFSET_COMMIT: 1,
  UNKNOWN_SERVER_ERROR: 1,
  UNKNOWN_MEMBER_ID: 1,
  STALE_MEMBER_EPOCH: 1,
});

export const origin = struct<Origin>({ instance: int, txn: nullable(int) });

const logEntry = union<LogEntry, 'kind'>('kind', {
  data: {
    offset: int,
    producerId: int,
    epoch: int,
    sequence: int,
    value: int,
    transactional: bool,
    origin,
    removed: optional(bool),
    unindexed: optional(bool),
    missed: optional(bool),
  },
  control: {
    offset: int,
    producerId: int,
    epoch: int,
    marker,
    coordinatorEpoch: int,
    txnEpoch: int,
    endedBy: nullable(int),
    deleteHorizonMs: optional(int),
    removed: optional(bool),
    missed: optional(bool),
    stillIndexed: optional(bool),
  },
});

const producerEntry = struct<ProducerEntry>({
  producerId: int,
  epoch: int,
  lastSequence: int,
  firstOpenOffset: nullable(int),
  batches: list(struct<ProducerEntry['batches'][number]>({ sequence: int, offset: int })),
  coordinatorEpoch: int,
});

const partition = struct<Partition>({
  name: str,
  log: list(logEntry),
  producers: list(producerEntry),
  guards: list(struct<Verification>({ producerId: int, guard: int })),
  highWatermark: int,
  lastStableOffset: int,
  firstDirtyOffset: optional(int),
});

const txnState = oneOf<TxnState>({
  Empty: 1,
  Ongoing: 1,
  PrepareCommit: 1,
  PrepareAbort: 1,
  CompleteCommit: 1,
  CompleteAbort: 1,
  PrepareEpochFence: 1,
});

type Written = NonNullable<PendingMarkers['written']>[number];

const pendingMarkers = struct<PendingMarkers>({
  marker,
  producerId: int,
  epoch: int,
  txnEpoch: int,
  endedBy: nullable(int),
  all: list(int),
  partitions: list(int),
  offsetsGroup: nullable(int),
  allOffsetsGroup: nullable(int),
  rotateTo: nullable(int),
  written: optional(list(struct<Written>({ partition: int, offset: int, epoch: int }))),
});

const txnMeta = struct<TxnMeta>({
  transactionalId: str,
  producerId: int,
  epoch: int,
  state: txnState,
  partitions: list(int),
  offsetsGroup: nullable(int),
  startMs: nullable(int),
  pending: nullable(pendingMarkers),
  lastProducerEpoch: optional(int),
});

const committedOffset = struct<CommittedOffset>({
  offset: int,
  recordOffset: int,
  producerId: int,
  epoch: int,
  txnEpoch: nullable(int),
  origin: nullable(origin),
  generation: int,
});

const pendingOffset = struct<PendingOffset>({
  partition: int,
  offset: int,
  recordOffset: int,
  producerId: int,
  epoch: int,
  generation: int,
  stale: bool,
  origin,
  late: optional(bool),
});

const staleCommit = struct<StaleCommit>({ partition: int, offset: int, instance: int, generation: int, current: int });

const group = struct<Group>({
  id: str,
  generation: int,
  members: list(int),
  owners: list(nullable(int)),
  committed: list(committedOffset),
  pending: list(pendingOffset),
  logEnd: int,
  producerEpochs: list(struct<Group['producerEpochs'][number]>({ producerId: int, epoch: int })),
  fates: list(struct<Group['fates'][number]>({ origin, input: int, fate: marker })),
  staleCommits: list(staleCommit),
  // Present from the start in a consumer group, before the offsets leader a move adds.
  memberEpochs: optional(list(int)),
  // Present from the start in a classic group of an application, like `memberEpochs` in a consumer group.
  formerIds: optional(list(struct<FormerId>({ instance: int, generation: int }))),
  offsetsLeader: optional(struct<OffsetsLeader>({ moves: int, loading: bool })),
  completions: optional(list(struct<QueuedCompletion>({ producerId: int, marker, txnEpoch: int }))),
});

const staleMarker = struct<StaleMarker>({
  partition: int,
  producerId: int,
  epoch: int,
  marker,
  coordinatorEpoch: int,
  txnEpoch: int,
  endedBy: nullable(int),
});

const coordinator = struct<Coordinator>({
  epoch: int,
  moves: int,
  nextProducerId: int,
  staleMarkers: list(staleMarker),
  loading: optional(bool),
  txnLog: optional(oneOf({ shrunk: 1, restored: 1 })),
  behind: optional(nullable(list(txnMeta))),
});

/** A produce request (a record and its partition) in flight or parked, fields in the order the client makes them. */
export const produceRequest = struct<ProduceRequest>({
  partition: int,
  value: int,
  producerId: int,
  epoch: int,
  sequence: int,
  transactional: bool,
  origin,
});

const produceHeld = { id: int, instance: int, txn: int, req: produceRequest };
const endTxnHeld = { id: int, instance: int, txn: int, producerId: int, epoch: int, result: marker, origin };
const addHeld = { id: int, instance: int, txn: int, producerId: int, epoch: int, partition: int };

const txnHeld = { id: int, instance: int, txn: int, producerId: int, epoch: int };
const idAndEpoch = struct<{ readonly producerId: number; readonly epoch: number }>({ producerId: int, epoch: int });

/** A request a Kafka model holds in the network (model/kafka/network.ts). */
export const request = union<Request, 'type'>('type', {
  Produce: produceHeld,
  EndTxn: endTxnHeld,
  AddPartitionsToTxn: addHeld,
  AddOffsetsToTxn: { ...txnHeld, group: int },
  InitProducerId: { id: int, instance: int, txn: int, expected: nullable(idAndEpoch) },
  TxnOffsetCommit: {
    id: int,
    instance: int,
    txn: int,
    group: int,
    offsets: list(struct<{ readonly partition: number; readonly offset: number }>({ partition: int, offset: int })),
    producerId: int,
    epoch: int,
    generation: int,
    origin,
  },
});

const parked = struct<Parked>({ id: int, req: produceRequest, guard: int, leaderEpoch: optional(int) });

const replica = struct<Replica>({
  log: list(logEntry),
  hw: int,
  epochs: list(struct<EpochStart>({ epoch: int, start: int })),
  known: int,
  caughtUpMs: int,
  follows: int,
  flushed: int,
  firstDirtyOffset: optional(int),
});

const replication = struct<Replication>({
  alive: list(bool),
  crashes: int,
  powerLosses: int,
  partitions: list(
    struct<PartitionReplicas>({
      leader: nullable(int),
      epoch: int,
      isr: list(int),
      elr: list(int),
      lastKnownLeader: nullable(int),
      replicas: list(replica),
    }),
  ),
  acked: list(struct<Acked>({ partition: int, offset: int, value: int })),
});

/** The cluster slice; its rules are the configuration's (`fromLike`). */
export const cluster: Schema<Cluster> = struct<Cluster>({
  rules: fromLike<KafkaRules>(),
  partitions: list(partition),
  txns: list(txnMeta),
  groups: list(group),
  coordinator,
  parked: list(parked),
  forgotten: struct<Cluster['forgotten']>({ producers: int, ids: int }),
  replication: optional(replication),
});

/** A client's producer: its transactional.id's index, producer id, epoch, sequences and open transaction. */
export const producer = struct<Producer>({
  txn: int,
  producerId: int,
  epoch: int,
  sequences: list(int),
  transaction: nullable(
    struct<ClientTxn>({
      no: int,
      partitions: list(int),
      offsetsAdded: bool,
      offsetsSent: bool,
      records: int,
      started: bool,
      error: nullable(errorCode),
    }),
  ),
  bumpEpoch: bool,
});
