/**
 * The config keys every Kafka-speaking model shares, declared once with one meaning each (models
 * pick the ones they use, and may change a default but never a meaning), and the cluster's
 * protocol switches read from them.
 */

import { bool, int, type Lookup, oneOf, text } from '../core/keys.js';
import { LIBRDKAFKA_RELEASES, MAX_IN_FLIGHT_IDEMPOTENT } from './clients.js';
import type { KafkaRules } from './cluster.js';
import {
  ACCEPTED_RELEASES,
  isKafkaVersion,
  KAFKA_VERSION_PATTERN,
  type KafkaVersion,
  NEWEST,
  type Release,
  release,
} from './releases.js';

/** `isolation.level` of the downstream reader whose view the output invariants judge. */
export type IsolationLevel = 'read_committed' | 'read_uncommitted';

/** The release named by `kafka.version` while later keys derive their defaults from it (the newest without one). */
export function releaseOf(get: Lookup): Release {
  const v = get('kafka.version');
  return release(isKafkaVersion(v) ? v : NEWEST);
}

/** The shared keys, by field name. `kafkaVersion` comes before the keys whose defaults it sets. */
export const kafkaKeys = {
  kafkaVersion: text('kafka.version', {
    default: NEWEST,
    pattern: KAFKA_VERSION_PATTERN,
    accepted: ACCEPTED_RELEASES,
    meaning:
      "the Kafka release (brokers and clients) whose behaviour is modelled; it sets that release's defaults of " +
      'transaction.version and transaction.partition.verification.enable, and how its brokers and clients ' +
      'answer (eoscheck models lists what each release changed); explicit keys override within what the release has',
    realDefault: "none: it is your brokers' and clients' release, which no configuration file names",
  }),
  enableIdempotence: bool('enable.idempotence', {
    default: true,
    meaning:
      'producer ids and sequence numbers (KIP-98); false also turns transactions off (Kafka refuses a ' +
      'transactional.id without idempotence), leaving a plain at-least-once producer',
    realDefault: 'true since Kafka 3.0; false before',
  }),
  isolationLevel: oneOf('isolation.level', ['read_committed', 'read_uncommitted'], {
    default: 'read_committed',
    meaning: 'the downstream reader of the output topic whose view is judged',
    realDefault: 'a Kafka consumer (and the console consumer) defaults to read_uncommitted',
  }),
  client: oneOf('client', ['java', 'librdkafka'], {
    default: 'java',
    meaning:
      "the apps' producer client: Kafka's Java KafkaProducer, or librdkafka (the C client under confluent-kafka " +
      'for Python, Go, .NET); librdkafka speaks the transaction protocol of transaction.version=1',
  }),
  librdkafkaVersion: oneOf('librdkafka.version', LIBRDKAFKA_RELEASES, {
    default: '2.15.0',
    meaning:
      'the librdkafka release (client=librdkafka): up to 1.8.0 an OUT_OF_ORDER_SEQUENCE_NUMBER left by an earlier ' +
      'failed batch makes a transactional producer bump its epoch in the middle of the transaction (InitProducerId); ' +
      '1.6.2 raises a fatal error instead, 1.8.2 and later an abortable one (librdkafka #3575)',
  }),
  transactionVersion: oneOf('transaction.version', [1, 2], {
    default: 2,
    // librdkafka has no KIP-890 part 2 client: its transactions run the protocol of version 1 on any cluster.
    derive: {
      follows: 'kafka.version',
      value: (get) => (get('client') === 'librdkafka' ? 1 : releaseOf(get).transactionVersion),
    },
    meaning:
      '2 = KIP-890: the leader verifies each transactional write with the coordinator and every transaction end ' +
      'bumps the epoch; 1 = the protocol before it',
    realDefault:
      'on by default since Kafka 4.0 (feature transaction.version) with 4.0+ clients; older clusters and clients ' +
      'run the old protocol',
  }),
  verification: bool('transaction.partition.verification.enable', {
    default: true,
    derive: { follows: 'kafka.version', value: (get) => releaseOf(get).verification },
    meaning:
      "KIP-890 part 1 (3.6+): with transaction.version=1 the partition leader verifies a producer's first " +
      'transactional write to a partition with the coordinator (a separate request, then the append under a ' +
      'verification guard); with transaction.version=2 the leader adds the partition itself',
    realDefault: 'true since Kafka 3.6; absent before',
  }),
  transactionTimeoutMs: int('transaction.timeout.ms', {
    default: 60000,
    min: 1,
    max: 3_600_000,
    meaning: 'the coordinator aborts (and fences) a transaction open longer than this (logical clock)',
  }),
  epochFencing: bool('safeguard.epoch-fencing', {
    default: true,
    meaning: 'InitProducerId aborts the open transaction of the older instance and stale epochs are rejected (KIP-98)',
  }),
  epochBumpOnTimeout: bool('safeguard.epoch-bump-on-timeout', {
    default: true,
    meaning:
      'a timed-out transaction is aborted with a bumped epoch, fencing its producer (KAFKA-6119); ' +
      'transaction.version=1 only: under 2 every abort bumps the epoch',
  }),
  coordinatorEpochFencing: bool('safeguard.coordinator-epoch-fencing', {
    default: true,
    meaning:
      "markers carry the coordinator's epoch (the leader epoch of its __transaction_state partition) and a " +
      'partition leader rejects a marker from an older coordinator ' +
      '(TRANSACTION_COORDINATOR_FENCED, ProducerAppendInfo)',
  }),
  requireStableOffsets: bool('safeguard.require-stable-offsets', {
    default: true,
    meaning:
      'OffsetFetch answers UNSTABLE_OFFSET_COMMIT while a transactional offset commit of the partition is ' +
      'pending, so a new owner waits (KIP-447)',
  }),
  generationFencing: bool('safeguard.generation-fencing', {
    default: true,
    meaning:
      'TxnOffsetCommit carries the group generation and member id; one from a removed member is rejected with ' +
      'UNKNOWN_MEMBER_ID, one from an old generation with ILLEGAL_GENERATION (KIP-447)',
  }),
  crashes: int('faults.crashes', {
    default: 1,
    min: 0,
    max: 5,
    meaning:
      'most crashes of a client process in one run (a producer instance, an application instance, ' +
      'a Flink TaskManager); it is restarted',
  }),
  zombies: bool('faults.zombies', {
    default: true,
    meaning:
      'one instance may stall (a long GC, max.poll.interval.ms exceeded), be replaced, and resume after its ' +
      'replacement started (one per run)',
  }),
  network: bool('faults.network', {
    default: false,
    meaning:
      'a request may be delayed or its acknowledgement lost: the client times out and retries, ' +
      'the delayed copy lands later',
  }),
  lateRequests: bool('faults.late-requests', {
    default: false,
    meaning:
      'a coordinator request may be held in the network too: InitProducerId, AddOffsetsToTxn (transaction.version=1) ' +
      "and kafka-txn's TxnOffsetCommit land after the client's retry, or InitProducerId's answer is lost and the " +
      'client sends it again naming the same epoch (KIP-360); one such request at a time (kafka-txn: up to ' +
      'faults.late-requests.max), one per run in the application models',
  }),
  lateRequestsMax: int('faults.late-requests.max', {
    default: 1,
    min: 1,
    max: 2,
    meaning:
      'kafka-txn, with faults.late-requests: a coordinator request is held only while fewer requests than this are ' +
      'held in the network (1: none); 2 lets a late AddOffsetsToTxn and a late TxnOffsetCommit of one transaction ' +
      'both land after its marker',
  }),
  coordinatorFailover: int('faults.coordinator-failover', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most transaction-coordinator moves in one run: the __transaction_state partition gets a new leader, which ' +
      'loads it (until CoordinatorLoaded it answers InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn and EndTxn ' +
      'with COORDINATOR_LOAD_IN_PROGRESS, the old one NOT_COORDINATOR, and the client retries; no marker is sent ' +
      'and no timed-out transaction aborted meanwhile), then re-sends the markers of every Prepare* transaction; ' +
      'markers of the old one still on their way may arrive (not one its leader had already appended)',
  }),
  txnLogIsrShrink: bool('faults.txn-log-isr-shrink', {
    default: false,
    meaning:
      "once in a run, the ISR of the coordinator's __transaction_state partition falls below " +
      'transaction.state.log.min.isr (2 of transaction.state.log.replication.factor 3) until a follower catches up: ' +
      'every append to it fails, the coordinator drops the pending transition and answers COORDINATOR_NOT_AVAILABLE ' +
      '(the client looks the coordinator up again and retries); markers are written but the transaction completes ' +
      'once the log takes its append again',
  }),
  txnLogUncleanElection: int('faults.txn-log-unclean-election', {
    default: 0,
    min: 0,
    max: 1,
    meaning:
      "once in a run, a follower of the coordinator's __transaction_state partition falls out of the ISR, leaving " +
      'the leader alone in it (with transaction.state.log.min.isr=1 its appends are still acknowledged), then the ' +
      "leader's broker dies: with safeguard.txn-log-clean-election=false the follower is elected (an unclean " +
      'election) and the new coordinator loads a log without the appends made since it fell behind; with it on ' +
      'the partition waits for its leader and nothing is lost; needs transaction.state.log.min.isr=1',
  }),
  txnLogMinIsr: int('transaction.state.log.min.isr', {
    default: 2,
    min: 1,
    max: 3,
    meaning:
      'the min.insync.replicas of __transaction_state (of transaction.state.log.replication.factor 3): the ' +
      "coordinator's acks=-1 appends are refused below it; at 1 the leader alone acknowledges them",
  }),
  txnLogCleanElection: bool('safeguard.txn-log-clean-election', {
    default: true,
    meaning:
      '__transaction_state is created with unclean.leader.election.enable=false, whatever the broker default ' +
      '(TransactionStateManager.transactionTopicConfigs); false: an operator set it true on the topic ' +
      '(kafka-configs --alter) or ran kafka-leader-election --election-type unclean on its partition',
  }),
  groupCoordinatorFailover: int('faults.group-coordinator-failover', {
    default: 0,
    min: 0,
    max: 2,
    meaning:
      "most group-coordinator moves in one run: the group's __consumer_offsets partition gets a new leader, which " +
      'loads it (the offsets, and the pending transactional offsets with their producer ids); until it is done it ' +
      'answers JoinGroup, OffsetFetch, OffsetCommit and TxnOffsetCommit with COORDINATOR_LOAD_IN_PROGRESS (the old ' +
      'leader NOT_COORDINATOR) and the clients retry; a marker to the partition is appended and read by the load ' +
      '(to 3.9) or refused until it is done and sent again (4.0+)',
  }),
  producerStateLoss: bool('faults.producer-state-loss', {
    default: false,
    meaning:
      "a partition leader may forget an idle producer's state: it expires it once the producer has no transaction " +
      'open there and was idle for producer.id.expiration.ms (a day; before 3.4 transactional.id.expiration.ms, a ' +
      'week), the clock moving on by that much, never while a batch of it to that partition may still arrive, a ' +
      "live instance of it is inside a transaction or any transaction is open; the old coordinator's undelivered " +
      'markers are gone by then; and the coordinator may forget an idle transactional.id ' +
      '(transactional.id.expiration.ms); each once per run',
  }),
  lateOffsetCompletion: bool('faults.late-offset-completion', {
    default: false,
    meaning:
      "the classic group coordinator may answer a transaction's marker to __consumer_offsets before its scheduler " +
      "moves the marker's pending offsets into the cache, and run that completion late: after the producer's next " +
      'transaction sent its TxnOffsetCommit, whose offsets it then commits (COMMIT) or drops (ABORT) too ' +
      '(KAFKA-17507, to 3.9.0; from 3.9.1 and 4.0 the answer waits for the completion and this changes nothing); ' +
      'not with faults.group-coordinator-failover',
  }),
  epochExhaustion: bool('faults.epoch-exhaustion', {
    default: false,
    meaning:
      "each transactional.id's epochs start three below the 16-bit limit (32766), so within a run the epoch runs " +
      'out and the coordinator rotates the producer id (transaction.version=1: at InitProducerId; 2: at EndTxn)',
  }),
  replicationFactor: int('replication.factor', {
    default: 1,
    min: 1,
    max: 3,
    meaning:
      'replicas of each output partition, one per broker (0, 1, 2); above 1 followers fetch from the leader, the ' +
      'leader keeps the ISR and the high watermark, the controller elects leaders from the ISR',
    realDefault: 'default.replication.factor is 1; production topics use 3',
  }),
  acks: oneOf('acks', ['0', '1', 'all'], {
    default: 'all',
    meaning:
      'when the leader answers a produce: 0 never (the send counts as done), 1 after its own append, all once the ' +
      'high watermark passes the write (the whole ISR has it), refusing with NOT_ENOUGH_REPLICAS below ' +
      'min.insync.replicas',
    realDefault: 'all since Kafka 3.0; 1 before',
  }),
  minInsyncReplicas: int('min.insync.replicas', {
    default: 2,
    min: 1,
    max: 3,
    meaning:
      'an acks=all write is refused (NOT_ENOUGH_REPLICAS) while the ISR is smaller; capped at the replication ' +
      'factor from 3.7 (KAFKA-15583), every acks=all write refused before',
    realDefault: 'min.insync.replicas is 1',
  }),
  uncleanLeaderElection: bool('unclean.leader.election.enable', {
    default: false,
    meaning:
      'with no live ISR member, elect any live replica (losing what it lacks) instead of waiting for an ISR ' +
      'member to come back',
    realDefault: 'false since 0.11; KRaft ignored it before 3.9 (KAFKA-12670)',
  }),
  eligibleLeaderReplicas: oneOf('eligible.leader.replicas.version', [0, 1], {
    default: 1,
    derive: { follows: 'kafka.version', value: (get) => (releaseOf(get).elrOnNewClusters ? 1 : 0) },
    meaning:
      'KIP-966 (4.0+): 1 = the controller keeps the replicas that left an ISR below min.insync.replicas as eligible ' +
      'leaders (ELR), lets the ISR become empty, elects from the ELR when it is, and removes a broker back from an ' +
      'unclean shutdown from the ISR and ELR; 0 = the last ISR member stays in the ISR and is elected again',
    realDefault: '1 on clusters created with 4.1 or later; 0 on 4.0 and on clusters upgraded to 4.1',
  }),
  replicaLagTimeMaxMs: int('replica.lag.time.max.ms', {
    default: 30000,
    min: 1,
    max: 3_600_000,
    meaning: 'a follower that has not caught up to the leader for this long leaves the ISR (logical clock)',
    realDefault: '30000 since 2.5; 10000 before',
  }),
  brokerFaults: int('faults.broker', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most broker crashes in one run (replication.factor above 1): the process dies, its log survives, the ' +
      'controller drops it from the ISRs and moves its leaderships; it restarts and truncates to the leader epoch',
  }),
  powerLoss: int('faults.power-loss', {
    default: 0,
    min: 0,
    max: 3,
    meaning:
      'most broker power losses in one run (replication.factor above 1): an unclean shutdown that also loses the ' +
      "page cache, so the broker's log past its last flush is gone (log.flush.interval.messages); a last ISR " +
      'member comes back as leader without it (KIP-966 "last replica standing"); modelled without eligible ' +
      'leader replicas (4.0, or a cluster upgraded to 4.1), which would save a write min.insync.replicas=2 answered',
  }),
  logFlushIntervalMessages: int('log.flush.interval.messages', {
    default: Number.MAX_SAFE_INTEGER,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    meaning:
      'a broker fsyncs its log once this many records are unflushed (UnifiedLog.append); the default never ' +
      'flushes within a run, 1 flushes every record before it is acknowledged or replicated',
    realDefault: 'Long.MAX_VALUE (9223372036854775807): Kafka leaves flushing to the OS',
  }),
  maxInFlight: int('max.in.flight.requests.per.connection', {
    default: MAX_IN_FLIGHT_IDEMPOTENT,
    min: 1,
    max: 2147483647,
    meaning:
      'produce requests a producer keeps unanswered at once (with faults.produce-reorder): several batches to one ' +
      'partition in flight, the leader de-duplicating a retried one against its last five; above 5 the Java ' +
      'client refuses idempotence (ConfigException)',
  }),
  produceReorder: bool('faults.produce-reorder', {
    default: false,
    meaning:
      "a transactional producer's send() leaves its produce request in flight and goes on (up to " +
      'max.in.flight.requests.per.connection), and the requests in flight reach their leader in any order: a ' +
      'batch whose first attempt failed (a leader change, a dropped connection) is sent again after a later one',
  }),
  cleanupPolicy: oneOf('cleanup.policy', ['delete', 'compact'], {
    default: 'delete',
    meaning:
      "the output topic's cleanup.policy (TopicConfig): compact has the log cleaner remove aborted records and, " +
      'after delete.retention.ms, markers with no records left (faults.log-cleaner runs it)',
  }),
  deleteRetentionMs: int('delete.retention.ms', {
    default: 86400000,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    meaning:
      'how long a compacted topic keeps a transaction marker once none of its records are left (KIP-534 delete ' +
      'horizon, LogConfig; 86400000 by default)',
  }),
  logCleaner: int('faults.log-cleaner', {
    default: 0,
    min: 0,
    max: 5,
    meaning:
      'most passes of the log cleaner over an output partition with cleanup.policy=compact; a pass cleans up to ' +
      'the last stable offset, and its offset map may fill before it gets there (more keys than ' +
      'log.cleaner.dedupe.buffer.size holds); with replication.factor above 1 each broker cleans its own replica',
  }),
  inputRecords: int('input.records', {
    default: 2,
    min: 1,
    max: 5000,
    meaning: 'records of each input partition (values are sequence numbers 1, 2, 3, ...)',
  }),
} as const;

