/** The invariants `consume-transform-produce` checks, in report order. */
import type { AppState } from '../../model/ctp/state.js';
import type { Invariant } from '../invariant.js';
import { lsoBound } from '../kafka/lso-bound.js';
import { ctpNoAbortedRead } from './no-aborted-read.js';
import { noHangingTransaction } from '../kafka/no-hanging-transaction.js';
import { txnAtomicity } from '../kafka/txn-atomicity.js';
import { ctpNoDuplicates } from './no-duplicates.js';
import { ctpNoLoss } from './no-loss.js';
import { offsetsAtomic } from './offsets-atomic.js';
import { ctpZombieFenced } from './zombie-fenced.js';

export { appInputs, appOutputs, judgedView, readJudged } from './outputs.js';
export { ctpNoAbortedRead, ctpNoDuplicates, ctpNoLoss, ctpZombieFenced, offsetsAtomic };

/** Every invariant of `consume-transform-produce` (model/kafka's where they fit). */
export const ctpInvariants: readonly Invariant<AppState>[] = [ctpZombieFenced, txnAtomicity, ctpNoAbortedRead, ctpNoDuplicates, offsetsAtomic, lsoBound, ctpNoLoss, noHangingTransaction];
