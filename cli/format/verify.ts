/**
 * How a verify answer reads: which file played which role, where every model key's value came from
 * (written, derived, inherited), what was assumed and ignored, a verdict per guarantee, and for each
 * counterexample the check's own report (trace and reproduction command); and the JSON report (the
 * check report plus files, ignored, inherited). Pure: returns text or data.
 */
import type { Entry } from '../../catalog/entry.js';
import type { EachResult, Plan } from '../../check/each.js';
import { planText } from '../../check/each.js';
import { columnOrder } from '../../check/matrix.js';
import type { ExhaustiveOutcome, Outcome } from '../../check/outcome.js';
import type { Resolved } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { meaningOf } from '../../properties/invariant.js';
import type { Verified } from '../../verify/verify.js';
import { makeReport, perSecond, type Report } from '../report.js';
import { checkText, outcomeTrace } from './check.js';
import { boundText } from './search.js';

/** The options an outcome was found with (its explorer's part of the plan). */
function optsOf<S, A extends AnyAction>(plan: Plan, o: Outcome<S, A>) {
  return o.mode === 'exhaustive' ? plan.exhaustive! : plan.random!;
}

/** The distinct outcomes that found a violation, in verdict order. */
function counterexamples<S, A extends AnyAction>(r: EachResult<S, A>): Outcome<S, A>[] {
  const out: Outcome<S, A>[] = [];
  for (const v of r.verdicts) if (v.status === 'violated' && !out.includes(v.outcome)) out.push(v.outcome);
  return out;
}

/** `name  role` lines of the files, aligned. */
function roleLines(v: Verified): string[] {
  const rows = v.parts.map((p) => [p.file, `${p.role}${p.detail ? `: ${p.detail}` : ''}`] as const);
  const width = Math.max(...rows.map(([f]) => f.length));
  return rows.map(([f, r]) => `  ${f.padEnd(width)}  ${r}`);
}

/** The answer as text. Pure. */
export function verifyText<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  v: Verified,
  plan: Plan,
  r: EachResult<S, A>,
  quiet: boolean,
): string {
  const violated = r.verdicts.filter((x) => x.status === 'violated');
  const head =
    violated.length === 0
      ? `eoscheck verify: ${e.model.name}: every guarantee holds within the bounds`
      : `eoscheck verify: ${e.model.name}: VIOLATION of ${violated.map((x) => x.invariant).join(', ')}`;
  if (quiet) return `${head}\n`;
  const lines = [head, 'files:', ...roleLines(v), 'settings (model key = value: from where):'];
  const width = Math.max(...v.winners.map((w) => `${w.key}=${w.text}`.length));
  for (const w of v.winners)
    lines.push(
      `  ${`${w.key}=${w.text}`.padEnd(width)}  ${w.where}${
        w.how === 'set' && w.why === 'as written' ? '' : ` (${w.how}: ${w.why})`
      }`,
    );
  if (v.used.length > 0)
    lines.push('read for what they decide:', ...v.used.map((u) => `  ${u.key} (${u.file}:${u.line}): ${u.why}`));
  const inherited = v.winners.filter((w) => w.how === 'inherited');
  if (inherited.length > 0)
    lines.push(
      'inherited (left at a real default that differs from the safe one):',
      ...inherited.map((w) => `  ${w.key}=${w.text} in ${w.where}: ${w.why}`),
    );
  if (v.assumed.length > 0)
    lines.push(
      "assumed (no file says; held at eoscheck's safe default):",
      ...v.assumed.map((a) => `  ${a.key}=${String(a.value)}: real default: ${a.realDefault}`),
    );
  if (v.ignored.length > 0)
    lines.push('ignored (read, not modelled):', ...v.ignored.map((i) => `  ${i.key} (${i.file}:${i.line}): ${i.why}`));
  if (v.notes.length > 0) lines.push('notes:', ...v.notes.map((n) => `  ${n}`));
  lines.push('', `guarantees (${planText(plan)}; other keys at eoscheck's defaults):`);
  const iw = Math.max(...r.verdicts.map((x) => x.invariant.length));
  const order = columnOrder(r.verdicts.map((x) => x.invariant));
  for (const x of [...r.verdicts].sort((a, b) => order.indexOf(a.invariant) - order.indexOf(b.invariant))) {
    const verdict =
      x.status === 'holds'
        ? 'holds'
        : x.status === 'violated'
          ? `VIOLATED (${x.outcome.found?.trace.length ?? 0} steps, ${x.outcome.mode}): ${x.message}`
          : `unknown (every check stopped at ${x.maskedBy})`;
    lines.push(`  ${x.invariant.padEnd(iw)}  ${verdict}`);
  }
  for (const x of violated) lines.push(`  ${x.invariant}: ${meaningOf(e.invariants, x.invariant)}`);
  const cut = r.checks.find(
    (o): o is ExhaustiveOutcome<S, A> =>
      o.mode === 'exhaustive' && (o.bound === 'max-states' || o.bound === 'max-seconds'),
  );
  if (cut) lines.push(`  (a bound stopped a search: ${boundText(cut)}; more with --max-states)`);
  for (const o of counterexamples(r))
    lines.push('', checkText(e, config, optsOf(plan, o), o, undefined, false, false).trimEnd());
  return `${lines.join('\n')}\n`;
}

