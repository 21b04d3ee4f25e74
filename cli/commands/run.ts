/** `eoscheck run <scenario>`: one scripted, deterministic scenario over its model. */
import type { Catalog, Entry } from '../../catalog/entry.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { meaningOf } from '../../properties/invariant.js';
import { runScenario } from '../../scenarios/run.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { renderMermaid } from '../../traces/render/mermaid.js';
import { renderText } from '../../traces/render/text.js';
import { makeTrace } from '../../traces/trace.js';
import { choiceOption, type Parsed, parse, setPairs } from '../args.js';
import { catalogOf, now, writeText } from '../common.js';
import { outputsText } from '../format/outputs.js';
import { htmlPage, itfText, traceFileText } from '../format/trace-files.js';
import { helpText } from '../help.js';
import { type Io, UsageError } from '../io.js';
import { makeReport, perSecond } from '../report.js';

const spec = {
  set: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  out: { type: 'string' },
  format: { type: 'string' },
} as const;

/** `eoscheck run --help`. */
export const help = helpText(spec, {
  usage: 'eoscheck run <scenario> [options]',
  about: 'Runs one scripted, deterministic scenario (eoscheck scenarios lists them) and checks every invariant.',
  flags: {
    set: "KEY=VALUE: a key of the scenario's model or of the scenario",
    json: 'the report as one JSON object',
    out: 'FILE: write the trace (.html the viewer, .itf.json ITF, else the trace replay reads)',
    format: 'F: text (default), mermaid, json, html (one self-contained page), itf (Apalache and Quint)',
  },
});

function runEntryScenario<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  sc: Scenario<A, K>,
  p: Parsed,
  io: Io,
): number {
  const format = choiceOption(p.values, 'format', ['text', 'mermaid', 'json', 'html', 'itf'], 'text');
  const t0 = now(io);
  const r = runScenario(e, sc, setPairs(p.values));
  if (!r.ok) throw new UsageError(r.error);
  const ex = r.value;
  const states = ex.states;
  const elapsedMs = now(io) - t0;
  const last = states[states.length - 1]!;
  const trace = makeTrace(e.model.name, sc.name, ex.config.model.record, null, null, ex.steps);
  const shown = { trace, states, steps: ex.steps, violations: ex.violations };
  const title = `scenario ${sc.name} (seed ${sc.seed})`;
  const out = p.values['out'];
  if (out !== undefined) writeText(io, String(out), traceFileText(e, shown, String(out), title));
  const outputs = e.report.outputs(last);
  if (p.values['json'] === true || format === 'json') {
    const report = makeReport({
      kind: 'run',
      model: e.model.name,
      scenario: sc.name,
      config: ex.config.record,
      violations: ex.violations,
      trace,
      outputs,
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
  } else if (format === 'html') {
    io.stdout(htmlPage(e, shown, title));
  } else if (format === 'itf') {
    io.stdout(itfText(shown));
  } else if (format === 'mermaid') {
    io.stdout(`${renderMermaid(e.model, e.render, states, ex.steps, ex.violations)}\n`);
  } else {
    const lines = [
      `eoscheck run ${sc.name} (seed ${sc.seed}, model ${e.model.name}): ${ex.config.headline}`,
      `  config: ${Object.entries(ex.config.record)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' ')}`,
      '',
    ];
    lines.push(
      renderText(e.model, e.render, states, ex.steps, ex.violations).trimEnd(),
      '',
      'Outputs:',
      ...outputsText(outputs).map((l) => `  ${l}`),
      '',
    );
    if (ex.violations.length === 0)
      lines.push(
        `status: ok (${e.invariants.map((i) => i.name).join(', ')} hold` +
          `${ex.quiescent ? '' : '; not quiescent, quiescence invariants not judged'})`,
      );
    else
      for (const v of ex.violations)
        lines.push(
          `status: VIOLATION of ${v.invariant} at step ${v.step + 1}: ${v.message}`,
          `  (${meaningOf(e.invariants, v.invariant)})`,
        );
    io.stdout(`${lines.join('\n')}\n`);
  }
  return ex.violations.length === 0 ? 0 : 1;
}

/** Every scenario's name, in listing order. */
export function scenarioNames(cat: Catalog): string[] {
  return cat.models.flatMap((m) => m.open((e) => e.scenarios.map((s) => s.name)));
}

/** Runs the verb; returns the exit code. */
export function run(args: readonly string[], io: Io): number {
  const p = parse('run', args, spec, 1);
  const cat = catalogOf(io);
  const names = scenarioNames(cat).join(', ');
  const name = p.positionals[0];
  if (name === undefined) throw new UsageError(`run needs a scenario: accepted ${names}`);
  for (const m of cat.models) {
    const code = m.open((e) => {
      const sc = e.scenarios.find((s) => s.name === name);
      return sc ? runEntryScenario(e, sc, p, io) : null;
    });
    if (code !== null) return code;
  }
  throw new UsageError(`unknown scenario '${name}': accepted ${names}`);
}
