/**
 * The differential test of the fast path against plain `step` at full scale: flink-kafka's configs of the sink
 * (delivery guarantees, checkpointing modes, prefixes, two jobs, POOLING).
 */
import { differentialOf, flinkSinkConfigs, fullScale } from '../../helpers/differential.js';

differentialOf('flink-kafka', flinkSinkConfigs, fullScale);
