/**
 * The consumer group as its group coordinator holds it: members, the generation, the partition
 * assignment, and the transactional offset commits still waiting for their transaction's marker
 * (KIP-447), plus ghost data the invariants read. Committed offsets themselves live in the
 * `__consumer_offsets` part of the Kafka state (`KafkaState.offsets.committed`, one per input
 * partition), so the Kafka coordinator rules and invariants read them unchanged.
 */
import type { Origin } from '../kafka/state.js';

/** A TxnOffsetCommit waiting for its transaction's marker, with the group metadata it carried. */
export interface GroupPendingOffset {
  readonly partition: number;
  readonly offset: number;
  readonly producerId: number;
  readonly epoch: number;
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

/** The group `app` (one group per application). */
export interface GroupState {
  /** 0 before the first rebalance. */
  readonly generation: number;
  /** Member instance ids, ascending. */
  readonly members: readonly number[];
  /** The owning member of each input partition, or null. */
  readonly owners: readonly (number | null)[];
  readonly pending: readonly GroupPendingOffset[];
  /** Ghost: per input partition, the generation of the commit in effect (-1: none). */
  readonly commitGenerations: readonly number[];
  readonly staleCommits: readonly StaleCommit[];
}

/** An empty group over `partitions` input partitions. Pure. */
export function emptyGroup(partitions: number): GroupState {
  return {
    generation: 0,
    members: [],
    owners: Array.from({ length: partitions }, () => null),
    pending: [],
    commitGenerations: Array.from({ length: partitions }, () => -1),
    staleCommits: [],
  };
}
