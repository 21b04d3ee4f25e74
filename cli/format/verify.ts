/**
 * How a verify answer reads: which file played which role, where every model key's value came from
 * (written, derived, inherited, the real default, a value the code decides, a condition), what is not
 * modelled, a verdict per guarantee (per value where code decides a key), and for each counterexample the
 * check's own report (trace and reproduction command); the JSON report (the check report plus files,
 * ignored, inherited, settings, dependsOnCode); and the summary of many pipelines. Pure: returns text or
 * data.
 */
import type { Entry } from '../../catalog/entry.js';
import type { EachResult, Plan } from '../../check/explore/each.js';
import { planText } from '../../check/explore/each.js';
import { columnOrder } from '../../check/explore/matrix.js';
import type { ExhaustiveOutcome, Outcome } from '../../check/types/outcome.js';
import type { Resolved } from '../../model/core/config.js';
import { keyList } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { meaningOf } from '../../properties/invariant.js';
import type { CodeCombination, CodeDependent, PipelineAnswer } from '../../verify/answer.js';
import type { Part } from '../../verify/parts.js';
import type { Placed } from '../../verify/pipeline.js';
import { isOwnKey } from '../../verify/systems.js';
import type { Unstated } from '../../verify/unstated.js';
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

/** `name  role` lines of the parts, aligned, with how a role was told where content alone did not. */
function roleLines(parts: readonly (Part | Placed)[]): string[] {
  const rows = parts.map((p) => {
    const role = 'role' in p ? p.role : p.kind;
    return [p.file, `${role}${p.detail ? `: ${p.detail}` : ''}${p.why ? ` (${p.why})` : ''}`] as const;
  });
  const width = Math.max(0, ...rows.map(([f]) => f.length));
  return rows.map(([f, r]) => `  ${f.padEnd(width)}  ${r}`);
}

/** A key held without a file, in words. */
function unstatedLine(u: Unstated): string {
  switch (u.kind) {
    case 'real':
      return `  ${u.key}=${u.value}  real default: ${u.why}`;
    case 'code':
      return `  ${u.key}: decided by your code; checked at ${
        u.baseline === undefined ? `the real default ${u.realDefault}` : `${u.realDefault} (${u.baseline})`
      } and at ${u.values.filter((x) => x !== u.realDefault).join(', ')} (${u.why})`;
    case 'condition':
      return `  ${u.key}=${u.value}  condition: ${u.condition}; give ${u.give} to judge it`;
  }
}

/** The conditions a verdict is stated under, in words (`for read_committed readers of \`out\`, on Kafka 4.1`). */
function conditionsOf(v: Verified): string {
  const c = v.unstated.flatMap((u) => (u.kind === 'condition' ? [u.condition] : []));
  return c.length === 0 ? '' : ` (${c.join(', ')})`;
}

/** What each value code could set gives, in words. */
function codeLines(dependsOnCode: readonly CodeDependent[]): string[] {
  return dependsOnCode.map((d) => {
    const holding = Object.entries(d.verdicts)
      .filter(([, x]) => x === 'holds')
      .map(([value]) => value);
    const each = Object.entries(d.verdicts)
      .map(([value, x]) => `${value}${value === d.realDefault ? ` (${d.baseline ?? 'the real default'})` : ''}: ${x}`)
      .join('; ');
    const only =
      holding.length === 0
        ? `no value of ${d.key} your code could set makes it hold`
        : d.verdicts[d.realDefault] === 'holds'
          ? d.baseline === undefined
            ? `holds at the real default ${d.key}=${d.realDefault}`
            : `holds at ${d.key}=${d.realDefault} (${d.baseline})`
          : `holds only if your code sets ${holding.map((x) => `${d.key}=${x}`).join(' or ')}`;
    return `  ${only} (${each}); --set ${d.key}=VALUE states what your code sets`;
  });
}

/** A combination in words: `sink.delivery-guarantee=none, checkpointing.enabled=false`. */
const comboText = (c: CodeCombination): string =>
  Object.entries(c.values)
    .map(([k, x]) => `${k}=${x}`)
    .join(', ');

/**
 * What each combination of the values code could set gives, in words, where code decides more than one key: the
 * combinations it holds at (the real defaults first), then each combination's verdict with what it breaks.
 */
