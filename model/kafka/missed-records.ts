/**
 * What a follower of a compacted partition receives from a cleaned leader (read at apache/kafka 4.0.0-SNAPSHOT,
 * trunk of 2024-10). The leader serves a fetch from the first batch at or past the fetch offset (LogSegment.read),
 * whatever its cleaner removed below it, and the follower appends with gaps (UnifiedLog.appendAsFollower only
 * refuses offsets below its log end). A follower that held an aborted transaction's records and fetches past its
 * marker after the leader's cleaner removed it (or kept it as an empty batch, which ProducerAppendInfo.append skips)
 * never ends that transaction: with origin REPLICATION, ProducerAppendInfo.appendDataBatch keeps
 * currentTxnFirstOffset for the producer's next batches, and appendEndTxnMarker ends the whole run with the next
 * marker it receives. Pure, but for `settleMissed`, which writes the log it is given.
 */
import type { DataEntry, LogEntry } from './records.js';

/**
 * The follower's copy of the leader's entry `e`: one the leader's cleaner removed was never received (`missed`); a
 * received record drops the leader's `unindexed` and a received marker with a delete horizon is `stillIndexed`, as
 * the follower builds its own transaction index from the markers it appends (UnifiedLog.updateProducers,
 * ProducerStateManager.completeTxn). Pure.
 */
export function receivedCopy(e: LogEntry): LogEntry {
  if (e.removed === true) return e.missed === true ? e : { ...e, missed: true };
  // The horizon is in the batch the follower copies; the index entry its leader's cleaning dropped is its own.
  if (e.kind === 'control' && e.deleteHorizonMs !== undefined && e.stillIndexed !== true)
    return { ...e, stillIndexed: true };
  if (e.kind === 'data' && e.unindexed === true) {
    const { unindexed: _, ...rest } = e;
    return rest;
  }
  return e;
}

/** Whether `log` holds an entry its replica missed. Pure. */
export function hasMissed(log: readonly LogEntry[]): boolean {
  return log.some((e) => e.missed === true);
}

/**
 * `log` (a replica's, as a draft or owned copy) after it appended markers: the records of a transaction whose
 * marker it missed stay in its producer's open transaction, so the next marker of that producer it holds ends them
 * too. A COMMIT adds no aborted transaction to the index (CompletedTxn.isAborted false), so a read_committed fetch
 * returns them: they become `unindexed`. An ABORT indexes them from the old first offset: they stay skipped.
 */
export function settleMissed(log: LogEntry[]): void {
  const held = new Map<number, number[]>();
  const hung = new Map<number, number[]>();
  for (let o = 0; o < log.length; o++) {
    const e = log[o]!;
    const pid = e.producerId;
    if (e.missed === true) {
      if (e.kind === 'control') {
        hung.set(pid, [...(hung.get(pid) ?? []), ...(held.get(pid) ?? [])]);
        held.delete(pid);
      }
      continue;
    }
    if (e.kind === 'data') {
      if (e.transactional && e.removed !== true) held.set(pid, [...(held.get(pid) ?? []), o]);
      continue;
    }
    const h = hung.get(pid);
    if (h !== undefined && e.marker === 'COMMIT')
      for (const at of h) {
        const d = log[at] as DataEntry;
        if (d.unindexed !== true) log[at] = { ...d, unindexed: true };
      }
    hung.delete(pid);
    held.delete(pid);
  }
}
