/**
 * MirrorSourceTask's generations and the source's transactions: when an offset flush is due, which source
 * transaction may still abort, the sync state of a new generation. Pure functions.
 */
import { exactlyOnceSource, taskFaults } from './config.js';
import type { MirrorMaker2State, SyncState } from './state.js';

/** A new generation's PartitionState: no sync yet. */
export function freshSync(): SyncState {
  return { lastSyncU: -1, lastSyncD: -1, previousU: -1, delayed: null };
}

/**
 * Whether the offset flush has something to commit: only without exactly-once (with it, each transaction
 * commits the offsets) and only where a next generation reads them (a task fault configured).
 */
export function flushDue(s: MirrorMaker2State): boolean {
  return taskFaults(s.config) && !exactlyOnceSource(s.config) && s.flushed < s.mirrored;
}

/**
 * The source transaction that may abort now, or null: the first after those aborted, complete (its marker
 * written), that no reader has reached (no record of it copied or processed, no consumer's position past its
 * start). One a state: which of two unread transactions aborts first makes the same runs.
 */
export function abortable(s: MirrorMaker2State): number | null {
  const c = s.config;
  const n = c.sourceTransactionRecords;
  if (!s.sourceAlive || n === 0 || s.aborted.length >= c.sourceAborts) return null;
  const readers = [s.mirrored, s.group.cluster === 'source' ? s.group.position : 0, s.zombie ?? 0];
  const start = s.aborted.length === 0 ? 0 : s.aborted[s.aborted.length - 1]! + 1;
  for (let t = start; t < Math.floor(c.inputRecords / n); t++) {
    const values = Array.from({ length: n }, (_, i) => t * n + 1 + i);
    const reached = readers.some((p) => p > t * (n + 1)) || values.some((v) => s.target.includes(v));
    if (!reached && !values.some((v) => s.processed.includes(v))) return t;
  }
  return null;
}
