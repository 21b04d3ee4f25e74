/** The `flink-kafka` invariants, outputs and subject. */
export { commitOnlyCompleted, flinkInvariants, flinkNoAbortedRead, flinkNoDuplicates, flinkNoHangingTransaction, flinkNoLoss, lift, stateExactlyOnce } from './invariants.js';
export { flinkInputs, flinkOutView, readFlinkOut } from './outputs.js';
export { flinkKafkaSubject } from './subject.js';
