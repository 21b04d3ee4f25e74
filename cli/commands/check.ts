/** `eoscheck check <model>`: random or exhaustive exploration, a reproduction recipe on failure. */
import { availableParallelism } from 'node:os';
import type { Entry } from '../../catalog/entry.js';
import { select } from '../../catalog/select.js';
import { checkAuto } from '../../check/check.js';
import type { CheckOptions, Shard } from '../../check/options.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { choiceOption, intOption, type Parsed, parse, setPairs } from '../args.js';
import { modelConfig, modelNamed, now, writeText } from '../common.js';
import { checkReport, checkText, outcomeTrace } from '../format/check.js';
import { fileFormat, traceFileText } from '../format/trace-files.js';
import { type Io, UsageError } from '../io.js';
import { meter, withProgress } from '../progress.js';

/** Defaults of the explorers (also shown by --help). */
export const CHECK_DEFAULTS = { runs: 200, maxSteps: 40, depth: 8, maxStates: 10_000_000 } as const;

const spec = {
  set: { type: 'string', multiple: true },
  invariant: { type: 'string', multiple: true },
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
export function checkOptions(v: Parsed['values'], io: Io, defaultDepth: number = CHECK_DEFAULTS.depth): CheckOptions {
  if (v['exhaustive'] === true) {
    for (const k of ['runs', 'seed', 'path', 'max-steps', 'shard'])
      if (v[k] !== undefined) throw new UsageError(`--${k} is for random runs and does not go with --exhaustive`);
    const maxSeconds = v['max-seconds'] === undefined ? undefined : intOption(v, 'max-seconds', 1, 86_400, 0);
    const depth = intOption(v, 'depth', 0, 10_000, defaultDepth);
    return {
      mode: 'exhaustive',
      depth,
      maxStates: intOption(v, 'max-states', 1, 100_000_000, CHECK_DEFAULTS.maxStates),
      maxSeconds,
      symmetry: choiceOption(v, 'symmetry', ['on', 'off'], 'off') === 'on',
    };
  }
  for (const k of ['depth', 'max-states', 'max-seconds', 'symmetry'])
    if (v[k] !== undefined) throw new UsageError(`--${k} is for --exhaustive search; add --exhaustive or drop it`);
  const shard = shardOption(v);
  if (shard && v['path'] !== undefined) throw new UsageError('--path replays one run: it does not go with --shard');
  const path = v['path'];
  if (path !== undefined && !/^\d+(:\d+)*$/.test(String(path)))
    throw new UsageError(`bad value '${String(path)}' for --path: accepted a fast-check replay path like 12:0:3`);
  if (path !== undefined && v['seed'] === undefined)
    throw new UsageError('--path replays a counterexample of one seed: give --seed too');
  const runs = intOption(v, 'runs', 1, 10_000_000, CHECK_DEFAULTS.runs);
  return {
    mode: 'random',
    runs,
    seed: intOption(v, 'seed', -2_147_483_648, 2_147_483_647, now(io) % 2_147_483_647),
    path: path === undefined ? undefined : String(path),
    maxSteps: intOption(v, 'max-steps', 1, 10_000, CHECK_DEFAULTS.maxSteps),
    shard,
  };
}

/** `--shard i/n`, or undefined. */
function shardOption(v: Parsed['values']): Shard | undefined {
  const raw = v['shard'];
  if (raw === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(String(raw));
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || count > 10_000 || index < 1 || index > count)
    throw new UsageError(`bad value '${String(raw)}' for --shard: accepted i/n with 1 <= i <= n, e.g. --shard 2/4`);
  return { index, count };
}

/** `--workers N` (default: every core). */
export function workersOption(v: Parsed['values']): number {
  return intOption(v, 'workers', 1, 256, availableParallelism());
}

/** `--invariant NAME` (repeatable), or null for all. */
function invariantNames(v: Parsed['values']): string[] | null {
  const raw = v['invariant'];
  if (raw === undefined) return null;
  return Array.isArray(raw) ? raw : [String(raw)];
}

async function checkEntry<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  p: Parsed,
  io: Io,
): Promise<number> {
  const v = p.values;
  const config = modelConfig(e.model, setPairs(v));
  const names = invariantNames(v);
  const sel = select(e, names);
  if (!sel.ok) throw new UsageError(sel.error);
  const json = v['json'] === true;
  const quiet = v['quiet'] === true;
  choiceOption(v, 'format', ['text'], 'text');
  const m = meter(io, !json && !quiet);
  const opts = withProgress(checkOptions(v, io, e.model.defaultDepth), io, m);
  const initial = e.model.init(config.config);
  const o = await checkAuto(
    sel.checked,
    initial,
    { model: e.model.name, config: config.record, invariants: names },
    opts,
    workersOption(v),
  );
  m.stop();
  const out = v['out'] === undefined ? undefined : String(v['out']);
  const trace = outcomeTrace(e, config, o);
  if (out !== undefined && trace && o.found)
    writeText(
      io,
      out,
      traceFileText(
        e,
        { trace, states: o.found.states, steps: o.found.trace, violations: o.found.violations },
        out,
        `counterexample of ${o.found.violations[0]?.invariant ?? 'a violation'} in ${e.model.name}`,
      ),
    );
  if (json) io.stdout(`${JSON.stringify(checkReport(e, config, o), null, 2)}\n`);
  else {
    const replayable = trace && out !== undefined && fileFormat(out) === 'json' ? out : undefined;
    io.stdout(checkText(e, config, opts, o, replayable, io.isTTY && !process.env['NO_COLOR'], quiet));
    if (trace && out !== undefined && replayable === undefined)
      io.stdout(
        `Wrote:     ${out} (${
          fileFormat(out) === 'html' ? 'the trace viewer: open it in a browser' : 'the trace in ITF'
        }; add --out trace.json for a trace to replay)\n`,
      );
  }
  return o.status === 'ok' ? 0 : 1;
}

/** Runs the verb; returns the exit code. */
export async function check(args: readonly string[], io: Io): Promise<number> {
  const p = parse('check', args, spec, 1);
  return modelNamed(io, p.positionals[0], 'check').open((e) => checkEntry(e, p, io));
}
