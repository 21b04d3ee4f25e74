/**
 * The differential test of the fast path against plain `step` at full scale: flink-kafka's configs of parallelism and
 * rescaling, checkpoint timing and retried commits.
 */
import {
  differentialOf,
  flinkCommitRetryConfigs,
  flinkParallelConfigs,
  flinkTimingConfigs,
  fullScale,
} from '../../helpers/differential.js';

differentialOf('flink-kafka', [...flinkParallelConfigs, ...flinkTimingConfigs, ...flinkCommitRetryConfigs], fullScale);
