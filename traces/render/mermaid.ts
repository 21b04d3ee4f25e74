/**
 * The mermaid `sequenceDiagram` of a trace, for every model (the text GitHub renders): the lanes of
 * the action table and of the events as participants; each step's call as an arrow to the lane it
 * reaches (or a note over its own lane), numbered like the text timeline; its events as notes over
 * their lanes, a refusal as an arrow back to the caller; `VIOLATED` notes. Pure.
 */

import type { TraceStep } from '../../check/types/trace.js';
import type { AnyAction, Model } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';
import type { Renderer } from './renderer.js';

/**
 * Text safe in a mermaid message: its lexer ends a message at `#` or `;` and reads `#...` as a
 * comment, so those never appear; a colon would be taken for the separator in some positions.
 */
export function safe(text: string): string {
  return text
    .replace(/\s*#\s*/g, ' no. ')
    .replace(/;/g, ',')
    .replace(/\s*:/g, ' -');
}

/** The trace as a mermaid sequence diagram; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderMermaid<S, A extends AnyAction>(
  model: Model<S, A>,
  r: Renderer<S, A>,
  states: readonly S[],
  steps: readonly TraceStep<A>[],
  violations: readonly Violation[],
): string {
  const first = states[0];
  if (first === undefined) return 'sequenceDiagram\n';
  const ids = new Map<string, string>();
  const lane = (name: string): string => {
    let id = ids.get(name);
    if (id === undefined) {
      id = `L${ids.size}`;
      ids.set(name, id);
    }
    return id;
  };
  for (const name of r.lanes?.(first) ?? []) lane(name);
  const body: string[] = [];
  const all = (): string => `${lane([...ids.keys()][0] ?? 'system')},${[...ids.values()].at(-1) ?? 'L0'}`;
  const violated = (i: number): string[] =>
    violations.filter((v) => v.step === i).map((v) => `  Note over %ALL%: VIOLATED ${v.invariant}, ${safe(v.message)}`);
  body.push(...violated(-1));
  for (let i = 0; i < steps.length; i++) {
    const before = states[i];
    const after = states[i + 1];
    if (before === undefined || after === undefined) break;
    const st = steps[i]!;
    if (st.phase === 'drain' && steps[i - 1]?.phase !== 'drain')
      body.push('  Note over %ALL%: final drain (fault-free)');
    const { from, to } = model.lanes(before, st.action);
    const call = safe(`${i + 1}. ${model.describe(before, st.action)}`);
    body.push(
      to !== undefined && to !== from ? `  ${lane(from)}->>${lane(to)}: ${call}` : `  Note over ${lane(from)}: ${call}`,
    );
    for (const e of r.events(after, before)) {
      if (e.refused && e.lane !== from) body.push(`  ${lane(e.lane)}--x${lane(from)}: ${safe(e.text)}`);
      else body.push(`  Note over ${lane(e.lane)}: ${safe(e.text)}`);
    }
    body.push(...violated(i));
  }
  const span = all();
  const head = ['sequenceDiagram', ...[...ids].map(([name, id]) => `  participant ${id} as ${safe(name)}`)];
  return `${[...head, ...body.map((l) => l.replace('%ALL%', span))].join('\n')}\n`;
}
