/** The `two-phase-commit` model (TwoPhase.tla): state, actions, rules, guards, fast path. */
export { act, twoPhaseActionTypes, type RmActionType, type TwoPhaseAction, type TwoPhaseActionType } from './actions.js';
export { MAX_RMS, twoPhaseCommitConfig, twoPhaseCommitKeys, type TwoPhaseConfig } from './config.js';
export { enabled } from './enabled.js';
export { cloneState, encodeState, encodeStateSymmetric } from './fast.js';
export { twoPhaseCommitModel } from './model.js';
export { initialState, rmName, twoPhaseStateKey, type RmState, type TmState, type TwoPhaseState } from './state.js';
export { applyRules, recipe, step } from './step.js';
