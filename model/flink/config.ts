/**
 * The resolved configuration of `flink-kafka`, typed, and its `--set` keys: Flink's and the Kafka
 * connector's own names where they have one. Defaults are the safe configuration.
 */
import type { Config, ConfigKey } from '../config.js';
import type { IsolationLevel, KafkaTxnConfig } from '../kafka/config.js';

/** `sink.delivery-guarantee` of the KafkaSink. */
export type DeliveryGuarantee = 'none' | 'at-least-once' | 'exactly-once';

/** `execution.checkpointing.mode`: aligned barriers, or no alignment. */
export type CheckpointingMode = 'EXACTLY_ONCE' | 'AT_LEAST_ONCE';

/** `scan.startup.mode` of the KafkaSource, applied only when there is no checkpoint to restore. */
export type StartupMode = 'earliest-offset' | 'latest-offset' | 'group-offsets';

/** The typed `flink-kafka` config. */
export interface FlinkConfig {
  readonly isolationLevel: IsolationLevel;
  readonly transactionVersion: 1 | 2;
  readonly transactionTimeoutMs: number;
  readonly deliveryGuarantee: DeliveryGuarantee;
  readonly checkpointingMode: CheckpointingMode;
  readonly checkpointIntervalMs: number;
  readonly inputs: 1 | 2;
  readonly jobs: 1 | 2;
  readonly uniquePrefix: boolean;
  readonly abortLingering: boolean;
  readonly crashes: number;
  readonly lostNotifications: number;
  readonly jobManagerFailures: number;
  readonly highAvailability: boolean;
  readonly inputRecords: number;
  readonly inputIntervalMs: number;
  readonly restartDelayMs: number;
  readonly startupMode: StartupMode;
  readonly commitOffsetsOnCheckpoint: boolean;
  readonly partitions: number;
  readonly transactionalIdPrefix: string;
}

/** The `--set` keys of `flink-kafka`. */
export const flinkKafkaKeys: readonly ConfigKey[] = [
  { kind: 'enum', name: 'isolation.level', default: 'read_committed', values: ['read_committed', 'read_uncommitted'], meaning: 'the downstream reader of the output topic whose view is judged', realDefault: 'a Kafka consumer (and the console consumer) defaults to read_uncommitted' },
  { kind: 'enum', name: 'transaction.version', default: 2, values: [1, 2], meaning: '2 = KIP-890: the leader verifies each transactional write with the coordinator and every transaction end bumps the epoch; 1 = the protocol before it', realDefault: 'on by default since Kafka 4.0 with 4.0+ clients' },
  { kind: 'integer', name: 'transaction.timeout.ms', default: 60000, min: 1, max: 3_600_000, meaning: "the sink producer's transaction timeout: the coordinator aborts (and fences) a transaction open longer than this; must exceed the longest checkpoint plus restart", realDefault: 'the KafkaSink sets 1 hour when unset (the Kafka producer default is 60000); the broker caps it at transaction.max.timeout.ms, 15 minutes' },
  { kind: 'enum', name: 'sink.delivery-guarantee', default: 'exactly-once', values: ['none', 'at-least-once', 'exactly-once'], meaning: 'none: buffered writes, never flushed on a checkpoint; at-least-once: flush before the checkpoint completes; exactly-once: one Kafka transaction per checkpoint, committed on the completion notice', realDefault: "the Kafka SQL connector's default is at-least-once" },
  { kind: 'enum', name: 'execution.checkpointing.mode', default: 'EXACTLY_ONCE', values: ['EXACTLY_ONCE', 'AT_LEAST_ONCE'], meaning: 'EXACTLY_ONCE aligns barriers at a multi-input operator (an input that delivered the barrier is blocked until all have); AT_LEAST_ONCE goes on processing it' },
  { kind: 'integer', name: 'execution.checkpointing.interval', default: 2000, min: 1, max: 3_600_000, meaning: 'the checkpoint coordinator triggers a checkpoint every this many ms of logical time (on a fixed grid)' },
  { kind: 'enum', name: 'job.inputs', default: 1, values: [1, 2], meaning: 'one Kafka input (source -> count -> sink), or a count operator reading two KafkaSources' },
  { kind: 'integer', name: 'jobs', default: 1, min: 1, max: 2, meaning: 'Flink jobs writing to `out`: 2 adds an independent second job (its own JobManager, TaskManager, input partition after job 1\'s, count operator and KafkaSink)' },
  { kind: 'boolean', name: 'safeguard.unique-transactional-id-prefix', default: true, meaning: 'with jobs=2, job 2 uses `<prefix>-job2` as its transactional-id prefix; false: both jobs use sink.transactional-id-prefix and fence each other (seed 000: a unique prefix per job is required)' },
  { kind: 'boolean', name: 'safeguard.abort-lingering-transactions', default: true, meaning: 'on restore the exactly-once sink aborts the transactions of checkpoint ids after the restored one (probing transactional.ids until an unused one)' },
  { kind: 'integer', name: 'faults.crashes', default: 1, min: 0, max: 5, meaning: 'most TaskManager crashes in one run (at any point; the job restarts after restart.delay.ms)' },
  { kind: 'integer', name: 'faults.lost-notifications', default: 1, min: 0, max: 5, meaning: 'most checkpoint-completion notifications lost in one run (CheckpointListener notifications are best effort)' },
  { kind: 'integer', name: 'faults.jobmanager', default: 0, min: 0, max: 2, meaning: 'most JobManager failures in one run (with high-availability.type=none the completed checkpoints and the checkpoint counter are lost)' },
  { kind: 'enum', name: 'high-availability.type', default: 'zookeeper', values: ['none', 'zookeeper', 'kubernetes'], meaning: 'none: a JobManager failure loses the completed checkpoints, the job restarts from scan.startup.mode with checkpoint ids from 1', realDefault: 'Flink defaults to none (no HA)' },
  { kind: 'integer', name: 'input.records', default: 3, min: 1, max: 5000, meaning: 'records fed to each input partition (values are sequence numbers 1, 2, 3, ...)' },
  { kind: 'integer', name: 'input.interval.ms', default: 1000, min: 1, max: 3_600_000, meaning: 'record k of each input arrives at k * input.interval.ms' },
  { kind: 'integer', name: 'restart.delay.ms', default: 1000, min: 0, max: 3_600_000, meaning: 'the job restarts this long after a failure (the fixed-delay restart strategy, restart-strategy.fixed-delay.delay)' },
  { kind: 'enum', name: 'scan.startup.mode', default: 'earliest-offset', values: ['earliest-offset', 'latest-offset', 'group-offsets'], meaning: 'where the KafkaSource starts when there is no checkpoint to restore (group-offsets falls back to earliest when the group has none)' },
  { kind: 'boolean', name: 'commit.offsets.on.checkpoint', default: true, meaning: "the KafkaSource commits the checkpoint's offsets to its consumer group after the checkpoint completes (for monitoring, and for group-offsets)" },
  { kind: 'integer', name: 'partitions', default: 1, min: 1, max: 3, meaning: 'partitions of the output topic `out` (input value v goes to partition (v - 1) mod partitions)' },
  { kind: 'string', name: 'sink.transactional-id-prefix', default: 'flink', pattern: /^[A-Za-z0-9._-]{1,40}$/, accepted: 'letters, digits, ".", "_" and "-" (1 to 40)', meaning: 'the prefix of the sink transactional.ids `<prefix>-<subtask>-<checkpoint id>`' },
];

