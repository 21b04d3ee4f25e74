/**
 * Config of the consumer applications (`consume-transform-produce`, `kafka-streams`): the
 * `kafka-txn` fields the shared broker and coordinator rules read, plus the application's own.
 */
import type { Config, ConfigKey } from '../config.js';
import type { KafkaTxnConfig } from '../kafka/config.js';

/** `commit.strategy` of a consume-transform-produce loop. */
export type CommitStrategy = 'commit-then-process' | 'process-then-commit' | 'transactional';

/** Where the transformed records go: the Kafka topic `out`, or an external system. */
export type SinkKind = 'kafka' | 'upsert' | 'side-effect';

/**
 * The typed config of a consumer application. It extends `KafkaTxnConfig` so the partition leader
 * and transaction coordinator rules of model/kafka run unchanged on its state: `producers` is the
 * number of transactional.ids, `partitions` the number of written partitions.
 */
export interface AppConfig extends KafkaTxnConfig {
  readonly app: 'ctp' | 'kafka-streams';
  /** The effective strategy (kafka-streams: at_least_once = process-then-commit, EOS = transactional). */
  readonly strategy: CommitStrategy;
  readonly commitEvery: number;
  readonly instances: number;
  readonly inputPartitions: number;
  readonly requireStableOffsets: boolean;
  readonly generationFencing: boolean;
  readonly sink: SinkKind;
  readonly autoCommit: boolean;
  readonly autoCommitIntervalMs: number;
  /** Logical processing time of one record (the clock only moves with enable.auto.commit). */
  readonly recordMs: number;
  /** EOS v1: one producer per task, transactional.id `<application.id>-<task>`. */
  readonly txnIdPerTask: boolean;
  /** A count store with a changelog partition (kafka-streams). */
  readonly stateful: boolean;
  /** KIP-360: UNKNOWN_PRODUCER_ID is abortable and recovered by an epoch bump (EOS v2), not fatal. */
  readonly kip360: boolean;
  /** The broker may forget an idle producer's state (log retention): UNKNOWN_PRODUCER_ID. */
  readonly producerStateLoss: boolean;
}

/** Keys shared by both application models. */
export const isolationKey: ConfigKey = { kind: 'enum', name: 'isolation.level', default: 'read_committed', values: ['read_committed', 'read_uncommitted'], meaning: 'the downstream reader of `out` whose view is judged', realDefault: 'a Kafka consumer defaults to read_uncommitted' };
export const transactionVersionKey: ConfigKey = { kind: 'enum', name: 'transaction.version', default: 2, values: [1, 2], meaning: '2 = KIP-890: the leader verifies each partition with the coordinator and every transaction end bumps the epoch; 1 = the protocol before it' };
export const transactionTimeoutKey: ConfigKey = { kind: 'integer', name: 'transaction.timeout.ms', default: 60000, min: 1, max: 3_600_000, meaning: 'the coordinator aborts a transaction open longer than this (logical clock)' };
export const epochFencingKey: ConfigKey = { kind: 'boolean', name: 'safeguard.epoch-fencing', default: true, meaning: 'InitProducerId aborts the open transaction of the older instance and stale epochs are rejected (KIP-98)' };
export const stableOffsetsKey: ConfigKey = { kind: 'boolean', name: 'safeguard.require-stable-offsets', default: true, meaning: 'OffsetFetch answers UNSTABLE_OFFSET_COMMIT while a transactional offset commit of the partition is pending, so a new owner waits (KIP-447)' };
export const generationFencingKey: ConfigKey = { kind: 'boolean', name: 'safeguard.generation-fencing', default: true, meaning: 'TxnOffsetCommit carries the group generation and member id; one from an old generation is rejected with ILLEGAL_GENERATION (KIP-447)' };
export const crashesKey: ConfigKey = { kind: 'integer', name: 'faults.crashes', default: 1, min: 0, max: 5, meaning: 'most instance crashes in one run (a crashed member leaves the group, its partitions move)' };
export const zombiesKey: ConfigKey = { kind: 'boolean', name: 'faults.zombies', default: true, meaning: 'an instance may stall past max.poll.interval.ms (one per run): the group removes it and moves its partitions, and it may resume with its old generation' };

