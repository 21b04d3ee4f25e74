/**
 * The Kafka cluster slice every Kafka-speaking model embeds, the same way, as its `kafka` field:
 * the topic-partitions it uses, the transaction coordinator's metadata per transactional.id (its
 * entries in `__transaction_state`), and the consumer groups with their offsets in
 * `__consumer_offsets`. Static protocol switches (`rules`) come from the model's config.
 */
import type { Draft } from 'immer';
import type { ProduceRequest } from './produce-request.js';
import type { ErrorCode, Marker, Origin, Partition } from './records.js';
import type { KafkaVersion, Release } from './releases.js';
import type { Replication } from './replicas.js';

/** The transaction coordinator's states of a transactional.id (Kafka's TransactionState). */
export type TxnState =
  | 'Empty'
  | 'Ongoing'
  | 'PrepareCommit'
  | 'PrepareAbort'
  | 'CompleteCommit'
  | 'CompleteAbort'
  | 'PrepareEpochFence';

/**
 * Markers the coordinator has decided and not yet seen acknowledged (state PrepareCommit /
 * PrepareAbort). TransactionMarkerChannelManager sends one per partition leader, asynchronously;
 * the transaction completes only once every one is acknowledged.
 */
export interface PendingMarkers {
  readonly marker: Marker;
  /** The producer id and epoch the markers carry (under transaction.version=2 the bumped epoch). */
  readonly producerId: number;
  readonly epoch: number;
  /** Ghost: the epoch of the transaction this ends. */
  readonly txnEpoch: number;
  /** Ghost: the epoch of the EndTxn that decided it, or null when the coordinator did (timeout, fence). */
  readonly endedBy: number | null;
  /** The transaction's partitions (kept: a new coordinator re-sends every marker). */
  readonly all: readonly number[];
  /** Partitions whose marker is not acknowledged yet. */
  readonly partitions: readonly number[];
  /** The group whose `__consumer_offsets` partition still needs its marker, or null. */
  readonly offsetsGroup: number | null;
  /** The group of the transaction's offsets, if any (kept for a re-send). */
  readonly allOffsetsGroup: number | null;
  /** transaction.version=2 at an exhausted epoch: the producer id the transaction completes to (KIP-890). */
  readonly rotateTo: number | null;
  /**
   * Replicated partitions: markers appended and not yet under the high watermark, with the leader
   * epoch they were appended in (WriteTxnMarkers appends with acks=-1 and answers once replicated).
   */
  readonly written?: readonly { readonly partition: number; readonly offset: number; readonly epoch: number }[];
}

/** The coordinator's metadata for one transactional.id (its entry in `__transaction_state`). */
export interface TxnMeta {
  readonly transactionalId: string;
  readonly producerId: number;
  /** -1 until the first InitProducerId. */
  readonly epoch: number;
  readonly state: TxnState;
  /** Indices of the partitions in the transaction. */
  readonly partitions: readonly number[];
  /**
   * AddOffsetsToTxn done: the index of the group whose `__consumer_offsets` partition is in the transaction, or null.
   */
  readonly offsetsGroup: number | null;
  readonly startMs: number | null;
  readonly pending: PendingMarkers | null;
  /**
   * The epoch a KIP-360 bump came from (TransactionMetadata.lastProducerEpoch, 2.5+), so a retry of that bump whose
   * answer was lost gets the bumped epoch again; absent: none (RecordBatch.NO_PRODUCER_EPOCH), as after an
   * InitProducerId without an expected epoch or an epoch fence.
   */
  readonly lastProducerEpoch?: number;
}

/** A committed offset of one partition in `__consumer_offsets`, with ghost data about who committed it. */
export interface CommittedOffset {
  readonly offset: number;
  /** The offset of its commit record in `__consumer_offsets` (-1: none): a later record wins (KAFKA-5247). */
  readonly recordOffset: number;
  readonly producerId: number;
  readonly epoch: number;
  /** Ghost: the epoch of the transaction that committed it, or null for a plain OffsetCommit. */
  readonly txnEpoch: number | null;
  readonly origin: Origin | null;
  /** Ghost: the group generation the commit carried (-1: none, a simple or group-id-only commit). */
  readonly generation: number;
}

