/** The `--set` keys of `kafka-txn` (Kafka's own names where Kafka has one) and its typed config. */
import { type ConfigOf, int } from '../core/keys.js';
import { kafkaKeys } from '../kafka/keys.js';

const k = kafkaKeys;

/** The keys of `kafka-txn`, by field. */
export const kafkaTxnKeys = {
  kafkaVersion: k.kafkaVersion,
  enableIdempotence: k.enableIdempotence,
  isolationLevel: k.isolationLevel,
  client: k.client,
  librdkafkaVersion: k.librdkafkaVersion,
  transactionVersion: k.transactionVersion,
  verification: k.verification,
  transactionTimeoutMs: k.transactionTimeoutMs,
  epochFencing: k.epochFencing,
  epochBumpOnTimeout: k.epochBumpOnTimeout,
  coordinatorEpochFencing: k.coordinatorEpochFencing,
  crashes: k.crashes,
  zombies: k.zombies,
  network: k.network,
  lateRequests: k.lateRequests,
  lateRequestsMax: k.lateRequestsMax,
  maxInFlight: k.maxInFlight,
  produceReorder: k.produceReorder,
  coordinatorFailover: k.coordinatorFailover,
  txnLogIsrShrink: k.txnLogIsrShrink,
  txnLogUncleanElection: k.txnLogUncleanElection,
  txnLogMinIsr: k.txnLogMinIsr,
  txnLogCleanElection: k.txnLogCleanElection,
  producerStateLoss: k.producerStateLoss,
  epochExhaustion: k.epochExhaustion,
  replicationFactor: k.replicationFactor,
  acks: k.acks,
  minInsyncReplicas: k.minInsyncReplicas,
  uncleanLeaderElection: k.uncleanLeaderElection,
  eligibleLeaderReplicas: k.eligibleLeaderReplicas,
  replicaLagTimeMaxMs: k.replicaLagTimeMaxMs,
  brokerFaults: k.brokerFaults,
  powerLoss: k.powerLoss,
  logFlushIntervalMessages: k.logFlushIntervalMessages,
  cleanupPolicy: k.cleanupPolicy,
  deleteRetentionMs: k.deleteRetentionMs,
  logCleaner: k.logCleaner,
  producers: int('producers', {
    default: 2,
    min: 1,
    max: 3,
    meaning: 'transactional.ids (app-0, app-1, ...), each copying its own input partition',
  }),
  partitions: int('partitions', { default: 2, min: 1, max: 3, meaning: 'partitions of the output topic `out`' }),
  inputRecords: k.inputRecords,
} as const;

/** The typed config of `kafka-txn`. */
export type KafkaTxnConfig = ConfigOf<typeof kafkaTxnKeys>;
