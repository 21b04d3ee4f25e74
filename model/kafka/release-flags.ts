/**
 * What a Kafka release does differently in the exactly-once machinery, as flags the cluster's
 * rules and the application models read: one record per release, from `release(version)`.
 */

/** What one release does. Each flag names the first release with it (release-history.ts sets them). */
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
   * A verification finding the partition outside the transaction answers TRANSACTION_ABORTABLE
   * (KAFKA-16314, 3.8; before, INVALID_TXN_STATE).
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
   * How long a partition leader keeps the state of a producer that has no transaction open there and wrote
   * nothing to it (ProducerStateManager.isProducerExpired): producer.id.expiration.ms, 86400000 by default, from
   * 3.4 (KIP-854); before, the leader took transactional.id.expiration.ms, 604800000 by default (LogManager).
   */
  readonly producerExpiry: { readonly setting: string; readonly ms: number };
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
  /**
   * The group coordinator is KIP-848's CoordinatorRuntime (group-coordinator/, the default from 4.0): a marker to
   * `__consumer_offsets` is written through it (KafkaApis.handleWriteTxnMarkersRequest -> completeTransaction), so
   * while it loads the partition the marker is refused (COORDINATOR_LOAD_IN_PROGRESS, answered as
   * NOT_LEADER_OR_FOLLOWER) and sent again; the classic GroupMetadataManager (to 3.9) has the leader append it and
   * its load read it.
   */
  readonly groupCoordinatorRuntime: boolean;
  /**
   * The broker answers WriteTxnMarkers to `__consumer_offsets` only once the group coordinator has moved the marker's
   * pending offsets into its cache (KAFKA-17507: KafkaApis.handleWriteTxnMarkersRequest waits on the future
   * GroupMetadataManager.scheduleHandleTxnCompletion now returns; trunk before the 4.0 branch, and on the 3.9 branch
   * before its 3.9.1 version bump); before, the classic GroupMetadataManager answers at the append and completes them
   * later on its scheduler, which may run after the producer's next transaction has already sent its TxnOffsetCommit.
   * The KIP-848 coordinator runtime (`groupCoordinatorRuntime`) was never affected: it answers once
   * CoordinatorRuntime.scheduleTransactionCompletion has written and applied the marker.
   */
  readonly txnCompletionAwaited: boolean;
  /**
   * The consumer accepts `group.protocol=consumer` (KIP-848: ConsumerConfig.GROUP_PROTOCOL_CONFIG and
   * AsyncKafkaConsumer, 3.7.0 as a preview, GA in 4.0); the default stays `classic` through 4.1.
   */
  readonly consumerGroupProtocol: boolean;
  /** EndTxn from a client must carry the current epoch (KAFKA-9600, 2.6); before, only an older one is fenced. */
  readonly endTxnExactEpoch: boolean;
  /**
   * Under transaction.version=2 the abort that follows an epoch fence (InitProducerId over an open
   * transaction, or the timeout abort) bumps the epoch a second time: TransactionCoordinator.endTransaction
   * takes the fenced epoch and prepareAbortOrCommit adds one more, so a transaction open at 32766 overflows
   * Short.MaxValue and stays open for good (KAFKA-19367: 4.0.0 only; fixed in 4.1.0, backported to 4.0.1).
   */
  readonly fenceAbortBumpsTwice: boolean;
  /** Kafka Streams `processing.guarantee=exactly_once` (EOS v1) exists (removed in 4.0, KAFKA-16331). */
  readonly streamsEosV1: boolean;
  /** Kafka Streams EOS v2 exists (2.6 as exactly_once_beta, exactly_once_v2 from 3.0). */
  readonly streamsEosV2: boolean;
  /**
   * EOS v2 is spelled `processing.guarantee=exactly_once_v2` (KIP-732, 3.0, which deprecates
   * exactly_once_beta until 4.0 removes it with exactly_once, KAFKA-16331); before, exactly_once_beta only.
   */
  readonly streamsExactlyOnceV2Name: boolean;
  /**
   * Streams EOS v1 sends its consumer's full group metadata with the offsets (2.6-2.8, KIP-447 with
   * auto-downgrade); 2.4/2.5 and 3.0-3.9 send the group id only (KAFKA-12574), so no generation check.
   */
  readonly streamsEosV1FullMetadata: boolean;
  /**
   * Streams persists its process id in the state directory (KAFKA-10716, 2.8), so a restarted
   * stateful instance keeps its EOS v2 transactional.id (`<application.id>-<process id>-<thread>`);
   * before, each start draws a new UUID, hence a new transactional.id. It was backported to 2.7.1 as
   * well, which is not modelled: `2.7` and every 2.7.Z keep 2.7.0's Streams.
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
  /** MirrorMaker 2 can write translated offsets into the target cluster's group (KIP-545, 2.7). */
  readonly mm2SyncGroupOffsets: boolean;
  /**
   * MirrorSourceConnector implements KIP-618's exactlyOnceSupport and dedicated MirrorMaker 2 clusters accept
   * exactly.once.source.support=enabled (KAFKA-14021, 3.5).
   */
  readonly mm2ExactlyOnceSource: boolean;
  /**
   * The checkpoint task keeps a translated downstream offset of 0 (KAFKA-10048, 2.7); before, it
   * filtered `downstreamOffset > 0` and dropped it.
   */
  readonly mm2CheckpointOffsetZero: boolean;
  /**
   * OffsetSyncStore.translateDownstream translates nothing for a partition without an offset sync
   * (KAFKA-12635, 3.3); before, its placeholder sync (-1, -1) made the upstream offset itself the
   * translation.
   */
  readonly mm2NoSyncNoCheckpoint: boolean;
  /**
   * Offset translation from the newest read sync at or below the group's offset, never past it,
   * syncs due one past the last and checkpoints only when more recent (KAFKA-12468, KAFKA-14666,
   * KAFKA-14797: 3.5, backported to 3.4.1); before, extrapolation from the latest sync.
   */
  readonly mm2SyncStoreTranslation: boolean;
  /**
   * The last replicated record without a sync gets one at the task's next offset commit
   * (MirrorSourceTask.promoteDelayedOffsetSyncs, KAFKA-15906, 3.7).
   */
  readonly mm2DelayedSyncs: boolean;
  /**
   * OffsetSyncStore.updateSyncArray may move any value of the array before the update down to a later slot
   * (KAFKA-15202: 3.6, backported to 3.5.2); before, only the value last pushed out of a slot.
   */
  readonly mm2VariableSpacingStore: boolean;
  /**
   * The controller can track eligible leader replicas (KIP-966 part 1, feature eligible.leader.replicas.version:
   * 4.0, off by default there).
   */
  readonly elrAvailable: boolean;
  /** A cluster created with this release has eligible.leader.replicas.version=1 (4.1); an upgraded one keeps 0. */
  readonly elrOnNewClusters: boolean;
  /**
   * The offset sync store's first read to the end keeps every sync (OffsetSyncStore.start(false) once the
   * checkpoints were read, KAFKA-15905: 3.8, backported to 3.7.1); before, each sync of that read replaced the
   * whole array, so only the last one was kept.
   */
  readonly mm2InitialReadKeepsSyncs: boolean;
  /**
   * The log cleaner collects the aborted transactions of the last segment it cleans up to that segment's end
   * (Cleaner.cleanSegments: currentSegment.readNextOffset, KAFKA-13727: 3.2.0, backported to 2.8.2, 3.0.2 and
   * 3.1.1); before, only up to its offset map's last offset, so when the map filled mid-segment an aborted
   * transaction past that offset was copied as committed, left out of the cleaned transaction index, and its
   * ABORT marker made removable while its records stayed.
   */
  readonly cleanerIndexesWholeSegment: boolean;
}