/** The keys that set the cluster's rules (each optional: a model without the key gets the safe value). */
export interface RuleKeys {
  readonly kafkaVersion?: KafkaVersion;
  readonly enableIdempotence?: boolean;
  readonly transactionVersion?: 1 | 2;
  readonly verification?: boolean;
  readonly transactionTimeoutMs?: number;
  readonly epochFencing?: boolean;
  readonly epochBumpOnTimeout?: boolean;
  readonly coordinatorEpochFencing?: boolean;
  readonly requireStableOffsets?: boolean;
  readonly generationFencing?: boolean;
  readonly epochExhaustion?: boolean;
  readonly replicationFactor?: number;
  readonly acks?: '0' | '1' | 'all';
  readonly minInsyncReplicas?: number;
  readonly uncleanLeaderElection?: boolean;
  readonly eligibleLeaderReplicas?: 0 | 1;
  readonly replicaLagTimeMaxMs?: number;
  readonly brokerFaults?: number;
  readonly powerLoss?: number;
  readonly logFlushIntervalMessages?: number;
  readonly lateRequests?: boolean;
  readonly lateOffsetCompletion?: boolean;
  readonly groupCoordinatorFailover?: number;
  readonly txnLogIsrShrink?: boolean;
  readonly txnLogUncleanElection?: number;
  readonly txnLogMinIsr?: number;
  readonly txnLogCleanElection?: boolean;
  readonly cleanupPolicy?: 'delete' | 'compact';
  readonly logCleaner?: number;
}

