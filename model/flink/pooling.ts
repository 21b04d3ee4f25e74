/**
 * flink-connector-kafka 4.x POOLING naming (`sink.transaction-naming-strategy=POOLING`): transactional.ids
 * `<prefix>-<subtask>-<n>` from each sink subtask's pool, the lowest `n` not in flight
 * (TransactionNamingStrategyImpl.POOLING, ProducerPoolImpl), and the LISTING abort on restore
 * (TransactionAbortStrategyImpl.LISTING: every ONGOING transaction whose name starts with the prefix, of an owned
 * subtask id, that the restored writer state does not list as pre-committed). Pure.
 */
import type { Cluster, TxnMeta } from '../kafka/cluster.js';
import type { FlinkConfig } from './config.js';
import { type Committable, type JobManager, type JobNo, sinkPrefix, type Writer } from './state.js';

/**
 * The subtask id in a transactional.id: the number between its last two dashes (TransactionalIdFactory
 * .extractSubtaskId, connector 4.0.0 to 5.0.0). Every id the model makes is `<prefix>-<subtask>-<n>`. Pure.
 */
export function extractSubtaskId(name: string): number {
  const last = name.lastIndexOf('-');
  return Number(name.slice(name.lastIndexOf('-', last - 1) + 1, last));
}

/** The prefix of a transactional.id: what precedes its last two dashes (TransactionalIdFactory.extractPrefix). Pure. */
export function extractPrefix(name: string): string {
  return name.slice(0, name.lastIndexOf('-', name.lastIndexOf('-') - 1));
}

/**
 * The prefixes LISTING aborts with (ExactlyOnceKafkaWriter.abortLingeringTransactions, 4.0.0 to 5.0.0): the current
 * sink.transactional-id-prefix, and the restored writer state's when it differs (`oldGen`). Pure.
 */
export function prefixesToAbort(c: FlinkConfig, no: JobNo, gen: number, oldGen: number | null): string[] {
  const current = sinkPrefix(c, no, gen);
  return oldGen === null ? [current] : [current, sinkPrefix(c, no, oldGen)];
}

/**
 * The first transaction LISTING aborts for sink subtask `sub` (TransactionAbortStrategyImpl.LISTING, 4.0.0 to 5.0.0):
 * ONGOING on the sink's topic (AdminUtils.getOpenTransactionsForTopics: the producers DescribeProducers lists on its
 * partitions, ListTransactions filtered to ONGOING), whose name starts with one of `prefixes` (hasKnownPrefix: any
 * job's id whose prefix merely begins with ours too), owned (TransactionAbortStrategyContextImpl.ownsTransactionalId:
 * `extractSubtaskId(name) % total` is one of the `owned` subtask ids, TransactionOwnership.EXPLICIT_BY_WRITER_STATE's
 * from the restored writer states, `ownership.ts`), and not pre-committed in its restored writer state
 * (`precommitted`: indexes in `k.txns`). Its index, or -1. Pure.
 */
export function listingTarget(
  k: Cluster,
  prefixes: readonly string[],
  precommitted: readonly number[],
  owned: readonly number[],
  total: number,
  restored: readonly Committable[] | null = null,
): number {
  return k.txns.findIndex(
    (t, i) =>
      t.state === 'Ongoing' &&
      t.partitions.length > 0 &&
      prefixes.some((p) => t.transactionalId.startsWith(p)) &&
      owned.includes(extractSubtaskId(t.transactionalId) % total) &&
      !(precommitted.includes(i) && !superseded(t, i, restored)),
  );
}

/**
 * With safeguard.abort-superseded-precommitted (`restored`: the restored checkpoint's committables), whether the open
 * transaction of pre-committed id `i` is a newer one than the restored state pre-committed: no restored committable
 * of it has its producer id and epoch (FLINK-40626's proposed fix: "a transaction the broker reports under a
 * precommitted id with a newer epoch than the snapshotted one (or a different producer id)" is aborted at recovery,
 * DescribeTransactions deciding it). Without the safeguard (null) never. Pure.
 */
function superseded(t: TxnMeta, i: number, restored: readonly Committable[] | null): boolean {
  if (restored === null) return false;
  return !restored.some((c) => c.txn === i && c.producerId === t.producerId && c.epoch === t.epoch);
}

/**
 * Where a sink subtask of job `no` (JobManager `jm`, writer `w`) is in its LISTING abort: the prefixes it aborts
 * with and the index of the next transaction it takes (-1: none left). Pure.
 */
export function listing(
  c: FlinkConfig,
  k: Cluster,
  jm: Pick<JobManager, 'prefixGen' | 'latest'>,
  w: Pick<Writer, 'precommitted' | 'oldGen' | 'owned' | 'total'>,
  no: JobNo,
): { readonly prefixes: readonly string[]; readonly next: number } {
  const prefixes = prefixesToAbort(c, no, jm.prefixGen, w.oldGen);
  // The restored checkpoint is still the latest: nothing completes before every writer is ready.
  const restored = c.abortSuperseded ? (jm.latest?.committables ?? []) : null;
  return { prefixes, next: listingTarget(k, prefixes, w.precommitted, w.owned, w.total, restored) };
}

/**
 * The operational hazard of two jobs' prefixes where one starts with the other, under POOLING: with `jobs=2` and the
 * unique-prefix safeguard job 2's `<prefix>-job2` begins with job 1's `<prefix>`, so job 1's LISTING abort (every
 * open transaction whose name starts with its prefix, TransactionAbortStrategyImpl.LISTING, 4.0.0 to 5.0.0) fences
 * and aborts job 2's, pre-committed ones too, at each of its (re)starts. One sentence, or null. Pure.
 */
export function prefixHazard(c: FlinkConfig): string | null {
  if (c.namingStrategy !== 'POOLING' || c.jobs !== 2) return null;
  const [one, two] = [sinkPrefix(c, 1), sinkPrefix(c, 2)];
  if (one === two || !two.startsWith(one)) return null;
  return (
    `job 2's transactional-id prefix ${two} starts with job 1's ${one}: job 1's LISTING abort takes every open ` +
    `transaction whose name starts with ${one}, job 2's pre-committed ones too (prefixes that are prefixes of each ` +
    'other are an operational hazard; give each job a prefix no other begins with)'
  );
}
