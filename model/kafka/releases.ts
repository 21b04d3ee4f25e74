/**
 * Kafka releases as data: what each release in `kafka.version` does differently in the exactly-once
 * machinery, with where it comes from (a KIP or JIRA, read against the release's own classes). The
 * cluster's rules and the application models read these flags; `kafka.version` derives the
 * defaults of `transaction.version` and `transaction.partition.verification.enable` from them, and
 * explicit keys override within what the release has.
 */

/** The releases `kafka.version` accepts, oldest first. */
export const KAFKA_VERSIONS = ['2.4', '2.5', '2.7', '3.5', '3.6', '3.9', '4.0', '4.1'] as const;

/** A release in `kafka.version`. */
export type KafkaVersion = (typeof KAFKA_VERSIONS)[number];

/** The newest release: `kafka.version`'s default. */
export const NEWEST: KafkaVersion = '4.1';

/** What one release does. Every flag names the first release that has it. */
export interface Release {
  /**
   * `transaction.version` a new cluster runs: 2 from 4.0 (KIP-890 part 2: a bootstrap metadata
   * version of 4.0-IV2 finalizes the feature, TransactionVersion.TV_2); 1 before (3.9 has the enum
   * but only behind an unstable metadata version).
   */
  readonly transactionVersion: 1 | 2;
  /** transaction.version=2 can be set at all (4.0+). */
  readonly hasTransactionV2: boolean;
  /**
   * `transaction.partition.verification.enable` exists and defaults to true (KIP-890 part 1,
   * KAFKA-14561, 3.6.0; reverted from 3.5): the leader verifies the first transactional write of a
   * producer to a partition with the coordinator (ReplicaManager, AddPartitionsToTxnManager).
   */
  readonly verification: boolean;
  /**
   * A verification finding the partition outside the transaction answers TRANSACTION_ABORTABLE (3.8; before,
   * INVALID_TXN_STATE).
   */
  readonly transactionAbortable: boolean;
  /** TxnOffsetCommit is verified too (KAFKA-15784, 3.7). */
  readonly offsetsVerification: boolean;
  /**
   * A leader with no state for a producer accepts its write at any sequence and epoch (KAFKA-8710,
   * KIP-360, 2.5); before, a sequence past 0 is UNKNOWN_PRODUCER_ID (ProducerStateManager).
   */
  readonly unknownProducerAccepted: boolean;
  /**
   * The Java client reads a produce's INVALID_PRODUCER_EPOCH as InvalidProducerEpochException, an
   * abortable error (KIP-588, KAFKA-10687, 2.7); before, as ProducerFencedException, fatal.
   */
  readonly staleEpochAbortable: boolean;
  /**
   * KIP-360 (2.5): after an abortable error the client aborts and bumps its epoch with
   * InitProducerId(producerId, epoch), so UNKNOWN_PRODUCER_ID and a timed-out batch are recoverable;
   * before, both are fatal.
   */
  readonly kip360: boolean;
  /**
   * INVALID_PRODUCER_ID_MAPPING is fatal at the client (2.4, and again from 4.0: KAFKA-18019); in
   * between it is abortable when the coordinator can bump the epoch.
   */
  readonly invalidMappingFatal: boolean;
  /**
   * The group coordinator checks the member and generation a TxnOffsetCommit carries (KIP-447,
   * GroupCoordinator.doTxnCommitOffsets, 2.5); 2.4 checks none.
   */
  readonly txnOffsetGenerationCheck: boolean;
  /** EndTxn from a client must carry the current epoch (KAFKA-9600, 2.6); before, only an older one is fenced. */
  readonly endTxnExactEpoch: boolean;
  /** Kafka Streams `processing.guarantee=exactly_once` (EOS v1) exists (removed in 4.0, KAFKA-16331). */
  readonly streamsEosV1: boolean;
  /** Kafka Streams EOS v2 exists (2.6 as exactly_once_beta, exactly_once_v2 from 3.0). */
  readonly streamsEosV2: boolean;
  /**
   * Streams EOS v1 sends its consumer's full group metadata with the offsets (2.6-2.8, KIP-447 with
   * auto-downgrade); 2.4/2.5 and 3.0-3.9 send the group id only (KAFKA-12574), so no generation check.
   */
  readonly streamsEosV1FullMetadata: boolean;
  /**
   * Streams persists its process id in the state directory (KAFKA-10716, 2.8), so a restarted
   * stateful instance keeps its EOS v2 transactional.id (`<application.id>-<process id>-<thread>`);
   * before, each start draws a new UUID, hence a new transactional.id.
   */
  readonly streamsProcessIdPersisted: boolean;
  /** Kafka Streams' producer `transaction.timeout.ms` under EOS: 10000 from 2.6 (StreamsConfig), 60000 before. */
  readonly streamsTransactionTimeoutMs: number;
  /**
   * min.insync.replicas above the replication factor counts as the replication factor
   * (Partition.effectiveMinIsr, KAFKA-15583, 3.7); before, every acks=all write is refused.
   */
  readonly minIsrCapped: boolean;
  /**
   * The leader does not raise the high watermark while the ISR is below min.insync.replicas
   * (Partition.maybeIncrementLeaderHW, KAFKA-15583, 3.7): an acks=all write waits for the ISR to grow
   * back instead of answering NOT_ENOUGH_REPLICAS_AFTER_APPEND.
   */
  readonly hwFrozenUnderMinIsr: boolean;
  /** The consumer's session.timeout.ms default: 45000 from 3.0 (KIP-735, ConsumerConfig), 10000 before. */
  readonly sessionTimeoutMs: number;
  /** What changed in this release, one line each, for `eoscheck models`. */
  readonly changes: readonly string[];
}

