/**
 * Config of `kafka-streams`: one stateful task 0_0 (a count store with its changelog partition)
 * reading input partition 0, instances of one thread each, and `processing.guarantee`.
 */
import { bool, type ConfigOf, oneOf } from '../core/keys.js';
import { type AppSettings, appSafeguardKeys, commitEveryKey, instancesKey } from '../ctp/config.js';
import { kafkaKeys, kafkaRules } from '../kafka/keys.js';

const k = kafkaKeys;

/** The `--set` keys of `kafka-streams`, by field. */
export const streamsKeys = {
  isolationLevel: k.isolationLevel,
  transactionVersion: k.transactionVersion,
  transactionTimeoutMs: k.transactionTimeoutMs,
  guarantee: oneOf('processing.guarantee', ['at_least_once', 'exactly_once', 'exactly_once_v2'], {
    default: 'exactly_once_v2',
    meaning:
      'at_least_once: commit offsets after the changelog and output writes; exactly_once (EOS v1): ' +
      'a transactional producer per task, transactional.id from application.id and task; exactly_once_v2: ' +
      'a producer per thread, zombies fenced by the group generation (KIP-447), UNKNOWN_PRODUCER_ID recovered by ' +
      'an epoch bump (KIP-360)',
    realDefault: 'at_least_once in Kafka Streams',
  }),
  commitEvery: commitEveryKey,
  ...appSafeguardKeys,
  unknownProducerId: bool('faults.unknown-producer-id', {
    default: false,
    meaning:
      'the broker may forget an idle producer (retention): its next write gets UNKNOWN_PRODUCER_ID (only with ' +
      'transaction.version=1, whose sequences run across transactions)',
  }),
  instances: instancesKey,
  inputRecords: k.inputRecords,
} as const;

/** The typed config of `kafka-streams`. */
export type StreamsConfig = ConfigOf<typeof streamsKeys>;

/** `processing.guarantee`. */
export type ProcessingGuarantee = StreamsConfig['guarantee'];

/** The settings of `kafka-streams`. Pure. */
export function streamsSettings(c: StreamsConfig): AppSettings {
  const v1 = c.guarantee === 'exactly_once';
  return {
    app: 'kafka-streams',
    rules: kafkaRules(c),
    isolationLevel: c.isolationLevel,
    enableIdempotence: true,
    strategy: c.guarantee === 'at_least_once' ? 'process-then-commit' : 'transactional',
    commitEvery: c.commitEvery,
    instances: c.instances,
    producers: v1 ? 1 : c.instances,
    partitions: 2,
    inputPartitions: 1,
    inputRecords: c.inputRecords,
    crashes: c.crashes,
    zombies: c.zombies,
    network: false,
    sink: 'kafka',
    autoCommit: false,
    autoCommitIntervalMs: 5000,
    recordMs: 1000,
    txnIdPerTask: v1,
    stateful: true,
    kip360: c.guarantee === 'exactly_once_v2',
    producerStateLoss: c.unknownProducerId && c.guarantee !== 'at_least_once',
  };
}
