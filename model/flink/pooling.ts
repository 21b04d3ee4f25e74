/**
 * flink-connector-kafka 4.x POOLING naming (`sink.transaction-naming-strategy=POOLING`): transactional.ids
 * `<prefix>-0-<n>` from a pool, the lowest `n` not in flight (TransactionNamingStrategyImpl.POOLING, ProducerPoolImpl),
 * and the LISTING abort on restore (TransactionAbortStrategyImpl.LISTING: every ONGOING transaction of the prefix
 * that the restored writer state does not list as pre-committed). Pure.
 */
import type { Cluster } from '../kafka/cluster.js';
import type { FlinkConfig } from './config.js';
import { type JobNo, sinkPrefix, type Task } from './state.js';

/** The lowest pool index not in flight: not the writer's open transaction, not a committable still pending. Pure. */
export function poolName(t: Pick<Task, 'committables' | 'writer'>): number {
  const w = t.writer;
  for (let n = 0; ; n++) {
    if (w.txn?.name === n) continue;
    if (t.committables.some((c) => c.name === n)) continue;
    return n;
  }
}

/**
 * The first transaction LISTING aborts for job `no`: ONGOING (with partitions, so DescribeProducers lists its
 * producer), of the job's prefix, not pre-committed in the restored state. Its index in `k.txns`, or -1. Pure.
 */
export function listingTarget(
  c: FlinkConfig,
  k: Cluster,
  precommitted: readonly number[],
  no: JobNo,
  gen: number,
): number {
  const head = `${sinkPrefix(c, no, gen)}-0-`;
  return k.txns.findIndex((t) => {
    if (t.state !== 'Ongoing' || t.partitions.length === 0 || !t.transactionalId.startsWith(head)) return false;
    const rest = t.transactionalId.slice(head.length);
    return /^\d+$/.test(rest) && !precommitted.includes(Number(rest));
  });
}
