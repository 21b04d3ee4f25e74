/** `eoscheck replay <FILE>`: re-runs a saved trace, re-checks every invariant, renders it. */
import type { Entry } from '../../catalog/entry.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { renderMermaid } from '../../traces/render/mermaid.js';
import { renderText } from '../../traces/render/text.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, encodeTrace, type Trace } from '../../traces/trace.js';
import { choiceOption, type Parsed, parse } from '../args.js';
import { catalogOf, now, readText } from '../common.js';
import { outputsText } from '../format/outputs.js';
import { htmlPage, itfText } from '../format/trace-files.js';
import { helpText } from '../help.js';
import { type Io, UsageError } from '../io.js';
import { makeReport, perSecond } from '../report.js';

const spec = { json: { type: 'boolean' }, format: { type: 'string' } } as const;

/** `eoscheck replay --help`. */
export const help = helpText(spec, {
  usage: 'eoscheck replay <FILE> [options]',
  about: 'Replays a saved trace, checks every invariant again at every step, and renders it.',
  flags: {
    json: 'the report as one JSON object',
    format: 'F: text (default), mermaid, json, html (one self-contained page), itf (Apalache and Quint)',
  },
});

function replayEntry<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  file: string,
  trace: Trace,
  p: Parsed,
  io: Io,
): number {
  const format = choiceOption(p.values, 'format', ['text', 'mermaid', 'json', 'html', 'itf'], 'text');
  const t0 = now(io);
  const r = replayTrace(e, trace);
  if (!r.ok) throw new UsageError(`invalid trace file '${file}': ${r.error}`);
  const ex = r.value;
  const elapsedMs = now(io) - t0;
  const last = ex.states[ex.states.length - 1]!;
  if (p.values['json'] === true) {
    const report = makeReport({
      kind: 'replay',
      model: trace.model,
      scenario: trace.scenario,
      config: ex.config.record,
      violations: ex.violations,
      trace,
      outputs: e.report.outputs(last),
      logs: e.report.logs(last),
      stats: {
        runs: 1,
        steps: ex.steps.length,
        distinctStates: null,
        elapsedMs,
        statesPerSecond: perSecond(ex.steps.length, elapsedMs),
      },
    });
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else if (format === 'json') {
    io.stdout(encodeTrace(trace));
  } else if (format === 'html') {
    io.stdout(htmlPage(e, { trace, ...ex }, `replay of ${file}`));
  } else if (format === 'itf') {
    io.stdout(itfText({ trace, ...ex }));
  } else if (format === 'mermaid') {
    io.stdout(`${renderMermaid(e.model, e.render, ex.states, ex.steps, ex.violations)}\n`);
  } else {
    const lines = [
      `eoscheck replay ${file}: model ${trace.model}${trace.scenario ? `, scenario ${trace.scenario}` : ''}, ` +
        `${ex.steps.length} steps`,
      '',
    ];
    lines.push(
      renderText(e.model, e.render, ex.states, ex.steps, ex.violations).trimEnd(),
      '',
      'Outputs:',
      ...outputsText(e.report.outputs(last)).map((l) => `  ${l}`),
      '',
    );
    lines.push(
      ex.violations.length === 0
        ? 'verdict: ok, every invariant holds on this trace'
        : `verdict: VIOLATION of ${[...new Set(ex.violations.map((v) => v.invariant))].join(', ')}`,
    );
    io.stdout(`${lines.join('\n')}\n`);
  }
  return ex.violations.length === 0 ? 0 : 1;
}

/** Runs the verb; returns the exit code. */
export function replay(args: readonly string[], io: Io): number {
  const p = parse('replay', args, spec, 1);
  const file = p.positionals[0];
  if (file === undefined) throw new UsageError('replay needs a trace file, e.g. eoscheck replay trace.json');
  const decoded = decodeTrace(readText(io, file));
  if (!decoded.ok) throw new UsageError(`invalid trace file '${file}': ${decoded.error}`);
  const trace = decoded.trace;
  const cat = catalogOf(io);
  const m = cat.get(trace.model);
  if (!m)
    throw new UsageError(
      `invalid trace file '${file}': unknown model '${trace.model}', accepted ` +
        `${cat.models.map((x) => x.name).join(', ')}`,
    );
  return m.open((e) => replayEntry(e, file, trace, p, io));
}