/** The cluster's protocol switches; those a model has no key for take the release's (or the safe) value. Pure. */
export function kafkaRules(c: RuleKeys): KafkaRules {
  const version = c.kafkaVersion ?? NEWEST;
  const r = release(version);
  return {
    version,
    release: r,
    enableIdempotence: c.enableIdempotence ?? true,
    transactionVersion: c.transactionVersion ?? r.transactionVersion,
    verification: c.verification ?? r.verification,
    transactionTimeoutMs: c.transactionTimeoutMs ?? 60000,
    epochFencing: c.epochFencing ?? true,
    epochBumpOnTimeout: c.epochBumpOnTimeout ?? true,
    coordinatorEpochFencing: c.coordinatorEpochFencing ?? true,
    requireStableOffsets: c.requireStableOffsets ?? true,
    generationFencing: c.generationFencing ?? true,
    firstEpoch: c.epochExhaustion === true ? EXHAUSTED_EPOCH - 3 : 0,
    replicationFactor: c.replicationFactor ?? 1,
    acks: c.acks === '0' ? 0 : c.acks === '1' ? 1 : -1,
    minInsyncReplicas: c.minInsyncReplicas ?? 1,
    uncleanLeaderElection: c.uncleanLeaderElection ?? false,
    eligibleLeaderReplicas: (c.eligibleLeaderReplicas ?? (r.elrOnNewClusters ? 1 : 0)) === 1,
    replicaLagTimeMaxMs: c.replicaLagTimeMaxMs ?? 30000,
    logFlushIntervalMessages: c.logFlushIntervalMessages ?? Number.MAX_SAFE_INTEGER,
    lateRequests: c.lateRequests ?? false,
  };
}

