/**
 * One pass of Kafka's log cleaner over a partition of a compacted topic (cleanup.policy=compact), as far as
 * transactions go (LogCleaner.scala's Cleaner.doClean, cleanSegments, cleanInto and CleanedTransactionMetadata,
 * read at 3.1.0 and 3.2.0). The model's records have no keys of their own, so compaction removes no committed
 * record: what a pass changes is the aborted records, the transaction index and the markers.
 *
 * The pass maps keys from the checkpoint (`firstDirtyOffset`) toward its bound, the last stable offset: the cleaner
 * never cleans past the LSO (LogCleanerManager.cleanableOffsets; the model takes the leader's segment as rolled
 * there). Its offset map may fill first, at a record it has no room for (more keys than
 * log.cleaner.dedupe.buffer.size holds): the map's last offset is then the batch before it, and the next
 * checkpoint one past that. The pass then copies the whole segment that offset is in, so up to the bound.
 * A marker's delete horizon is KIP-534's (3.1 on): the pass's time plus delete.retention.ms. Before 3.1 the cleaner
 * judged markers by the last-modified time of the cleaned segments instead (Cleaner.doClean's deleteHorizonMs, read
 * at 3.0.1), a horizon no later than this one; the model takes KIP-534's for every release.
 * Pure.
 */

import type { KafkaEvent } from './cluster.js';
import { scratchFates } from './read.js';
import type { ControlEntry, DataEntry, LogEntry, Partition } from './records.js';

/** How one pass runs. */
export interface CleanPass {
  /** The offset map's last offset (OffsetMap.latestOffset): the bound less one unless the map filled first. */
  readonly mapEnd: number;
  /** The pass's time (Cleaner.doClean's currentTime). */
  readonly now: number;
  readonly deleteRetentionMs: number;
  /** KAFKA-13727 fixed (Release.cleanerIndexesWholeSegment). */
  readonly wholeSegment: boolean;
}

/** Where the next pass starts mapping: the checkpoint. Pure. */
export function firstDirty(p: Partition): number {
  return p.firstDirtyOffset ?? 0;
}

/** The offset past which a pass cleans nothing: the last stable offset. Pure. */
export function cleanableBound(p: Partition): number {
  return p.lastStableOffset;
}

/**
 * The map ends a pass over `p` may take, ascending: before each record it may have had no room for (a data
 * record past the first of the dirty range that its transaction index does not call aborted: an aborted batch is
 * not mapped, Cleaner.buildOffsetMapForSegment), and the last batch of the dirty range when all fit. Empty when
 * nothing is dirty, when a pass does nothing. Pure.
 */
export function mapEnds(p: Partition): number[] {
  const from = firstDirty(p);
  const bound = cleanableBound(p);
  const f = scratchFates(p);
  const out: number[] = [];
  let last = -1;
  // The map fills only once it holds a key (its size reaches slots * log.cleaner.io.buffer.load.factor).
  let mapped = false;
  for (let o = from; o < bound; o++) {
    const e = p.log[o]!;
    if (e.removed === true) continue;
    const aborted = e.kind === 'data' && e.transactional && f[o] === 'ABORT' && e.unindexed !== true;
    if (e.kind === 'data' && !aborted) {
      if (mapped) out.push(last);
      mapped = true;
    }
    last = o;
  }
  if (last >= from) out.push(last);
  return out;
}

/** An aborted transaction of the index (AbortedTxn): its producer, first offset and marker. */
interface Aborted {
  readonly producerId: number;
  readonly firstOffset: number;
  readonly marker: number;
}

/**
 * The partition's transaction index: an ABORT marker with its first record's offset, unless a cleaning dropped it
 * (it found no record of it to keep, and set the marker's delete horizon, unless the horizon came from the leader's
 * cleaning, `stillIndexed`; or the marker is gone) or lost it (its records are `unindexed`). Ordered by first
 * offset, as CleanedTransactionMetadata's queue is. Pure.
 */
function abortIndex(log: readonly LogEntry[]): Aborted[] {
  const out: Aborted[] = [];
  const openFirst = new Map<number, number>();
  const lost = new Set<number>();
  for (const e of log) {
    // A follower's index has nothing of an entry it missed: its transaction runs on to the producer's next marker.
    if (e.missed === true) continue;
    if (e.kind === 'data') {
      if (!e.transactional) continue;
      if (!openFirst.has(e.producerId)) openFirst.set(e.producerId, e.offset);
      if (e.unindexed === true) lost.add(e.producerId);
      continue;
    }
    const first = openFirst.get(e.producerId);
    const horizonDropped = e.deleteHorizonMs !== undefined && e.stillIndexed !== true;
    const dropped = e.removed === true || horizonDropped || lost.has(e.producerId);
    if (e.marker === 'ABORT' && first !== undefined && !dropped)
      out.push({ producerId: e.producerId, firstOffset: first, marker: e.offset });
    openFirst.delete(e.producerId);
    lost.delete(e.producerId);
  }
  return out.sort((a, b) => a.firstOffset - b.firstOffset);
}

