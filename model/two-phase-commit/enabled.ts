/**
 * `enabled(state)`: TwoPhase.tla's guards. Order: the transaction manager's TMCommit, TMAbort,
 * then TMRcvPrepared(rm) for rm ascending; then for each rm ascending its RMPrepare,
 * RMChooseToAbort, RMRcvCommitMsg, RMRcvAbortMsg. Actions whose successor equals the state
 * (TLA+'s self-loops) are listed like any other. Pure; allocates only the result list (the
 * action objects are shared frozen constants).
 */
import { act, type TwoPhaseAction } from './actions.js';
import type { TwoPhaseState } from './state.js';

/** Whether every RM is in tmPrepared (`tmPrepared = RM`). */
function allPrepared(s: TwoPhaseState): boolean {
  for (let i = 0; i < s.tmPrepared.length; i++) if (!s.tmPrepared[i]) return false;
  return true;
}

/** Every action enabled in `s`, in the documented order. Pure. */
export function enabled(s: TwoPhaseState): TwoPhaseAction[] {
  const out: TwoPhaseAction[] = [];
  const n = s.rmState.length;
  if (s.tmState === 'init') {
    // TMCommit: tmState = "init" /\ tmPrepared = RM (the guard the safeguard can drop)
    if (!s.config.commitNeedsAllPrepared || allPrepared(s)) out.push(act.tmCommit());
    // TMAbort: tmState = "init"
    out.push(act.tmAbort());
    // TMRcvPrepared(rm): tmState = "init" /\ [type |-> "Prepared", rm |-> rm] \in msgs
    for (let i = 0; i < n; i++) if (s.msgPrepared[i]) out.push(act.rm('TMRcvPrepared', i + 1));
  }
  for (let i = 0; i < n; i++) {
    const rm = i + 1;
    if (s.rmState[i] === 'working') {
      out.push(act.rm('RMPrepare', rm));
      out.push(act.rm('RMChooseToAbort', rm));
    }
    if (s.msgCommit) out.push(act.rm('RMRcvCommitMsg', rm));
    if (s.msgAbort) out.push(act.rm('RMRcvAbortMsg', rm));
  }
  return out;
}
