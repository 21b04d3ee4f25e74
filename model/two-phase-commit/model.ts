/**
 * The `two-phase-commit` model: Lamport's TwoPhase.tla (the TLA+ Examples' two-phase commit) with
 * rm.count resource managers, the standard benchmark for comparing with TLC and SPIN on identical
 * work. No faults, no drain: every state is quiescent.
 */
import type { Model } from '../model.js';
import { twoPhaseActionTypes, type TwoPhaseAction } from './actions.js';
import { twoPhaseCommitConfig, twoPhaseCommitKeys } from './config.js';
import { enabled } from './enabled.js';
import { cloneState, decodeState, encodeState, encodeStateSymmetric } from './fast.js';
import { initialState, twoPhaseStateKey, type TwoPhaseState } from './state.js';
import { applyRules, step } from './step.js';

/** The `two-phase-commit` model. */
export const twoPhaseCommitModel: Model<TwoPhaseState, TwoPhaseAction> = {
  name: 'two-phase-commit',
  // The state space is finite (depth 3 * rm.count + 1): search it all, as TLC does.
  defaultDepth: 10_000,
  summary: "Lamport's TwoPhase.tla: a transaction manager and rm.count resource managers agree to commit or abort (the TLA+ benchmark)",
  keys: twoPhaseCommitKeys,
  init: (config) => initialState(twoPhaseCommitConfig(config)),
  step,
  enabled,
  // No drain: the spec has no faults to recover from, so every state is quiescent.
  drainAction: () => null,
  adapt: () => null,
  fast: { clone: cloneState, apply: applyRules, encode: encodeState, encodeSymmetric: encodeStateSymmetric, decode: decodeState },
  key: twoPhaseStateKey,
  faults: new Set<string>(),
  actionTypes: twoPhaseActionTypes,
};
