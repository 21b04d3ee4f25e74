/**
 * The log cleaner on a replicated partition (read at apache/kafka 4.0.0-SNAPSHOT, trunk of 2024-10): every broker
 * runs its own LogCleaner over its own replica of a compacted partition, followers included
 * (LogCleanerManager.grabFilthiestCompactedLog takes every compacted log of the broker, leader or not), each with
 * its own checkpoint and so its own delete horizons. A pass stops at the replica's last stable offset: its producer
 * state's first open transaction, capped by its high watermark (UnifiedLog.lastStableOffset). Pure, but for
 * `storeCleaned`, which writes the draft it is given.
 */
import type { Draft } from 'immer';
import type { Cluster } from './cluster.js';
import type { LogEntry, Partition } from './records.js';
import { producersFrom } from './replication.js';

/**
 * The brokers whose cleaners may pass over partition `i`: with one replica, the partition's own (null); else every
 * live broker. Pure.
 */
export function cleaningBrokers(k: Cluster, i: number): (number | null)[] {
  const rep = k.replication;
  if (!rep) return [null];
  return rep.partitions[i]!.replicas.map((_, b) => b).filter((b) => rep.alive[b]);
}

/** Broker `b`'s replica of partition `i` as the cleaner sees it (null: the leader's, the partition itself). Pure. */
export function replicaView(k: Cluster, i: number, b: number | null): Partition {
  const p = k.partitions[i]!;
  const r = k.replication?.partitions[i];
  if (b === null || r === undefined || r.leader === b) return p;
  const f = r.replicas[b]!;
  let lso = f.hw;
  for (const e of producersFrom(f.log))
    if (e.firstOpenOffset !== null && e.firstOpenOffset < lso) lso = e.firstOpenOffset;
  const view: Partition = {
    name: p.name,
    log: f.log,
    producers: [],
    guards: [],
    highWatermark: f.hw,
    lastStableOffset: lso,
  };
  return f.firstDirtyOffset === undefined ? view : { ...view, firstDirtyOffset: f.firstDirtyOffset };
}

/** Broker `b`'s replica of `i` after its cleaner's pass gave `cleaned` (null `b`, or the leader: the partition). */
export function storeCleaned(k: Draft<Cluster>, i: number, b: number | null, cleaned: Partition): void {
  const r = k.replication?.partitions[i];
  if (b === null || r === undefined || r.leader === b) {
    k.partitions[i] = cleaned as Draft<Partition>;
    return;
  }
  const f = r.replicas[b]!;
  f.log = cleaned.log as Draft<LogEntry>[];
  if (cleaned.firstDirtyOffset !== undefined) f.firstDirtyOffset = cleaned.firstDirtyOffset;
}
