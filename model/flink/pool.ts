/**
 * POOLING's producer pool as the connector keeps it (ProducerPoolImpl, connector 4.0.0 to 5.0.0): which transactional
 * ids are in flight, and the committer's TransactionFinished messages that free them through the backchannel
 * (KafkaCommitter -> BackchannelImpl -> ExactlyOnceKafkaWriter.snapshotState). An id is freed only when the writer
 * polls the message, in snapshotState, right before startTransaction(checkpointId + 1) names the next transaction: a
 * commit after that snapshot frees its id one checkpoint later. Pure.
 */
import type { Finished, PoolEntry } from './state.js';

/** `entries` with `e` added, in order of checkpoint, then id (the TreeMap's comparator). Pure. */
export function track(entries: readonly PoolEntry[], e: PoolEntry): PoolEntry[] {
  const out = [...entries.filter((x) => x.id !== e.id), e];
  return out.sort((a, b) => a.checkpoint - b.checkpoint || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** ProducerPoolImpl.recycle: an empty transaction's producer goes back at once, its id no longer in flight. Pure. */
export function recycle(entries: readonly PoolEntry[], id: string): PoolEntry[] {
  return entries.filter((x) => x.id !== id);
}

/**
 * ProducerPoolImpl.recycleByTransactionId: the finished id leaves the in-flight set, and so does every one of an
 * earlier checkpoint ("a transaction state with checkpoint id C implies that all C' < C are finished"). An id the
 * pool does not track ("unmatched ... expected during rescale") changes nothing. Pure.
 */
export function recycleByTransactionId(entries: readonly PoolEntry[], id: string): PoolEntry[] {
  const e = entries.find((x) => x.id === id);
  if (e === undefined) return [...entries];
  return entries.filter((x) => x.id !== id && x.checkpoint >= e.checkpoint);
}

/** snapshotState's poll: every TransactionFinished queued, in the order the committer sent them. Pure. */
export function poll(entries: readonly PoolEntry[], backchannel: readonly Finished[]): PoolEntry[] {
  return backchannel.reduce<PoolEntry[]>((acc, f) => recycleByTransactionId(acc, f.id), [...entries]);
}

/**
 * TransactionNamingStrategyImpl.POOLING: the lowest `n` whose id `idOf(n)` is not in flight (the ids of the ongoing
 * transactions the pool lists when startTransaction runs). Pure.
 */
export function lowestFree(entries: readonly PoolEntry[], idOf: (n: number) => string): number {
  for (let n = 0; ; n++) if (!entries.some((x) => x.id === idOf(n))) return n;
}
