/**
 * The skeleton every text rendering shares: violations of the initial state, numbered steps
 * (`3. ...`) each followed by what the model's describer says, a heading before the final drain,
 * violations under their step, violations of steps past the end, and an end-state summary. Pure.
 */
import picocolors from 'picocolors';
import type { AnyAction } from '../model/model.js';
import type { Violation } from '../properties/invariant.js';
import type { TraceStep } from '../properties/run.js';

/** Colour functions (all identity without colour). */
export type Colors = ReturnType<typeof picocolors.createColors>;

/** Indentation of the lines under a step. */
export const INDENT = '   ';

/** One step as text: the call after its number, lines before its violations, lines after them. */
export interface TimelineStep {
  readonly head: string;
  readonly body: readonly string[];
  readonly tail?: readonly string[];
}

/** `!! VIOLATED <invariant>: <message>` lines, indented and red. */
export function violationLines(c: Colors, vs: readonly Violation[]): string[] {
  return vs.map((v) => c.red(`${INDENT}!! VIOLATED ${v.invariant}: ${v.message}`));
}

/** Renders a trace; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderTimeline<S, A extends AnyAction>(
  states: readonly S[],
  steps: readonly TraceStep<A>[],
  violations: readonly Violation[],
  color: boolean,
  describe: (before: S, after: S, step: TraceStep<A>, c: Colors) => TimelineStep,
  summary: (last: S, c: Colors) => readonly string[],
): string {
  const c = picocolors.createColors(color);
  const at = (i: number): Violation[] => violations.filter((v) => v.step === i);
  const out: string[] = [];
  if (at(-1).length > 0) out.push(c.dim('-- initial state --'), ...violationLines(c, at(-1)));
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i]!;
    const before = states[i];
    const after = states[i + 1];
    if (before === undefined || after === undefined) break;
    if (st.phase === 'drain' && steps[i - 1]?.phase !== 'drain') out.push(c.dim('-- final drain (fault-free) --'));
    const d = describe(before, after, st, c);
    out.push(`${c.bold(`${i + 1}.`)} ${d.head}`, ...d.body, ...violationLines(c, at(i)), ...(d.tail ?? []));
  }
  // Violations whose step lies past the rendered steps (a malformed trace) are still shown.
  out.push(...violationLines(c, violations.filter((v) => v.step >= steps.length || (v.step >= 0 && states[v.step + 1] === undefined))));
  const last = states[Math.min(steps.length, states.length - 1)];
  if (last !== undefined) out.push(...summary(last, c));
  return `${out.join('\n')}\n`;
}
