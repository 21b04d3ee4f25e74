/**
 * The judged output of `flink-kafka`: topic `out` read at an isolation level, as a view; and the report's projection.
 * Pure.
 */
import type { Report } from '../../catalog/entry.js';
import { type FlinkState, totalInputs } from '../../model/flink/state.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import { readTopic } from '../../model/kafka/read.js';
import { logRows } from '../kafka/report.js';
import { makeView, type View } from '../view.js';

/** Every input value of every input of every job: 1 .. (job.inputs + 1 for job 2) * input.records. */
export function flinkInputs(s: FlinkState): number[] {
  return Array.from({ length: totalInputs(s.config) * s.config.inputRecords }, (_, i) => i + 1);
}

/** Values and offsets of `out` read at `level`, partitions in order. */
export function readFlinkOut(s: FlinkState, level: IsolationLevel): { values: number[]; offsets: number[] } {
  return readTopic(s.kafka.partitions, level);
}

/** The view of `out` at `level` against all inputs. */
export function flinkOutView(s: FlinkState, level: IsolationLevel): View {
  const r = readFlinkOut(s, level);
  return makeView(r.values, r.offsets, flinkInputs(s));
}

/** The report's projection: topic `out` at both isolation levels, every output partition's log. */
export const flinkReport: Report<FlinkState> = {
  outputs: (s) => ({
    out: { read_committed: flinkOutView(s, 'read_committed'), read_uncommitted: flinkOutView(s, 'read_uncommitted') },
  }),
  logs: (s) => logRows(s.kafka.partitions),
};
