/**
 * Config of `kafka-streams`: one stateful task 0_0 (a count store with its changelog partition)
 * reading input partition 0, instances of one thread each, and `processing.guarantee`.
 */
import { type ConfigOf, int, type Lookup, oneOf } from '../core/keys.js';
import { type AppSettings, appSafeguardKeys, commitEveryKey, instancesKey } from '../ctp/config.js';
import { checkClientKeys, MAX_IN_FLIGHT_IDEMPOTENT } from '../kafka/clients.js';
import { checkKafkaKeys, kafkaKeys, kafkaRules, releaseOf } from '../kafka/keys.js';
import { release } from '../kafka/releases.js';
import { checkUpgrade, eosV2Slots, instancesOnV2Key } from './upgrade.js';

const k = kafkaKeys;

/** What Streams sets the producer's delivery.timeout.ms to under EOS: Integer.MAX_VALUE (StreamsConfig). */
export const STREAMS_EOS_DELIVERY_TIMEOUT_MS = 2_147_483_647;

/** The `--set` keys of `kafka-streams`, by field. */
export const streamsKeys = {
  kafkaVersion: k.kafkaVersion,
  isolationLevel: k.isolationLevel,
  transactionVersion: k.transactionVersion,
  verification: k.verification,
  transactionTimeoutMs: {
    ...k.transactionTimeoutMs,
    default: 10000,
    derive: { follows: 'kafka.version', value: (get: Lookup) => releaseOf(get).streamsTransactionTimeoutMs },
    realDefault: 'Kafka Streams sets 10000 under EOS from 2.6 (StreamsConfig); 60000, the producer default, before',
  },
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
  network: k.network,
  lateRequests: k.lateRequests,
  maxInFlight: {
    ...k.maxInFlight,
    realDefault:
      "the producer's 5 (set through producer.max.in.flight.requests.per.connection): from 2.0 (KAFKA-6677) " +
      'StreamsConfig overrides it under no guarantee and refuses above 5 under EOS; 1 under EOS before 2.0',
  },
  produceReorder: k.produceReorder,
  deliveryTimeoutMs: int('delivery.timeout.ms', {
    default: STREAMS_EOS_DELIVERY_TIMEOUT_MS,
    min: 1,
    max: STREAMS_EOS_DELIVERY_TIMEOUT_MS,
    meaning:
      "the producer's delivery.timeout.ms (set through producer.delivery.timeout.ms): below Integer.MAX_VALUE a " +
      'batch held in the network (faults.network) expires and the transaction aborts without it, so the held copy ' +
      'can land after the ABORT marker (KAFKA-12671); at Integer.MAX_VALUE no batch expires: the client sends it ' +
      'again until it is answered, and only then ends the transaction',
    realDefault:
      'Integer.MAX_VALUE (2147483647) under EOS (StreamsConfig PRODUCER_EOS_OVERRIDES, 2.4 to 3.9); ' +
      "the producer's 120000 under at_least_once",
  }),
  instances: instancesKey,
  instancesOnV2: instancesOnV2Key,
  inputRecords: k.inputRecords,
} as const;

/** The typed config of `kafka-streams`. */
export type StreamsConfig = ConfigOf<typeof streamsKeys>;

/** `processing.guarantee`. */
export type ProcessingGuarantee = StreamsConfig['guarantee'];

