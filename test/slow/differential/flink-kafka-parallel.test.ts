/**
 * The differential test of the fast path against plain `step` (the slow suite's scale; full scale in the deep suite):
 * flink-kafka's configs of parallelism and rescaling, checkpoint timing, retried commits and declined checkpoints.
 */
import {
  differentialOf,
  flinkCommitRetryConfigs,
  flinkDeclineConfigs,
  flinkParallelConfigs,
  flinkTimingConfigs,
  tierScale,
} from '../../helpers/differential.js';

differentialOf(
  'flink-kafka',
  [...flinkParallelConfigs, ...flinkTimingConfigs, ...flinkCommitRetryConfigs, ...flinkDeclineConfigs],
  tierScale,
);
