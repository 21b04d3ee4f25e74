/** `eoscheck replay <FILE>`: re-runs a saved trace, re-checks every invariant, renders it. */
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, encodeTrace } from '../../traces/trace.js';
import { choiceOption, parse } from '../args.js';
import { now, readText } from '../common.js';
import { UsageError, type Io } from '../io.js';
import { models } from '../registry.js';
import { makeReport, perSecond } from '../report.js';
import { outputsText } from './run.js';

const spec = { json: { type: 'boolean' }, format: { type: 'string' } } as const;

/** Runs the verb; returns the exit code. */
export function replay(args: readonly string[], io: Io): number {
  const p = parse('replay', args, spec, 1);
  const file = p.positionals[0];
  if (file === undefined) throw new UsageError('replay needs a trace file, e.g. eoscheck replay trace.json');
  const format = choiceOption(p.values, 'format', ['text', 'mermaid', 'json'], 'text');
  const decoded = decodeTrace(readText(io, file));
  if (!decoded.ok) throw new UsageError(`invalid trace file '${file}': ${decoded.error}`);
  const trace = decoded.trace;
  const m = models.get(trace.model);
  if (!m) throw new UsageError(`invalid trace file '${file}': unknown model '${trace.model}', accepted ${[...models.keys()].join(', ')}`);
  const t0 = now(io);
  const r = replayTrace(m.subject, trace);
  if (!r.ok) throw new UsageError(`invalid trace file '${file}': ${r.error}`);
  const ex = r.execution;
  const elapsedMs = now(io) - t0;
  const last = ex.states[ex.states.length - 1]!;
  if (p.values['json'] === true) {
    const report = makeReport('replay', trace.model, trace.scenario, r.config, ex.violations, trace, m.subject.outputs(last), m.subject.logs(last), {
      runs: 1, steps: ex.steps.length, distinctStates: null, elapsedMs, statesPerSecond: perSecond(ex.steps.length, elapsedMs),
    });
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else if (format === 'json') {
    io.stdout(encodeTrace(trace));
  } else if (format === 'mermaid') {
    io.stdout(`${m.renderMermaid(ex.states, ex.steps, ex.violations)}\n`);
  } else {
    const lines = [`eoscheck replay ${file}: model ${trace.model}${trace.scenario ? `, scenario ${trace.scenario}` : ''}, ${ex.steps.length} steps`, ''];
    lines.push(m.renderText(ex.states, ex.steps, ex.violations, false).trimEnd(), '', 'Outputs:', ...outputsText(m.subject.outputs(last)).map((l) => `  ${l}`), '');
    lines.push(ex.violations.length === 0 ? 'verdict: ok, every invariant holds on this trace' : `verdict: VIOLATION of ${[...new Set(ex.violations.map((v) => v.invariant))].join(', ')}`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  return ex.violations.length === 0 ? 0 : 1;
}
