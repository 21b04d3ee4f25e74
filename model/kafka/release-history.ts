/**
 * What changed in the exactly-once machinery, release by release, as data: the flags of 2.4 and
 * each later change with the first release that has it. A release takes every change up to it
 * (model/kafka/releases.ts folds them), so a release no change names behaves as the one before it.
 * Each change was read against the release's own classes (the tags of the Kafka repository).
 */
import type { Release } from './release-flags.js';

/** The part of Kafka a change is in, to group a release's description. */
export type Area =
  | 'transactions'
  | 'consumer groups'
  | 'replication'
  | 'log cleaner'
  | 'Kafka Streams'
  | 'MirrorMaker 2';

/** The areas in the order a release is described. */
export const AREAS: readonly Area[] = [
  'transactions',
  'consumer groups',
  'replication',
  'log cleaner',
  'Kafka Streams',
  'MirrorMaker 2',
];

/** One change of the modelled behaviour. */
export interface Change {
  /** The first release line with it, `X.Y` (from X.Y.0), or `X.Y.Z` for one first in a patch release. */
  readonly since: string;
  /** Patch releases of earlier lines it was backported to (`X.Y.Z`: that line from that patch on). */
  readonly backports?: readonly string[];
  readonly area: Area;
  /** A few words naming it with its KIP or JIRA; absent for a note that changes no flag. */
  readonly label?: string;
  /** The flags it sets from then on. */
  readonly flags: Partial<Release>;
  /** One line for `eoscheck models`. */
  readonly text: string;
}

/** What 2.4, the oldest release modelled, does. */
export const FIRST: Release = {
  transactionVersion: 1,
  hasTransactionV2: false,
  verification: false,
  transactionAbortable: false,
  offsetsVerification: false,
  unknownProducerAccepted: false,
  producerExpiry: { setting: 'transactional.id.expiration.ms', ms: 604800000 },
  staleEpochAbortable: false,
  kip360: false,
  invalidMappingFatal: true,
  txnOffsetGenerationCheck: false,
  groupCoordinatorRuntime: false,
  txnCompletionAwaited: false,
  consumerGroupProtocol: false,
  endTxnExactEpoch: false,
  fenceAbortBumpsTwice: false,
  streamsEosV1: true,
  streamsEosV2: false,
  streamsExactlyOnceV2Name: false,
  streamsEosV1FullMetadata: false,
  streamsProcessIdPersisted: false,
  streamsTransactionTimeoutMs: 60000,
  minIsrCapped: false,
  hwFrozenUnderMinIsr: false,
  sessionTimeoutMs: 10000,
  mm2SyncGroupOffsets: false,
  mm2ExactlyOnceSource: false,
  mm2CheckpointOffsetZero: false,
  mm2NoSyncNoCheckpoint: false,
  mm2SyncStoreTranslation: false,
  mm2DelayedSyncs: false,
  mm2VariableSpacingStore: false,
  elrAvailable: false,
  elrOnNewClusters: false,
  mm2InitialReadKeepsSyncs: false,
  cleanerIndexesWholeSegment: false,
};

/** 2.4 in words, per area, ahead of the changes a release adds. */
export const FIRST_LABELS: Readonly<Partial<Record<Area, string>>> = {
  transactions: 'KIP-98',
  'Kafka Streams': 'exactly_once',
  'MirrorMaker 2': 'KIP-382 translation by extrapolation',
};

/** 2.4's row of `eoscheck models`. */
export const FIRST_TEXTS: readonly string[] = [
  'KIP-98 transactions; a produce from a producer the leader has no state for, past sequence 0, is ' +
    'UNKNOWN_PRODUCER_ID (fatal at the client); a stale-epoch produce is fatal; no generation check on ' +
    'TxnOffsetCommit; Streams has exactly_once (EOS v1) only',
  'MirrorMaker 2 (KIP-382) translates offsets by extrapolating from the latest sync, the upstream offset itself ' +
    'without one; a checkpoint of downstream offset 0 is dropped',
];

