/**
 * A trace as the files and pages the command line writes: the eoscheck trace (JSON), the HTML viewer,
 * or ITF; `--out` picks by the file name (`.html`, `.itf.json`, anything else the trace JSON). Pure:
 * returns text.
 */
import type { Entry } from '../../catalog/entry.js';
import type { TraceStep } from '../../check/types/trace.js';
import { differences } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';
import { renderHtml } from '../../traces/render/html/page.js';
import { renderItf } from '../../traces/render/itf.js';
import { traceView } from '../../traces/render/view.js';
import { encodeTrace, type Trace } from '../../traces/trace.js';

/** What a trace file holds, by its name. Pure. */
export function fileFormat(path: string): 'html' | 'itf' | 'json' {
  if (/\.html?$/i.test(path)) return 'html';
  if (/\.itf\.json$/i.test(path)) return 'itf';
  return 'json';
}

/** A trace with the states it passes through (`states[i + 1]` follows `steps[i]`). */
export interface Shown<S, A extends AnyAction> {
  readonly trace: Trace;
  readonly states: readonly S[];
  readonly steps: readonly TraceStep<A>[];
  readonly violations: readonly Violation[];
}

/** The viewer page of a trace; `title` heads it. Pure. */
export function htmlPage<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  t: Shown<S, A>,
  title: string,
): string {
  const config = Object.fromEntries(differences(e.model.keys, t.trace.config));
  return renderHtml(traceView(e, { title, scenario: t.trace.scenario, config }, t.states, t.steps, t.violations));
}

/** The ITF text of a trace. Pure. */
export function itfText<S, A extends AnyAction>(t: Shown<S, A>): string {
  const { model, scenario, config, seed, path } = t.trace;
  const itf = renderItf({ model, scenario, config, seed, path }, t.states, t.steps, t.violations);
  return `${JSON.stringify(itf, null, 2)}\n`;
}

/** The text of a trace in the format its file name asks for. Pure. */
export function traceFileText<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  t: Shown<S, A>,
  path: string,
  title: string,
): string {
  switch (fileFormat(path)) {
    case 'html':
      return htmlPage(e, t, title);
    case 'itf':
      return itfText(t);
    case 'json':
      return encodeTrace(t.trace);
  }
}