/** A TxnOffsetCommit waiting for its transaction's marker, with the group metadata it carried. */
export interface PendingOffset {
  readonly partition: number;
  readonly offset: number;
  /** The offset of its TxnOffsetCommit record in `__consumer_offsets`. */
  readonly recordOffset: number;
  readonly producerId: number;
  readonly epoch: number;
  /** -1: the commit carried the group id only (no generation to check). */
  readonly generation: number;
  /** Ghost: the committer was not a member of the group's current generation when it sent it. */
  readonly stale: boolean;
  readonly origin: Origin;
  /**
   * Ghost: a copy held in the network that landed after the client's retry of it (faults.network,
   * faults.late-requests): the retry had the fate of its own transaction, so the copy dropped by an abort is no
   * fate of the client's transaction; taken by a commit, it is (its offset took effect). Marked only where
   * faults.late-requests is on (rules.lateRequests), so faults.network alone keeps its state spaces.
   */
  readonly late?: boolean;
}

/** Ghost: an offset commit from an old generation that took effect. */
export interface StaleCommit {
  readonly partition: number;
  readonly offset: number;
  readonly instance: number;
  readonly generation: number;
  readonly current: number;
}

/** A consumer group at its group coordinator, and its offsets in `__consumer_offsets`. */
export interface Group {
  readonly id: string;
  /** 0 before the first rebalance. */
  readonly generation: number;
  /** Member instance ids, ascending. */
  readonly members: readonly number[];
  /** The owning member of each input partition, or null. */
  readonly owners: readonly (number | null)[];
  /** The committed offset of each input partition. */
  readonly committed: readonly CommittedOffset[];
  readonly pending: readonly PendingOffset[];
  /** Records appended to the group's `__consumer_offsets` partition so far (commit records, markers). */
  readonly logEnd: number;
  /** The epoch the offsets partition last saw for each producer id (from markers), for fencing. */
  readonly producerEpochs: readonly { readonly producerId: number; readonly epoch: number }[];
  /** Ghost: the fate of every transactional offset commit once its marker was written. */
  readonly fates: readonly { readonly origin: Origin; readonly input: number; readonly fate: Marker }[];
  /** Ghost: commits from an old generation that took effect. */
  readonly staleCommits: readonly StaleCommit[];
  /** The leader of its `__consumer_offsets` partition once it moved (faults.group-coordinator-failover). */
  readonly offsetsLeader?: OffsetsLeader;
  /**
   * A consumer group of KIP-848's protocol (group.protocol=consumer): the member epoch of each member, in the order
   * of `members`, while `generation` is the group epoch (model/kafka/consumer-group.ts); absent in a classic group.
   */
  readonly memberEpochs?: readonly number[];
  /**
   * A classic group of an application: the member.id an instance had before it joined again. A member the
   * coordinator removed while its process ran on joins with an empty member.id and is handed a new one
   * (MEMBER_ID_REQUIRED, KIP-394), so a request it sent before, still in the network, names an id the group no longer
   * has. Kept only while such a request may land (`FormerId`); absent where the group's members are not modelled and
   * in a consumer group, whose member keeps its id across a fence.
   */
  readonly formerIds?: readonly FormerId[];
  /**
   * Markers appended to the group's `__consumer_offsets` partition and answered, whose pending offsets the classic
   * group coordinator's scheduler has not yet moved into its cache (faults.late-offset-completion, releases before
   * KAFKA-17507's fix): oldest first; absent when none is queued.
   */
  readonly completions?: readonly QueuedCompletion[];
}

/**
 * An instance's former member.id (`Group.formerIds`): every request sent under it carries `generation` or an older
 * one, every request under its new one a later one.
 */
export interface FormerId {
  readonly instance: number;
  readonly generation: number;
}

