/** Words for `two-phase-commit` steps, shared by its text and mermaid renderings. Pure. */
import { rmName, type TwoPhaseAction, type TwoPhaseState } from '../../model/two-phase-commit/index.js';

/** A step as a call: `RMPrepare(rm2)`, `TMCommit()`. Pure. */
export function describeTwoPhaseAction(a: TwoPhaseAction): string {
  return 'rm' in a ? `${a.type}(${rmName(a.rm)})` : `${a.type}()`;
}

/** The messages of `s`, in TwoPhase.tla's order: Prepared(rm) by rm, then Commit, Abort. Pure. */
export function messages(s: TwoPhaseState): string[] {
  const out: string[] = [];
  s.msgPrepared.forEach((sent, i) => {
    if (sent) out.push(`Prepared(${rmName(i + 1)})`);
  });
  if (s.msgCommit) out.push('Commit');
  if (s.msgAbort) out.push('Abort');
  return out;
}

/**
 * What changed from `before` to `after`, one line each, in the order tm, tmPrepared, each RM,
 * msgs: `tm: init -> committed`, `tmPrepared: + rm2`, `rm2: working -> prepared`,
 * `msgs: + Prepared(rm2)`. Empty for a step that changed nothing. Pure.
 */
export function changes(before: TwoPhaseState, after: TwoPhaseState): string[] {
  const out: string[] = [];
  if (before.tmState !== after.tmState) out.push(`tm: ${before.tmState} -> ${after.tmState}`);
  after.tmPrepared.forEach((p, i) => {
    if (p !== before.tmPrepared[i]) out.push(`tmPrepared: ${p ? '+' : '-'} ${rmName(i + 1)}`);
  });
  after.rmState.forEach((r, i) => {
    const was = before.rmState[i];
    if (r !== was) out.push(`${rmName(i + 1)}: ${was ?? '?'} -> ${r}`);
  });
  const had = new Set(messages(before));
  const has = messages(after);
  for (const m of has) if (!had.has(m)) out.push(`msgs: + ${m}`);
  for (const m of had) if (!has.includes(m)) out.push(`msgs: - ${m}`);
  return out;
}