/**
 * `p` after one pass `c`: every retained batch from the log's start to the bound is copied, walking it as
 * CleanedTransactionMetadata does. A record of a transaction the collected index calls aborted is removed; a record
 * of an aborted transaction it does not hold is kept as if committed and, left out of the cleaned index, is
 * `unindexed`. A marker is kept while its transaction has a record in the walk; otherwise a marker without a
 * delete horizon gets one (now + delete.retention.ms, MemoryRecords.filterTo) and leaves the index, and one past
 * its horizon is removed. The checkpoint moves one past the map's end. Pure.
 */
export function clean(p: Partition, c: CleanPass): Partition {
  const bound = cleanableBound(p);
  const f = scratchFates(p);
  // Cleaner.cleanSegments: UnifiedLog.collectAbortedTransactions(segment base, upper), upper the next segment's
  // base, or for the last segment its end (fixed) or the map's last offset + 1 (before the fix).
  const upper = c.wholeSegment ? bound : c.mapEnd + 1;
  const queue = abortIndex(p.log).filter((a) => a.firstOffset < upper);
  const ongoingAborted = new Map<number, { observed: boolean }>();
  const ongoingCommitted = new Set<number>();
  let next = 0;
  const consumeUpTo = (offset: number): void => {
    while (next < queue.length && queue[next]!.firstOffset <= offset) {
      const a = queue[next++]!;
      if (!ongoingAborted.has(a.producerId)) ongoingAborted.set(a.producerId, { observed: false });
    }
  };
  const log: LogEntry[] = p.log.slice();
  for (let o = 0; o < bound; o++) {
    const e = log[o]!;
    if (e.removed === true) continue;
    consumeUpTo(o);
    if (e.kind === 'data') {
      if (!e.transactional) continue;
      const aborted = ongoingAborted.get(e.producerId);
      if (aborted !== undefined) {
        aborted.observed = true;
        log[o] = { ...e, removed: true } satisfies DataEntry;
      } else {
        ongoingCommitted.add(e.producerId);
        if (f[o] === 'ABORT' && e.unindexed !== true) log[o] = { ...e, unindexed: true } satisfies DataEntry;
      }
      continue;
    }
    let discardable: boolean;
    if (e.marker === 'ABORT') {
      const aborted = ongoingAborted.get(e.producerId);
      ongoingAborted.delete(e.producerId);
      discardable = aborted === undefined || !aborted.observed;
    } else discardable = !ongoingCommitted.delete(e.producerId);
    if (!discardable) continue;
    if (e.deleteHorizonMs === undefined)
      log[o] = { ...e, deleteHorizonMs: c.now + c.deleteRetentionMs } satisfies ControlEntry;
    else if (e.stillIndexed === true || e.deleteHorizonMs <= c.now) {
      // A follower's copy dated by its leader: this pass drops the transaction from the replica's own index.
      const { stillIndexed: _, ...rest } = e;
      log[o] = e.deleteHorizonMs <= c.now ? ({ ...rest, removed: true } satisfies ControlEntry) : rest;
    }
  }
  return { ...p, log, firstDirtyOffset: c.mapEnd + 1 };
}

/** The earliest delete horizon past `now` of a marker still in `p`'s log, or null. Pure. */
export function nextHorizon(p: Partition, now: number): number | null {
  let best: number | null = null;
  for (const e of p.log) {
    if (e.kind !== 'control' || e.removed === true || e.deleteHorizonMs === undefined) continue;
    if (e.deleteHorizonMs > now && (best === null || e.deleteHorizonMs < best)) best = e.deleteHorizonMs;
  }
  return best;
}

/** What a pass changed from `before` to `after`, as the trace's event. Pure. */
export function cleanedEvent(partition: number, before: Partition, after: Partition, broker?: number): KafkaEvent {
  const removed: number[] = [];
  const unindexed: number[] = [];
  const horizons: [number, number][] = [];
  after.log.forEach((e, o) => {
    const was = before.log[o]!;
    if (e.removed === true && was.removed !== true) removed.push(o);
    if (e.kind === 'data' && e.unindexed === true && !(was.kind === 'data' && was.unindexed === true))
      unindexed.push(o);
    if (e.kind === 'control' && e.deleteHorizonMs !== undefined && was.kind === 'control')
      if (was.deleteHorizonMs === undefined) horizons.push([o, e.deleteHorizonMs]);
  });
  const event = { type: 'cleaned' as const, partition, bound: cleanableBound(before), removed, unindexed, horizons };
  return broker === undefined ? event : { ...event, broker };
}