/** The settings of `kafka-streams`. Pure. */
export function streamsSettings(c: StreamsConfig): AppSettings {
  const v1 = c.guarantee === 'exactly_once';
  // Mid upgrade (model/streams/upgrade.ts): task 0_0's transactional.id, then one per thread (model/ctp/eos-layout.ts).
  const mixed = eosV2Slots(c);
  const r = release(c.kafkaVersion);
  return {
    app: 'kafka-streams',
    rules: kafkaRules(c),
    isolationLevel: c.isolationLevel,
    enableIdempotence: true,
    strategy: c.guarantee === 'at_least_once' ? 'process-then-commit' : 'transactional',
    commitEvery: c.commitEvery,
    instances: c.instances,
    producers: mixed !== undefined ? 1 + c.instances : v1 ? 1 : c.instances,
    partitions: 2,
    inputPartitions: 1,
    inputRecords: c.inputRecords,
    crashes: c.crashes,
    zombies: c.zombies,
    network: c.network,
    lateRequests: c.lateRequests,
    maxInFlight: c.maxInFlight,
    produceReorder: c.produceReorder,
    // Under EOS StreamsConfig sets the producer's delivery.timeout.ms to Integer.MAX_VALUE: no batch expires, unless
    // the application sets producer.delivery.timeout.ms itself (it is not among Streams' non-configurable keys).
    batchesExpire: c.guarantee === 'at_least_once' || c.deliveryTimeoutMs < STREAMS_EOS_DELIVERY_TIMEOUT_MS,
    sink: 'kafka',
    autoCommit: false,
    autoCommitIntervalMs: 5000,
    recordMs: 1000,
    pollTimer: false,
    maxPollIntervalMs: 300000,
    sessionTimeoutMs: 45000,
    // Mid upgrade each slot's kind decides (eosV2Slots), and the generation is what fences across the kinds.
    txnIdPerTask: v1 && mixed === undefined,
    offsetsCarryGeneration: !v1 || r.streamsEosV1FullMetadata,
    freshTransactionalIdPerStart:
      (c.guarantee === 'exactly_once_v2' || mixed !== undefined) && !r.streamsProcessIdPersisted,
    ...(mixed !== undefined ? { eosV2Slots: mixed } : {}),
    stateful: true,
    coordinatorFailover: c.coordinatorFailover,
    txnLogIsrShrink: c.txnLogIsrShrink,
    txnLogUncleanElection: c.txnLogUncleanElection,
    txnLogCleanElection: c.txnLogCleanElection,
    groupCoordinatorFailover: c.groupCoordinatorFailover,
    producerStateLoss: c.producerStateLoss,
    lateOffsetCompletion: c.lateOffsetCompletion,
    // Streams closes the task dirty and revives it from the committed offsets (TaskCorruptedException).
    rewindOnAbort: true,
    // Streams runs its consumer on the classic protocol (its own, KIP-1071, is not modelled).
    consumerProtocol: false,
  };
}

/**
 * What the release has: `exactly_once` (EOS v1) until 3.9, EOS v2 from 2.6 (exactly_once_beta
 * until 2.8); and the Kafka keys fit together. One line naming the bad setting, or null. Pure.
 */
export function checkStreamsConfig(c: StreamsConfig): string | null {
  const r = release(c.kafkaVersion);
  if (c.guarantee === 'exactly_once' && !r.streamsEosV1)
    return (
      `processing.guarantee=exactly_once was removed in Kafka Streams 4.0 (KAFKA-16331); kafka.version=` +
      `${c.kafkaVersion} accepts at_least_once|exactly_once_v2`
    );
  if (c.guarantee === 'exactly_once_v2' && !r.streamsEosV2)
    return (
      `processing.guarantee=exactly_once_v2 needs kafka.version 2.6 or later (KIP-447, exactly_once_beta until 2.8); ` +
      `kafka.version=${c.kafkaVersion} accepts at_least_once|exactly_once`
    );
  // StreamsConfig.verifyMaxInFlightRequestPerConnection (2.0 to 3.9): a ConfigException of its own under EOS.
  if (c.guarantee !== 'at_least_once' && c.maxInFlight > MAX_IN_FLIGHT_IDEMPOTENT)
    return (
      `max.in.flight.requests.per.connection=${c.maxInFlight} with processing.guarantee=${c.guarantee}: Invalid ` +
      `value ${c.maxInFlight} for configuration max.in.flight.requests.per.connection: Can't exceed 5 when ` +
      'exactly-once processing is enabled (ConfigException; set 1 to 5)'
    );
  return checkUpgrade(c) ?? checkKafkaKeys(c) ?? checkClientKeys({ ...c, enableIdempotence: true });
}
