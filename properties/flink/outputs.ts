/** The judged output of `flink-kafka`: topic `out` read at an isolation level (model/kafka/read.ts), as a view. Pure. */
import type { IsolationLevel } from '../../model/kafka/config.js';
import { readPartition } from '../../model/kafka/read.js';
import type { FlinkState } from '../../model/flink/state.js';
import { makeView, type View } from '../view.js';

/** Every input value of every input: 1 .. job.inputs * input.records. */
export function flinkInputs(s: FlinkState): number[] {
  return Array.from({ length: s.config.inputs * s.config.inputRecords }, (_, i) => i + 1);
}

/** Values and offsets of `out` read at `level`, partitions in order. */
export function readFlinkOut(s: FlinkState, level: IsolationLevel): { values: number[]; offsets: number[] } {
  const values: number[] = [];
  const offsets: number[] = [];
  for (const p of s.kafka.partitions) {
    for (const e of readPartition(p, level)) {
      values.push(e.value);
      offsets.push(e.offset);
    }
  }
  return { values, offsets };
}

/** The view of `out` at `level` against all inputs. */
export function flinkOutView(s: FlinkState, level: IsolationLevel): View {
  const r = readFlinkOut(s, level);
  return makeView(r.values, r.offsets, flinkInputs(s));
}
