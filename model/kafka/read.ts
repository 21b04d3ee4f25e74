/**
 * Consumer-side reads of a partition (KIP-98): read_uncommitted returns every data record below
 * the high watermark; read_committed stops at the LSO and skips records of aborted transactions.
 * Pure functions over a frozen partition.
 */
import type { IsolationLevel } from './keys.js';
import type { DataEntry, Marker, Partition } from './records.js';

/**
 * The fate of each data record, indexed by offset: COMMIT or ABORT from the first later marker of
 * its producer, null while its transaction is open, 'plain' for a non-transactional record.
 */
export function fates(p: Partition): (Marker | 'plain' | null | undefined)[] {
  const out: (Marker | 'plain' | null | undefined)[] = new Array(p.log.length);
  const next = new Map<number, Marker>();
  for (let i = p.log.length - 1; i >= 0; i--) {
    const e = p.log[i]!;
    if (e.kind === 'control') next.set(e.producerId, e.marker);
    else out[i] = e.transactional ? (next.get(e.producerId) ?? null) : 'plain';
  }
  return out;
}

/** The data records a consumer at `level` reads, in offset order. Pure. */
export function readPartition(p: Partition, level: IsolationLevel): DataEntry[] {
  const out: DataEntry[] = [];
  if (level === 'read_uncommitted') {
    for (const e of p.log) if (e.kind === 'data' && e.offset < p.highWatermark) out.push(e);
    return out;
  }
  const f = fates(p);
  for (const e of p.log) {
    if (e.offset >= p.lastStableOffset) break;
    if (e.kind !== 'data') continue;
    const fate = f[e.offset];
    if (fate === 'plain' || fate === 'COMMIT') out.push(e);
  }
  return out;
}

/**
 * The first offset of a transaction still open on the partition, derived from the log alone (a
 * transactional data record with no later marker of its producer), or null.
 */
export function firstOpenOffsetFromLog(p: Partition): number | null {
  const f = fates(p);
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
    for (const e of readPartition(p, level)) {
      values.push(e.value);
      offsets.push(e.offset);
    }
  }
  return { values, offsets };
}
