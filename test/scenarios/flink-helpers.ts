/** Running the flink-kafka scenarios in tests, through the catalog entry. */
import { flinkKafkaEntry } from '../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../model/flink/actions.js';
import type { flinkKafkaKeys } from '../../model/flink/config.js';
import type { FlinkState } from '../../model/flink/state.js';
import { runScenario, type ScenarioRun } from '../../scenarios/run.js';
import type { Scenario } from '../../scenarios/scenario.js';

/** A flink-kafka scenario's run: config, states (initial first), steps, violations. */
export type FlinkRun = ScenarioRun<FlinkState, FlinkAction, typeof flinkKafkaKeys>;

/** Resolves `pairs` for the scenario and runs it through the flink-kafka entry (throws on a bad pair). */
export function playFlink(sc: Scenario<FlinkAction, typeof flinkKafkaKeys>, ...pairs: [string, string][]): FlinkRun {
  const r = runScenario(flinkKafkaEntry, sc, pairs);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The report's `out` views of the last state. */
export function outViews(ex: FlinkRun) {
  return flinkKafkaEntry.report.outputs(ex.states.at(-1)!)['out']!;
}

/** The counts a reader of the seed's experiment reports: records, distinct, duplicate and missing ranges. */
export function counts(v: ReturnType<typeof outViews>['read_committed']) {
  return {
    records: v.records,
    distinct: v.distinct,
    duplicates: v.duplicates,
    duplicateRanges: v.duplicateRanges,
    missing: v.missing,
    missingRanges: v.missingRanges,
  };
}
