/**
 * How a check's outcome reads: the human report (verdict, bounds, coverage and, on failure, the
 * counterexample and the command that reproduces it) and the JSON report. Pure: returns text or data.
 */
import type { Entry } from '../../catalog/entry.js';
import type { CheckOptions } from '../../check/options.js';
import type { Outcome } from '../../check/outcome.js';
import type { Resolved } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { meaningOf } from '../../properties/invariant.js';
import { renderText } from '../../traces/render/text.js';
import { makeTrace, type Trace } from '../../traces/trace.js';
import { configDiff, seconds, setArgs } from '../common.js';
import { makeReport, perSecond, type Report } from '../report.js';

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
    o.mode === 'random' ? (o.failure?.seed ?? null) : null,
    o.mode === 'random' ? (o.failure?.path ?? null) : null,
    o.found.trace,
  );
}

/** What was explored, one line. Pure. */
export function describeSearch(opts: CheckOptions): string {
  if (opts.mode === 'random')
    return (
      `random: ${opts.runs} runs of up to ${opts.maxSteps} steps, campaign seed ${opts.seed}` +
      `${opts.shard ? `, shard ${opts.shard.index}/${opts.shard.count}` : ''}` +
      `${opts.path ? `, path ${opts.path}` : ''}`
    );
  return (
    `exhaustive: breadth-first to depth ${opts.depth}, at most ${opts.maxStates} states` +
    `${opts.maxSeconds ? ` or ${opts.maxSeconds} s` : ''}`
  );
}

/** Why an exhaustive search ended, one line. Pure. */
export function boundText<S, A extends AnyAction>(o: Outcome<S, A>): string {
  if (o.mode !== 'exhaustive') return '';
  switch (o.bound) {
    case null:
      return `the reachable state space is exhausted (deepest level ${o.depthCompleted})`;
    case 'depth':
      return `stopped by --depth ${o.depth}: every state up to depth ${o.depthCompleted} explored, deeper ones not`;
    case 'max-states':
      return (
        `stopped by --max-states ${o.maxStates}: levels up to depth ${o.depthCompleted} complete, ` +
        `depth ${o.depthCompleted + 1} partly`
      );
    case 'max-seconds':
      return `stopped by --max-seconds ${o.maxSeconds ?? '?'}: levels up to depth ${o.depthCompleted} complete`;
  }
}

