/**
 * The `--set` keys of `flink-kafka` (Flink's and the Kafka connector's own names where they have
 * one) and its typed config. Defaults are the safe configuration.
 */
import { bool, type ConfigOf, int, oneOf, text, withDefault } from '../core/keys.js';
import { kafkaKeys } from '../kafka/keys.js';

const k = kafkaKeys;

/** The keys of `flink-kafka`, by field. */
export const flinkKafkaKeys = {
  kafkaVersion: k.kafkaVersion,
  isolationLevel: k.isolationLevel,
  transactionVersion: k.transactionVersion,
  verification: k.verification,
  transactionTimeoutMs: withDefault(
    k.transactionTimeoutMs,
    60000,
    'the KafkaSink sets 1 hour when unset (the Kafka producer default is 60000); the broker caps it at ' +
      'transaction.max.timeout.ms, 15 minutes; it must exceed the longest checkpoint plus restart',
  ),
  deliveryGuarantee: oneOf('sink.delivery-guarantee', ['none', 'at-least-once', 'exactly-once'], {
    default: 'exactly-once',
    meaning:
      'none: buffered writes, never flushed on a checkpoint; at-least-once: flush before the checkpoint ' +
      'completes; exactly-once: one Kafka transaction per checkpoint, committed on the completion notice',
    realDefault: "the Kafka SQL connector's default is at-least-once",
  }),
  checkpointingMode: oneOf('execution.checkpointing.mode', ['EXACTLY_ONCE', 'AT_LEAST_ONCE'], {
    default: 'EXACTLY_ONCE',
    meaning:
      'EXACTLY_ONCE aligns barriers at a multi-input operator (an input that delivered the barrier is blocked ' +
      'until all have); AT_LEAST_ONCE goes on processing it',
  }),
  checkpointIntervalMs: int('execution.checkpointing.interval', {
    default: 2000,
    min: 1,
    max: 3_600_000,
    meaning: 'the checkpoint coordinator triggers a checkpoint every this many ms of logical time (on a fixed grid)',
  }),
  inputs: oneOf('job.inputs', [1, 2], {
    default: 1,
    meaning: 'one Kafka input (source -> count -> sink), or a count operator reading two KafkaSources',
  }),
  jobs: oneOf('jobs', [1, 2], {
    default: 1,
    meaning:
      'Flink jobs writing to `out`: 2 adds an independent second job (its own JobManager, TaskManager, ' +
      "input partition after job 1's, count operator and KafkaSink)",
  }),
  uniquePrefix: bool('safeguard.unique-transactional-id-prefix', {
    default: true,
    meaning:
      'with jobs=2, job 2 uses `<prefix>-job2` as its transactional-id prefix; false: both jobs use ' +
      'sink.transactional-id-prefix and fence each other (seed 000: a unique prefix per job is required)',
  }),
  abortLingering: bool('safeguard.abort-lingering-transactions', {
    default: true,
    meaning:
      'on restore the exactly-once sink aborts the transactions of checkpoint ids after the restored one ' +
      '(probing transactional.ids until an unused one)',
  }),
  crashes: k.crashes,
  coordinatorFailover: k.coordinatorFailover,
  producerStateLoss: k.producerStateLoss,
  lostNotifications: int('faults.lost-notifications', {
    default: 1,
    min: 0,
    max: 5,
    meaning:
      'most checkpoint-completion notifications lost in one run (CheckpointListener notifications are best effort)',
  }),
  jobManagerFailures: int('faults.jobmanager', {
    default: 0,
    min: 0,
    max: 2,
    meaning:
      'most JobManager failures in one run (with high-availability.type=none the completed checkpoints and the ' +
      'checkpoint counter are lost)',
  }),
  highAvailability: oneOf('high-availability.type', ['none', 'zookeeper', 'kubernetes'], {
    default: 'zookeeper',
    meaning:
      'none: a JobManager failure loses the completed checkpoints, the job restarts from scan.startup.mode with ' +
      'checkpoint ids from 1',
    realDefault: 'Flink defaults to none (no HA)',
  }),
  inputRecords: withDefault(k.inputRecords, 3),
  inputIntervalMs: int('input.interval.ms', {
    default: 1000,
    min: 1,
    max: 3_600_000,
    meaning: 'record k of each input arrives at k * input.interval.ms',
  }),
  restartDelayMs: int('restart.delay.ms', {
    default: 1000,
    min: 0,
    max: 3_600_000,
    meaning:
      'the job restarts this long after a failure (the fixed-delay restart strategy, ' +
      'restart-strategy.fixed-delay.delay)',
  }),
  startupMode: oneOf('scan.startup.mode', ['earliest-offset', 'latest-offset', 'group-offsets'], {
    default: 'earliest-offset',
    meaning:
      'where the KafkaSource starts when there is no checkpoint to restore (group-offsets falls back to earliest ' +
      'when the group has none)',
  }),
  commitOffsetsOnCheckpoint: bool('commit.offsets.on.checkpoint', {
    default: true,
    meaning:
      "the KafkaSource commits the checkpoint's offsets to its consumer group after the checkpoint completes " +
      '(for monitoring, and for group-offsets)',
  }),
  partitions: int('partitions', {
    default: 1,
    min: 1,
    max: 3,
    meaning: 'partitions of the output topic `out` (input value v goes to partition (v - 1) mod partitions)',
  }),
  transactionalIdPrefix: text('sink.transactional-id-prefix', {
    default: 'flink',
    pattern: /^[A-Za-z0-9._-]{1,40}$/,
    accepted: 'letters, digits, ".", "_" and "-" (1 to 40)',
    meaning: 'the prefix of the sink transactional.ids `<prefix>-<subtask>-<checkpoint id>`',
  }),
} as const;

/** The typed `flink-kafka` config. */
export type FlinkConfig = ConfigOf<typeof flinkKafkaKeys>;

/** `sink.delivery-guarantee` of the KafkaSink. */
export type DeliveryGuarantee = FlinkConfig['deliveryGuarantee'];

/** Whether a JobManager failure keeps the completed checkpoints (high availability). Pure. */
export function highlyAvailable(c: FlinkConfig): boolean {
  return c.highAvailability !== 'none';
}
