/**
 * What a partition holds: data records and control records (COMMIT/ABORT markers, KIP-98), the
 * leader's producer state (ProducerStateManager), the high watermark and the LSO; and the Kafka
 * error codes the rules answer with, under their real names.
 */

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
  /** -1 for a plain (non-idempotent) producer. */
  readonly producerId: number;
  readonly epoch: number;
  readonly sequence: number;
  readonly value: number;
  readonly transactional: boolean;
  readonly origin: Origin;
  /**
   * The log cleaner removed it (cleanup.policy=compact, model/kafka/log-cleaner.ts). Compaction keeps every
   * other record's offset, so the entry stays in place as a ghost that no reader returns. Absent otherwise.
   */
  readonly removed?: boolean;
  /**
   * It belongs to an aborted transaction that a cleaning left out of the partition's transaction index
   * (KAFKA-13727): a read_committed fetch gets no AbortedTransaction for it, so the consumer returns it.
   * Absent otherwise.
   */
  readonly unindexed?: boolean;
  /**
   * A follower's copy only: its fetch passed this offset after the leader's cleaner had removed the record, so this
   * replica never held it (a ghost, `removed` too). Absent otherwise.
   */
  readonly missed?: boolean;
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
  /**
   * The epoch of the coordinator that wrote it (EndTransactionMarker.coordinatorEpoch): every replica
   * replaying the record keeps it in its producer state, so a new leader fences an older coordinator too.
   */
  readonly coordinatorEpoch: number;
  /** Ghost: the producer epoch of the transaction this marker ends. */
  readonly txnEpoch: number;
  /** Ghost: the epoch of the EndTxn request that decided it, or null when the coordinator did (timeout, fence). */
  readonly endedBy: number | null;
  /**
   * The batch's delete horizon (KIP-534, RecordBatch.deleteHorizonMs): set by the cleaning that first found none of
   * its transaction's records to keep it for, at that time plus delete.retention.ms; a cleaning from then on removes
   * it. Absent until then.
   */
  readonly deleteHorizonMs?: number;
  /**
   * The log cleaner removed it. It stays in place as a ghost: the invariants still judge its transaction's records
   * by it, while no reader sees it. Absent otherwise.
   */
  readonly removed?: boolean;
  /**
   * A follower's copy only: its fetch passed this offset after the leader's cleaner had removed the marker, so this
   * replica never appended it and its producer state keeps the transaction open (a ghost, `removed` too; the
   * invariants still judge by it). Absent otherwise.
   */
  readonly missed?: boolean;
  /**
   * A follower's copy that came with its leader's delete horizon: the replica appended the marker, so its own
   * transaction index holds the transaction (ProducerStateManager.completeTxn) until its own cleaner finds none of
   * its records (CleanedTransactionMetadata.onControlBatchRead). Absent otherwise.
   */
  readonly stillIndexed?: boolean;
}

/** One entry of a partition's log. */
export type LogEntry = DataEntry | ControlEntry;

/** A replica's producer state for one producer id (Kafka's ProducerStateManager entry). */
export interface ProducerEntry {
  readonly producerId: number;
  readonly epoch: number;
  readonly lastSequence: number;
  /** Offset of the first record of this producer's open transaction here, or null. */
  readonly firstOpenOffset: number | null;
  /** The last five batches, for de-duplicating a retried batch (KIP-98, max.in.flight <= 5). */
  readonly batches: readonly { readonly sequence: number; readonly offset: number }[];
  /** The coordinator epoch of the last marker (-1: none); an older coordinator's marker is fenced. */
  readonly coordinatorEpoch: number;
}

/**
 * Producer `producerId`'s state after a COMMIT or ABORT marker of producer epoch `epoch` from coordinator epoch
 * `coordinatorEpoch`, `e` its state before (undefined: none): no transaction open, the marker's coordinator epoch,
 * and a newer producer epoch with no sequence yet (ProducerAppendInfo.appendEndTxnMarker, ProducerStateEntry.update).
 * The leader applies it after its checks; a follower, and a broker rebuilding its state from its log, replay the
 * control record the same way. Pure.
 */
export function afterMarker(
  e: ProducerEntry | undefined,
  producerId: number,
  epoch: number,
  coordinatorEpoch: number,
): ProducerEntry {
  const base = e ?? { producerId, epoch, lastSequence: -1, firstOpenOffset: null, batches: [], coordinatorEpoch };
  return epoch > base.epoch
    ? { ...base, epoch, lastSequence: -1, batches: [], firstOpenOffset: null, coordinatorEpoch }
    : { ...base, firstOpenOffset: null, coordinatorEpoch };
}

/**
 * The verification state of a producer at a leader (VerificationStateEntry, KIP-890 part 1): the
 * guard of a transactional write the coordinator has verified and the leader not yet appended. It
 * is kept apart from the producer's entry (a producer the leader has no state for keeps none); a
 * marker or the first transactional append of the producer clears it.
 */
export interface Verification {
  readonly producerId: number;
  readonly guard: number;
}

/** A topic-partition: one replica, so the high watermark is the log end. */
export interface Partition {
  /** `out-0`, `changelog-0`, ... */
  readonly name: string;
  readonly log: readonly LogEntry[];
  readonly producers: readonly ProducerEntry[];
  /** Verification guards by producer (at most one each). */
  readonly guards: readonly Verification[];
  readonly highWatermark: number;
  /** Maintained by the leader on every append and marker; `lso-bound` re-derives it from the log. */
  readonly lastStableOffset: number;
  /** The log cleaner's checkpoint: where its next cleaning starts mapping keys (absent: never cleaned, 0). */
  readonly firstDirtyOffset?: number;
}

/** An empty partition named `name`. Pure. */
export function emptyPartition(name: string): Partition {
  return { name, log: [], producers: [], guards: [], highWatermark: 0, lastStableOffset: 0 };
}

/** Kafka error codes the rules answer with (their real names). */
export type ErrorCode =
  | 'PRODUCER_FENCED'
  | 'INVALID_PRODUCER_ID_MAPPING'
  | 'TRANSACTION_COORDINATOR_FENCED'
  | 'TRANSACTION_ABORTABLE'
  | 'NOT_ENOUGH_REPLICAS'
  | 'NOT_ENOUGH_REPLICAS_AFTER_APPEND'
  | 'NOT_LEADER_OR_FOLLOWER'
  | 'REQUEST_TIMED_OUT'
  | 'INVALID_PRODUCER_EPOCH'
  | 'CONCURRENT_TRANSACTIONS'
  | 'INVALID_TXN_STATE'
  | 'OUT_OF_ORDER_SEQUENCE_NUMBER'
  | 'DUPLICATE_SEQUENCE_NUMBER'
  | 'UNKNOWN_PRODUCER_ID'
  | 'ILLEGAL_GENERATION'
  /** A group member the coordinator no longer has (removed, fenced): KIP-848's and the classic coordinator's. */
  | 'UNKNOWN_MEMBER_ID'
  /** KIP-848: an OffsetCommit with a member epoch other than the member's (ConsumerGroup.validateMemberEpoch). */
  | 'STALE_MEMBER_EPOCH'
  | 'UNSTABLE_OFFSET_COMMIT'
  /** An exception the broker did not map to an error of its own (KafkaApis answers Errors.forException). */
  | 'UNKNOWN_SERVER_ERROR';
