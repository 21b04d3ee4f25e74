/** `eoscheck run <scenario>`: one scripted, deterministic scenario over its model. */
import { meaningOf } from '../../properties/invariant.js';
import { formatRanges } from '../../properties/view.js';
import type { TopicViews } from '../../properties/subject.js';
import { resolveScenario, runScenario } from '../../scenarios/run.js';
import { encodeTrace, makeTrace } from '../../traces/trace.js';
import { choiceOption, parse, setPairs } from '../args.js';
import { now, writeText } from '../common.js';
import { UsageError, type Io } from '../io.js';
import { models, scenarioMap } from '../registry.js';
import { makeReport, perSecond } from '../report.js';

const spec = { set: { type: 'string', multiple: true }, json: { type: 'boolean' }, out: { type: 'string' }, format: { type: 'string' } } as const;

/** Summary lines of the output views: what each reader sees. Pure. */
export function outputsText(outputs: Record<string, TopicViews>): string[] {
  const lines: string[] = [];
  for (const [topic, views] of Object.entries(outputs)) {
    for (const level of ['read_committed', 'read_uncommitted'] as const) {
      const v = views[level];
      const first40 = (xs: readonly number[]): string => (xs.length > 40 ? `${xs.slice(0, 40).join(' ')} ... (${xs.length})` : xs.join(' '));
      const vals = first40(v.values);
      const notes = [`${v.records} records`, `${v.distinct} distinct`];
      if (v.duplicates > 0) notes.push(`${v.duplicates} duplicates (${formatRanges(v.duplicateRanges)})`);
      if (v.missing > 0) notes.push(`${v.missing} missing (${formatRanges(v.missingRanges)})`);
      lines.push(`${topic} at ${level.padEnd(16)}: ${vals || '(nothing)'}`, `${' '.repeat(topic.length + 20)}  offsets ${first40(v.offsets) || '-'}; ${notes.join(', ')}`);
    }
  }
  return lines;
}

/** Runs the verb; returns the exit code. */
export function run(args: readonly string[], io: Io): number {
  const p = parse('run', args, spec, 1);
  const names = [...scenarioMap.keys()].join(', ');
  const name = p.positionals[0];
  if (name === undefined) throw new UsageError(`run needs a scenario: accepted ${names}`);
  const sc = scenarioMap.get(name);
  if (!sc) throw new UsageError(`unknown scenario '${name}': accepted ${names}`);
  const m = models.get(sc.model)!;
  const format = choiceOption(p.values, 'format', ['text', 'mermaid', 'json'], 'text');
  const resolved = resolveScenario(sc, m.subject, setPairs(p.values));
  if (!resolved.ok) throw new UsageError(resolved.error);
  const t0 = now(io);
  const ex = runScenario(sc, m.subject, resolved.config);
  const elapsedMs = now(io) - t0;
  const last = ex.states[ex.states.length - 1]!;
  const trace = makeTrace(sc.model, sc.name, resolved.config.model, null, null, ex.steps);
  const out = p.values['out'];
  if (out !== undefined) writeText(io, String(out), encodeTrace(trace));
  const outputs = m.subject.outputs(last);
  if (p.values['json'] === true || format === 'json') {
    const report = makeReport('run', sc.model, sc.name, resolved.config.merged, ex.violations, trace, outputs, m.subject.logs(last), {
      runs: 1, steps: ex.steps.length, distinctStates: null, elapsedMs, statesPerSecond: perSecond(ex.steps.length, elapsedMs),
    });
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else if (format === 'mermaid') {
    io.stdout(`${m.renderMermaid(ex.states, ex.steps, ex.violations)}\n`);
  } else {
    const lines = [`eoscheck run ${sc.name} (seed ${sc.seed}, model ${sc.model}): ${sc.summary}`, `  config: ${Object.entries(resolved.config.merged).map(([k, v]) => `${k}=${String(v)}`).join(' ')}`, ''];
    lines.push(m.renderText(ex.states, ex.steps, ex.violations, false).trimEnd(), '', 'Outputs:', ...outputsText(outputs).map((l) => `  ${l}`), '');
    if (ex.violations.length === 0) lines.push(`status: ok (${m.subject.invariants.map((i) => i.name).join(', ')} hold${ex.quiescent ? '' : '; not quiescent, quiescence invariants not judged'})`);
    else for (const v of ex.violations) lines.push(`status: VIOLATION of ${v.invariant} at step ${v.step + 1}: ${v.message}`, `  (${meaningOf(m.subject.invariants, v.invariant)})`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  return ex.violations.length === 0 ? 0 : 1;
}
