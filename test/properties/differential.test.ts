/**
 * The differential test of the fast path against plain `step`, every model, at a scale
 * that keeps `npm test` short: three configs a model, and flink-kafka's parallelism and rescale configs.
 * `npm run test:slow` runs every config at ten times the states (test/slow/differential.test.ts).
 */
import {
  differentialOf,
  differentialSuite,
  flinkParallelConfigs,
  flinkTimingConfigs,
} from '../helpers/differential.js';

const scale = { walks: 6, bfs: 300, drainWalks: 3, drainBfs: 60, searchStates: 1500, configs: 3 };
differentialSuite(scale);
// Parallelism 2 and rescaling, beyond the first three configs: the second sink subtask's writer and the probe's
// subtask walk through the fast path.
differentialOf('flink-kafka', flinkParallelConfigs, scale);
// Checkpoint timing: several pending checkpoints, the initial-delay choice, the switch to unaligned.
differentialOf('flink-kafka', flinkTimingConfigs, scale);