/** `1234 runs (5678 steps)` or `360 distinct states (429 transitions)`. */
function explored<S, A extends AnyAction>(o: Outcome<S, A>): string {
  return o.mode === 'random'
    ? `${o.runs} runs (${o.steps} steps)`
    : `${o.distinct} distinct states (${o.generated} transitions)`;
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
    lines.push(`eoscheck check ${name}: ok, no invariant violated in ${explored(o)}`);
    if (quiet) return `${lines.join('\n')}\n`;
    lines.push(
      `  ${describeSearch(opts)}`,
      `  config: ${configDiff(e.model.keys, config.record)}`,
      `  invariants${allJudged ? '' : ' (only these, --invariant)'}: ${o.invariants.join(', ')}`,
    );
    if (o.mode === 'exhaustive') {
      lines.push(`  ${boundText(o)}`);
      lines.push(
        `  fingerprints: 64-bit, collision probability ${o.collisionProbability.toExponential(1)} ` +
          `(optimistic, as TLC states it); ${o.bytesPerState.toFixed(1)} bytes a state; ` +
          `symmetry ${o.symmetry ? 'on' : 'off'}; ${o.workers} worker${o.workers === 1 ? '' : 's'}`,
      );
    }
    const taken = Object.entries(o.coverage).filter(([, n]) => n > 0);
    lines.push(
      `  coverage (${o.mode === 'random' ? 'actions taken' : 'transitions'}): ` +
        `${taken.map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
    const never = Object.entries(o.coverage)
      .filter(([, n]) => n === 0)
      .map(([k]) => k);
    if (never.length > 0)
      lines.push(`  never ${o.mode === 'random' ? 'taken' : 'enabled'} (checks nothing here): ${never.join(', ')}`);
    lines.push(
      `  time: ${seconds(o.elapsedMs)}, ${perSecond(o.mode === 'random' ? o.steps : o.distinct, o.elapsedMs)} ` +
        `${o.mode === 'random' ? 'steps' : 'states'}/s`,
    );
    return `${lines.join('\n')}\n`;
  }
  const f = o.found;
  const v = f.violations[0]!;
  lines.push(`eoscheck check ${name}: VIOLATION of ${v.invariant}`);
  if (quiet) return `${lines.join('\n')}\n`;
  lines.push(`  meaning: ${meaningOf(e.invariants, v.invariant)}`, `  what:    ${v.message}`);
  for (const x of f.violations.slice(1)) lines.push(`  also:    ${x.invariant}: ${x.message}`);
  lines.push(`  config:  ${configDiff(e.model.keys, config.record)}`, `  search:  ${describeSearch(opts)}`);
  if (!allJudged) lines.push(`  judged:  only ${o.invariants.join(', ')} (--invariant)`);
  const drained = f.trace.filter((s) => s.phase === 'drain').length;
  const total = f.trace.length;
  if (o.mode === 'random' && o.failure) {
    lines.push(
      `  found:   in run ${o.failure.run} (${o.failure.run + 1} runs; that run's seed ${o.failure.seed}); ` +
        `shrunk from ${o.failure.originalLength} to ${total} steps (${total - drained} explored + ${drained} drain)`,
    );
  } else if (o.mode === 'exhaustive') {
    lines.push(
      `  found:   among ${o.distinct} distinct states; ${total} steps (${total - drained} explored + ${drained} drain), ` +
        (o.shortest
          ? 'the fewest possible'
          : `the fewest among traces starting up to depth ${o.depthCompleted} (the search for a shorter one stopped)`),
    );
  }
  lines.push(
    '',
    'Counterexample:',
    renderText(e.model, e.render, f.states, f.trace, f.violations, color).trimEnd(),
    '',
  );
  const sets = setArgs(e.model.keys, config.record);
  const only = allJudged ? '' : o.invariants.map((n) => ` --invariant ${n}`).join('');
  const reproduce =
    o.mode === 'random'
      ? `npx eoscheck check ${name}${sets}${only} --seed ${o.failure?.seed ?? ''} --path ${o.failure?.path ?? ''} ` +
        `--max-steps ${o.maxSteps}`
      : `npx eoscheck check ${name}${sets}${only} --exhaustive --depth ${o.depth} --max-states ${o.maxStates}`;
  lines.push(`Reproduce: ${reproduce}`);
  lines.push(
    out
      ? `Replay:    npx eoscheck replay ${out}`
      : 'Replay:    add --out trace.json, then npx eoscheck replay trace.json',
  );
  lines.push(`  time: ${seconds(o.elapsedMs)}`);
  return `${lines.join('\n')}\n`;
}

/** The JSON report of a check. Pure. */
export function checkReport<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: Resolved<K>,
  o: Outcome<S, A>,
): Report {
  const last = o.found?.states.at(-1);
  const random = o.mode === 'random' ? o : null;
  const ex = o.mode === 'exhaustive' ? o : null;
  return makeReport(
    {
      kind: 'check',
      model: e.model.name,
      scenario: null,
      config: config.record,
      violations: o.found?.violations ?? [],
      trace: outcomeTrace(e, config, o),
      outputs: last === undefined ? {} : e.report.outputs(last),
      logs: last === undefined ? {} : e.report.logs(last),
      stats: {
        runs: random ? random.runs : 1,
        steps: random ? random.steps : (ex?.generated ?? 0),
        distinctStates: ex ? ex.distinct : null,
        elapsedMs: Math.round(o.elapsedMs),
        statesPerSecond: perSecond(ex ? ex.distinct : (random?.steps ?? 0), o.elapsedMs),
      },
    },
    {
      mode: o.mode,
      invariants: o.invariants,
      campaignSeed: random ? random.campaignSeed : null,
      shard: random ? random.shard : null,
      failingRun: random?.failure?.run ?? null,
      seed: random ? (random.failure?.seed ?? random.campaignSeed) : null,
      path: random?.failure?.path ?? null,
      bound: ex ? ex.bound : null,
      depthCompleted: ex ? ex.depthCompleted : null,
      symmetry: ex ? ex.symmetry : false,
      workers: o.workers,
      bytesPerState: ex ? ex.bytesPerState : null,
      collisionProbability: ex ? ex.collisionProbability : null,
      coverage: o.coverage,
      shrunk: o.found ? { from: random?.failure?.originalLength ?? null, to: o.found.trace.length } : null,
      shortest: ex && o.found ? ex.shortest : null,
    },
  );
}
