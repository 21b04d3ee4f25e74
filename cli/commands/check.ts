/** `eoscheck check <model>`: random or exhaustive exploration, a reproduction recipe on failure. */
import type { Config } from '../../model/config.js';
import type { AnyAction } from '../../model/model.js';
import { availableParallelism } from 'node:os';
import type { CheckOptions, CheckResult } from '../../properties/check.js';
import { checkAuto } from '../../properties/engine/parallel.js';
import type { Shard } from '../../properties/random.js';
import { meaningOf } from '../../properties/invariant.js';
import { makeTrace } from '../../traces/trace.js';
import { encodeTrace } from '../../traces/trace.js';
import { choiceOption, intOption, parse, setPairs, type Parsed } from '../args.js';
import { configDiff, modelConfig, modelNamed, now, seconds, setArgs, writeText } from '../common.js';
import { UsageError, type Io } from '../io.js';
import type { ModelEntry } from '../registry.js';
import { makeReport, perSecond, type Report } from '../report.js';

/** Defaults of the explorers (also shown by --help). */
export const CHECK_DEFAULTS = { runs: 200, maxSteps: 40, depth: 8, maxStates: 10_000_000 } as const;

const spec = {
  set: { type: 'string', multiple: true },
  runs: { type: 'string' },
  seed: { type: 'string' },
  path: { type: 'string' },
  'max-steps': { type: 'string' },
  exhaustive: { type: 'boolean' },
  depth: { type: 'string' },
  'max-states': { type: 'string' },
  'max-seconds': { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  quiet: { type: 'boolean' },
  format: { type: 'string' },
  workers: { type: 'string' },
  shard: { type: 'string' },
  symmetry: { type: 'string' },
} as const;

/** The explorer options from parsed flags; the seed defaults to the clock. */
export function checkOptions(v: Parsed['values'], io: Io, progress: boolean, defaultDepth: number = CHECK_DEFAULTS.depth): CheckOptions {
  if (v['exhaustive'] === true) {
    for (const k of ['runs', 'seed', 'path', 'max-steps', 'shard']) if (v[k] !== undefined) throw new UsageError(`--${k} is for random runs and does not go with --exhaustive`);
    const maxSeconds = v['max-seconds'] === undefined ? undefined : intOption(v, 'max-seconds', 1, 86_400, 0);
    return {
      mode: 'exhaustive',
      depth: intOption(v, 'depth', 0, 10_000, defaultDepth),
      maxStates: intOption(v, 'max-states', 1, 100_000_000, CHECK_DEFAULTS.maxStates),
      maxSeconds,
      symmetry: choiceOption(v, 'symmetry', ['on', 'off'], 'off') === 'on',
      onProgress: progress ? (p) => io.stderr(`\r  depth ${p.depth}  ${p.distinct} distinct states  queue ${p.queue}  ${perSecond(p.distinct, p.elapsedMs)} states/s   `) : undefined,
    };
  }
  for (const k of ['depth', 'max-states', 'max-seconds', 'symmetry']) if (v[k] !== undefined) throw new UsageError(`--${k} is for --exhaustive search; add --exhaustive or drop it`);
  const shard = shardOption(v);
  if (shard && v['path'] !== undefined) throw new UsageError('--path replays one run: it does not go with --shard');
  const path = v['path'];
  if (path !== undefined && !/^\d+(:\d+)*$/.test(String(path))) throw new UsageError(`bad value '${String(path)}' for --path: accepted a fast-check replay path like 12:0:3`);
  if (path !== undefined && v['seed'] === undefined) throw new UsageError('--path replays a counterexample of one seed: give --seed too');
  const runs = intOption(v, 'runs', 1, 10_000_000, CHECK_DEFAULTS.runs);
  const t0 = now(io);
  return {
    mode: 'random',
    runs,
    seed: intOption(v, 'seed', -2_147_483_648, 2_147_483_647, now(io) % 2_147_483_647),
    path: path === undefined ? undefined : String(path),
    maxSteps: intOption(v, 'max-steps', 1, 10_000, CHECK_DEFAULTS.maxSteps),
    shard,
    onProgress: progress ? (r, s) => io.stderr(`\r  runs ${r}/${runs}  ${s} steps  ${perSecond(s, now(io) - t0)} steps/s   `) : undefined,
  };
}

/** `--shard i/n`, or undefined. */
function shardOption(v: Parsed['values']): Shard | undefined {
  const raw = v['shard'];
  if (raw === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(String(raw));
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || count > 10_000 || index < 1 || index > count) throw new UsageError(`bad value '${String(raw)}' for --shard: accepted i/n with 1 <= i <= n, e.g. --shard 2/4`);
  return { index, count };
}

/** `--workers N` (default: every core). */
export function workersOption(v: Parsed['values']): number {
  return intOption(v, 'workers', 1, 256, availableParallelism());
}

/** Runs a check on up to the requested number of threads (see `checkAuto`). */
export async function runCheck(m: ModelEntry & { name: string }, config: Config, opts: CheckOptions, workers: number): Promise<CheckResult<unknown, AnyAction>> {
  return checkAuto(m.name, config, opts, workers);
}

/** The JSON report of a check. Pure. */
export function checkReport(m: ModelEntry & { name: string }, config: Config, opts: CheckOptions, r: CheckResult<unknown, AnyAction>): Report {
  const last = r.states?.[r.states.length - 1];
  return makeReport(
    'check',
    m.name,
    null,
    config,
    r.violations,
    r.trace ? makeTrace(m.name, null, config, r.seed, r.path, r.trace) : null,
    last === undefined ? {} : m.subject.outputs(last),
    last === undefined ? {} : m.subject.logs(last),
    { runs: r.runs, steps: r.steps, distinctStates: r.distinct, elapsedMs: Math.round(r.elapsedMs), statesPerSecond: perSecond(r.distinct ?? r.steps, r.elapsedMs) },
    {
      mode: r.mode,
      campaignSeed: opts.mode === 'random' ? opts.seed : null,
      shard: opts.mode === 'random' && opts.shard ? opts.shard : null,
      failingRun: r.failingRun,
      seed: r.seed,
      path: r.path,
      bound: r.bound,
      depthCompleted: r.depthCompleted,
      symmetry: r.symmetry,
      workers: r.workers,
      bytesPerState: r.bytesPerState,
      collisionProbability: r.collisionProbability,
      coverage: r.coverage,
      shrunk: r.trace ? { from: r.originalLength, to: r.trace.length } : null,
    },
  );
}

/** What was explored, one line. Pure. */
export function describeRun(opts: CheckOptions): string {
  if (opts.mode === 'random') return `random: ${opts.runs} runs of up to ${opts.maxSteps} steps, campaign seed ${opts.seed}${opts.shard ? `, shard ${opts.shard.index}/${opts.shard.count}` : ''}${opts.path ? `, path ${opts.path}` : ''}`;
  return `exhaustive: breadth-first to depth ${opts.depth}, at most ${opts.maxStates} states${opts.maxSeconds ? ` or ${opts.maxSeconds} s` : ''}`;
}

/** Why an exhaustive search ended, one line. Pure. */
export function boundText(r: CheckResult<unknown, AnyAction>, opts: CheckOptions): string {
  if (opts.mode !== 'exhaustive') return '';
  switch (r.bound) {
    case null:
      return `the reachable state space is exhausted (deepest level ${r.depthCompleted})`;
    case 'depth':
      return `stopped by --depth ${opts.depth}: every state up to depth ${r.depthCompleted} explored, deeper ones not`;
    case 'max-states':
      return `stopped by --max-states ${opts.maxStates}: levels up to depth ${r.depthCompleted} complete, depth ${(r.depthCompleted ?? 0) + 1} partly`;
    case 'max-seconds':
      return `stopped by --max-seconds ${opts.maxSeconds}: levels up to depth ${r.depthCompleted} complete`;
  }
}

/** The human report of a check: verdict, bounds, and on failure the reproduction recipe. Pure. */
export function checkText(m: ModelEntry & { name: string }, config: Config, opts: CheckOptions, r: CheckResult<unknown, AnyAction>, out: string | undefined, color: boolean, quiet: boolean): string {
  const lines: string[] = [];
  const explored = r.mode === 'random' ? `${r.runs} runs (${r.steps} steps)` : `${r.distinct} distinct states (${r.steps} transitions)`;
  if (r.status === 'ok') {
    lines.push(`eoscheck check ${m.name}: ok, no invariant violated in ${explored}`);
    if (quiet) return `${lines.join('\n')}\n`;
    lines.push(`  ${describeRun(opts)}`, `  config: ${configDiff(m, config)}`, `  invariants: ${m.subject.invariants.map((i) => i.name).join(', ')}`);
    if (opts.mode === 'exhaustive') {
      lines.push(`  ${boundText(r, opts)}`);
      lines.push(`  fingerprints: 64-bit, collision probability ${(r.collisionProbability ?? 0).toExponential(1)} (optimistic, as TLC states it); ${(r.bytesPerState ?? 0).toFixed(1)} bytes a state; symmetry ${r.symmetry ? 'on' : 'off'}; ${r.workers} worker${r.workers === 1 ? '' : 's'}`);
    }
    const taken = Object.entries(r.coverage).filter(([, n]) => n > 0);
    lines.push(`  coverage (${r.mode === 'random' ? 'actions taken' : 'transitions'}): ${taken.map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const never = Object.entries(r.coverage).filter(([, n]) => n === 0).map(([k]) => k);
    if (never.length > 0) lines.push(`  never ${r.mode === 'random' ? 'taken' : 'enabled'} (checks nothing here): ${never.join(', ')}`);
    lines.push(`  time: ${seconds(r.elapsedMs)}, ${perSecond(r.distinct ?? r.steps, r.elapsedMs)} ${r.mode === 'random' ? 'steps' : 'states'}/s`);
    return `${lines.join('\n')}\n`;
  }
  const v = r.violations[0]!;
  lines.push(`eoscheck check ${m.name}: VIOLATION of ${v.invariant}`);
  if (quiet) return `${lines.join('\n')}\n`;
  lines.push(`  meaning: ${meaningOf(m.subject.invariants, v.invariant)}`, `  what:    ${v.message}`);
  for (const o of r.violations.slice(1)) lines.push(`  also:    ${o.invariant}: ${o.message}`);
  lines.push(`  config:  ${configDiff(m, config)}`, `  search:  ${describeRun(opts)}`);
  const trace = r.trace ?? [];
  const drained = trace.filter((s) => s.phase === 'drain').length;
  if (r.mode === 'random') {
    lines.push(`  found:   in run ${r.failingRun} (${r.runsUntilFailure} runs; that run's seed ${r.seed}); shrunk from ${r.originalLength ?? '?'} to ${trace.length} steps (${trace.length - drained} explored + ${drained} drain)`);
  } else {
    lines.push(`  found:   among ${r.distinct} distinct states; shortest explored prefix: ${trace.length - drained} steps (+ ${drained} drain)`);
  }
  lines.push('', 'Counterexample:', m.renderText(r.states ?? [], trace, r.violations, color).trimEnd(), '');
  const reproduce = r.mode === 'random' ? `npx eoscheck check ${m.name}${setArgs(m, config)} --seed ${r.seed} --path ${r.path} --max-steps ${opts.mode === 'random' ? opts.maxSteps : ''}` : `npx eoscheck check ${m.name}${setArgs(m, config)} --exhaustive --depth ${opts.mode === 'exhaustive' ? opts.depth : ''} --max-states ${opts.mode === 'exhaustive' ? opts.maxStates : ''}`;
  lines.push(`Reproduce: ${reproduce}`);
  lines.push(out ? `Replay:    npx eoscheck replay ${out}` : `Replay:    add --out trace.json, then npx eoscheck replay trace.json`);
  lines.push(`  time: ${seconds(r.elapsedMs)}`);
  return `${lines.join('\n')}\n`;
}

/** Runs the verb; returns the exit code. */
export async function check(args: readonly string[], io: Io): Promise<number> {
  const p = parse('check', args, spec, 1);
  const v = p.values;
  const m = modelNamed(p.positionals[0], 'check');
  const config = modelConfig(m, setPairs(v));
  const json = v['json'] === true;
  const quiet = v['quiet'] === true;
  choiceOption(v, 'format', ['text'], 'text');
  const progress = io.isTTY && !json && !quiet;
  const opts = checkOptions(v, io, progress, m.subject.model.defaultDepth);
  const r = await runCheck(m, config, opts, workersOption(v));
  if (progress) io.stderr('\r\x1b[K');
  const out = v['out'] === undefined ? undefined : String(v['out']);
  if (out !== undefined && r.trace) writeText(io, out, encodeTrace(makeTrace(m.name, null, config, r.seed, r.path, r.trace)));
  if (json) io.stdout(`${JSON.stringify(checkReport(m, config, opts, r), null, 2)}\n`);
  else io.stdout(checkText(m, config, opts, r, r.trace ? out : undefined, io.isTTY && !process.env['NO_COLOR'], quiet));
  return r.status === 'ok' ? 0 : 1;
}
