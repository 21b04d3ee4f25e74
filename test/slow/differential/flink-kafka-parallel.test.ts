/**
 * The differential test of the fast path against plain `step` at full scale: flink-kafka's configs of parallelism and
 * rescaling, checkpoint timing, retried commits and declined checkpoints.
 */
import {
  differentialOf,
  flinkCommitRetryConfigs,
  flinkDeclineConfigs,
  flinkParallelConfigs,
  flinkTimingConfigs,
  fullScale,
} from '../../helpers/differential.js';

differentialOf(
  'flink-kafka',
  [...flinkParallelConfigs, ...flinkTimingConfigs, ...flinkCommitRetryConfigs, ...flinkDeclineConfigs],
  fullScale,
);
