/**
 * `flink-slow-checkpoint` (seed 002's documented loss, on a clock): 600 records fed every 100 ms,
 * checkpoints every 20 s, exactly-once sink with transaction.timeout.ms 60 s. Backpressure makes
 * checkpoint 2 (triggered at 40 s) take 90 s. Its transaction flink-0-2 was opened at 20.1 s with
 * v201; no checkpoint can run meanwhile (max-concurrent-checkpoints 1), so the coordinator aborts
 * it at 80.1 s and flink-0-3 at 100.1 s. Checkpoint 2 completes at 130 s and checkpoint 3, the
 * periodic request queued meanwhile, at once after it; the source offsets move on, and both commits
 * are refused (INVALID_TXN_STATE; PRODUCER_FENCED under transaction.version=1): Flink logs it and goes on,
 * 201-600 are gone from read_committed ("transaction.timeout.ms >> maximum checkpoint duration +
 * maximum restart duration or data loss may happen when Kafka expires an uncommitted transaction",
 * flink-connector-kafka docs, Fault Tolerance; KafkaCommitter).
 */
import { int } from '../model/core/keys.js';
import type { FlinkAction } from '../model/flink/actions.js';
import type { flinkKafkaKeys } from '../model/flink/config.js';
import { at } from '../model/flink/time.js';
import { feedKeys, flinkSchedule } from './flink-schedule.js';
import { scenario } from './scenario.js';

const keys = {
  ...feedKeys(600),
  transactionTimeoutMs: int('transaction.timeout.ms', {
    default: 60000,
    min: 1,
    max: 3_600_000,
    meaning: "the sink producer's transaction timeout (it must exceed the slow checkpoint's duration)",
  }),
  slowCheckpoint: int('checkpoint.slow', {
    default: 2,
    min: 1,
    max: 1000,
    meaning: 'the checkpoint backpressure slows',
  }),
  slowMs: int('checkpoint.duration.ms', {
    default: 90000,
    min: 1,
    max: 3_600_000,
    meaning: 'how long the slow checkpoint takes from its trigger to its acknowledgement',
  }),
};

export const flinkSlowCheckpoint = scenario<FlinkAction, typeof flinkKafkaKeys, typeof keys>({
  name: 'flink-slow-checkpoint',
  seed: '002',
  summary:
    'a checkpoint slower than transaction.timeout.ms: the coordinator aborts the pre-committed transaction, ' +
    'the checkpoint completes, the commit fails and the results are lost',
  headline: (sc) =>
    `checkpoint ${sc.slowCheckpoint} takes ${at(sc.slowMs)}, transaction.timeout.ms=${sc.transactionTimeoutMs}: ` +
    (sc.slowMs >= sc.transactionTimeoutMs
      ? 'slower than the timeout, the committed-looking results are lost'
      : 'within the timeout'),
  keys,
  fixed: (sc) => ({
    'input.records': sc.inputRecords,
    'input.interval.ms': sc.inputIntervalMs,
    'execution.checkpointing.interval': sc.checkpointIntervalMs,
    'transaction.timeout.ms': sc.transactionTimeoutMs,
    'sink.delivery-guarantee': 'exactly-once',
    'job.inputs': 1,
    'faults.crashes': 0,
    'faults.lost-notifications': 0,
    'faults.jobmanager': 0,
    'faults.slow-checkpoints': 1,
    'faults.slow-checkpoint.ms': sc.slowMs,
  }),
  defaults: {},
  script: (sc, mc) => flinkSchedule(mc, null, sc.slowCheckpoint),
});
