import type { Config, ConfigKey } from '../config.js';

/** The resolved configuration of the `kafka-txn` model, typed. */
export interface KafkaTxnConfig {
  readonly enableIdempotence: boolean;
  readonly isolationLevel: IsolationLevel;
  readonly transactionVersion: 1 | 2;
  readonly transactionTimeoutMs: number;
  readonly epochFencing: boolean;
  readonly epochBumpOnTimeout: boolean;
  readonly crashes: number;
  readonly zombies: boolean;
  readonly network: boolean;
  readonly producers: number;
  readonly partitions: number;
  readonly inputRecords: number;
}

/** `isolation.level` of the downstream reader whose view the invariants judge. */
export type IsolationLevel = 'read_committed' | 'read_uncommitted';

/** The `--set` keys of `kafka-txn`, with Kafka's own names where Kafka has one. */
export const kafkaTxnKeys: readonly ConfigKey[] = [
  { kind: 'boolean', name: 'enable.idempotence', default: true, meaning: 'producer ids and sequence numbers; false also turns transactions off (Kafka refuses a transactional.id without idempotence), leaving a plain at-least-once producer' },
  { kind: 'enum', name: 'isolation.level', default: 'read_committed', values: ['read_committed', 'read_uncommitted'], meaning: 'the downstream reader whose view is judged', realDefault: 'a Kafka consumer defaults to read_uncommitted' },
  { kind: 'enum', name: 'transaction.version', default: 2, values: [1, 2], meaning: '2 = KIP-890 (transactions server-side defense): the leader verifies the partition with the coordinator before the first write, and every transaction end bumps the epoch; 1 = the protocol before it', realDefault: 'on by default since Kafka 4.0 (feature transaction.version) with 4.0+ clients; older clusters and clients run the old protocol' },
  { kind: 'integer', name: 'transaction.timeout.ms', default: 60000, min: 1, max: 3_600_000, meaning: 'the coordinator aborts a transaction open longer than this (logical clock)' },
  { kind: 'boolean', name: 'safeguard.epoch-fencing', default: true, meaning: 'InitProducerId aborts the open transaction of the older instance and stale epochs are rejected (KIP-98)' },
  { kind: 'boolean', name: 'safeguard.epoch-bump-on-timeout', default: true, meaning: 'a timed-out transaction is aborted with a bumped epoch, fencing its producer (KAFKA-6119)' },
  { kind: 'integer', name: 'faults.crashes', default: 1, min: 0, max: 5, meaning: 'most client crashes in one run' },
  { kind: 'boolean', name: 'faults.zombies', default: true, meaning: 'an instance may pause, be replaced, and resume after its replacement started (one per run)' },
  { kind: 'boolean', name: 'faults.network', default: false, meaning: 'a request may be delayed, the client times out and retries, the delayed copy lands later' },
  { kind: 'integer', name: 'producers', default: 2, min: 1, max: 3, meaning: 'transactional.ids (app-0, app-1, ...), each copying its own input partition' },
  { kind: 'integer', name: 'partitions', default: 2, min: 1, max: 3, meaning: 'partitions of the output topic `out`' },
  { kind: 'integer', name: 'input.records', default: 2, min: 1, max: 50, meaning: 'input records per producer (values are sequence numbers 1, 2, 3, ...)' },
];

/** Reads the typed config out of a resolved one. Pure. */
export function kafkaTxnConfig(c: Config): KafkaTxnConfig {
  return {
    enableIdempotence: c['enable.idempotence'] === true,
    isolationLevel: c['isolation.level'] === 'read_uncommitted' ? 'read_uncommitted' : 'read_committed',
    transactionVersion: c['transaction.version'] === 1 ? 1 : 2,
    transactionTimeoutMs: Number(c['transaction.timeout.ms']),
    epochFencing: c['safeguard.epoch-fencing'] === true,
    epochBumpOnTimeout: c['safeguard.epoch-bump-on-timeout'] === true,
    crashes: Number(c['faults.crashes']),
    zombies: c['faults.zombies'] === true,
    network: c['faults.network'] === true,
    producers: Number(c['producers']),
    partitions: Number(c['partitions']),
    inputRecords: Number(c['input.records']),
  };
}
