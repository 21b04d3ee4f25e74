/**
 * The text rendering of a `two-phase-commit` trace: a numbered timeline of actions, each followed
 * by what it changed and the violations found after it, then the end state. Pure: returns the
 * text, prints nothing.
 */
import { rmName, type TwoPhaseAction, type TwoPhaseState } from '../../model/two-phase-commit/index.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { INDENT, renderTimeline, type Colors } from '../timeline.js';
import { changes, describeTwoPhaseAction, messages } from './describe.js';

/** Options of `renderTwoPhaseText`. */
export interface TwoPhaseTextOptions {
  /** ANSI colours (default false: plain text without escape codes). */
  readonly color?: boolean;
}


/** The end-state block: the TM with tmPrepared, every RM, the message set. */
function summaryLines(s: TwoPhaseState, c: Colors): string[] {
  const prepared = s.tmPrepared.flatMap((p, i) => (p ? [rmName(i + 1)] : []));
  return [
    c.dim('-- end state --'),
    `tm: ${s.tmState}, tmPrepared {${prepared.join(', ')}}`,
    s.rmState.map((r, i) => `${rmName(i + 1)}: ${r}`).join(', '),
    `msgs: {${messages(s).join(', ')}}`,
  ];
}

/**
 * The trace as a numbered timeline (`3. RMPrepare(rm2)`), each step followed by its indented
 * changes (`rm2: working -> prepared`, `msgs: + Prepared(rm2)`, or `(no change)`) and its
 * violations (`!! VIOLATED tc-consistent: ...`); an end-state summary. `states[i + 1]` follows
 * `steps[i]`. Pure.
 */
export function renderTwoPhaseText(states: readonly TwoPhaseState[], steps: readonly TraceStep<TwoPhaseAction>[], violations: readonly Violation[], opts: TwoPhaseTextOptions = {}): string {
  return renderTimeline(states, steps, violations, opts.color ?? false, (before, after, st) => {
    const changed = changes(before, after);
    return { head: describeTwoPhaseAction(st.action), body: (changed.length > 0 ? changed : ['(no change)']).map((l) => `${INDENT}${l}`) };
  }, summaryLines);
}
