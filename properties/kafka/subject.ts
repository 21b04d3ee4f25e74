/** `kafka-txn` as a checkable subject. */
import { kafkaTxnModel, type KafkaAction, type KafkaState } from '../../model/kafka/index.js';
import type { LogRow, Subject } from '../subject.js';
import { kafkaInvariants, outView } from './index.js';

/** Rows of every output partition's log, as the report's `logs` shows them. Pure. */
export function kafkaLogs(s: KafkaState): Record<string, LogRow[]> {
  const out: Record<string, LogRow[]> = {};
  for (const p of s.partitions) {
    out[p.name] = p.log.map((e) =>
      e.kind === 'data'
        ? { offset: e.offset, kind: 'data', marker: null, value: e.value, producerId: e.producerId, epoch: e.epoch }
        : { offset: e.offset, kind: 'control', marker: e.marker, value: null, producerId: e.producerId, epoch: e.epoch },
    );
  }
  return out;
}

/** The `kafka-txn` subject: model, invariants, topic `out` at both isolation levels. */
export const kafkaTxnSubject: Subject<KafkaState, KafkaAction> = {
  model: kafkaTxnModel,
  invariants: kafkaInvariants,
  outputs: (s) => ({ out: { read_committed: outView(s, 'read_committed'), read_uncommitted: outView(s, 'read_uncommitted') } }),
  logs: kafkaLogs,
};
