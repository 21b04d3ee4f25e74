/**
 * The differential test of the fast path against plain `step` (the slow suite's scale; full scale in the deep suite):
 * flink-kafka's configs of the sink (delivery guarantees, checkpointing modes, prefixes, two jobs, POOLING).
 */
import { differentialOf, flinkSinkConfigs, tierScale } from '../../helpers/differential.js';

differentialOf('flink-kafka', flinkSinkConfigs, tierScale);