/** The `--set` keys of `consume-transform-produce`. */
export const ctpKeys: readonly ConfigKey[] = [
  { kind: 'boolean', name: 'enable.idempotence', default: true, meaning: 'producer ids and sequence numbers; Kafka refuses a transactional.id without it, so commit.strategy=transactional then runs the process-then-commit loop' },
  isolationKey,
  transactionVersionKey,
  transactionTimeoutKey,
  { kind: 'enum', name: 'commit.strategy', default: 'transactional', values: ['commit-then-process', 'process-then-commit', 'transactional'], meaning: 'commit the offset before processing (at-most-once), after every commit.every records (at-least-once), or output and offsets in one transaction with sendOffsetsToTransaction' },
  { kind: 'integer', name: 'commit.every', default: 2, min: 1, max: 50, meaning: 'records per offset commit (process-then-commit) or per transaction (transactional)' },
  epochFencingKey,
  stableOffsetsKey,
  generationFencingKey,
  crashesKey,
  zombiesKey,
  { kind: 'boolean', name: 'faults.network', default: false, meaning: 'an output batch whose acknowledgement is lost is retried and may land twice (the broker drops the copy only with idempotence)' },
  { kind: 'enum', name: 'sink', default: 'kafka', values: ['kafka', 'upsert', 'side-effect'], meaning: 'where the output goes: topic `out`; an external table upserted by key (duplicates collapse); an external call counted every time (outside any transaction)' },
  { kind: 'boolean', name: 'enable.auto.commit', default: false, meaning: 'the non-transactional loops commit the positions of processed records on a timer instead of explicitly (and on close)', realDefault: 'true in the Java consumer' },
  { kind: 'integer', name: 'auto.commit.interval.ms', default: 5000, min: 1000, max: 600_000, meaning: 'auto commit period; each record takes 1000 ms of logical processing time' },
  { kind: 'integer', name: 'instances', default: 2, min: 1, max: 3, meaning: 'application instances in the consumer group (one transactional.id each, KIP-447)' },
  { kind: 'integer', name: 'input.partitions', default: 1, min: 1, max: 2, meaning: 'partitions of the input topic `in`' },
  { kind: 'integer', name: 'input.records', default: 2, min: 1, max: 50, meaning: 'records per input partition (values are sequence numbers 1, 2, 3, ...)' },
];

/** The fields both application models read the same way from their shared keys. Pure. */
export function sharedAppConfig(c: Config) {
  return {
    isolationLevel: c['isolation.level'] === 'read_uncommitted' ? ('read_uncommitted' as const) : ('read_committed' as const),
    transactionVersion: c['transaction.version'] === 1 ? (1 as const) : (2 as const),
    transactionTimeoutMs: Number(c['transaction.timeout.ms']),
    epochFencing: c['safeguard.epoch-fencing'] === true,
    epochBumpOnTimeout: true,
    crashes: Number(c['faults.crashes']),
    zombies: c['faults.zombies'] === true,
    inputRecords: Number(c['input.records']),
    commitEvery: Number(c['commit.every']),
    requireStableOffsets: c['safeguard.require-stable-offsets'] === true,
    generationFencing: c['safeguard.generation-fencing'] === true,
    recordMs: 1000,
  };
}

/** Reads the typed `consume-transform-produce` config out of a resolved one. Pure. */
export function ctpConfig(c: Config): AppConfig {
  const idem = c['enable.idempotence'] === true;
  const asked = String(c['commit.strategy']) as CommitStrategy;
  const instances = Number(c['instances']);
  return {
    ...sharedAppConfig(c),
    app: 'ctp',
    enableIdempotence: idem,
    network: c['faults.network'] === true,
    producers: instances,
    partitions: 1,
    strategy: asked === 'transactional' && !idem ? 'process-then-commit' : asked,
    instances,
    inputPartitions: Number(c['input.partitions']),
    sink: String(c['sink']) as SinkKind,
    autoCommit: c['enable.auto.commit'] === true,
    autoCommitIntervalMs: Number(c['auto.commit.interval.ms']),
    txnIdPerTask: false,
    stateful: false,
    kip360: true,
    producerStateLoss: false,
  };
}
