/**
 * `flink-kafka-crash` (seed 002): a Flink job copies 1200 records fed every 100 ms from one Kafka
 * partition to another, checkpointing every 20 s; the TaskManager dies 10 s after checkpoint 2
 * completes and the job restarts 10 s later from checkpoint 2. The at-least-once sink writes the
 * re-read records a second time (1300 records, 1200 distinct, 401-500 twice); the exactly-once
 * sink's first copies are in the aborted transaction, so read_committed sees each record once
 * while read_uncommitted sees the same 100 duplicates; a transaction.timeout.ms below the
 * checkpoint interval loses committed results.
 */
import { int, oneOf } from '../model/core/keys.js';
import type { FlinkAction } from '../model/flink/actions.js';
import type { flinkKafkaKeys } from '../model/flink/config.js';
import { at } from '../model/flink/time.js';
import { feedKeys, flinkSchedule } from './flink-schedule.js';
import { scenario } from './scenario.js';

const keys = {
  ...feedKeys(1200),
  deliveryGuarantee: oneOf('sink.delivery-guarantee', ['none', 'at-least-once', 'exactly-once'], {
    default: 'at-least-once',
    meaning: "the KafkaSink's guarantee (at-least-once, the SQL connector's default, is the seed's first run)",
  }),
  transactionTimeoutMs: int('transaction.timeout.ms', {
    default: 300000,
    min: 1,
    max: 3_600_000,
    meaning: "the sink producer's transaction timeout (the seed used 5 minutes; 10000 reproduces its lost results)",
  }),
  crashAfterCheckpoint: int('crash.after.checkpoint', {
    default: 2,
    min: 0,
    max: 1000,
    meaning: 'the TaskManager crashes after checkpoint N completed (0: counted from the job start)',
  }),
  crashDelayMs: int('crash.delay.ms', {
    default: 10000,
    min: 0,
    max: 3_600_000,
    meaning: 'how long after checkpoint N completed the TaskManager crashes',
  }),
  restartDelayMs: int('restart.delay.ms', {
    default: 10000,
    min: 0,
    max: 3_600_000,
    meaning: 'the job restarts this long after the crash (restores the latest completed checkpoint)',
  }),
};

export const flinkKafkaCrash = scenario<FlinkAction, typeof flinkKafkaKeys, typeof keys>({
  name: 'flink-kafka-crash',
  seed: '002',
  summary:
    'TaskManager killed 10 s after checkpoint 2: at-least-once duplicates the re-read range, ' +
    'exactly-once hides it from read_committed, a short transaction timeout loses results',
  headline: (sc) => {
    const when =
      sc.crashAfterCheckpoint === 0 ? 'after the job started' : `after checkpoint ${sc.crashAfterCheckpoint}`;
    return (
      `TaskManager killed ${at(sc.crashDelayMs)} ${when}, restarted ${at(sc.restartDelayMs)} later; ` +
      `${sc.deliveryGuarantee} sink, transaction.timeout.ms=${sc.transactionTimeoutMs}`
    );
  },
  keys,
  fixed: (sc) => ({
    'input.records': sc.inputRecords,
    'input.interval.ms': sc.inputIntervalMs,
    'execution.checkpointing.interval': sc.checkpointIntervalMs,
    'sink.delivery-guarantee': sc.deliveryGuarantee,
    'transaction.timeout.ms': sc.transactionTimeoutMs,
    'restart.delay.ms': sc.restartDelayMs,
    'job.inputs': 1,
    'faults.crashes': 1,
    'faults.lost-notifications': 0,
    'faults.jobmanager': 0,
  }),
  defaults: {},
  script: (sc, mc) => flinkSchedule(mc, { afterCheckpoint: sc.crashAfterCheckpoint, delayMs: sc.crashDelayMs }),
});
