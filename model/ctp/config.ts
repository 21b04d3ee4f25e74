/**
 * The consumer applications' keys (`consume-transform-produce`) and the settings both application
 * models (`consume-transform-produce`, `kafka-streams`) run on, derived from their keys.
 */
import { bool, type ConfigOf, int, oneOf, withDefault } from '../core/keys.js';
import type { KafkaRules } from '../kafka/cluster.js';
import { type IsolationLevel, kafkaKeys, kafkaRules, releaseOf } from '../kafka/keys.js';

/** `commit.strategy` of a consume-transform-produce loop. */
export type CommitStrategy = 'commit-then-process' | 'process-then-commit' | 'transactional';

/** Where the transformed records go: the Kafka topic `out`, or an external system. */
export type SinkKind = 'kafka' | 'upsert' | 'side-effect';

const k = kafkaKeys;

/** `commit.every`, shared by both application models. */
export const commitEveryKey = int('commit.every', {
  default: 2,
  min: 1,
  max: 50,
  meaning:
    'records per commit: an offset commit (process-then-commit, at_least_once) or a transaction (transactional, EOS)',
});

/** `instances`, shared by both application models. */
export const instancesKey = int('instances', {
  default: 2,
  min: 1,
  max: 3,
  meaning:
    'application instances in the consumer group (one transactional.id each under KIP-447, one stream thread each)',
});

/** The safeguards and faults both application models share, in listing order. */
export const appSafeguardKeys = {
  epochFencing: k.epochFencing,
  requireStableOffsets: k.requireStableOffsets,
  generationFencing: k.generationFencing,
  coordinatorEpochFencing: k.coordinatorEpochFencing,
  crashes: k.crashes,
  zombies: k.zombies,
  coordinatorFailover: k.coordinatorFailover,
  txnLogIsrShrink: k.txnLogIsrShrink,
  txnLogUncleanElection: k.txnLogUncleanElection,
  txnLogMinIsr: k.txnLogMinIsr,
  txnLogCleanElection: k.txnLogCleanElection,
  groupCoordinatorFailover: k.groupCoordinatorFailover,
  producerStateLoss: k.producerStateLoss,
  lateOffsetCompletion: k.lateOffsetCompletion,
} as const;