const r24: Release = {
  transactionVersion: 1,
  hasTransactionV2: false,
  verification: false,
  transactionAbortable: false,
  offsetsVerification: false,
  unknownProducerAccepted: false,
  staleEpochAbortable: false,
  kip360: false,
  invalidMappingFatal: true,
  txnOffsetGenerationCheck: false,
  endTxnExactEpoch: false,
  streamsEosV1: true,
  streamsEosV2: false,
  streamsEosV1FullMetadata: false,
  streamsProcessIdPersisted: false,
  streamsTransactionTimeoutMs: 60000,
  minIsrCapped: false,
  hwFrozenUnderMinIsr: false,
  sessionTimeoutMs: 10000,
  changes: [
    'KIP-98 transactions; a produce from a producer the leader has no state for, past sequence 0, is ' +
      'UNKNOWN_PRODUCER_ID (fatal at the client); a stale-epoch produce is fatal; no generation check on ' +
      'TxnOffsetCommit; Streams has exactly_once (EOS v1) only',
  ],
};
const r25: Release = {
  ...r24,
  unknownProducerAccepted: true,
  kip360: true,
  invalidMappingFatal: false,
  txnOffsetGenerationCheck: true,
  changes: [
    'KIP-360 / KAFKA-8710: the leader accepts an unknown producer at any sequence; the client aborts and bumps its ' +
      'epoch after UNKNOWN_PRODUCER_ID or a timed-out batch instead of failing',
    'KIP-447: TxnOffsetCommit carries the group generation and the coordinator checks it; OffsetFetch ' +
      'require_stable',
  ],
};
const r27: Release = {
  ...r25,
  staleEpochAbortable: true,
  endTxnExactEpoch: true,
  streamsEosV2: true,
  streamsEosV1FullMetadata: true,
  streamsTransactionTimeoutMs: 10000,
  changes: [
    'KIP-588 / KAFKA-10687: a stale-epoch produce (INVALID_PRODUCER_EPOCH) is abortable at the client, not fatal',
    'KAFKA-9600 (2.6): a client EndTxn must carry the current epoch',
    'Streams: EOS v2 (exactly_once_beta) with a producer per thread; EOS v1 sends full group metadata; ' +
      'transaction.timeout.ms 10000 under EOS',
  ],
};
const r35: Release = {
  ...r27,
  streamsEosV1FullMetadata: false,
  streamsProcessIdPersisted: true,
  sessionTimeoutMs: 45000,
  changes: [
    'Streams: the process id is persisted in the state directory (KAFKA-10716, 2.8), so a restarted stateful ' +
      'instance keeps its EOS v2 transactional.id; EOS v1 sends the group id only again (KAFKA-12574, 3.0)',
    'no partition verification: KIP-890 part 1 was reverted from 3.5',
    "KIP-735 (3.0): the consumer's session.timeout.ms defaults to 45000 (10000 before)",
  ],
};
const r36: Release = {
  ...r35,
  verification: true,
  changes: [
    'KIP-890 part 1 (KAFKA-14561): transaction.partition.verification.enable=true; the leader verifies a ' +
      "producer's first transactional write to a partition with the coordinator",
  ],
};
const r39: Release = {
  ...r36,
  offsetsVerification: true,
  transactionAbortable: true,
  minIsrCapped: true,
  hwFrozenUnderMinIsr: true,
  changes: [
    'KAFKA-15784 (3.7): TxnOffsetCommit is verified as well; a write verified outside the transaction gets ' +
      'TRANSACTION_ABORTABLE (3.8)',
    'KAFKA-15583 (3.7): min.insync.replicas above the replication factor counts as the replication factor, and ' +
      'the high watermark stays put while the ISR is below min.insync.replicas',
  ],
};
const r40: Release = {
  ...r39,
  transactionVersion: 2,
  hasTransactionV2: true,
  invalidMappingFatal: true,
  streamsEosV1: false,
  changes: [
    'KIP-890 part 2: new clusters run transaction.version=2: every transaction end bumps the epoch, the leader ' +
      'adds partitions to the transaction (no AddPartitionsToTxn from the client), TxnOffsetCommit adds ' +
      '__consumer_offsets (no AddOffsetsToTxn)',
    'KAFKA-18019: INVALID_PRODUCER_ID_MAPPING is fatal again; Streams exactly_once (EOS v1) is removed',
  ],
};
const r41: Release = {
  ...r40,
  changes: ['as 4.0 for the machinery modelled here (KAFKA-19367: a timed-out transaction bumps the epoch once)'],
};

/** Each release's behaviour. */
export const RELEASES: Readonly<Record<KafkaVersion, Release>> = {
  '2.4': r24,
  '2.5': r25,
  '2.7': r27,
  '3.5': r35,
  '3.6': r36,
  '3.9': r39,
  '4.0': r40,
  '4.1': r41,
};

/** The release of `kafka.version` text (the key's resolver only ever passes one of KAFKA_VERSIONS). Pure. */
export function release(version: KafkaVersion): Release {
  return RELEASES[version];
}