/**
 * A marker's materialization queued on the classic group coordinator's scheduler (GroupMetadataManager
 * .scheduleHandleTxnCompletion): when it runs, every pending offset of `producerId` the group then holds is committed
 * (COMMIT) or dropped (ABORT), as GroupMetadata.completePendingTxnOffsetCommit does, whichever transaction sent it.
 */
export interface QueuedCompletion {
  readonly producerId: number;
  readonly marker: Marker;
  /** Ghost: the epoch of the transaction the marker ended. */
  readonly txnEpoch: number;
}

/**
 * The group coordinator after a move of the group's `__consumer_offsets` partition: the moves so far, and whether
 * the new leader is still loading the partition (GroupMetadataManager.loadGroupsAndOffsets to 3.9;
 * CoordinatorRuntime's load, 4.0+).
 */
export interface OffsetsLeader {
  readonly moves: number;
  readonly loading: boolean;
}

/** The protocol switches of a cluster and its clients, from the model's config (static per run). */
export interface KafkaRules {
  readonly version: KafkaVersion;
  /** What the release does (model/kafka/releases.ts). */
  readonly release: Release;
  readonly enableIdempotence: boolean;
  readonly transactionVersion: 1 | 2;
  /** transaction.partition.verification.enable (transaction.version=1; version 2 always adds at the leader). */
  readonly verification: boolean;
  readonly transactionTimeoutMs: number;
  readonly epochFencing: boolean;
  readonly epochBumpOnTimeout: boolean;
  readonly coordinatorEpochFencing: boolean;
  readonly requireStableOffsets: boolean;
  readonly generationFencing: boolean;
  /** The epoch a transactional.id's first InitProducerId hands out (near the limit with faults.epoch-exhaustion). */
  readonly firstEpoch: number;
  /** replication.factor of the partitions (1: one replica, no replication state). */
  readonly replicationFactor: number;
  /** The producers' acks: 0, 1 or -1 (all). */
  readonly acks: 0 | 1 | -1;
  readonly minInsyncReplicas: number;
  readonly uncleanLeaderElection: boolean;
  /** eligible.leader.replicas.version=1 (KIP-966): the controller keeps eligible leader replicas. */
  readonly eligibleLeaderReplicas: boolean;
  readonly replicaLagTimeMaxMs: number;
  /** log.flush.interval.messages: a broker flushes once this many records are unflushed. */
  readonly logFlushIntervalMessages: number;
  /**
   * faults.late-requests: an InitProducerId may be held in the network or its answer lost, the only way a request
   * can name the epoch a KIP-360 bump came from; the coordinator's lastProducerEpoch is kept only then (elsewhere
   * nothing reads it, and a state space keeps its count).
   */
  readonly lateRequests: boolean;
}

/**
 * A marker the previous transaction coordinator had queued when its `__transaction_state`
 * partition moved: it may still reach the partition leader, carrying the old coordinator epoch.
 */
export interface StaleMarker {
  readonly partition: number;
  readonly producerId: number;
  readonly epoch: number;
  readonly marker: Marker;
  readonly coordinatorEpoch: number;
  readonly txnEpoch: number;
  readonly endedBy: number | null;
}

/**
 * A transactional produce parked at its partition leader: the leader asked the coordinator to
 * verify (transaction.version=1 with verification) or to add (version 2) the partition, got a yes
 * and holds a verification guard; the append is a later step, and a marker landing in between
 * clears the guard (KIP-890 part 1, UnifiedLog.analyzeAndValidateProducerState).
 */
export interface Parked {
  /** The request id (the client's, to route the answer). */
  readonly id: number;
  readonly req: ProduceRequest;
  /** The guard the append must still find at the leader. */
  readonly guard: number;
  /** Replicated partitions: the leader epoch it was parked under (another leader answers NOT_LEADER_OR_FOLLOWER). */
  readonly leaderEpoch?: number;
}