function combinationLines(combinations: readonly CodeCombination[], first = 'the real defaults'): string[] {
  if (combinations.length === 0) return [];
  const holding = combinations.filter((c) => c.verdict === 'holds');
  const keys = Object.keys(combinations[0]!.values);
  const only =
    holding.length === 0
      ? `no combination of ${keys.join(', ')} your code could set makes it hold`
      : holding.length === combinations.length
        ? `holds at every combination of ${keys.join(', ')} your code could set`
        : `holds only if your code sets ${holding.map((c) => comboText(c).replace(/, /g, ' and ')).join(' or ')}`;
  const each = combinations.map(
    (c, i) =>
      `${comboText(c)}${i === 0 ? ` (${first})` : ''}: ${
        c.verdict === 'holds' ? 'holds' : `violated (${c.violated.join(', ')})`
      }`,
  );
  // Checkpointing on is given by its interval (--set checkpointing.enabled=true alone is refused: no interval).
  const given = keys.map((k) =>
    k === 'checkpointing.enabled'
      ? '--set execution.checkpointing.interval=MS (or checkpointing.enabled=false)'
      : `--set ${k}=VALUE`,
  );
  return [`  ${only}:`, ...each.map((x) => `    ${x}`), `  ${given.join(', ')} state what your code sets`];
}

/** The exhaustive search of a result that a state or time bound stopped, or null. */
export function cutOf<S, A extends AnyAction>(r: EachResult<S, A>): ExhaustiveOutcome<S, A> | null {
  return (
    r.checks.find(
      (o): o is ExhaustiveOutcome<S, A> =>
        o.mode === 'exhaustive' && (o.bound === 'max-states' || o.bound === 'max-seconds'),
    ) ?? null
  );
}

/** A pipeline that could not be checked, as text. Pure. */
export function failedText(name: string, error: string, parts: readonly (Part | Placed)[]): string {
  const lines = [`eoscheck verify: ${name}: ${error}`];
  if (parts.length > 0) lines.push('files:', ...roleLines(parts));
  return `${lines.join('\n')}\n`;
}

/** At most this many ignored keys of one file are listed in the text (every one is in --json). */
const IGNORED_SHOWN = 40;

/** The answer as text. Pure. */
export function verifyText<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  v: Verified,
  plan: Plan,
  r: EachResult<S, A>,
  quiet: boolean,
  name: string,
  dependsOnCode: readonly CodeDependent[],
  combinations: readonly CodeCombination[] = [],
): string {
  // A value checked first that is the code's own (an if's else branch) is named so, never a real default.
  const plain = dependsOnCode.every((d) => d.baseline === undefined);
  const codeText =
    combinations.length > 0
      ? combinationLines(combinations, plain ? 'the real defaults' : "the exit code's")
      : codeLines(dependsOnCode);
  const violated = r.verdicts.filter((x) => x.status === 'violated');
  const code = dependsOnCode
    .map((d) => `${d.key}=${d.realDefault}${d.baseline === undefined ? '' : ` (${d.baseline})`}`)
    .join(', ');
  const at = code === '' ? '' : plain ? ` at the real default ${code}` : ` at ${code}`;
  const cut = cutOf(r);
  const holds =
    cut === null
      ? 'every guarantee holds within the bounds'
      : `no violation in the first ${cut.distinct.toLocaleString('en-US')} states (${boundText(cut)}), nor in the ` +
        'random runs: not a proof that it holds';
  const head =
    violated.length === 0
      ? `eoscheck verify: ${name}: ${e.model.name}: ${holds}${at}${conditionsOf(v)}`
      : `eoscheck verify: ${name}: ${e.model.name}: VIOLATION of ${violated.map((x) => x.invariant).join(', ')}${at}` +
        conditionsOf(v);
  if (quiet) return `${[head, ...codeText].join('\n')}\n`;
  const lines = [head, ...codeText, 'files:', ...roleLines(v.parts), 'settings (model key = value: from where):'];
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
  if (v.unstated.length > 0)
    lines.push(
      'set by no file (the real default, your code, or a condition of the verdict):',
      ...v.unstated.map(unstatedLine),
    );
  if (v.ignored.length > 0) {
    lines.push('ignored (read, not modelled):');
    const shown = new Map<string, number>();
    for (const i of v.ignored) {
      const n = (shown.get(i.file) ?? 0) + 1;
      shown.set(i.file, n);
      if (n <= IGNORED_SHOWN) lines.push(`  ${i.key} (${i.file}:${i.line}): ${i.why}`);
    }
    for (const [file, n] of shown)
      if (n > IGNORED_SHOWN) lines.push(`  ... and ${n - IGNORED_SHOWN} more keys of ${file} (every one in --json)`);
  }
  if (v.releases.length > 0) lines.push('releases (the rules checked):', ...v.releases.map((n) => `  ${n}`));
  if (v.notes.length > 0) lines.push('notes:', ...v.notes.map((n) => `  ${n}`));
  lines.push('', `guarantees (${planText(plan)}; eoscheck's own keys, its faults and sizes, at their defaults):`);
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
  if (cut) lines.push(`  (a bound stopped a search: ${boundText(cut)}; more with --max-states)`);
  for (const o of counterexamples(r))
    lines.push('', checkText(e, config, optsOf(plan, o), o, undefined, false, false).trimEnd());
  return `${lines.join('\n')}\n`;
}

