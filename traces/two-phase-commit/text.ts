/**
 * The text rendering of a `two-phase-commit` trace: a numbered timeline of actions, each followed
 * by what it changed and the violations found after it, then the end state. Pure: returns the
 * text, prints nothing.
 */
import picocolors from 'picocolors';
import { rmName, type TwoPhaseAction, type TwoPhaseState } from '../../model/two-phase-commit/index.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { changes, describeTwoPhaseAction, messages } from './describe.js';

/** Options of `renderTwoPhaseText`. */
export interface TwoPhaseTextOptions {
  /** ANSI colours (default false: plain text without escape codes). */
  readonly color?: boolean;
}

type Colors = ReturnType<typeof picocolors.createColors>;

const INDENT = '   ';

function violationLines(c: Colors, vs: readonly Violation[]): string[] {
  return vs.map((v) => c.red(`${INDENT}!! VIOLATED ${v.invariant}: ${v.message}`));
}

/** The end-state block: the TM with tmPrepared, every RM, the message set. */
function summaryLines(c: Colors, s: TwoPhaseState): string[] {
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
  const c = picocolors.createColors(opts.color ?? false);
  const at = (i: number): Violation[] => violations.filter((v) => v.step === i);
  const out: string[] = [];
  const initial = at(-1);
  if (initial.length > 0) out.push(c.dim('-- initial state --'), ...violationLines(c, initial));
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i]!;
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    if (st.phase === 'drain' && steps[i - 1]?.phase !== 'drain') out.push(c.dim('-- final drain --'));
    out.push(`${c.bold(`${i + 1}.`)} ${describeTwoPhaseAction(st.action)}`);
    const changed = changes(before, after);
    out.push(...(changed.length > 0 ? changed : ['(no change)']).map((l) => `${INDENT}${l}`));
    out.push(...violationLines(c, at(i)));
  }
  // Violations whose step lies past the rendered steps (a malformed trace) are still shown.
  const late = violations.filter((v) => v.step >= steps.length || (v.step >= 0 && !states[v.step + 1]));
  out.push(...violationLines(c, late));
  const last = states[Math.min(steps.length, states.length - 1)];
  if (last) out.push(...summaryLines(c, last));
  return `${out.join('\n')}\n`;
}
