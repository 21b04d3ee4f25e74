/**
 * How a check's outcome reads: the human report (verdict, bounds, coverage and, on failure, the
 * counterexample and the command that reproduces it) and the JSON report. Pure: returns text or data.
 */
import type { Entry } from '../../catalog/entry.js';
import type { CheckOptions } from '../../check/explore/options.js';
import type { Outcome } from '../../check/types/outcome.js';
import type { Resolved } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { meaningOf } from '../../properties/invariant.js';
import { renderText } from '../../traces/render/text.js';
import { makeTrace, type Trace } from '../../traces/trace.js';
import { configDiff, seconds, setArgs } from '../common.js';
import { perSecond } from '../report.js';
import { coveredLines, describeSearch, exploredText, foundText, replayOf, reproduceArgs } from './search.js';

/** The trace of an outcome's counterexample, or null. Pure. */
export function outcomeTrace<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  o: Outcome<S, A>,
): Trace | null {
  if (!o.found) return null;
  return makeTrace(
    e.model.name,
    null,
    config.record,
    replayOf(o)?.seed ?? null,
    replayOf(o)?.path ?? null,
    o.found.trace,
  );
}

/** What the coverage counts, and what a count of 0 means. */
function coverageWords<S, A extends AnyAction>(o: Outcome<S, A>): { counted: string; never: string } {
  switch (o.mode) {
    case 'random':
    case 'swarm':
      return { counted: 'actions taken', never: 'taken' };
    case 'exhaustive':
      return { counted: 'transitions', never: 'enabled' };
    case 'portfolio':
      return { counted: 'transitions and actions taken', never: 'enabled or taken' };
  }
}

/** The speed of the search: steps/s for runs, states/s for the exhaustive search and the portfolio's pass. */
function rate<S, A extends AnyAction>(o: Outcome<S, A>): string {
  switch (o.mode) {
    case 'random':
    case 'swarm':
      return `${perSecond(o.steps, o.elapsedMs)} steps/s`;
    case 'exhaustive':
      return `${perSecond(o.distinct, o.elapsedMs)} states/s`;
    case 'portfolio':
      return `${perSecond(o.exhaustive.distinct, o.exhaustive.elapsedMs)} states/s in the pass`;
  }
}

/** The human report of a check. Pure. */
export function checkText<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  opts: CheckOptions,
  o: Outcome<S, A>,
  out: string | undefined,
  color: boolean,
  quiet: boolean,
): string {
  const lines: string[] = [];
  const name = e.model.name;
  const allJudged = o.invariants.length === e.invariants.length;
  if (o.status === 'ok' || !o.found) {
    // A search a bound other than its depth stopped proves nothing beyond the states it saw.
    const cut = o.mode === 'exhaustive' && (o.bound === 'max-states' || o.bound === 'max-seconds') ? o.bound : null;
    lines.push(
      cut === null
        ? `eoscheck check ${name}: ok, no invariant violated in ${exploredText(o)}`
        : `eoscheck check ${name}: no violation in the first ${exploredText(o)}, where --${cut} stopped the search`,
    );
    if (quiet) return `${lines.join('\n')}\n`;
    lines.push(
      `  ${describeSearch(opts, o.workers)}`,
      `  config: ${configDiff(e.model.keys, config.record)}`,
      ...e.model.notes(config.config).map((n) => `  note: ${n}`),
      `  invariants${allJudged ? '' : ' (only these, --invariant)'}: ${o.invariants.join(', ')}`,
      ...coveredLines(o),
    );
    const taken = Object.entries(o.coverage).filter(([, n]) => n > 0);
    const what = coverageWords(o);
    lines.push(`  coverage (${what.counted}): ${taken.map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const never = Object.entries(o.coverage)
      .filter(([, n]) => n === 0)
      .map(([k]) => k);
    if (never.length > 0) lines.push(`  never ${what.never} (checks nothing here): ${never.join(', ')}`);
    lines.push(`  time: ${seconds(o.elapsedMs)}, ${rate(o)}`);
    return `${lines.join('\n')}\n`;
  }
  const f = o.found;
  const v = f.violations[0]!;
  lines.push(`eoscheck check ${name}: VIOLATION of ${v.invariant}`);
  if (quiet) return `${lines.join('\n')}\n`;
  lines.push(`  meaning: ${meaningOf(e.invariants, v.invariant)}`, `  what:    ${v.message}`);
  for (const x of f.violations.slice(1)) lines.push(`  also:    ${x.invariant}: ${x.message}`);
  lines.push(`  config:  ${configDiff(e.model.keys, config.record)}`);
  for (const n of e.model.notes(config.config)) lines.push(`  note:    ${n}`);
  lines.push(`  search:  ${describeSearch(opts, o.workers)}`);
  if (!allJudged) lines.push(`  judged:  only ${o.invariants.join(', ')} (--invariant)`);
  const drained = f.trace.filter((s) => s.phase === 'drain').length;
  lines.push(`  found:   ${foundText(o, f.trace.length, drained)}`);
  lines.push(
    '',
    'Counterexample:',
    renderText(e.model, e.render, f.states, f.trace, f.violations, color).trimEnd(),
    '',
  );
  const sets = setArgs(e.model.keys, config.record);
  const only = allJudged ? '' : o.invariants.map((n) => ` --invariant ${n}`).join('');
  const reproduce = `npx eoscheck check ${name}${sets}${only} ${reproduceArgs(o)}`;
  lines.push(`Reproduce: ${reproduce}`);
  lines.push(
    out
      ? `Replay:    npx eoscheck replay ${out}`
      : 'Replay:    add --out trace.json, then npx eoscheck replay trace.json',
  );
  lines.push(`  time: ${seconds(o.elapsedMs)}`);
  return `${lines.join('\n')}\n`;
}