/** The JSON report: the check report of the configuration, plus files, ignored, inherited and the rest. Pure. */
export function verifyReport<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  v: Verified,
  plan: Plan,
  r: EachResult<S, A>,
): Report {
  const found = counterexamples(r);
  const first = found[0];
  const last = first?.found?.states.at(-1);
  const runs = r.checks.reduce((n, o) => n + (o.mode === 'random' ? o.runs : 1), 0);
  const steps = r.checks.reduce((n, o) => n + (o.mode === 'random' ? o.steps : o.generated), 0);
  const distinct = r.checks.reduce((n, o) => n + (o.mode === 'exhaustive' ? o.distinct : 0), 0);
  return makeReport(
    {
      kind: 'check',
      model: e.model.name,
      scenario: null,
      config: config.record,
      violations: r.verdicts.flatMap((x) =>
        x.status === 'violated'
          ? [
              x.outcome.found?.violations.find((y) => y.invariant === x.invariant) ?? {
                invariant: x.invariant,
                message: x.message,
                step: -1,
              },
            ]
          : [],
      ),
      trace: first ? outcomeTrace(e, config, first) : null,
      outputs: last === undefined ? {} : e.report.outputs(last),
      logs: last === undefined ? {} : e.report.logs(last),
      stats: {
        runs,
        steps,
        distinctStates: distinct,
        elapsedMs: Math.round(r.elapsedMs),
        statesPerSecond: perSecond(distinct, r.elapsedMs),
      },
    },
    {
      verb: 'verify',
      files: v.parts.map((p) => ({ path: p.file, role: p.role, detail: p.detail })),
      ignored: [...new Set(v.ignored.map((i) => i.key))],
      inherited: v.winners.filter((w) => w.how === 'inherited').map((w) => w.key),
      assumed: v.assumed.map((a) => a.key),
      settings: v.winners.map((w) => ({ key: w.key, value: w.text, how: w.how, from: w.where, why: w.why })),
      ignoredDetail: v.ignored,
      used: v.used,
      assumedDetail: v.assumed,
      notes: v.notes,
      checkedBy: planText(plan),
      verdicts: r.verdicts.map((x) =>
        x.status === 'violated'
          ? {
              invariant: x.invariant,
              status: 'violated',
              message: x.message,
              by: x.outcome.mode,
              trace: outcomeTrace(e, config, x.outcome),
            }
          : x.status === 'holds'
            ? { invariant: x.invariant, status: 'holds' }
            : { invariant: x.invariant, status: 'unknown', maskedBy: x.maskedBy },
      ),
    },
  );
}
