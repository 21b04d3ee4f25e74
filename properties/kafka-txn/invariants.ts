/** The invariants `kafka-txn` checks, in report order: the Kafka checks on topic `out` and its apps' ghost data. */
import { instanceName, type KafkaTxnState } from '../../model/kafka-txn/state.js';
import { family, type Invariant, invariant } from '../invariant.js';
import { hangingTransaction, lostAck } from '../kafka/checks.js';
import { InstanceNames, judgeLogs, LOG_CHECKS } from '../kafka/log-pass.js';
import { lossMessage } from '../view.js';
import { outView } from './outputs.js';

type S = KafkaTxnState;

/**
 * The checks on the records of `out` and the groups, judged in one pass (`judgeLogs`): `zombie-fenced`,
 * `txn-atomicity`, `no-aborted-read`, `no-duplicates`, `lso-bound`.
 */
const names = new InstanceNames(instanceName);
const logs = family({
  names: LOG_CHECKS,
  when: 'every-step',
  judge: (s: S, out) => judgeLogs(s.kafka, s.outcomes, names.at(s), s.config.isolationLevel, out),
});

/** Every invariant of `kafka-txn`. */
export const kafkaTxnInvariants: readonly Invariant<S>[] = [
  ...logs,
  invariant('no-loss', 'quiescence', (s: S) =>
    lossMessage(outView(s, s.config.isolationLevel), 'out', s.config.isolationLevel),
  ),
  invariant('no-hanging-transaction', 'quiescence', (s: S) => hangingTransaction(s.kafka)),
  invariant('acked-durable', 'every-step', (s: S) => lostAck(s.kafka)),
];
