/** The invariants `kafka-txn` checks, in report order. */
import type { KafkaState } from '../../model/kafka/index.js';
import type { Invariant } from '../invariant.js';
import { lsoBound } from './lso-bound.js';
import { noAbortedRead } from './no-aborted-read.js';
import { noDuplicates } from './no-duplicates.js';
import { noHangingTransaction } from './no-hanging-transaction.js';
import { noLoss } from './no-loss.js';
import { txnAtomicity } from './txn-atomicity.js';
import { zombieFenced } from './zombie-fenced.js';

export { kafkaInputs, outView, readOut, readPartitions } from './outputs.js';

/** Every invariant of `kafka-txn`. */
export const kafkaInvariants: readonly Invariant<KafkaState>[] = [zombieFenced, txnAtomicity, noAbortedRead, noDuplicates, lsoBound, noLoss, noHangingTransaction];
