/** `flink-kafka` as a checkable subject. */
import { flinkKafkaModel, type FlinkAction, type FlinkState } from '../../model/flink/index.js';
import { kafkaLogs } from '../kafka/subject.js';
import type { Subject } from '../subject.js';
import { flinkInvariants } from './invariants.js';
import { flinkOutView } from './outputs.js';

/** The `flink-kafka` subject: model, invariants, topic `out` at both isolation levels, every output partition's log. */
export const flinkKafkaSubject: Subject<FlinkState, FlinkAction> = {
  model: flinkKafkaModel,
  invariants: flinkInvariants,
  outputs: (s) => ({ out: { read_committed: flinkOutView(s, 'read_committed'), read_uncommitted: flinkOutView(s, 'read_uncommitted') } }),
  logs: (s) => kafkaLogs(s.kafka),
};
