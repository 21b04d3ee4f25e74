/**
 * The replication state (present only with `replication.factor` above 1): each broker's replica of
 * each partition, the leader, the ISR and the acknowledged writes. The cluster holds it and the
 * replication rules (replication.ts) change it, so its shape sits below both.
 */
import type { LogEntry } from './records.js';

/** One entry of a replica's leader-epoch cache (LeaderEpochFileCache): the epoch and its first offset. */
export interface EpochStart {
  readonly epoch: number;
  readonly start: number;
}

/** One broker's replica of a partition. */
export interface Replica {
  /** A follower's log; the leader's is the partition's `log` (then this one is empty). */
  readonly log: readonly LogEntry[];
  /** A follower's high watermark, from its last fetch (the leader's is the partition's). */
  readonly hw: number;
  readonly epochs: readonly EpochStart[];
  /** The leader's view of this follower's log end: the fetch offset of its last fetch (Replica.updateFetchState). */
  readonly known: number;
  /** lastCaughtUpTimeMs: the last fetch that reached the leader's log end. */
  readonly caughtUpMs: number;
  /** The leader epoch this follower last truncated against (-1: it must truncate before it fetches). */
  readonly follows: number;
  /**
   * The recovery point (UnifiedLog.recoveryPoint): this broker's log end at its last flush; a power
   * loss keeps only the log below it.
   */
  readonly flushed: number;
  /**
   * This broker's cleaner checkpoint of the partition while it follows (LogCleanerManager's cleaner-offset-checkpoint
   * is per broker); the leader's is the partition's. Absent until its cleaner first passes.
   */
  readonly firstDirtyOffset?: number;
}

/** The replication state of one partition. */
export interface PartitionReplicas {
  /** The leader's broker, or null while the partition is offline. */
  readonly leader: number | null;
  readonly epoch: number;
  /** The in-sync replicas (committed by the controller), ascending. */
  readonly isr: readonly number[];
  /**
   * Eligible leader replicas (KIP-966, eligible.leader.replicas.version=1), ascending: replicas that left the ISR
   * while it was below min.insync.replicas, so they hold everything below the high watermark, which cannot move
   * then. Empty without the feature.
   */
  readonly elr: readonly number[];
  /** KIP-966: the leader when the ISR last became empty (PartitionRecord.lastKnownElr), elected last; else null. */
  readonly lastKnownLeader: number | null;
  readonly replicas: readonly Replica[];
}

/** Ghost: a write acknowledged to its producer (or, with acks=0, sent without an answer). */
export interface Acked {
  readonly partition: number;
  readonly offset: number;
  readonly value: number;
}

/** The cluster's replication state. */
export interface Replication {
  readonly alive: readonly boolean[];
  /** Broker crashes so far (faults.broker). */
  readonly crashes: number;
  /** Power losses so far (faults.power-loss). */
  readonly powerLosses: number;
  readonly partitions: readonly PartitionReplicas[];
  /** Ghost: the acknowledged writes `acked-durable` judges. */
  readonly acked: readonly Acked[];
}

/** Replication over `rf` brokers for `partitions` partitions, broker 0 leading each at epoch 0. Pure. */
export function newReplication(rf: number, partitions: number): Replication {
  const replica = (b: number): Replica => ({
    log: [],
    hw: 0,
    epochs: b === 0 ? [{ epoch: 0, start: 0 }] : [],
    known: 0,
    caughtUpMs: 0,
    follows: 0,
    flushed: 0,
  });
  const isr = Array.from({ length: rf }, (_, b) => b);
  return {
    alive: isr.map(() => true),
    crashes: 0,
    powerLosses: 0,
    partitions: Array.from({ length: partitions }, () => ({
      leader: 0,
      epoch: 0,
      isr,
      elr: [],
      lastKnownLeader: null,
      replicas: isr.map(replica),
    })),
    acked: [],
  };
}
