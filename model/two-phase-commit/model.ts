/**
 * The `two-phase-commit` model: Lamport's TwoPhase.tla (the TLA+ Examples' two-phase commit) with
 * rm.count resource managers, the standard benchmark for comparing with TLC and SPIN on identical
 * work. No faults, no drain: every state is quiescent. Its fast path packs a state into two words,
 * and its packed rules step those words directly.
 */
import { compile } from '../core/model.js';
import { resource, type TwoPhaseAction, twoPhaseActions } from './actions.js';
import { twoPhaseCommitKeys } from './config.js';
import { cloneState, decodeState, encodeState, encodeStateSymmetric } from './fast.js';
import { packedRules } from './packed.js';
import { initialState, type TwoPhaseState } from './state.js';

/** TwoPhase.tla's four variables. */
function identity(s: TwoPhaseState): readonly unknown[] {
  return [s.tmState, s.rmState, s.tmPrepared, s.msgPrepared, s.msgCommit, s.msgAbort];
}

/** The `two-phase-commit` model. */
export const twoPhaseCommitModel = compile<TwoPhaseState, TwoPhaseAction, typeof twoPhaseCommitKeys>({
  name: 'two-phase-commit',
  summary:
    "Lamport's TwoPhase.tla: a transaction manager and rm.count resource managers agree to commit or abort " +
    '(the TLA+ benchmark)',
  keys: twoPhaseCommitKeys,
  init: initialState,
  actions: twoPhaseActions,
  // No drain: the spec has no faults to recover from, so every state is quiescent.
  drain: () => null,
  identity,
  // TCConsistent reads each RM's outcome (committed, aborted); there is no drain.
  observed(s, emit) {
    for (let i = 0; i < s.rmState.length; i++) emit(resource.outcome(i));
  },
  // The state space is finite (depth 3 * rm.count + 1): search it all, as TLC does.
  defaultDepth: 10_000,
  fast: {
    clone: cloneState,
    encode: encodeState,
    encodeSymmetric: encodeStateSymmetric,
    decode: decodeState,
    // A copy is what decoding gives (no events, the same fields in the same order).
    copy: cloneState,
    packed: (like) => packedRules(like.config.rmCount, like.config.commitNeedsAllPrepared),
  },
});