/** Every change after 2.4, oldest first. */
export const CHANGES: readonly Change[] = [
  {
    since: '2.5',
    area: 'transactions',
    label: 'KIP-360 epoch bump',
    flags: { unknownProducerAccepted: true, kip360: true, invalidMappingFatal: false },
    text:
      'KIP-360 / KAFKA-8710: the leader accepts an unknown producer at any sequence; the client aborts and bumps ' +
      'its epoch after UNKNOWN_PRODUCER_ID or a timed-out batch instead of failing',
  },
  {
    since: '2.5',
    area: 'consumer groups',
    label: 'KIP-447 generation check',
    flags: { txnOffsetGenerationCheck: true },
    text:
      'KIP-447: TxnOffsetCommit carries the group generation and the coordinator checks it; OffsetFetch ' +
      'require_stable',
  },
  {
    since: '2.6',
    area: 'transactions',
    label: 'KAFKA-9600 exact EndTxn epoch',
    flags: { endTxnExactEpoch: true },
    text: 'KAFKA-9600: a client EndTxn must carry the current epoch',
  },
  {
    since: '2.6',
    area: 'Kafka Streams',
    label: 'EOS v2 as exactly_once_beta',
    flags: {
      streamsEosV2: true,
      streamsEosV1FullMetadata: true,
      streamsTransactionTimeoutMs: 10000,
    },
    text:
      'Streams: EOS v2 (exactly_once_beta) with a producer per thread; EOS v1 sends full group metadata; ' +
      'transaction.timeout.ms 10000 under EOS',
  },
  {
    since: '2.7',
    area: 'transactions',
    label: 'KIP-588 abortable stale epoch',
    flags: { staleEpochAbortable: true },
    text: 'KIP-588 / KAFKA-10687: a stale-epoch produce (INVALID_PRODUCER_EPOCH) is abortable at the client, not fatal',
  },
  {
    since: '2.7',
    area: 'MirrorMaker 2',
    label: 'KIP-545 sync.group.offsets.enabled',
    flags: { mm2SyncGroupOffsets: true },
    text: "KIP-545: MirrorMaker 2 can write translated offsets into the target cluster's idle group",
  },
  {
    since: '2.7',
    area: 'MirrorMaker 2',
    label: 'KAFKA-10048 checkpoint of offset 0',
    flags: { mm2CheckpointOffsetZero: true },
    text: 'KAFKA-10048: a checkpoint of downstream offset 0 is emitted (before, filtered out)',
  },
  {
    since: '2.8',
    area: 'Kafka Streams',
    label: 'KAFKA-10716 process id kept',
    flags: { streamsProcessIdPersisted: true },
    text:
      'Streams: the process id is persisted in the state directory (KAFKA-10716), so a restarted stateful ' +
      'instance keeps its EOS v2 transactional.id',
  },
  {
    since: '3.0',
    area: 'Kafka Streams',
    label: 'KIP-732 exactly_once_v2',
    flags: { streamsExactlyOnceV2Name: true, streamsEosV1FullMetadata: false },
    text:
      'Streams: EOS v2 is named exactly_once_v2 (KIP-732; exactly_once_beta deprecated); EOS v1 sends the group ' +
      'id only again (KAFKA-12574)',
  },
  {
    since: '3.0',
    area: 'consumer groups',
    label: 'KIP-735 session.timeout.ms 45000',
    flags: { sessionTimeoutMs: 45000 },
    text: "KIP-735: the consumer's session.timeout.ms defaults to 45000 (10000 before)",
  },
  {
    since: '3.2',
    backports: ['2.8.2', '3.0.2', '3.1.1'],
    area: 'log cleaner',
    label: 'KAFKA-13727 cleaner keeps ABORT markers',
    flags: { cleanerIndexesWholeSegment: true },
    text:
      'KAFKA-13727 (3.2, backported to 2.8.2, 3.0.2 and 3.1.1): a cleaning whose offset map filled mid-segment ' +
      "still indexes the aborted transactions of the segment's rest, so their records stay aborted and their " +
      'ABORT markers stay while the records do',
  },
  {
    since: '3.3',
    area: 'MirrorMaker 2',
    label: 'KAFKA-12635 no checkpoint without a sync',
    flags: { mm2NoSyncNoCheckpoint: true },
    text: 'KAFKA-12635: OffsetSyncStore translates nothing for a partition without an offset sync',
  },
  {
    since: '3.4',
    area: 'transactions',
    label: 'KIP-854 producer.id.expiration.ms',
    flags: { producerExpiry: { setting: 'producer.id.expiration.ms', ms: 86400000 } },
    text:
      'KIP-854: a leader expires an idle producer after producer.id.expiration.ms (86400000 by default), no ' +
      'longer after transactional.id.expiration.ms (604800000)',
  },
  {
    since: '3.5',
    backports: ['3.4.1'],
    area: 'MirrorMaker 2',
    label: 'KAFKA-14666 translation never past the group',
    flags: { mm2SyncStoreTranslation: true },
    text:
      'KAFKA-12468 / KAFKA-14666 / KAFKA-14797 (3.5, backported to 3.4.1): MirrorMaker 2 translates from the newest ' +
      "read sync at or below the group's offset, never past it; a sync is due one past the last",
  },
  {
    since: '3.5',
    area: 'MirrorMaker 2',
    label: 'KIP-618 exactly-once source',
    flags: { mm2ExactlyOnceSource: true },
    text:
      'KAFKA-14021 (3.5): MirrorSourceConnector supports exactly.once.source.support=enabled, its records and ' +
      'source offsets in one transaction, older task generations fenced',
  },
  {
    since: '3.5',
    area: 'transactions',
    flags: {},
    text: 'no partition verification: KIP-890 part 1 was reverted from 3.5',
  },
  {
    since: '3.6',
    area: 'transactions',
    label: 'KIP-890 part 1 verification',
    flags: { verification: true },
    text:
      'KIP-890 part 1 (KAFKA-14561): transaction.partition.verification.enable=true; the leader verifies a ' +
      "producer's first transactional write to a partition with the coordinator",
  },
  {
    since: '3.6',
    backports: ['3.5.2'],
    area: 'MirrorMaker 2',
    label: 'KAFKA-15202 offset sync store keeps variably spaced syncs',
    flags: { mm2VariableSpacingStore: true },
    text:
      'KAFKA-15202 (3.6, backported to 3.5.2): the offset sync store may keep any older sync in a later slot, not ' +
      'only the one it last pushed out, so fewer syncs are dropped when their spacing varies',
  },
  {
    since: '3.7',
    area: 'transactions',
    label: 'KAFKA-15784 TxnOffsetCommit verification',
    flags: { offsetsVerification: true },
    text: 'KAFKA-15784: TxnOffsetCommit is verified as well',
  },
  {
    since: '3.7',
    area: 'replication',
    label: 'KAFKA-15583 min.insync.replicas capped and HW held under it',
    flags: { minIsrCapped: true, hwFrozenUnderMinIsr: true },
    text:
      'KAFKA-15583: min.insync.replicas above the replication factor counts as the replication factor, and ' +
      'the high watermark stays put while the ISR is below min.insync.replicas',
  },
  {
    since: '3.7',
    area: 'MirrorMaker 2',
    label: 'KAFKA-15906 sync at each commit',
    flags: { mm2DelayedSyncs: true },
    text: "KAFKA-15906: the last replicated record without a sync gets one at the task's next offset commit",
  },
  {
    since: '3.7',
    area: 'consumer groups',
    label: 'KIP-848 group.protocol=consumer',
    flags: { consumerGroupProtocol: true },
    text:
      'KIP-848: the consumer accepts group.protocol=consumer (preview in 3.7, GA in 4.0; classic stays the ' +
      'default): member epochs, partitions revoked before they move, TxnOffsetCommit checked against the epoch',
  },
  {
    since: '3.8',
    backports: ['3.7.1'],
    area: 'MirrorMaker 2',
    label: "KAFKA-15905 store's first read keeps every sync",
    flags: { mm2InitialReadKeepsSyncs: true },
    text:
      "KAFKA-15905 (3.8, backported to 3.7.1): the offset sync store's first read of the syncs topic keeps every " +
      'sync (exponentially spaced); before, only the last, so a group behind it got no checkpoint',
  },
  {
    since: '3.8',
    area: 'transactions',
    label: 'KAFKA-16314 TRANSACTION_ABORTABLE',
    flags: { transactionAbortable: true },
    text: 'KAFKA-16314: a write verified outside the transaction gets TRANSACTION_ABORTABLE (INVALID_TXN_STATE before)',
  },
  {
    since: '4.0',
    area: 'transactions',
    label: 'KIP-890 part 2 with transaction.version 2',
    flags: { transactionVersion: 2, hasTransactionV2: true, fenceAbortBumpsTwice: true },
    text:
      'KIP-890 part 2: new clusters run transaction.version=2: every transaction end bumps the epoch, the leader ' +
      'adds partitions to the transaction (no AddPartitionsToTxn from the client), TxnOffsetCommit adds ' +
      '__consumer_offsets (no AddOffsetsToTxn)',
  },
  {
    since: '4.0',
    area: 'transactions',
    label: 'KAFKA-18019 fatal INVALID_PRODUCER_ID_MAPPING',
    flags: { invalidMappingFatal: true },
    text: 'KAFKA-18019: INVALID_PRODUCER_ID_MAPPING is fatal again',
  },
  {
    since: '4.0',
    area: 'Kafka Streams',
    label: 'KAFKA-16331 exactly_once and exactly_once_beta removed',
    flags: { streamsEosV1: false },
    text: 'Streams exactly_once (EOS v1) and the name exactly_once_beta are removed (KAFKA-16331)',
  },
  {
    since: '4.0',
    backports: ['3.9.1'],
    area: 'consumer groups',
    label: 'KAFKA-17507 WriteTxnMarkers awaits the offsets',
    flags: { txnCompletionAwaited: true },
    text:
      'KAFKA-17507 (apache/kafka #18168, #18206): WriteTxnMarkers to __consumer_offsets is answered only once the ' +
      "marker's pending offsets are in the group coordinator's cache, so a late completion can no longer take the " +
      "producer's next transaction's offsets",
  },
  {
    since: '4.0',
    area: 'consumer groups',
    label: 'KIP-848 group coordinator runtime',
    flags: { groupCoordinatorRuntime: true },
    text:
      'KIP-848: the new group coordinator (CoordinatorRuntime) is the default; it writes the markers to ' +
      '__consumer_offsets itself and refuses them while it loads the partition',
  },
  {
    since: '4.0',
    area: 'replication',
    label: 'KIP-966 eligible leader replicas (off)',
    flags: { elrAvailable: true },
    text:
      'KIP-966 part 1: the controller can keep eligible leader replicas (eligible.leader.replicas.version=1), ' +
      'off by default',
  },
  {
    since: '4.1',
    area: 'replication',
    label: 'KIP-966 eligible leader replicas on new clusters',
    flags: { elrOnNewClusters: true },
    text:
      'eligible.leader.replicas.version=1 on clusters created with 4.1: replicas that left an ISR below ' +
      'min.insync.replicas stay eligible leaders, and a broker back from an unclean shutdown leaves the ISR and ELR',
  },
  {
    since: '4.1',
    backports: ['4.0.1'],
    area: 'transactions',
    label: 'KAFKA-19367 one bump for a fenced abort',
    flags: { fenceAbortBumpsTwice: false },
    text:
      'KAFKA-19367 (4.1, backported to 4.0.1): under transaction.version=2 the abort after an epoch fence ' +
      '(InitProducerId over an open transaction, a timed-out transaction) bumps the epoch once; 4.0.0 bumps it ' +
      'twice and, from 32766, overflows it and leaves the transaction open for good',
  },
  {
    since: '4.1',
    area: 'transactions',
    flags: {},
    text: 'as 4.0.1 for the machinery modelled here (KAFKA-19367 came with 4.1.0 and was backported to 4.0.1)',
  },
];