/** The transaction coordinator's own state beside its per-transactional.id metadata. */
export interface Coordinator {
  /** The leader epoch of its `__transaction_state` partition: markers carry it. */
  readonly epoch: number;
  /** Moves so far (faults.coordinator-failover). */
  readonly moves: number;
  /** The next producer id it hands out (a rotation, an expired transactional.id coming back). */
  readonly nextProducerId: number;
  /** Markers of the previous coordinator still on their way. */
  readonly staleMarkers: readonly StaleMarker[];
  /**
   * Present (true) from a move until the new coordinator has read its `__transaction_state` partition
   * (TransactionStateManager.loadingPartitions); absent otherwise, so a run without a move keeps its states.
   */
  readonly loading?: boolean;
  /**
   * The ISR of its `__transaction_state` partition (faults.txn-log-isr-shrink, once a run): below
   * transaction.state.log.min.isr, or back at it; absent before the fault, so a run without it keeps its states.
   */
  readonly txnLog?: 'shrunk' | 'restored';
  /**
   * The transactions' metadata as a follower that fell out of its `__transaction_state` partition's ISR has it
   * (faults.txn-log-unclean-election, once a run); null once that follower was elected; absent before the fault,
   * so a run without it keeps its states.
   */
  readonly behind?: readonly TxnMeta[] | null;
}

/** The cluster slice. */
export interface Cluster {
  /** Static: the protocol switches (not part of a state's identity). */
  readonly rules: KafkaRules;
  readonly partitions: readonly Partition[];
  readonly txns: readonly TxnMeta[];
  readonly groups: readonly Group[];
  readonly coordinator: Coordinator;
  readonly parked: readonly Parked[];
  /** Producer states and transactional.ids forgotten so far (faults.producer-state-loss: one of each per run). */
  readonly forgotten: { readonly producers: number; readonly ids: number };
  /** Leaders, followers and the ISR of each partition; absent with replication.factor=1. */
  readonly replication?: Replication;
}

/** The parts of a cluster that identify a state (everything but the static rules), in a fixed order. Pure. */
export function clusterIdentity(k: Cluster): readonly unknown[] {
  const parts = [k.partitions, k.txns, k.groups, k.coordinator, k.parked, k.forgotten];
  return k.replication ? [...parts, k.replication] : parts;
}

/** What a Kafka rule did, as data for the renderers (never part of a state's identity). */
export type KafkaEvent =
  | { readonly type: 'appended'; readonly partition: number; readonly offset: number }
  | {
      readonly type: 'marker';
      readonly partition: number | 'offsets';
      readonly offset: number | null;
      readonly marker: Marker;
      readonly epoch: number;
    }
  | { readonly type: 'duplicate'; readonly partition: number; readonly sequence: number; readonly offset: number }
  | { readonly type: 'rejected'; readonly by: string; readonly error: ErrorCode; readonly request: string }
  | {
      readonly type: 'txn-state';
      readonly txn: string;
      readonly from: TxnState;
      readonly to: TxnState;
      readonly epoch: number;
    }
  | {
      readonly type: 'epoch';
      readonly txn: string;
      readonly producerId: number;
      readonly epoch: number;
      /** A producer id handed out (the first InitProducerId, a rotation, a forgotten transactional.id). */
      readonly fresh: boolean;
    }
  | { readonly type: 'verified'; readonly txn: string; readonly partition: number; readonly added: boolean }
  | {
      readonly type: 'marker-acked';
      readonly txn: string;
      readonly partition: number | 'offsets';
      readonly lost: boolean;
    }
  | { readonly type: 'coordinator-moved'; readonly epoch: number }
  /** The new coordinator's load of `__transaction_state` done: the transactional.ids whose markers it re-sends. */
  | { readonly type: 'coordinator-loaded'; readonly epoch: number; readonly resent: readonly string[] }
  /**
   * A leader expired a producer (`partition`), or (`partition` null) the coordinator forgot a transactional.id
   * or the previous coordinator's undelivered markers are gone.
   */
  | { readonly type: 'forgotten'; readonly partition: number | null; readonly what: string }
  | { readonly type: 'added'; readonly txn: string; readonly partition: number | 'offsets' }
  | {
      readonly type: 'offset';
      readonly partition: number;
      readonly offset: number;
      /** superseded: committed, but a later commit record of the partition already holds (KAFKA-5247). */
      readonly how: 'pending' | 'committed' | 'dropped' | 'superseded';
      readonly generation: number;
      readonly stale: boolean;
    }
  | { readonly type: 'truncated'; readonly partition: number; readonly broker: number; readonly offset: number }
  /**
   * A log cleaner pass below `bound`: the offsets it removed, the aborted records it left out of the transaction
   * index (KAFKA-13727), and the markers it gave a delete horizon (offset, horizon); with replication, the broker
   * whose replica it cleaned.
   */
  | {
      readonly type: 'cleaned';
      readonly partition: number;
      readonly broker?: number;
      readonly bound: number;
      readonly removed: readonly number[];
      readonly unindexed: readonly number[];
      readonly horizons: readonly (readonly [number, number])[];
    }
  // a power loss: the broker's replica recovered to its last flush
  | { readonly type: 'recovered'; readonly partition: number; readonly broker: number; readonly offset: number }
  | { readonly type: 'isr'; readonly partition: number; readonly isr: readonly number[]; readonly reason: string }
  | {
      readonly type: 'leader';
      readonly partition: number;
      readonly broker: number;
      readonly epoch: number;
      readonly how: 'clean' | 'unclean';
    }
  | { readonly type: 'broker'; readonly broker: number; readonly up: boolean }
  | {
      readonly type: 'rebalance';
      readonly generation: number;
      readonly owners: readonly (number | null)[];
      readonly reason: string;
      /** A consumer group (KIP-848): `generation` is the group epoch and no member stopped. */
      readonly epochs?: true;
    };

