/** Running the flink-kafka scenarios in tests. */
import type { FlinkAction, FlinkState } from '../../model/flink/index.js';
import { flinkKafkaSubject } from '../../properties/flink/subject.js';
import type { Execution } from '../../properties/run.js';
import { resolveScenario, runScenario } from '../../scenarios/run.js';
import type { Scenario } from '../../scenarios/scenario.js';

/** Resolves `pairs` for the scenario and runs it through the flink-kafka subject. */
export function playFlink(sc: Scenario<FlinkAction>, ...pairs: [string, string][]): Execution<FlinkState, FlinkAction> {
  const r = resolveScenario(sc as unknown as Scenario, flinkKafkaSubject as never, pairs);
  if (!r.ok) throw new Error(r.error);
  return runScenario(sc, flinkKafkaSubject, r.config);
}

/** The report's `out` views of the last state. */
export function outViews(ex: Execution<FlinkState, FlinkAction>) {
  return flinkKafkaSubject.outputs(ex.states.at(-1)!)['out']!;
}

/** The counts a reader of the seed's experiment reports: records, distinct, duplicate and missing ranges. */
export function counts(v: ReturnType<typeof outViews>['read_committed']) {
  return { records: v.records, distinct: v.distinct, duplicates: v.duplicates, duplicateRanges: v.duplicateRanges, missing: v.missing, missingRanges: v.missingRanges };
}
