/**
 * Consumer-side reads of a partition (KIP-98): read_uncommitted returns every data record below
 * the high watermark; read_committed stops at the LSO and skips records of aborted transactions.
 * Pure functions over a frozen partition.
 */
import type { Cluster } from './cluster.js';
import type { IsolationLevel } from './keys.js';
import type { DataEntry, Marker, Partition } from './records.js';

/**
 * The fate of each data record, indexed by offset: COMMIT or ABORT from the first later marker of
 * its producer, null while its transaction is open, 'plain' for a non-transactional record. A marker
 * the log cleaner removed still decides (ghost truth: the transaction ended so).
 */
export function fates(p: Partition): Fates {
  return writeFates(p, new Array(p.log.length));
}

/** A partition's `fates`, indexed by offset (undefined at a marker). */
export type Fates = (Marker | 'plain' | null | undefined)[];

/**
 * `fates(p)` written into one list this module reuses, which the next call overwrites: for a check
 * that reads it at once, by offset, and keeps nothing (the invariants run after every step; a new list
 * each time was a tenth of their cost). Entries past the log's end are left from earlier calls (setting
 * the list's length cost more than the walk): read only the offsets of `p`'s log.
 */
export function scratchFates(p: Partition): Readonly<Fates> {
  return writeFates(p, SCRATCH);
}
const SCRATCH: Fates = [];
/** What read_uncommitted reads fates from: nothing. */
const NO_FATES: Readonly<Fates> = [];

function writeFates(p: Partition, out: Fates): Fates {
  // The latest marker of each producer met so far, walking back: a handful of producers, so two reused
  // scratch lists and a count (this runs several times a step) instead of a Map.
  let n = 0;
  for (let i = p.log.length - 1; i >= 0; i--) {
    const e = p.log[i]!;
    let at = 0;
    while (at < n && LATER_PIDS[at] !== e.producerId) at++;
    if (e.kind === 'control') {
      LATER_PIDS[at] = e.producerId;
      LATER_MARKERS[at] = e.marker;
      if (at === n) n++;
      out[i] = undefined;
    } else out[i] = e.transactional ? (at < n ? LATER_MARKERS[at]! : null) : 'plain';
  }
  return out;
}
const LATER_PIDS: number[] = [];
const LATER_MARKERS: Marker[] = [];

/** The data records a consumer at `level` reads, in offset order. Pure. */
export function readPartition(p: Partition, level: IsolationLevel): DataEntry[] {
  return readWithFates(p, level, level === 'read_uncommitted' ? NO_FATES : scratchFates(p));
}

/** `readPartition` with the partition's `fates` already computed (read_uncommitted does not look at them). Pure. */
export function readWithFates(p: Partition, level: IsolationLevel, f: Readonly<Fates>): DataEntry[] {
  const out: DataEntry[] = [];
  for (const e of p.log) if (e.kind === 'data' && isRead(p, level, f, e)) out.push(e);
  return out;
}

/**
 * Whether a consumer at `level` reads data record `e` of `p` (`f`: the partition's fates; read_uncommitted
 * does not look at them): read_uncommitted below the high watermark, read_committed below the LSO and
 * committed or non-transactional (KIP-98), or left out of the transaction index by a cleaning (KAFKA-13727); never
 * a record the log cleaner removed. Pure.
 */
export function isRead(p: Partition, level: IsolationLevel, f: Readonly<Fates>, e: DataEntry): boolean {
  if (e.removed === true) return false;
  if (level === 'read_uncommitted') return e.offset < p.highWatermark;
  if (e.offset >= p.lastStableOffset) return false;
  // The consumer skips a transactional batch only for a producer the fetch's AbortedTransactions name
  // (Fetcher.isBatchAborted): one the transaction index lost is returned whatever its marker says.
  if (e.unindexed === true) return true;
  const fate = f[e.offset];
  return fate === 'plain' || fate === 'COMMIT';
}

/**
 * The first offset of a transaction still open on the partition, derived from the log alone (a
 * transactional data record with no later marker of its producer), or null.
 */
export function firstOpenOffsetFromLog(p: Partition): number | null {
  return firstOpenOffsetWith(p, scratchFates(p));
}

/** `firstOpenOffsetFromLog` of a partition whose fates are `f`. Pure. */
export function firstOpenOffsetWith(p: Partition, f: Readonly<Fates>): number | null {
  for (const e of p.log) if (e.kind === 'data' && e.transactional && f[e.offset] === null) return e.offset;
  return null;
}

/** Values and offsets a consumer at `level` reads from `partitions`, partition by partition. Pure. */
export function readTopic(
  partitions: readonly Partition[],
  level: IsolationLevel,
): { values: number[]; offsets: number[] } {
  const values: number[] = [];
  const offsets: number[] = [];
  for (const p of partitions) {
    const f = level === 'read_uncommitted' ? NO_FATES : scratchFates(p);
    for (const e of p.log) {
      if (e.kind !== 'data' || !isRead(p, level, f, e)) continue;
      values.push(e.value);
      offsets.push(e.offset);
    }
  }
  return { values, offsets };
}

/**
 * The fate each record of partition `p` will have once the markers already decided are written:
 * `fates`, with a record still open whose producer's transaction is PrepareCommit/PrepareAbort and
 * whose marker to `p` is still pending taking that marker. Markers reach partitions one at a time,
 * so in between a reader sees some partitions of a decided transaction committed and others not
 * yet; a claim about a transaction as a whole is judged on this view (`offsets-atomic` applies the rule
 * record by record without the list, `committedValues` in properties/apps/outputs.ts; a test holds the two
 * equal). Pure.
 */
export function decidedFates(k: Cluster, p: number): Fates {
  const f = fates(k.partitions[p]!);
  const log = k.partitions[p]!.log;
  for (const t of k.txns) {
    const pend = t.pending;
    if (!pend?.partitions.includes(p)) continue;
    for (const e of log)
      if (e.kind === 'data' && e.producerId === pend.producerId && f[e.offset] === null) f[e.offset] = pend.marker;
  }
  return f;
}

/**
 * Group `g`'s committed offset of input partition `input` once the decided markers reach
 * `__consumer_offsets`: a pending offset of a PrepareCommit transaction whose marker is still due
 * there takes effect if its commit record is the later one. Pure.
 */
export function decidedOffset(k: Cluster, g: number, input: number): number {
  const group = k.groups[g]!;
  let best = group.committed[input]!;
  for (const po of group.pending) {
    if (po.partition !== input) continue;
    const t = k.txns.find((x) => x.pending?.producerId === po.producerId);
    // A queued completion (faults.late-offset-completion) is decided too: it completes every pending offset of its
    // producer id that the group holds when it runs.
    const queued = group.completions?.find((c) => c.producerId === po.producerId);
    if (queued !== undefined) {
      if (queued.marker !== 'COMMIT') continue;
    } else if (t?.pending?.marker !== 'COMMIT' || t.pending.offsetsGroup !== g) continue;
    if (po.recordOffset > best.recordOffset) best = { ...best, offset: po.offset, recordOffset: po.recordOffset };
  }
  return best.offset;
}
