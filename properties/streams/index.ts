/** The invariants `kafka-streams` checks, in report order. */
import type { AppState } from '../../model/ctp/state.js';
import { ctpNoAbortedRead, ctpNoDuplicates, ctpNoLoss, ctpZombieFenced, offsetsAtomic } from '../ctp/index.js';
import type { Invariant } from '../invariant.js';
import { lsoBound } from '../kafka/lso-bound.js';

import { noHangingTransaction } from '../kafka/no-hanging-transaction.js';
import { txnAtomicity } from '../kafka/txn-atomicity.js';
import { stateExactlyOnce } from './state-exactly-once.js';

export { stateExactlyOnce };

/** Every invariant of `kafka-streams`. */
export const streamsInvariants: readonly Invariant<AppState>[] = [ctpZombieFenced, txnAtomicity, ctpNoAbortedRead, ctpNoDuplicates, stateExactlyOnce, offsetsAtomic, lsoBound, ctpNoLoss, noHangingTransaction];
