import type { KafkaTxnConfig } from './config.js';

/** A transaction's outcome, as a control record's marker says it. */
export type Marker = 'COMMIT' | 'ABORT';

/**
 * Ghost data on a record: which client instance wrote it, in which of its transactions. Kafka's
 * log does not hold this; the invariants use it to judge fates and fencing. Never read by rules.
 */
export interface Origin {
  readonly instance: number;
  readonly txn: number | null;
}

/** A data record (one record per batch in this model). */
export interface DataEntry {
  readonly kind: 'data';
  readonly offset: number;
  readonly producerId: number;
  readonly epoch: number;
  readonly sequence: number;
  readonly value: number;
  readonly transactional: boolean;
  readonly origin: Origin;
}

/**
 * A control record: a COMMIT or ABORT marker written by the transaction coordinator (KIP-98). It
 * takes an offset like a data record, so a read_committed consumer sees gaps.
 */
export interface ControlEntry {
  readonly kind: 'control';
  readonly offset: number;
  readonly producerId: number;
  readonly epoch: number;
  readonly marker: Marker;
  /** Ghost: the coordinator's epoch of the transaction this marker ends. */
  readonly txnEpoch: number;
  /** Ghost: the epoch of the EndTxn request that decided it, or null when the coordinator did (timeout, fence). */
  readonly endedBy: number | null;
}

/** One entry of a partition's log. */
export type LogEntry = DataEntry | ControlEntry;

/** A broker's producer state for one producer id on one partition (Kafka's ProducerStateManager). */
export interface ProducerEntry {
  readonly producerId: number;
  readonly epoch: number;
  readonly lastSequence: number;
  /** Offset of the first record of this producer's open transaction here, or null. */
  readonly firstOpenOffset: number | null;
  /** The last five batches, for de-duplicating a retried batch (KIP-98, max.in.flight <= 5). */
  readonly batches: readonly { readonly sequence: number; readonly offset: number }[];
}

/** A partition of the output topic `out`: one replica, so the high watermark is the log end. */
export interface Partition {
  readonly name: string;
  readonly log: readonly LogEntry[];
  readonly producers: readonly ProducerEntry[];
  readonly highWatermark: number;
  /** Maintained by the broker on every append and marker; `lso-bound` re-derives it from the log. */
  readonly lastStableOffset: number;
}

/** The transaction coordinator's states of a transactional.id (Kafka's TransactionState). */
export type TxnState = 'Empty' | 'Ongoing' | 'PrepareCommit' | 'PrepareAbort' | 'CompleteCommit' | 'CompleteAbort' | 'PrepareEpochFence';

/** Markers the coordinator has decided but not yet written (state PrepareCommit / PrepareAbort). */
export interface PendingMarkers {
  readonly marker: Marker;
  readonly txnEpoch: number;
  readonly endedBy: number | null;
}

/** The coordinator's metadata for one transactional.id (its entry in `__transaction_state`). */
export interface TxnMeta {
  readonly transactionalId: string;
  readonly producerId: number;
  /** -1 until the first InitProducerId. */
  readonly epoch: number;
  readonly state: TxnState;
  readonly partitions: readonly number[];
  /** AddOffsetsToTxn done: the group's `__consumer_offsets` partition is in the transaction. */
  readonly offsets: boolean;
  readonly startMs: number | null;
  readonly pending: PendingMarkers | null;
}

/** A committed input offset in `__consumer_offsets`, with ghost data about who committed it. */
export interface CommittedOffset {
  readonly offset: number;
  readonly producerId: number;
  readonly epoch: number;
  /** Ghost: the epoch of the transaction that committed it, or null for a plain OffsetCommit. */
  readonly txnEpoch: number | null;
  readonly origin: Origin | null;
}

/** A TxnOffsetCommit waiting for its transaction's marker. */
export interface PendingOffset {
  readonly input: number;
  readonly offset: number;
  readonly producerId: number;
  readonly epoch: number;
  readonly origin: Origin;
}

/** The group `app` in `__consumer_offsets`: one input partition per producer app. */
export interface GroupOffsets {
  readonly committed: readonly CommittedOffset[];
  readonly pending: readonly PendingOffset[];
  /** The epoch the offsets partition last saw for each producer id (from markers), for fencing. */
  readonly producerEpochs: readonly { readonly producerId: number; readonly epoch: number }[];
  /** Ghost: the fate of every transactional offset commit once its marker was written. */
  readonly fates: readonly { readonly origin: Origin; readonly input: number; readonly fate: Marker }[];
}

/** A client's view of its open transaction. */
export interface ClientTxn {
  readonly no: number;
  readonly startPosition: number;
  readonly partitions: readonly number[];
  readonly offsetsSent: boolean;
  readonly records: number;
  /** An abortable error (OUT_OF_ORDER_SEQUENCE_NUMBER, INVALID_TXN_STATE): only abort is left. */
  readonly error: ErrorCode | null;
}

/** A produced batch whose request timed out at the client; it may still be in the network. */
export interface Unacked {
  readonly request: number;
  readonly partition: number;
  readonly value: number;
  readonly sequence: number;
}

/** Lifecycle of one client instance (one process incarnation of an app). */
export type InstanceStatus = 'new' | 'ready' | 'in-txn' | 'fenced' | 'failed' | 'crashed';

