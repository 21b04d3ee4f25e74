/**
 * Config of `kafka-streams`: one stateful task 0_0 (a count store with its changelog partition)
 * reading input partition 0, instances of one thread each, and `processing.guarantee`.
 */
import type { Config, ConfigKey } from '../config.js';
import { crashesKey, epochFencingKey, generationFencingKey, isolationKey, stableOffsetsKey, transactionTimeoutKey, transactionVersionKey, zombiesKey, sharedAppConfig, type AppConfig } from '../ctp/config.js';

/** `processing.guarantee`. */
export type ProcessingGuarantee = 'at_least_once' | 'exactly_once' | 'exactly_once_v2';

/** The `--set` keys of `kafka-streams`. */
export const streamsKeys: readonly ConfigKey[] = [
  isolationKey,
  transactionVersionKey,
  transactionTimeoutKey,
  { kind: 'enum', name: 'processing.guarantee', default: 'exactly_once_v2', values: ['at_least_once', 'exactly_once', 'exactly_once_v2'], meaning: 'at_least_once: commit offsets after the changelog and output writes; exactly_once (EOS v1): a transactional producer per task, transactional.id from application.id and task; exactly_once_v2: a producer per thread, zombies fenced by the group generation (KIP-447), UNKNOWN_PRODUCER_ID recovered by an epoch bump (KIP-360)', realDefault: 'at_least_once in Kafka Streams' },
  { kind: 'integer', name: 'commit.every', default: 2, min: 1, max: 50, meaning: 'records per commit (commit.interval.ms in records): an offset commit under at_least_once, a transaction under EOS' },
  epochFencingKey,
  stableOffsetsKey,
  generationFencingKey,
  crashesKey,
  zombiesKey,
  { kind: 'boolean', name: 'faults.unknown-producer-id', default: false, meaning: 'the broker may forget an idle producer (retention): its next write gets UNKNOWN_PRODUCER_ID (only with transaction.version=1, whose sequences run across transactions)' },
  { kind: 'integer', name: 'instances', default: 2, min: 1, max: 3, meaning: 'application instances (one stream thread each) in the group' },
  { kind: 'integer', name: 'input.records', default: 2, min: 1, max: 50, meaning: 'input records of partition 0 (values 1, 2, 3, ...)' },
];

/** Reads the typed `kafka-streams` config out of a resolved one. Pure. */
export function streamsConfig(c: Config): AppConfig {
  const guarantee = String(c['processing.guarantee']) as ProcessingGuarantee;
  const instances = Number(c['instances']);
  const v1 = guarantee === 'exactly_once';
  return {
    ...sharedAppConfig(c),
    app: 'kafka-streams',
    enableIdempotence: true,
    network: false,
    producers: v1 ? 1 : instances,
    partitions: 2,
    strategy: guarantee === 'at_least_once' ? 'process-then-commit' : 'transactional',
    instances,
    inputPartitions: 1,
    sink: 'kafka',
    autoCommit: false,
    autoCommitIntervalMs: 5000,
    txnIdPerTask: v1,
    stateful: true,
    kip360: guarantee === 'exactly_once_v2',
    producerStateLoss: c['faults.unknown-producer-id'] === true && guarantee !== 'at_least_once',
  };
}
