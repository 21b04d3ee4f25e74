/**
 * The differential test of the fast path against plain `step`, every model, at a scale that keeps `npm test` short:
 * each model's defaults and the first of the configs it drives at every scale (kafka-txn's replicated one, the
 * consumer's poll timer), one flink-kafka config of parallelism and rescale and one of checkpoint timing, and one of
 * each application model with writes in flight.
 * `npm run test:slow` runs every config (these and the rest of each model's list, flink-kafka's parallelism and
 * timing configs among them) at ten times the states (test/slow/differential.test.ts).
 */
import {
  differentialOf,
  differentialSuite,
  flinkCommitRetryConfigs,
  flinkDeclineConfigs,
  flinkParallelConfigs,
  flinkTimingConfigs,
} from '../../helpers/differential.js';

const scale = { walks: 6, bfs: 300, drainWalks: 3, drainBfs: 60, searchStates: 1500, configs: 1, always: 1 };
differentialSuite(scale);
// Parallelism 2 and rescaling: the second sink subtask's writer and the probe's subtask walk through the fast path.
differentialOf('flink-kafka', flinkParallelConfigs.slice(0, 1), scale);
// Checkpoint timing: several pending checkpoints, two of them slowed.
differentialOf('flink-kafka', flinkTimingConfigs.slice(0, 1), scale);
// Retried commits held on their own committable: the later checkpoints' commits go through the fast path.
differentialOf('flink-kafka', flinkCommitRetryConfigs.slice(0, 1), scale);
// Declined checkpoints: aborted at once, before the sink took the barrier or after its pre-commit.
differentialOf('flink-kafka', flinkDeclineConfigs.slice(0, 1), scale);
// Writes in flight (model/kafka/inflight.ts): each app model's instances carry them through the fast path.
const inFlight = { ...scale, always: 0 };
differentialOf('consume-transform-produce', [['faults.produce-reorder=true', 'faults.network=true']], inFlight);
differentialOf('kafka-streams', [['faults.produce-reorder=true', 'commit.every=3', 'input.records=3']], inFlight);
