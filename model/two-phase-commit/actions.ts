/**
 * Actions of `two-phase-commit`: TwoPhase.tla's seven actions, the per-RM ones carrying `rm`
 * (1-based, `rm1` is 1). One tag (`type`); `TwoPhaseActionType` is derived.
 */
import { MAX_RMS } from './config.js';

/** One action of TwoPhase.tla. */
export type TwoPhaseAction =
  // transaction manager
  | { readonly type: 'TMRcvPrepared'; readonly rm: number }
  | { readonly type: 'TMCommit' }
  | { readonly type: 'TMAbort' }
  // resource managers
  | { readonly type: 'RMPrepare'; readonly rm: number }
  | { readonly type: 'RMChooseToAbort'; readonly rm: number }
  | { readonly type: 'RMRcvCommitMsg'; readonly rm: number }
  | { readonly type: 'RMRcvAbortMsg'; readonly rm: number };

/** The action names of `two-phase-commit`. */
export type TwoPhaseActionType = TwoPhaseAction['type'];

/** The per-RM action names. */
export type RmActionType = Extract<TwoPhaseAction, { rm: number }>['type'];

/** Every action name, in the order `enabled` lists them (TM first, then each RM's). */
export const twoPhaseActionTypes: readonly TwoPhaseActionType[] = ['TMCommit', 'TMAbort', 'TMRcvPrepared', 'RMPrepare', 'RMChooseToAbort', 'RMRcvCommitMsg', 'RMRcvAbortMsg'];

/** Frozen action objects, built once: `enabled` hands these out instead of allocating new ones. */
const tmCommit: TwoPhaseAction = Object.freeze({ type: 'TMCommit' });
const tmAbort: TwoPhaseAction = Object.freeze({ type: 'TMAbort' });
const perRm = (type: RmActionType): readonly TwoPhaseAction[] => Array.from({ length: MAX_RMS + 1 }, (_, rm) => Object.freeze({ type, rm }));
const tables: Readonly<Record<RmActionType, readonly TwoPhaseAction[]>> = {
  TMRcvPrepared: perRm('TMRcvPrepared'),
  RMPrepare: perRm('RMPrepare'),
  RMChooseToAbort: perRm('RMChooseToAbort'),
  RMRcvCommitMsg: perRm('RMRcvCommitMsg'),
  RMRcvAbortMsg: perRm('RMRcvAbortMsg'),
};

/** Action constructors; each returns a shared frozen object (actions are plain immutable data). */
export const act = {
  tmCommit: (): TwoPhaseAction => tmCommit,
  tmAbort: (): TwoPhaseAction => tmAbort,
  /** `type(rm)` for 1 <= rm <= 12. */
  rm: (type: RmActionType, rm: number): TwoPhaseAction => tables[type][rm] ?? Object.freeze({ type, rm }),
} as const;
