/**
 * `step(state, action)`: the one transition function of `two-phase-commit`, TwoPhase.tla's
 * actions' effects. Pure: returns the next frozen state (immer; the same object when the action
 * changes nothing), performs nothing. Guards live in `enabled`.
 *
 * Each action's effect is one function in `rules`. `recipe` picks the rule with ts-pattern,
 * matched exhaustively on the tag; `applyRules`, the fast path's `apply`, picks the very same
 * rule by a table lookup, because ts-pattern's `match` costs about 1 µs a call here, some twenty
 * times the rule itself. The table is typed so that a new action without a rule does not compile.
 */
import { produce, type Draft } from 'immer';
import { match } from 'ts-pattern';
import type { TwoPhaseAction, TwoPhaseActionType } from './actions.js';
import type { TwoPhaseState } from './state.js';

type D = Draft<TwoPhaseState>;

/** The rule of every action: its effect on a draft or a plain mutable copy. */
type Rules = { readonly [K in TwoPhaseActionType]: (d: D, a: Extract<TwoPhaseAction, { type: K }>) => void };

/**
 * Each write is guarded by an inequality so that a step which changes nothing (TLA+'s self-loops:
 * a repeated TMRcvPrepared, RMRcvCommitMsg, RMRcvAbortMsg) leaves immer's draft unmodified.
 */
const rules: Rules = {
  // tmPrepared' = tmPrepared \cup {rm}
  TMRcvPrepared: (d, a) => {
    if (!d.tmPrepared[a.rm - 1]) d.tmPrepared[a.rm - 1] = true;
  },
  // tmState' = "committed", msgs' = msgs \cup {[type |-> "Commit"]}
  TMCommit: (d) => {
    d.tmState = 'committed';
    d.msgCommit = true;
  },
  // tmState' = "aborted", msgs' = msgs \cup {[type |-> "Abort"]}
  TMAbort: (d) => {
    d.tmState = 'aborted';
    d.msgAbort = true;
  },
  // rmState' = [rmState EXCEPT ![rm] = "prepared"], msgs' = msgs \cup {[type |-> "Prepared", rm |-> rm]}
  RMPrepare: (d, a) => {
    d.rmState[a.rm - 1] = 'prepared';
    if (!d.msgPrepared[a.rm - 1]) d.msgPrepared[a.rm - 1] = true;
  },
  // rmState' = [rmState EXCEPT ![rm] = "aborted"]
  RMChooseToAbort: (d, a) => {
    d.rmState[a.rm - 1] = 'aborted';
  },
  // rmState' = [rmState EXCEPT ![rm] = "committed"]
  RMRcvCommitMsg: (d, a) => {
    if (d.rmState[a.rm - 1] !== 'committed') d.rmState[a.rm - 1] = 'committed';
  },
  // rmState' = [rmState EXCEPT ![rm] = "aborted"]
  RMRcvAbortMsg: (d, a) => {
    if (d.rmState[a.rm - 1] !== 'aborted') d.rmState[a.rm - 1] = 'aborted';
  },
};

/** Applies one action. Pure; the caller passes only actions that `enabled` listed. */
export function step(state: TwoPhaseState, action: TwoPhaseAction): TwoPhaseState {
  return produce(state, (d) => recipe(d, action));
}

/** The rules of one action as an immer recipe, matched exhaustively on the action tag. */
export function recipe(d: D, action: TwoPhaseAction): void {
  match(action)
    .with({ type: 'TMRcvPrepared' }, (a) => rules.TMRcvPrepared(d, a))
    .with({ type: 'TMCommit' }, (a) => rules.TMCommit(d, a))
    .with({ type: 'TMAbort' }, (a) => rules.TMAbort(d, a))
    .with({ type: 'RMPrepare' }, (a) => rules.RMPrepare(d, a))
    .with({ type: 'RMChooseToAbort' }, (a) => rules.RMChooseToAbort(d, a))
    .with({ type: 'RMRcvCommitMsg' }, (a) => rules.RMRcvCommitMsg(d, a))
    .with({ type: 'RMRcvAbortMsg' }, (a) => rules.RMRcvAbortMsg(d, a))
    .exhaustive();
}

/**
 * The same rules as `recipe`, picked by a table lookup: the fast path's `apply`, mutating the
 * plain copy `s` in place.
 */
export function applyRules(s: TwoPhaseState, action: TwoPhaseAction): void {
  (rules[action.type] as (d: D, a: TwoPhaseAction) => void)(s as D, action);
}
