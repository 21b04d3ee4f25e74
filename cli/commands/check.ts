/**
 * `eoscheck check <model>`: the default portfolio (a breadth-first pass, then swarm runs, within
 * `--max-seconds`), or one explorer (`--exhaustive`, `--swarm`, `--runs N`); a reproduction recipe
 * on failure.
 */
import { availableParallelism } from 'node:os';
import type { Entry } from '../../catalog/entry.js';
import { select } from '../../catalog/select.js';
import { checkAuto } from '../../check/check.js';
import type { CheckOptions } from '../../check/explore/options.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { choiceOption, intOption, type Parsed, parse, setPairs } from '../args.js';
import { checkOptions } from '../check-options.js';
import { modelConfig, modelNamed, onClock, writeText } from '../common.js';
import { checkText, outcomeTrace } from '../format/check.js';
import { checkReport } from '../format/check-report.js';
import { fileFormat, traceFileText } from '../format/trace-files.js';
import { helpText } from '../help.js';
import { type Io, UsageError } from '../io.js';
import { meter, withProgress } from '../progress.js';

const spec = {
  set: { type: 'string', multiple: true },
  invariant: { type: 'string', multiple: true },
  runs: { type: 'string' },
  seed: { type: 'string' },
  path: { type: 'string' },
  'max-steps': { type: 'string' },
  exhaustive: { type: 'boolean' },
  swarm: { type: 'boolean' },
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
  por: { type: 'string' },
  'sleep-sets': { type: 'string' },
} as const;

/** `eoscheck check --help`. */
export const help = helpText(spec, {
  usage: 'eoscheck check <model> [options]',
  about:
    'Explores a model: with no mode flag the portfolio (a breadth-first pass and swarm runs, within --max-seconds),\n' +
    '--runs N uniform random runs, --swarm the swarm alone, --exhaustive the bounded exhaustive search.',
  flags: {
    set: 'KEY=VALUE: a model key (eoscheck models lists them; one value per key)',
    invariant: 'NAME: check only this invariant (eoscheck invariants lists them)',
    runs: 'N: that many uniform random runs (fast-check), shrunk to a short counterexample',
    seed: 'S: the random seed (the same seed and path reproduce the same result)',
    path: 'P: replay one fast-check run (its path, printed with a counterexample)',
    'max-steps': 'K: the most steps of a random or swarm run (40)',
    exhaustive: 'the bounded exhaustive search alone (breadth-first: the shortest counterexample)',
    swarm: 'swarm runs alone: random runs that each switch actions off, guided by coverage',
    depth: "D: the exhaustive search's depth (the model's default; 1 or more)",
    'max-states': 'M: the most states the search keeps; a search it stops says "no violation in the first M states"',
    'max-seconds': 'T: the time budget of the portfolio or a search (30 for the portfolio)',
    json: 'the report as one JSON object',
    out: 'FILE: write the counterexample (.html the viewer, .itf.json ITF, else the trace replay reads)',
    quiet: 'the verdict line only',
    format: 'F: text (the only one here; --json gives JSON)',
    workers: 'N: threads for the search (every core by default)',
    shard: 'i/n|auto: member i of n of a swarm verification or campaign (auto reads Kubernetes or GitHub variables)',
    symmetry: 'on|off: search one state of each set the model declares symmetric',
    por: 'on|off: partial-order reduction with persistent sets (models that declare footprints)',
    'sleep-sets': 'on|off: sleep sets in the breadth-first search (models that declare access)',
  },
});

/**
 * The explorer that runs on one thread whatever `--workers` says, named for the error with what gives more
 * threads instead, or null.
 */
function oneThread(opts: CheckOptions): { readonly what: string; readonly instead: string } | null {
  const breadth = 'for more threads use --runs N or the breadth-first --exhaustive';
  if (opts.mode === 'swarm') return { what: '--swarm', instead: breadth };
  if (opts.mode === 'exhaustive' && opts.member)
    return { what: 'a swarm verification member (--exhaustive --shard)', instead: breadth };
  // Its persistent and sleep sets follow one order of expansion: the workers search the full graph.
  if (opts.mode === 'exhaustive' && opts.por === true)
    return { what: 'the partial-order reduced search (--por on)', instead: 'for more threads use --por off' };
  return null;
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
  const base = onClock(checkOptions(v, io, e.model.defaultDepth), io);
  const workers = workersOption(v);
  const alone = oneThread(base);
  if (v['workers'] !== undefined && workers > 1 && alone)
    throw new UsageError(
      `--workers ${workers}: ${alone.what} runs on one thread (its order is its own); ` +
        `give --workers 1, or ${alone.instead}`,
    );
  const m = meter(io, !json && !quiet);
  // The meter shows progress (cli/progress.ts): the options' own raw progress lines are off.
  const opts = withProgress(base, io, m);
  const initial = e.model.init(config.config);
  const o = await checkAuto(
    sel.checked,
    initial,
    { model: e.model.name, config: config.record, invariants: names },
    opts,
    workers,
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
