/**
 * How a `two-phase-commit` trace reads: each step followed by what it changed (`rm2: working ->
 * prepared`, `msgs: + Prepared(rm2)`, or `(no change)`, TLA+'s self-loops), and the end state.
 */
import type { TwoPhaseAction } from '../../model/two-phase-commit/actions.js';
import { rmName, type TwoPhaseState } from '../../model/two-phase-commit/state.js';
import type { EventLine, Renderer } from '../render/renderer.js';

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
 * msgs, on the lane of whoever it belongs to. Empty for a step that changed nothing. Pure.
 */
export function changes(before: TwoPhaseState, after: TwoPhaseState): EventLine[] {
  const out: EventLine[] = [];
  if (before.tmState !== after.tmState) out.push({ lane: 'TM', text: `tm: ${before.tmState} -> ${after.tmState}` });
  after.tmPrepared.forEach((p, i) => {
    if (p !== before.tmPrepared[i]) out.push({ lane: 'TM', text: `tmPrepared: ${p ? '+' : '-'} ${rmName(i + 1)}` });
  });
  after.rmState.forEach((r, i) => {
    const was = before.rmState[i];
    if (r !== was) out.push({ lane: rmName(i + 1), text: `${rmName(i + 1)}: ${was ?? '?'} -> ${r}` });
  });
  const had = new Set(messages(before));
  const has = messages(after);
  for (const m of has)
    if (!had.has(m)) out.push({ lane: m.startsWith('Prepared') ? 'TM' : 'TM', text: `msgs: + ${m}` });
  for (const m of had) if (!has.includes(m)) out.push({ lane: 'TM', text: `msgs: - ${m}` });
  return out;
}

/** The renderer of `two-phase-commit`. */
export const twoPhaseRenderer: Renderer<TwoPhaseState, TwoPhaseAction> = {
  events(after, before) {
    const changed = changes(before, after);
    return changed.length > 0 ? changed : [{ lane: 'TM', text: '(no change)' }];
  },
  summary(s) {
    const prepared = s.tmPrepared.flatMap((p, i) => (p ? [rmName(i + 1)] : []));
    return [
      '-- end state --',
      `tm: ${s.tmState}, tmPrepared {${prepared.join(', ')}}`,
      s.rmState.map((r, i) => `${rmName(i + 1)}: ${r}`).join(', '),
      `msgs: {${messages(s).join(', ')}}`,
    ];
  },
  lanes: (first) => ['TM', ...first.rmState.map((_, i) => rmName(i + 1))],
};