/**
 * The keys neither a file, --set, nor a rule for unset keys speaks to: a real key whose real default is the
 * model's own (a release's, where the key's `derive` names the release key it follows), or eoscheck's own key (the
 * faults it explores, the sizes of the run, a safeguard switch that is on as the real system does it).
 */
function restSettings(keys: Keys, record: Readonly<Record<string, unknown>>, v: Verified) {
  const named = new Set([...v.winners.map((w) => w.key), ...v.unstated.map((u) => u.key)]);
  return keyList(keys)
    .filter((k) => !named.has(k.name))
    .map((k) => {
      const own = isOwnKey(k.name) && k.name !== 'kafka.version' && k.name !== 'transaction.version';
      // A job without checkpoints reads no interval: Flink has none by default.
      if (k.name === 'execution.checkpointing.interval' && record['checkpointing.enabled'] === false)
        return {
          key: k.name,
          value: String(record[k.name]),
          source: 'unread',
          how: 'unstated',
          from: null,
          why: 'no file sets it and Flink has no default: checkpointing.enabled=false, so no interval is read',
        };
      return {
        key: k.name,
        value: String(record[k.name]),
        source: own ? 'eoscheck' : 'real default',
        how: 'unstated',
        from: null,
        why: own
          ? "eoscheck's own key: what the check explores (faults, sizes) or a safeguard on as the real system has it"
          : k.derive === undefined
            ? 'no file sets it; the real default is the value checked'
            : `no file sets it; the real default follows ${k.derive.follows}`,
      };
    });
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
      files: v.parts.map((p) => ({ path: p.file, role: p.role, detail: p.detail, ...(p.why ? { why: p.why } : {}) })),
      ignored: [
        ...new Set([
          ...v.ignored.map((i) => i.key),
          ...v.parts.flatMap((p) => (p.role === 'not modelled' ? [`${p.file}: ${p.detail}`] : [])),
        ]),
      ],
      inherited: [
        ...v.winners.filter((w) => w.how === 'inherited').map((w) => w.key),
        ...v.unstated.filter((u) => u.kind === 'real').map((u) => u.key),
      ],
      settings: [
        ...v.winners.map((w) => ({
          key: w.key,
          value: w.text,
          source:
            w.where === '--set' ? '--set' : w.how === 'inherited' || w.how === 'default' ? 'real default' : 'file',
          how: w.how,
          from: w.where,
          why: w.why,
        })),
        ...v.unstated.map((u) =>
          u.kind === 'real'
            ? { key: u.key, value: u.value, source: 'real default', how: 'unstated', from: null, why: u.why }
            : u.kind === 'code'
              ? { key: u.key, value: u.realDefault, source: 'code', how: 'unstated', from: null, why: u.why }
              : { key: u.key, value: u.value, source: 'condition', how: 'unstated', from: null, why: u.condition },
        ),
        ...restSettings(e.model.keys, config.record, v),
      ],
      conditions: v.unstated.flatMap((u) =>
        u.kind === 'condition' ? [{ key: u.key, condition: u.condition, give: u.give }] : [],
      ),
      ignoredDetail: v.ignored,
      notModelled: v.parts.flatMap((p) =>
        p.role === 'not modelled' ? [{ file: p.file, part: p.detail, why: p.why }] : [],
      ),
      used: v.used,
      notes: v.notes,
      releases: v.releases,
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

/** Why a pipeline was not checked, short: its error without the file and line it starts with, cut at 70. */
function shortReason(error: string): string {
  const text = error.replace(/^\S+:\d+: /, '');
  const colon = text.indexOf(': ');
  const head = text.startsWith('nothing to check') ? 'nothing to check' : colon > 0 ? text.slice(0, colon) : text;
  return head.length > 70 ? `${head.slice(0, 69)}…` : head;
}

/** The summary of many pipelines: pipeline, model, verdict, first broken guarantee. Pure. */
export function summaryText(answers: readonly PipelineAnswer[]): string {
  const rows = answers.map((a) => {
    const broken = a.guarantees.find((g) => g.verdict === 'violated');
    const verdict = a.exit === 2 ? 'not checked' : a.exit === 1 ? 'VIOLATED' : 'holds';
    const first = a.exit === 2 ? shortReason(a.error ?? '') : (broken?.invariant ?? '-');
    return [a.pipeline, a.model ?? '-', verdict, first, String(a.exit)];
  });
  const head = ['pipeline', 'model', 'verdict', 'first broken guarantee (or why not checked)', 'exit'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((x, i) => (i === r.length - 1 ? x : x.padEnd(widths[i]!))).join('  ');
  return `${[`summary of ${answers.length} pipelines:`, line(head), ...rows.map(line)].join('\n')}\n`;
}