/** The `--set` keys of `consume-transform-produce`, by field. */
export const ctpKeys = {
  kafkaVersion: k.kafkaVersion,
  enableIdempotence: k.enableIdempotence,
  isolationLevel: k.isolationLevel,
  transactionVersion: k.transactionVersion,
  verification: k.verification,
  transactionTimeoutMs: k.transactionTimeoutMs,
  strategy: oneOf('commit.strategy', ['commit-then-process', 'process-then-commit', 'transactional'], {
    default: 'transactional',
    meaning:
      'commit the offset before processing (at-most-once), after every commit.every records (at-least-once), ' +
      'or output and offsets in one transaction with sendOffsetsToTransaction',
  }),
  commitEvery: commitEveryKey,
  ...appSafeguardKeys,
  rewindOnAbort: bool('safeguard.rewind-on-abort', {
    default: true,
    meaning:
      'after abortTransaction() the loop seeks its consumer back to the committed offsets and processes the ' +
      "aborted records again (Kafka's own TransactionalMessageCopier: resetToLastCommittedPositions); off, it " +
      'polls on from its position, and the aborted input is never written',
  }),
  network: k.network,
  lateRequests: k.lateRequests,
  maxInFlight: k.maxInFlight,
  produceReorder: k.produceReorder,
  sink: oneOf('sink', ['kafka', 'upsert', 'side-effect'], {
    default: 'kafka',
    meaning:
      'where the output goes: topic `out`; an external table upserted by key (duplicates collapse); ' +
      'an external call counted every time (outside any transaction)',
  }),
  autoCommit: bool('enable.auto.commit', {
    default: false,
    meaning:
      'the consumer commits its positions on a timer in poll() and on close(): the non-transactional loops ' +
      'instead of explicit commits; beside a transactional producer, a close after a fatal error commits past ' +
      'the records of the aborted transaction',
    realDefault: 'true in the Java consumer',
  }),
  autoCommitIntervalMs: int('auto.commit.interval.ms', {
    default: 5000,
    min: 1000,
    max: 600_000,
    meaning: 'auto commit period; each record takes 1000 ms of logical processing time',
  }),
  recordProcessingMs: int('record.processing.ms', {
    default: 0,
    min: 0,
    max: 3_600_000,
    meaning:
      'logical time the application spends on one record after poll() returned it (0: instant, so the poll ' +
      'timer never runs out); the clock moves by it at each record',
  }),
  maxPollIntervalMs: int('max.poll.interval.ms', {
    default: 300000,
    min: 1,
    max: 3_600_000,
    meaning:
      "most time between two poll() calls: past it the consumer's heartbeat thread leaves the group " +
      '(AbstractCoordinator.maybeLeaveGroup), its partitions move, and its next commit fails ' +
      '(CommitFailedException); under group.protocol=consumer also the rebalance timeout: a member that owes a ' +
      'revocation this long after it learned of it is fenced',
  }),
  sessionTimeoutMs: int('session.timeout.ms', {
    default: 45000,
    min: 1,
    max: 3_600_000,
    derive: { follows: 'kafka.version', value: (get) => releaseOf(get).sessionTimeoutMs },
    meaning:
      'with record.processing.ms above 0 (the clock runs): a member that crashed or stalled whole (a long GC: ' +
      'no heartbeats) stays in the group, owning its partitions, until this long after its last heartbeat; then ' +
      'the coordinator removes it and rebalances (a close or a poll timeout leaves at once); the default follows ' +
      'kafka.version: 45000 from 3.0 (KIP-735), 10000 before',
  }),
  groupProtocol: oneOf('group.protocol', ['classic', 'consumer'], {
    default: 'classic',
    meaning:
      'the consumer group protocol: classic (JoinGroup/SyncGroup, a generation per rebalance) or consumer ' +
      "(KIP-848, 3.7+ as a preview, GA in 4.0: a member epoch each, a partition revoked at its owner's poll() " +
      "before it moves, TxnOffsetCommit checked against the member epoch); the session is then the broker's " +
      'group.consumer.session.timeout.ms (45000), taken from session.timeout.ms',
  }),
  instances: instancesKey,
  inputPartitions: int('input.partitions', {
    default: 1,
    min: 1,
    max: 2,
    meaning: 'partitions of the input topic `in`',
  }),
  inputRecords: withDefault(k.inputRecords, 2),
} as const;

/** The typed config of `consume-transform-produce`. */
export type CtpConfig = ConfigOf<typeof ctpKeys>;

