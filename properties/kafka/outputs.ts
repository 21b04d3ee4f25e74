/** The judged output of `kafka-txn`: topic `out` read at an isolation level, as a view. Pure. */
import { readPartition, type IsolationLevel, type KafkaState, type Partition } from '../../model/kafka/index.js';
import { makeView, type View } from '../view.js';

/** Every input value of every app: 1 .. producers * input.records. */
export function kafkaInputs(s: KafkaState): number[] {
  return Array.from({ length: s.config.producers * s.config.inputRecords }, (_, i) => i + 1);
}

/** Values and offsets of `out` read at `level`, partitions in order. */
export function readOut(s: KafkaState, level: IsolationLevel): { values: number[]; offsets: number[] } {
  return readPartitions(s.partitions, level);
}

/** Values and offsets a consumer at `level` reads from `partitions`, in partition order. Pure. */
export function readPartitions(partitions: readonly Partition[], level: IsolationLevel): { values: number[]; offsets: number[] } {
  const values: number[] = [];
  const offsets: number[] = [];
  for (const p of partitions) {
    for (const e of readPartition(p, level)) {
      values.push(e.value);
      offsets.push(e.offset);
    }
  }
  return { values, offsets };
}

/** The view of `out` at `level` against all inputs. */
export function outView(s: KafkaState, level: IsolationLevel): View {
  const r = readOut(s, level);
  return makeView(r.values, r.offsets, kafkaInputs(s));
}
