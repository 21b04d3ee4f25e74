/**
 * The differential test of the fast path against plain `step` (the slow suite's scale; full scale in the deep suite):
 * flink-kafka's configs of ends and restarts (no checkpoints, savepoints, timeouts, lost JobManagers, restart
 * strategies).
 */
import { differentialOf, flinkRestartConfigs, tierScale } from '../../helpers/differential.js';

differentialOf('flink-kafka', flinkRestartConfigs, tierScale);
