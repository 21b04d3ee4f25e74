/**
 * The Kafka cluster slice every Kafka-speaking model embeds, the same way, as its `kafka` field:
 * the topic-partitions it uses, the transaction coordinator's metadata per transactional.id (its
 * entries in `__transaction_state`), and the consumer groups with their offsets in
 * `__consumer_offsets`. Static protocol switches (`rules`) come from the model's config.
 */
import type { Draft } from 'immer';
import type { ErrorCode, Marker, Origin, Partition } from './records.js';

/** The transaction coordinator's states of a transactional.id (Kafka's TransactionState). */
export type TxnState =
  | 'Empty'
  | 'Ongoing'
  | 'PrepareCommit'
  | 'PrepareAbort'
  | 'CompleteCommit'
  | 'CompleteAbort'
  | 'PrepareEpochFence';

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
  /** Indices of the partitions in the transaction. */
  readonly partitions: readonly number[];
  /**
   * AddOffsetsToTxn done: the index of the group whose `__consumer_offsets` partition is in the transaction, or null.
   */
  readonly offsetsGroup: number | null;
  readonly startMs: number | null;
  readonly pending: PendingMarkers | null;
}

/** A committed offset of one partition in `__consumer_offsets`, with ghost data about who committed it. */
export interface CommittedOffset {
  readonly offset: number;
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
  readonly producerId: number;
  readonly epoch: number;
  /** -1: the commit carried the group id only (no generation to check). */
  readonly generation: number;
  /** Ghost: the committer was not a member of the group's current generation when it sent it. */
  readonly stale: boolean;
  readonly origin: Origin;
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
  /** The epoch the offsets partition last saw for each producer id (from markers), for fencing. */
  readonly producerEpochs: readonly { readonly producerId: number; readonly epoch: number }[];
  /** Ghost: the fate of every transactional offset commit once its marker was written. */
  readonly fates: readonly { readonly origin: Origin; readonly input: number; readonly fate: Marker }[];
  /** Ghost: commits from an old generation that took effect. */
  readonly staleCommits: readonly StaleCommit[];
}

/** The protocol switches of a cluster and its clients, from the model's config (static per run). */
export interface KafkaRules {
  readonly enableIdempotence: boolean;
  readonly transactionVersion: 1 | 2;
  readonly transactionTimeoutMs: number;
  readonly epochFencing: boolean;
  readonly epochBumpOnTimeout: boolean;
  readonly requireStableOffsets: boolean;
  readonly generationFencing: boolean;
}

/** The cluster slice. */
export interface Cluster {
  /** Static: the protocol switches (not part of a state's identity). */
  readonly rules: KafkaRules;
  readonly partitions: readonly Partition[];
  readonly txns: readonly TxnMeta[];
  readonly groups: readonly Group[];
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
  | { readonly type: 'epoch'; readonly txn: string; readonly producerId: number; readonly epoch: number }
  | { readonly type: 'added'; readonly txn: string; readonly partition: number | 'offsets' }
  | {
      readonly type: 'offset';
      readonly partition: number;
      readonly offset: number;
      readonly how: 'pending' | 'committed' | 'dropped';
      readonly generation: number;
      readonly stale: boolean;
    }
  | {
      readonly type: 'rebalance';
      readonly generation: number;
      readonly owners: readonly (number | null)[];
      readonly reason: string;
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
      producerId: -1,
      epoch: -1,
      txnEpoch: null,
      origin: null,
      generation: -1,
    })),
    pending: [],
    producerEpochs: [],
    fates: [],
    staleCommits: [],
  };
}
