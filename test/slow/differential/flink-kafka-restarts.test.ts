/**
 * The differential test of the fast path against plain `step` at full scale: flink-kafka's configs of ends and
 * restarts (no checkpoints, savepoints, timeouts, lost JobManagers, restart strategies).
 */
import { differentialOf, flinkRestartConfigs, fullScale } from '../../helpers/differential.js';

differentialOf('flink-kafka', flinkRestartConfigs, fullScale);