/** One incarnation of a producer app: reads its input partition, writes `out`, commits offsets. */
export interface Instance {
  /** Unique id: `instanceId(config, app, incarnation)`, so an id always names the same app's instance. */
  readonly id: number;
  readonly app: number;
  /** 1 for the app's first instance, 2 for its first restart or replacement, ... */
  readonly incarnation: number;
  readonly status: InstanceStatus;
  readonly paused: boolean;
  readonly producerId: number;
  readonly epoch: number;
  readonly sequences: readonly number[];
  /** Next input offset to process. */
  readonly position: number;
  /** The last input offset this instance committed (plain producer app). */
  readonly committedPosition: number;
  readonly txnCount: number;
  readonly txn: ClientTxn | null;
  readonly unacked: readonly Unacked[];
}

/** A request delayed in the network: it lands when a `Deliver` action picks it. */
export type Request =
  | { readonly type: 'Produce'; readonly id: number; readonly instance: number; readonly app: number; readonly partition: number; readonly value: number; readonly producerId: number; readonly epoch: number; readonly sequence: number; readonly transactional: boolean; readonly origin: Origin }
  | { readonly type: 'EndTxn'; readonly id: number; readonly instance: number; readonly app: number; readonly producerId: number; readonly epoch: number; readonly result: Marker; readonly origin: Origin };

/** Ghost: what a client was told about the end of one of its transactions. */
export interface ClientOutcome {
  readonly instance: number;
  readonly txn: number;
  readonly result: Marker;
}

/** Kafka error codes the model returns (their real names). */
export type ErrorCode =
  | 'PRODUCER_FENCED'
  | 'INVALID_PRODUCER_EPOCH'
  | 'CONCURRENT_TRANSACTIONS'
  | 'INVALID_TXN_STATE'
  | 'OUT_OF_ORDER_SEQUENCE_NUMBER'
  | 'DUPLICATE_SEQUENCE_NUMBER';

/** What a step did, as data for the renderers; not part of a state's identity. */
export type StepEvent =
  | { readonly type: 'appended'; readonly partition: number; readonly offset: number }
  | { readonly type: 'marker'; readonly partition: number | 'offsets'; readonly offset: number | null; readonly marker: Marker; readonly epoch: number }
  | { readonly type: 'duplicate'; readonly partition: number; readonly sequence: number; readonly offset: number }
  | { readonly type: 'rejected'; readonly by: string; readonly error: ErrorCode; readonly request: string }
  | { readonly type: 'txn-state'; readonly app: number; readonly from: TxnState; readonly to: TxnState; readonly epoch: number }
  | { readonly type: 'epoch'; readonly app: number; readonly instance: number; readonly producerId: number; readonly epoch: number }
  | { readonly type: 'added'; readonly app: number; readonly partition: number | 'offsets' }
  | { readonly type: 'offsets'; readonly input: number; readonly offset: number; readonly how: 'pending' | 'committed' | 'dropped' }
  | { readonly type: 'client'; readonly instance: number; readonly status: string }
  | { readonly type: 'delayed'; readonly request: number; readonly what: string }
  | { readonly type: 'clock'; readonly now: number };

/** The whole `kafka-txn` state. Frozen; every change goes through `step`. */
export interface KafkaState {
  readonly config: KafkaTxnConfig;
  /** Logical clock in milliseconds. */
  readonly now: number;
  readonly partitions: readonly Partition[];
  readonly offsets: GroupOffsets;
  readonly txns: readonly TxnMeta[];
  readonly instances: readonly Instance[];
  readonly network: readonly Request[];
  readonly nextRequest: number;
  readonly faults: { readonly crashes: number; readonly pauses: number };
  readonly outcomes: readonly ClientOutcome[];
  /** What the last step did (for rendering; excluded from state keys). */
  readonly events: readonly StepEvent[];
}

/** The input value at `position` of app `app` (inputs are sequence numbers 1, 2, 3, ...). Pure. */
export function inputValue(config: KafkaTxnConfig, app: number, position: number): number {
  return app * config.inputRecords + position + 1;
}

/** Name of output partition `p`. */
export function partitionName(p: number): string {
  return `out-${p}`;
}

/**
 * The id of incarnation `incarnation` (1-based) of app `app`: app-0's instances are 1, 1 + n,
 * 1 + 2n, ... for n producers, so removing another app's restart never renames this app's instances.
 */
export function instanceId(config: KafkaTxnConfig, app: number, incarnation: number): number {
  return app + 1 + (incarnation - 1) * config.producers;
}

/** `app-0#2`: the app's transactional.id and the incarnation number. */
export function instanceName(i: Instance): string {
  return `${transactionalId(i.app)}#${i.incarnation}`;
}

/** transactional.id of app `a`. */
export function transactionalId(a: number): string {
  return `app-${a}`;
}

/** Whether the apps are transactional: Kafka requires idempotence for a transactional.id. */
export function isTransactional(config: KafkaTxnConfig): boolean {
  return config.enableIdempotence;
}

/** The latest instance of app `a` (the one a supervisor would restart). */
export function latestInstance(s: KafkaState, a: number): Instance | undefined {
  for (let i = s.instances.length - 1; i >= 0; i--) {
    const inst = s.instances[i]!;
    if (inst.app === a) return inst;
  }
  return undefined;
}