/** Where the Kafka rules of one step work: the cluster (a draft or an owned copy), the clock, the step's events. */
export interface Ctx {
  readonly k: Draft<Cluster>;
  readonly now: number;
  readonly events: { push(e: Draft<KafkaEvent>): void };
}

/** A step's draft of a state that embeds the cluster as `kafka`, its clock as `now`, its events as `events`. */
export interface EmbedsCluster {
  readonly kafka: Draft<Cluster>;
  readonly now: number;
  readonly events: { push(e: Draft<KafkaEvent>): void };
}

/** Where the Kafka rules of a step work: the embedded cluster, the clock, the step's events. */
export function ctxOf(d: EmbedsCluster): Ctx {
  return { k: d.kafka, now: d.now, events: d.events };
}

/** A cluster over `partitions`, transactional.ids `txns` and `groups`, its coordinator at epoch 0. Pure. */
export function newCluster(
  rules: KafkaRules,
  partitions: readonly Partition[],
  txns: readonly TxnMeta[],
  groups: readonly Group[],
): Cluster {
  const nextProducerId = txns.reduce((m, t) => Math.max(m, t.producerId), 0) + 1;
  return {
    rules,
    partitions,
    txns,
    groups,
    coordinator: { epoch: 0, moves: 0, nextProducerId, staleMarkers: [] },
    parked: [],
    forgotten: { producers: 0, ids: 0 },
  };
}

/** A transactional.id's fresh coordinator entry with producer id `producerId`. Pure. */
export function newTxn(transactionalId: string, producerId: number): TxnMeta {
  return {
    transactionalId,
    producerId,
    epoch: -1,
    state: 'Empty',
    partitions: [],
    offsetsGroup: null,
    startMs: null,
    pending: null,
  };
}

/** A group with nothing committed for `partitions` input partitions. Pure. */
export function newGroup(id: string, partitions: number): Group {
  return {
    id,
    generation: 0,
    members: [],
    owners: Array.from({ length: partitions }, () => null),
    committed: Array.from({ length: partitions }, () => ({
      offset: 0,
      recordOffset: -1,
      producerId: -1,
      epoch: -1,
      txnEpoch: null,
      origin: null,
      generation: -1,
    })),
    pending: [],
    logEnd: 0,
    producerEpochs: [],
    fates: [],
    staleCommits: [],
  };
}
