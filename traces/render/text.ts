/**
 * The text rendering of a trace, for every model: a numbered timeline (`3. app-0#1.Produce(...)`,
 * the call read off the action table), each step followed by its events, its violations and its
 * blocks (a partition's log); a heading before the final drain; runs of routine steps folded into
 * one line where the model folds them; an end-state summary. Pure: returns the text.
 */
import picocolors from 'picocolors';
import type { TraceStep } from '../../check/types/trace.js';
import type { AnyAction, Model } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';
import type { Renderer } from './renderer.js';

/** Indentation of the lines under a step. */
export const INDENT = '   ';

/** Shorter runs of routine steps are shown step by step. */
const FOLD = 4;

/** Renders a trace; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderText<S, A extends AnyAction>(
  model: Model<S, A>,
  r: Renderer<S, A>,
  states: readonly S[],
  steps: readonly TraceStep<A>[],
  violations: readonly Violation[],
  color = false,
): string {
  const c = picocolors.createColors(color);
  const at = (i: number): Violation[] => violations.filter((v) => v.step === i);
  const vLines = (vs: readonly Violation[]): string[] =>
    vs.map((v) => c.red(`${INDENT}!! VIOLATED ${v.invariant}: ${v.message}`));
  const routine = (i: number): boolean => {
    const after = states[i + 1];
    return (
      r.fold !== undefined &&
      after !== undefined &&
      r.fold.routine(after, steps[i]!.action) &&
      at(i).length === 0 &&
      (i === 0 || steps[i]!.phase === steps[i - 1]!.phase)
    );
  };
  const out: string[] = [];
  if (at(-1).length > 0) out.push(c.dim('-- initial state --'), ...vLines(at(-1)));
  for (let i = 0; i < steps.length; ) {
    const before = states[i];
    const after = states[i + 1];
    if (before === undefined || after === undefined) break;
    if (steps[i]!.phase === 'drain' && steps[i - 1]?.phase !== 'drain')
      out.push(c.dim('-- final drain (fault-free) --'));
    let j = i;
    while (j < steps.length && routine(j)) j++;
    if (r.fold && j - i >= FOLD) {
      out.push(`${c.bold(`${i + 1}-${j}.`)} ${r.fold.line(before, states.slice(i + 1, j + 1))}`);
      i = j;
      continue;
    }
    const stamp = r.stamp ? `${r.stamp(after)} ` : '';
    out.push(`${c.bold(`${i + 1}.`)} ${stamp}${model.describe(before, steps[i]!.action)}`);
    for (const e of r.events(after, before))
      out.push(e.refused ? c.yellow(`${INDENT}${e.text}`) : `${INDENT}${e.text}`);
    out.push(...vLines(at(i)));
    for (const line of r.blocks?.(after) ?? []) out.push(`${INDENT}${line}`);
    i += 1;
  }
  // Violations whose step lies past the rendered steps (a malformed trace) are still shown.
  out.push(
    ...vLines(violations.filter((v) => v.step >= steps.length || (v.step >= 0 && states[v.step + 1] === undefined))),
  );
  const last = states[Math.min(steps.length, states.length - 1)];
  if (last !== undefined) out.push(...r.summary(last).map((l, k) => (k === 0 ? c.dim(l) : l)));
  return `${out.join('\n')}\n`;
}
