/**
 * flink-connector-kafka 4.x POOLING naming (`sink.transaction-naming-strategy=POOLING`): transactional.ids
 * `<prefix>-<subtask>-<n>` from each sink subtask's pool, the lowest `n` not in flight
 * (TransactionNamingStrategyImpl.POOLING, ProducerPoolImpl), and the LISTING abort on restore
 * (TransactionAbortStrategyImpl.LISTING: every ONGOING transaction of the prefix and an owned subtask id that the
 * restored writer state does not list as pre-committed). Pure.
 */
import type { Cluster } from '../kafka/cluster.js';
import type { FlinkConfig } from './config.js';
import { committableSub, type JobNo, sinkPrefix, type Task, writerOf } from './state.js';

/**
 * The lowest pool index of sink subtask `sub` not in flight: not its writer's open transaction, not a committable of
 * it still pending (each subtask pools `<prefix>-<sub>-<n>`, the subtask id it owns at a fixed parallelism). Pure.
 */
export function poolName(t: Pick<Task, 'committables' | 'writer' | 'otherWriters'>, sub = 0): number {
  const w = writerOf(t, sub);
  for (let n = 0; ; n++) {
    if (w.txn?.name === n) continue;
    if (t.committables.some((c) => c.name === n && committableSub(c) === sub)) continue;
    return n;
  }
}

/**
 * The first transaction LISTING aborts for sink subtask `sub` of job `no`: ONGOING (with partitions, so
 * DescribeProducers lists its producer), of the job's prefix and a subtask id it owns (its own at a fixed parallelism:
 * TransactionOwnership.EXPLICIT_BY_WRITER_STATE restores the owned id and total from its writer state), not
 * pre-committed in its restored state. Its index in `k.txns`, or -1. Pure.
 */
export function listingTarget(
  c: FlinkConfig,
  k: Cluster,
  precommitted: readonly number[],
  no: JobNo,
  gen: number,
  sub = 0,
): number {
  const head = `${sinkPrefix(c, no, gen)}-${sub}-`;
  return k.txns.findIndex((t) => {
    if (t.state !== 'Ongoing' || t.partitions.length === 0 || !t.transactionalId.startsWith(head)) return false;
    const rest = t.transactionalId.slice(head.length);
    return /^\d+$/.test(rest) && !precommitted.includes(Number(rest));
  });
}
