/**
 * The judged output of `kafka-txn`: topic `out` read at an isolation level, as a view; and the report's projection.
 * Pure.
 */
import type { Report } from '../../catalog/entry.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import { readTopic } from '../../model/kafka/read.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import { logRows } from '../kafka/report.js';
import { makeView, type View } from '../view.js';

/** Every input value of every app: 1 .. producers * input.records. */
export function kafkaInputs(s: KafkaTxnState): number[] {
  return Array.from({ length: s.config.producers * s.config.inputRecords }, (_, i) => i + 1);
}

/** The view of `out` at `level` against all inputs. */
export function outView(s: KafkaTxnState, level: IsolationLevel): View {
  const r = readTopic(s.kafka.partitions, level);
  return makeView(r.values, r.offsets, kafkaInputs(s));
}

/** The report's projection: topic `out` at both isolation levels, every partition's log. */
export const kafkaTxnReport: Report<KafkaTxnState> = {
  outputs: (s) => ({
    out: { read_committed: outView(s, 'read_committed'), read_uncommitted: outView(s, 'read_uncommitted') },
  }),
  logs: (s) => logRows(s.kafka.partitions),
};