/**
 * The note a replicated configuration gets on a release with eligible leader replicas: which way the cluster
 * was assumed to run, since the feature's value depends on how it was created, not on its release alone. Pure.
 */
export function elrNote(c: RuleKeys): string | null {
  const r = release(c.kafkaVersion ?? NEWEST);
  if ((c.replicationFactor ?? 1) < 2 || !r.elrAvailable) return null;
  const on = (c.eligibleLeaderReplicas ?? (r.elrOnNewClusters ? 1 : 0)) === 1;
  return on
    ? 'eligible.leader.replicas.version=1: a cluster created with 4.1 or later (KIP-966); one upgraded from an ' +
        'earlier release keeps 0 (--set eligible.leader.replicas.version=0)'
    : 'eligible.leader.replicas.version=0: the 4.0 default, or a cluster upgraded to 4.1 (KIP-966 off)';
}

/** The epoch at which a producer id is used up (TransactionMetadata.isEpochExhausted: Short.MaxValue - 1). */
export const EXHAUSTED_EPOCH = 32766;

/**
 * What the release does not have, or what contradicts it, as one line naming the key, the value and
 * what is accepted; null when the Kafka keys fit together. Pure.
 */
export function checkKafkaKeys(c: RuleKeys): string | null {
  const version = c.kafkaVersion ?? NEWEST;
  const r = release(version);
  // ProducerConfig.postProcessAndValidateIdempotenceConfigs (3.0+; maybeOverrideAcksAndRetries before).
  if (c.acks !== undefined && c.acks !== 'all' && c.enableIdempotence === true)
    return (
      `acks=${c.acks} with enable.idempotence=true: Must set acks to all in order to use the idempotent producer. ` +
      'Otherwise we cannot guarantee idempotence. (set acks=all, or enable.idempotence=false)'
    );
  if (c.lateOffsetCompletion === true && (c.groupCoordinatorFailover ?? 0) > 0)
    return (
      'faults.late-offset-completion with faults.group-coordinator-failover: not modelled together (a new ' +
      "coordinator's load from the log undoes what the old one's cache completed early); set one of them off"
    );
  const txnLogMinIsr = c.txnLogMinIsr ?? 2;
  // TransactionStateManager.transactionTopicConfigs sets the topic's min.insync.replicas from the key: at 1 the
  // leader alone takes the coordinator's appends, so an ISR of the leader alone fails none of them.
  if (c.txnLogIsrShrink === true && txnLogMinIsr < 2)
    return (
      'faults.txn-log-isr-shrink needs transaction.state.log.min.isr 2 or 3 (at 1 the leader alone takes every ' +
      'append); transaction.state.log.min.isr=1 accepts faults.txn-log-unclean-election'
    );
  if ((c.txnLogUncleanElection ?? 0) > 0 && txnLogMinIsr > 1)
    return (
      `faults.txn-log-unclean-election=${c.txnLogUncleanElection} needs transaction.state.log.min.isr=1: at ` +
      `${txnLogMinIsr} an acknowledged append is on ${txnLogMinIsr} replicas and one broker's loss cannot lose it ` +
      '(the leader alone takes none: faults.txn-log-isr-shrink); set transaction.state.log.min.isr=1'
    );
  if ((c.brokerFaults ?? 0) > 0 && (c.replicationFactor ?? 1) < 2)
    return (
      `faults.broker=${c.brokerFaults} needs replication.factor 2 or 3 (broker crashes are modelled for ` +
      'replicated partitions); replication.factor=1 accepts faults.broker=0'
    );
  if ((c.powerLoss ?? 0) > 0 && (c.replicationFactor ?? 1) < 2)
    return (
      `faults.power-loss=${c.powerLoss} needs replication.factor 2 or 3 (power losses are modelled for ` +
      'replicated partitions); replication.factor=1 accepts faults.power-loss=0'
    );
  if ((c.logCleaner ?? 0) > 0 && c.cleanupPolicy !== 'compact')
    return (
      `faults.log-cleaner=${c.logCleaner} needs cleanup.policy=compact (the cleaner compacts compacted topics ` +
      'only); cleanup.policy=delete accepts faults.log-cleaner=0'
    );
  if (c.eligibleLeaderReplicas === 1 && !r.elrAvailable)
    return (
      `eligible.leader.replicas.version=1 needs kafka.version 4.0 or later (KIP-966 part 1 shipped in 4.0); ` +
      `kafka.version=${version} accepts eligible.leader.replicas.version=0`
    );
  if (c.transactionVersion === 2 && !r.hasTransactionV2)
    return (
      `transaction.version=2 needs kafka.version 4.0 or later (KIP-890 part 2 shipped in 4.0); ` +
      `kafka.version=${version} accepts transaction.version=1`
    );
  if (c.verification === true && !r.verification)
    return (
      `transaction.partition.verification.enable=true needs kafka.version 3.6 or later (KIP-890 part 1); ` +
      `kafka.version=${version} has no partition verification`
    );
  if (c.transactionVersion === 2 && c.verification === false)
    return (
      'transaction.partition.verification.enable=false goes with transaction.version=1 only: under version 2 ' +
      'the partition leader adds the partition to the transaction itself (KIP-890 part 2)'
    );
  if (c.transactionVersion === 2 && c.epochBumpOnTimeout === false)
    return (
      'safeguard.epoch-bump-on-timeout=false goes with transaction.version=1 only: under version 2 every ' +
      'abort, a timed-out one included, bumps the epoch (KIP-890 part 2)'
    );
  return null;
}
