/** The invariants `kafka-txn` checks, in report order: the Kafka checks on topic `out` and its apps' ghost data. */
import { readTopic } from '../../model/kafka/read.js';
import { instanceName, type KafkaTxnState } from '../../model/kafka-txn/state.js';
import { type Invariant, invariant } from '../invariant.js';
import {
  abortedRead,
  duplicateRead,
  hangingTransaction,
  lostAck,
  lsoOutOfBounds,
  splitFate,
  staleEpochEffect,
} from '../kafka/checks.js';
import { lossMessage } from '../view.js';
import { outView } from './outputs.js';

type S = KafkaTxnState;

/** Every invariant of `kafka-txn`. */
export const kafkaTxnInvariants: readonly Invariant<S>[] = [
  invariant('zombie-fenced', 'every-step', (s: S) => staleEpochEffect(s.kafka)),
  invariant('txn-atomicity', 'every-step', (s: S) => splitFate(s.kafka, s.outcomes, (id) => instanceName(s, id))),
  invariant('no-aborted-read', 'every-step', (s: S) => abortedRead(s.kafka.partitions, s.config.isolationLevel)),
  invariant('no-duplicates', 'every-step', (s: S) => {
    const r = readTopic(s.kafka.partitions, s.config.isolationLevel);
    return duplicateRead(r.values, r.offsets, s.config.isolationLevel, '');
  }),
  invariant('lso-bound', 'every-step', (s: S) => lsoOutOfBounds(s.kafka.partitions)),
  invariant('no-loss', 'quiescence', (s: S) =>
    lossMessage(outView(s, s.config.isolationLevel), 'out', s.config.isolationLevel),
  ),
  invariant('no-hanging-transaction', 'quiescence', (s: S) => hangingTransaction(s.kafka)),
  invariant('acked-durable', 'every-step', (s: S) => lostAck(s.kafka)),
];
