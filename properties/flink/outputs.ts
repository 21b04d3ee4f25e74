/** The judged output of `flink-kafka`: topic `out` read at an isolation level (model/kafka/read.ts), as a view. Pure. */
import type { IsolationLevel } from '../../model/kafka/config.js';
import { readPartitions } from '../kafka/outputs.js';
import { totalInputs, type FlinkState } from '../../model/flink/state.js';
import { makeView, type View } from '../view.js';

/** Every input value of every input of every job: 1 .. (job.inputs + 1 for job 2) * input.records. */
export function flinkInputs(s: FlinkState): number[] {
  return Array.from({ length: totalInputs(s.config) * s.config.inputRecords }, (_, i) => i + 1);
}

/** Values and offsets of `out` read at `level`, partitions in order. */
export function readFlinkOut(s: FlinkState, level: IsolationLevel): { values: number[]; offsets: number[] } {
  return readPartitions(s.kafka.partitions, level);
}

/** The view of `out` at `level` against all inputs. */
export function flinkOutView(s: FlinkState, level: IsolationLevel): View {
  const r = readFlinkOut(s, level);
  return makeView(r.values, r.offsets, flinkInputs(s));
}