/** Reads the typed config out of a resolved one. Pure. */
export function flinkConfig(c: Config): FlinkConfig {
  const g = c['sink.delivery-guarantee'];
  const m = c['scan.startup.mode'];
  return {
    isolationLevel: c['isolation.level'] === 'read_uncommitted' ? 'read_uncommitted' : 'read_committed',
    transactionVersion: c['transaction.version'] === 1 ? 1 : 2,
    transactionTimeoutMs: Number(c['transaction.timeout.ms']),
    deliveryGuarantee: g === 'none' ? 'none' : g === 'at-least-once' ? 'at-least-once' : 'exactly-once',
    checkpointingMode: c['execution.checkpointing.mode'] === 'AT_LEAST_ONCE' ? 'AT_LEAST_ONCE' : 'EXACTLY_ONCE',
    checkpointIntervalMs: Number(c['execution.checkpointing.interval']),
    inputs: c['job.inputs'] === 2 ? 2 : 1,
    jobs: c['jobs'] === 2 ? 2 : 1,
    uniquePrefix: c['safeguard.unique-transactional-id-prefix'] !== false,
    abortLingering: c['safeguard.abort-lingering-transactions'] === true,
    crashes: Number(c['faults.crashes']),
    lostNotifications: Number(c['faults.lost-notifications']),
    jobManagerFailures: Number(c['faults.jobmanager']),
    highAvailability: c['high-availability.type'] !== 'none',
    inputRecords: Number(c['input.records']),
    inputIntervalMs: Number(c['input.interval.ms']),
    restartDelayMs: Number(c['restart.delay.ms']),
    startupMode: m === 'latest-offset' ? 'latest-offset' : m === 'group-offsets' ? 'group-offsets' : 'earliest-offset',
    commitOffsetsOnCheckpoint: c['commit.offsets.on.checkpoint'] === true,
    partitions: Number(c['partitions']),
    transactionalIdPrefix: String(c['sink.transactional-id-prefix']),
  };
}

/**
 * The Kafka side's config as the embedded `kafka-txn` rules read it: an idempotent transactional
 * producer, epoch fencing and KAFKA-6119's bump on timeout always on (real brokers have both).
 */
export function kafkaSideConfig(c: FlinkConfig): KafkaTxnConfig {
  return {
    enableIdempotence: true,
    isolationLevel: c.isolationLevel,
    transactionVersion: c.transactionVersion,
    transactionTimeoutMs: c.transactionTimeoutMs,
    epochFencing: true,
    epochBumpOnTimeout: true,
    crashes: c.crashes,
    zombies: false,
    network: false,
    producers: 0,
    partitions: c.partitions,
    inputRecords: c.inputRecords,
  };
}