/** What both application models run on, derived from their keys. */
export interface AppSettings {
  readonly app: 'ctp' | 'kafka-streams';
  readonly rules: KafkaRules;
  readonly isolationLevel: IsolationLevel;
  readonly enableIdempotence: boolean;
  /** The effective strategy (kafka-streams: at_least_once = process-then-commit, EOS = transactional). */
  readonly strategy: CommitStrategy;
  readonly commitEvery: number;
  readonly instances: number;
  /** transactional.ids: one per instance, or one per task under EOS v1. */
  readonly producers: number;
  /** Written partitions: `out-0`, and `changelog-0` for kafka-streams. */
  readonly partitions: number;
  readonly inputPartitions: number;
  readonly inputRecords: number;
  readonly crashes: number;
  readonly zombies: boolean;
  readonly network: boolean;
  /** faults.late-requests: InitProducerId and AddOffsetsToTxn may be held in the network, or an answer lost. */
  readonly lateRequests: boolean;
  /** max.in.flight.requests.per.connection: the transactional loop's produce requests unanswered at once. */
  readonly maxInFlight: number;
  /** faults.produce-reorder: the transactional loop's writes left in flight, landing in any order. */
  readonly produceReorder: boolean;
  /**
   * A batch in flight expires at delivery.timeout.ms (with faults.network); false where it never does: Kafka Streams
   * under EOS sets delivery.timeout.ms to Integer.MAX_VALUE (StreamsConfig's PRODUCER_EOS_OVERRIDES, 2.4 to 3.9).
   */
  readonly batchesExpire: boolean;
  readonly sink: SinkKind;
  readonly autoCommit: boolean;
  readonly autoCommitIntervalMs: number;
  /** Logical processing time of one record (the clock moves with enable.auto.commit or record.processing.ms). */
  readonly recordMs: number;
  /**
   * record.processing.ms above 0: the clock moves at each record and the consumer's two clocks run (KIP-62): the
   * poll timer (max.poll.interval.ms) and the session (session.timeout.ms).
   */
  readonly pollTimer: boolean;
  readonly maxPollIntervalMs: number;
  /** session.timeout.ms: how long a silent member (crashed, or paused whole) stays in the group (with `pollTimer`). */
  readonly sessionTimeoutMs: number;
  /** EOS v1: one producer per task, transactional.id `<application.id>-<task>`. */
  readonly txnIdPerTask: boolean;
  /**
   * The group generation the offsets carry in a transaction: KIP-447 apps and Streams EOS v2 send
   * the consumer's full group metadata; Streams EOS v1 the group id only, except in 2.6-2.8.
   */
  readonly offsetsCarryGeneration: boolean;
  /**
   * Each start of an instance draws a new transactional.id (Streams EOS v2 before 2.8: a random
   * process id), so a predecessor's open transaction is only timed out, never fenced.
   */
  readonly freshTransactionalIdPerStart: boolean;
  /**
   * kafka-streams caught mid rolling upgrade from exactly_once to exactly_once_v2 (`upgrade.instances-on-v2`): the
   * instance slots below this run exactly_once_v2, the others exactly_once (model/ctp/eos-layout.ts); absent outside
   * one.
   */
  readonly eosV2Slots?: number;
  /** A count store with a changelog partition (kafka-streams). */
  readonly stateful: boolean;
  /** faults.coordinator-failover. */
  readonly coordinatorFailover: number;
  /** faults.txn-log-isr-shrink. */
  readonly txnLogIsrShrink: boolean;
  /** faults.txn-log-unclean-election. */
  readonly txnLogUncleanElection: number;
  /** safeguard.txn-log-clean-election. */
  readonly txnLogCleanElection: boolean;
  /** faults.group-coordinator-failover. */
  readonly groupCoordinatorFailover: number;
  /** faults.producer-state-loss. */
  readonly producerStateLoss: boolean;
  /** faults.late-offset-completion. */
  readonly lateOffsetCompletion: boolean;
  /** After an abort the loop seeks back to its committed offsets (Kafka Streams always does). */
  readonly rewindOnAbort: boolean;
  /**
   * group.protocol=consumer (KIP-848): the group keeps a member epoch per member and moves a partition by revoking
   * it first (model/kafka/consumer-group.ts); false: the classic protocol's generations.
   */
  readonly consumerProtocol: boolean;
}

/** The settings of `consume-transform-produce`. Pure. */
export function ctpSettings(c: CtpConfig): AppSettings {
  return {
    app: 'ctp',
    rules: kafkaRules(c),
    isolationLevel: c.isolationLevel,
    enableIdempotence: c.enableIdempotence,
    // Kafka refuses a transactional.id without idempotence: the loop is then process-then-commit.
    strategy: c.strategy === 'transactional' && !c.enableIdempotence ? 'process-then-commit' : c.strategy,
    commitEvery: c.commitEvery,
    instances: c.instances,
    producers: c.instances,
    partitions: 1,
    inputPartitions: c.inputPartitions,
    inputRecords: c.inputRecords,
    crashes: c.crashes,
    zombies: c.zombies,
    network: c.network,
    lateRequests: c.lateRequests,
    maxInFlight: c.maxInFlight,
    produceReorder: c.produceReorder,
    batchesExpire: true,
    sink: c.sink,
    autoCommit: c.autoCommit,
    autoCommitIntervalMs: c.autoCommitIntervalMs,
    recordMs: c.recordProcessingMs > 0 ? c.recordProcessingMs : 1000,
    pollTimer: c.recordProcessingMs > 0,
    maxPollIntervalMs: c.maxPollIntervalMs,
    sessionTimeoutMs: c.sessionTimeoutMs,
    txnIdPerTask: false,
    offsetsCarryGeneration: true,
    freshTransactionalIdPerStart: false,
    stateful: false,
    coordinatorFailover: c.coordinatorFailover,
    txnLogIsrShrink: c.txnLogIsrShrink,
    txnLogUncleanElection: c.txnLogUncleanElection,
    txnLogCleanElection: c.txnLogCleanElection,
    groupCoordinatorFailover: c.groupCoordinatorFailover,
    producerStateLoss: c.producerStateLoss,
    lateOffsetCompletion: c.lateOffsetCompletion,
    rewindOnAbort: c.rewindOnAbort,
    consumerProtocol: c.groupProtocol === 'consumer',
  };
}
