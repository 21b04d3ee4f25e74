/**
 * `npm run bench` (`-- --json` for scripts, `-- --quick` to skip the 1.7M-state runs): the
 * exploration speed of eoscheck on identical work as other checkers (TLA+'s TwoPhase with 7 and 8
 * resource managers), on the reference configurations of the Kafka models, and the fast-check
 * campaign figures (steps/s, time and shrunk length to find the zombie), what sleep sets alone would spare each
 * model's search (`sleep-oracle.ts`: counts), and what `check` itself gets from two
 * cores (its hand-off, beside this machine's ceiling for two workers). Speed is measured here,
 * never in timed tests.
 *
 * Every exhaustive row runs three times, each in a fresh process (as a user's `check` runs), and prints the median
 * time with the spread, and the
 * machine's load average is printed before and after: a figure taken while something else ran
 * shows as such (a single timing on a shared VM can be twice as fast as a later run on the same machine
 * kind). The output is markdown: docs/performance.md's print is this output, pasted with its date.
 */

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { catalog } from '../catalog/index.js';
import { checkAuto, checkHere } from '../check/check.js';
import type { CheckOptions } from '../check/explore/options.js';
import { randomParallel } from '../check/explore/random-parallel.js';
import type { Outcome } from '../check/types/outcome.js';
import { resolve } from '../model/core/config.js';
import type { Keys } from '../model/core/keys.js';
import type { AnyAction } from '../model/core/model.js';
import { verifyFiles } from '../verify/verify.js';
import { type SleepLevel, sleepOracle } from './sleep-oracle.js';
import { spinAvailable, spinTwoPhase } from './spin.js';

const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');
const REPS = 3;

/** The figures a row needs from an outcome, whatever the model's types. */
interface Figures {
  readonly distinct: number;
  readonly generated: number;
  readonly steps: number;
  readonly runs: number;
  readonly elapsedMs: number;
  readonly bytesPerState: number;
  /** Drain steps a distinct state (the search's work beyond its states: the same on any machine, one worker). */
  readonly drainPerState: number;
  readonly traceLength: number;
  readonly runsUntilFailure: number | null;
  /** Partial-order reduction: states expanded with a persistent set, or why none was. */
  readonly por: string;
  /** Whether the search ran under the model's symmetry (asked for, and declared by the model). */
  readonly symmetry: boolean;
}

function figures<S, A extends AnyAction>(o: Outcome<S, A>): Figures {
  return {
    distinct: o.mode === 'exhaustive' ? o.distinct : 0,
    generated: o.mode === 'exhaustive' ? o.generated : 0,
    steps: o.mode === 'random' || o.mode === 'swarm' ? o.steps : 0,
    runs: o.mode === 'random' || o.mode === 'swarm' ? o.runs : 1,
    elapsedMs: o.elapsedMs,
    bytesPerState: o.mode === 'exhaustive' ? o.bytesPerState : 0,
    drainPerState: o.mode === 'exhaustive' && o.distinct > 0 ? o.drainSteps / o.distinct : 0,
    traceLength: o.found?.trace.length ?? -1,
    runsUntilFailure: (o.mode === 'random' || o.mode === 'swarm') && o.failure ? o.failure.run + 1 : null,
    por: o.mode !== 'exhaustive' ? 'off' : typeof o.por === 'string' ? o.por : `${o.por.reduced} reduced`,
    symmetry: o.mode === 'exhaustive' && o.symmetry,
  };
}

/** One measured search, as the child process that runs it is asked for it. */
interface Job {
  readonly model: string;
  readonly pairs: string[];
  readonly opts: CheckOptions;
  readonly workers: number;
}

/** Runs `job` in this process. */
async function runHere({ model, pairs, opts, workers }: Job): Promise<Figures> {
  const m = catalog.get(model);
  if (!m) throw new Error(`no model ${model}`);
  return m.open(async (e) => {
    const r = resolve(
      e.model.keys,
      pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
      model,
    );
    if (!r.ok) throw new Error(r.error);
    const c = { model: e.model, invariants: e.invariants };
    const initial = e.model.init(r.value.config);
    if (workers === 1 || opts.mode === 'swarm' || opts.mode === 'portfolio')
      return figures(checkHere(c, initial, opts));
    const named = { model, config: r.value.record, invariants: null };
    // An exhaustive search as `check --workers N` runs it (two threads: the search and a judge,
    // `engine/parallel/judges.ts`).
    return figures(
      opts.mode === 'exhaustive'
        ? await checkAuto(c, initial, named, opts, workers)
        : await randomParallel(c, initial, named, opts, workers),
    );
  });
}

// A child asked for one search runs it and prints its figures (`run` below).
const ONE = '--one';
if (process.argv[2] === ONE) {
  console.log(JSON.stringify(await runHere(JSON.parse(process.argv[3]!) as Job)));
  process.exit(0);
}

/**
 * Runs a search in a fresh process, as a user's `check` runs: one model a process. Run in this one after other
 * models, the shared engine's code is compiled for all of them at once and a Kafka search took 1.5x as long as the
 * same search through the CLI (kafka-txn depth 12 in 29.2 s here, 19.6 s on its own).
 */
async function run(model: string, pairs: string[], opts: CheckOptions, workers: number): Promise<Figures> {
  const job: Job = { model, pairs, opts, workers };
  const child = spawnSync(process.execPath, [import.meta.filename, ONE, JSON.stringify(job)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (child.status !== 0) throw new Error(`bench: ${model} ${pairs.join(' ')} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Figures;
}

interface Row {
  readonly name: string;
  readonly workers: number;
  readonly symmetry: boolean;
  readonly por: boolean;
  /** Sleep sets asked (`--sleep-sets on`: kept where the model declares access; the SPIN rows: false). */
  readonly sleepSets: boolean;
  readonly distinct: number;
  readonly generated: number;
  /** Median of the repetitions, and their spread. */
  readonly elapsedMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly statesPerSecond: number;
  readonly bytesPerState: number;
  readonly drainPerState: number;
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
/** Distinct states a second of a search that took `ms` (the CLI's lines: its start included). */
const perSecond = (distinct: number, ms: number): number => Math.round((distinct * 1000) / ms);

const rows: Row[] = [];
async function exhaustive(
  name: string,
  model: string,
  pairs: string[],
  depth: number,
  workers: number,
  symmetry = false,
  reps = REPS,
  por = false,
  member?: { index: number; count: number },
  sleepSets = false,
): Promise<Row> {
  const times: number[] = [];
  let r: Figures | null = null;
  for (let k = 0; k < reps; k++) {
    const opts = { mode: 'exhaustive', depth, maxStates: 50_000_000, symmetry, por, member, sleepSets } as const;
    r = await run(model, pairs, opts, workers);
    times.push(r.elapsedMs);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const row: Row = {
    name,
    workers,
    symmetry,
    por,
    sleepSets,
    distinct: r!.distinct,
    generated: r!.generated,
    elapsedMs: Math.round(median),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
    statesPerSecond: perSecond(r!.distinct, median),
    bytesPerState: Math.round(r!.bytesPerState * 10) / 10,
    drainPerState: Math.round(r!.drainPerState * 10) / 10,
  };
  rows.push(row);
  if (!json)
    console.log(
      `| ${name} | ${workers} | ${fmt(row.distinct)} | ${fmt(row.generated)} | ${secs(row.elapsedMs)} ` +
        `(${secs(row.minMs)}–${secs(row.maxMs)}) | ${fmt(row.statesPerSecond)} | ${row.bytesPerState} | ` +
        `${row.drainPerState} |`,
    );
  return row;
}

/** `exhaustive` with `--sleep-sets on`, the row's name saying so. */
function withSleepSets(name: string, model: string, pairs: string[], depth: number, workers: number, reps: number) {
  return exhaustive(`${name}, --sleep-sets on`, model, pairs, depth, workers, false, reps, false, undefined, true);
}

const cpuModel = ((): string => {
  try {
    return /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
})();
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const mhz = ((): number => {
  try {
    return Math.round(Number(/cpu MHz\s*:\s*([\d.]+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 0));
  } catch {
    return 0;
  }
})();
const machine = {
  cpu: cpuModel,
  mhz: mhz || (cpus()[0]?.speed ?? 0),
  cores: availableParallelism(),
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  date: new Date().toISOString().slice(0, 10),
  loadBefore: load(),
};
if (!json) {
  console.log(
    `eoscheck bench, ${machine.date}: ${machine.cpu} at ${machine.mhz} MHz, ${machine.cores} cores, ` +
      `${machine.memoryGiB} GiB, Node ${machine.node}; load average before: ${machine.loadBefore}`,
  );
  console.log(`exhaustive rows: median of ${REPS} runs (fastest–slowest)\n`);
  console.log(
    '| exhaustive search | workers | distinct | generated | time | states/s | bytes a state | drain steps a state |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
}
await exhaustive('two-phase-commit rm.count=7 (TLC: 296,448)', 'two-phase-commit', ['rm.count=7'], 1000, 1);
await exhaustive('two-phase-commit rm.count=7 (TLC: 296,448)', 'two-phase-commit', ['rm.count=7'], 1000, 2);
if (!quick) {
  await exhaustive(
    'two-phase-commit rm.count=8 (TLC: 1,745,408)',
    'two-phase-commit',
    ['rm.count=8'],
    1000,
    1,
    false,
    1,
  );
  await exhaustive(
    'two-phase-commit rm.count=8 (TLC: 1,745,408)',
    'two-phase-commit',
    ['rm.count=8'],
    1000,
    2,
    false,
    1,
  );
}
/**
 * SPIN's compiled verifier on the same TwoPhase (`spin.ts`), when installed: its own elapsed time, median of `reps`;
 * `generated` is its transitions (the spec's without its stuttering steps), bytes its whole memory a state.
 */
function spinRow(n: number, w: number, reps: number): void {
  const name = `SPIN's verifier, TwoPhase rm.count=${n}`;
  if (!spinAvailable()) {
    if (!json) console.log(`| ${name}: not installed here (apt-get install spin gcc) | 1 | – | – | – | – | – | – |`);
    return;
  }
  const runs = spinTwoPhase(n, w, reps).sort((a, b) => a.elapsedMs - b.elapsedMs);
  const median = runs[Math.floor(runs.length / 2)]!;
  const row: Row = {
    name: `${name} (SPIN ${median.version}, -DSAFETY, -w${w})`,
    workers: 1,
    symmetry: false,
    por: false,
    sleepSets: false,
    distinct: median.stored,
    generated: median.transitions,
    elapsedMs: Math.round(median.elapsedMs),
    minMs: Math.round(runs[0]!.elapsedMs),
    maxMs: Math.round(runs.at(-1)!.elapsedMs),
    statesPerSecond: Math.round((median.stored * 1000) / median.elapsedMs),
    bytesPerState: Math.round((median.bytes / median.stored) * 10) / 10,
    drainPerState: 0,
  };
  rows.push(row);
  if (!json)
    console.log(
      `| ${row.name} | 1 | ${fmt(row.distinct)} | ${fmt(row.generated)} | ${secs(row.elapsedMs)} ` +
        `(${secs(row.minMs)}–${secs(row.maxMs)}) | ${fmt(row.statesPerSecond)} | ${row.bytesPerState} | 0 |`,
    );
}
spinRow(7, 20, REPS);
if (!quick) spinRow(8, 22, REPS);
await exhaustive('two-phase-commit rm.count=8, RM symmetry', 'two-phase-commit', ['rm.count=8'], 1000, 1, true);
await exhaustive('kafka-txn defaults, depth 8', 'kafka-txn', [], 8, 1);
await exhaustive('kafka-txn defaults, depth 8', 'kafka-txn', [], 8, 2);
if (!quick) {
  // Deep enough for the judge thread's start (about a tenth of a second) to matter little.
  await exhaustive('kafka-txn defaults, depth 10', 'kafka-txn', [], 10, 1);
  await exhaustive('kafka-txn defaults, depth 10', 'kafka-txn', [], 10, 2);
  // Deeper, where the judge has time to pay for its start and warm-up (one run each, about ten seconds).
  await exhaustive('kafka-txn defaults, depth 12', 'kafka-txn', [], 12, 1, false, 1);
  await exhaustive('kafka-txn defaults, depth 12', 'kafka-txn', [], 12, 2, false, 1);
  // The same searches with sleep sets (`--sleep-sets on`): the same states, fewer transitions.
  await withSleepSets('kafka-txn defaults, depth 10', 'kafka-txn', [], 10, 1, REPS);
  await withSleepSets('kafka-txn defaults, depth 12', 'kafka-txn', [], 12, 1, 1);
  await withSleepSets('kafka-txn defaults, depth 12', 'kafka-txn', [], 12, 2, 1);
  // Where more actions commute (three apps; mirror-maker-2's tasks and its group).
  await exhaustive('kafka-txn producers=3, depth 10', 'kafka-txn', ['producers=3'], 10, 1);
  await withSleepSets('kafka-txn producers=3, depth 10', 'kafka-txn', ['producers=3'], 10, 1, REPS);
  await exhaustive('mirror-maker-2 defaults, depth 16', 'mirror-maker-2', [], 16, 1);
  await withSleepSets('mirror-maker-2 defaults, depth 16', 'mirror-maker-2', [], 16, 1, REPS);
}
await exhaustive('kafka-txn defaults, depth 8, app symmetry', 'kafka-txn', [], 8, 1, true);
await exhaustive('kafka-txn faults.network=true, depth 7', 'kafka-txn', ['faults.network=true'], 7, 1);
// Swarm verification members (depth-first, hash-compacted): a finished member visits the breadth-first count.
await exhaustive('kafka-txn defaults, depth 8, swarm member 1/2', 'kafka-txn', [], 8, 1, false, REPS, false, {
  index: 1,
  count: 2,
});
await exhaustive(
  'two-phase-commit rm.count=7, swarm member 2/2',
  'two-phase-commit',
  ['rm.count=7'],
  255,
  1,
  false,
  REPS,
  false,
  {
    index: 2,
    count: 2,
  },
);
await exhaustive('consume-transform-produce defaults, depth 8', 'consume-transform-produce', [], 8, 1);
await exhaustive('kafka-streams defaults, depth 8', 'kafka-streams', [], 8, 1);
await exhaustive('flink-kafka defaults, depth 24', 'flink-kafka', [], 24, 1);
if (!quick) await exhaustive('flink-kafka defaults, depth 24', 'flink-kafka', [], 24, 2);
const porFull = await exhaustive(
  'two-phase-commit rm.count=7, no reduction',
  'two-phase-commit',
  ['rm.count=7'],
  1000,
  1,
);
const porOn = await exhaustive(
  'two-phase-commit rm.count=7, partial-order reduction',
  'two-phase-commit',
  ['rm.count=7'],
  1000,
  1,
  false,
  REPS,
  true,
);

/** States saved by partial-order reduction, per model at its defaults (one run each, full and reduced). */
interface Reduced {
  model: string;
  full: number;
  reduced: number;
  fullGenerated: number;
  reducedGenerated: number;
  por: string;
}
/** States with and without the model's symmetry (null: the model declares none). */
const symmetries: { model: string; full: number; reduced: number | null }[] = [];
{
  const sym = await run(
    'two-phase-commit',
    ['rm.count=7'],
    { mode: 'exhaustive', depth: 1000, maxStates: 50_000_000, symmetry: true },
    1,
  );
  symmetries.push({ model: 'two-phase-commit rm.count=7', full: porFull.distinct, reduced: sym.distinct });
}
const reductions: Reduced[] = [
  {
    model: 'two-phase-commit rm.count=7',
    full: porFull.distinct,
    reduced: porOn.distinct,
    fullGenerated: porFull.generated,
    reducedGenerated: porOn.generated,
    por: 'declared',
  },
];
for (const [model, depth] of [
  ['two-phase-commit', 1000],
  ['kafka-txn', 6],
  ['consume-transform-produce', 6],
  ['kafka-streams', 6],
  ['flink-kafka', 16],
] as const) {
  // The full search takes every transition (the reduced search keeps sleep sets of its own).
  const full = await run(model, [], { mode: 'exhaustive', depth, maxStates: 50_000_000 }, 1);
  const red = await run(model, [], { mode: 'exhaustive', depth, maxStates: 50_000_000, por: true }, 1);
  const name = depth === 1000 ? `${model} defaults` : `${model} defaults, depth ${depth}`;
  reductions.push({
    model: name,
    full: full.distinct,
    reduced: red.distinct,
    fullGenerated: full.generated,
    reducedGenerated: red.generated,
    por: red.por,
  });
  const sym = await run(model, [], { mode: 'exhaustive', depth, maxStates: 50_000_000, symmetry: true }, 1);
  symmetries.push({ model: name, full: full.distinct, reduced: sym.symmetry ? sym.distinct : null });
}

/**
 * What sleep sets alone would spare each model's search (`sleep-oracle.ts`: independence asked of the model at each
 * state, exact): counts, the same on any machine.
 */
const sleeping: { model: string; states: number; last: SleepLevel; same: boolean; searched: number | null }[] = [];
for (const [model, pairs, depth] of [
  ['two-phase-commit', ['rm.count=5'], 16],
  ['kafka-txn', [], 10],
  ['consume-transform-produce', [], 11],
  ['kafka-streams', [], 11],
  ['flink-kafka', [], 30],
  ['mirror-maker-2', [], 16],
] as const) {
  const found = catalog.get(model)!.open((e) => {
    const r = resolve(
      e.model.keys,
      pairs.map((p) => p.split('=') as [string, string]),
      model,
    );
    if (!r.ok) throw new Error(`bench: ${r.error}`);
    const initial = e.model.init(r.value.config);
    // The search's own sleep sets, from what the model's actions say they read and change (null: it says nothing).
    const o = checkHere({ model: e.model, invariants: e.invariants }, initial, {
      mode: 'exhaustive',
      depth,
      maxStates: 50_000_000,
      sleepSets: true,
    });
    const searched = o.mode === 'exhaustive' && typeof o.sleepSets === 'object' ? o.generated : null;
    return { levels: sleepOracle(e.model, initial, depth), searched };
  });
  const name = `${model} ${pairs.length > 0 ? pairs.join(' ') : 'defaults'}, depth ${depth}`;
  const { levels, searched } = found;
  const states = levels.reduce((n, l) => n + l.states, 1);
  sleeping.push({ model: name, states, last: levels.at(-1)!, same: levels.every((l) => l.same), searched });
}

/**
 * The default command (the portfolio, no flags) on configurations 200 uniform runs miss, and one the swarm finds
 * sooner than the pass, through the CLI: on one thread (the pass, then the swarm) and on two (side by side).
 */
const cliBin = join(import.meta.dirname, '..', 'bin', 'eoscheck.js');
const portfolioCases: [string, string[]][] = [
  ['consume-transform-produce', ['safeguard.require-stable-offsets=false']],
  [
    'flink-kafka',
    [
      'high-availability.type=none',
      'faults.jobmanager=1',
      'faults.crashes=0',
      'scan.startup.mode=group-offsets',
      // Without a reset strategy group-offsets fails the job at once (a progress finding).
      'properties.auto.offset.reset=earliest',
    ],
  ],
  ['flink-kafka', ['transaction.timeout.ms=2500', 'faults.lost-notifications=0', 'restart.delay.ms=3000']],
  ['kafka-txn', ['safeguard.epoch-fencing=false', 'faults.zombies=true']],
  ['kafka-streams', ['safeguard.require-stable-offsets=false']],
  // The campaign's slowest row: found at once, then 45-step failing drains while proving a trace shortest.
  [
    'flink-kafka',
    ['parallelism.default=2', 'jobs=2', 'safeguard.unique-transactional-id-prefix=false', 'faults.crashes=0'],
  ],
];
const portfolio = portfolioCases.flatMap(([model, pairs]) => [1, 2].map((workers) => ({ model, pairs, workers })));
const portfolioRows = portfolio.map(({ model, pairs, workers }) => {
  const sets = pairs.flatMap((p) => ['--set', p]);
  const args = ['check', model, ...sets, '--seed', '1', '--workers', String(workers), '--json'];
  const t = performance.now();
  const p = spawnSync(process.execPath, [cliBin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Math.round(performance.now() - t);
  // The check report's fields read here (a parsed JSON report).
  const j = JSON.parse(p.stdout) as {
    violations: { invariant: string }[];
    trace: { steps: unknown[] } | null;
    portfolio: { foundBy: string | null };
    foundMs: number | null;
  };
  return {
    config: `${model} ${pairs.join(' ')}`,
    workers,
    exit: p.status,
    foundBy: j.portfolio.foundBy,
    invariant: j.violations[0]?.invariant ?? null,
    steps: j.trace?.steps.length ?? null,
    foundMs: j.foundMs,
    elapsedMs: ms,
  };
});

/**
 * This machine's ceiling for two workers: the same one-thread search as two separate processes at once, against
 * one alone (through the CLI, start included). Two workers cannot beat two searches that share nothing. Measured
 * at each depth the kafka-txn two-worker rows run: it depends on the search's length (1.4x at depth 10 against
 * about 1.8x at depth 12 on the same hour; a search of two seconds pays its start and its compiler's warm-up,
 * likely what keeps the other core busy too).
 */
async function cliMs(args: readonly string[]): Promise<number> {
  return (await cli(args)).ms;
}
/** Runs the CLI in a child process: its wall time, start included, and what it printed. */
async function cli(args: readonly string[]): Promise<{ ms: number; out: string }> {
  const t = performance.now();
  let out = '';
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [cliBin, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      out += d;
    });
    child.on('error', fail);
    child.on('close', () => done());
  });
  return { ms: performance.now() - t, out };
}
/** A transactional producer's .properties of about `bytes`: its own keys, then application keys. */
function bigProperties(bytes: number): string {
  const lines = ['# a producer with many application keys', 'transactional.id=t1', 'acks=all'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `app.custom.key.${i}=value-${i}-${'x'.repeat(40)}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}
const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ceilings: { depth: number; aloneMs: number; pairMs: number }[] = [];
for (const depth of quick ? [8] : [10, 12]) {
  const args = ['check', 'kafka-txn', '--exhaustive', '--depth', String(depth), '--workers', '1'];
  // Medians of three, alternated: one search alone, then two at once (the slower of the pair).
  const alone: number[] = [];
  const pair: number[] = [];
  for (let r = 0; r < REPS; r++) {
    alone.push(await cliMs(args));
    pair.push(Math.max(...(await Promise.all([cliMs(args), cliMs(args)]))));
  }
  ceilings.push({ depth, aloneMs: Math.round(median(alone)), pairMs: Math.round(median(pair)) });
}

/**
 * `check --exhaustive` as a user runs it, through the CLI: on two workers it hands a long search to them at the
 * end of a level chosen by counts (`check/check.ts`, `Levels.handAtEnd`), the thread going on as thread 0, and
 * keeps a short one on one thread; the report's `workers` says which. Medians of REPS, alternated with the same
 * search on one worker.
 */
const handOffs: { depth: number; oneMs: number; twoMs: number; twoWorkers: number; distinct: number }[] = [];
// Depth 13 (about 19 s on one thread here): 50,000 states/s on one worker and 1.6x that on two are measured on a search
// long enough to pay for the second thread's start, compilation and decoding (about 1.2 s more CPU: docs/engine.md).
for (const depth of quick ? [8] : [10, 12, 13]) {
  const args = (w: number) => ['check', 'kafka-txn', '--exhaustive', '--depth', String(depth), '--workers', String(w)];
  const one: number[] = [];
  const two: number[] = [];
  let report = { workers: 0, stats: { distinctStates: 0 } };
  for (let r = 0; r < REPS; r++) {
    one.push(await cliMs(args(1)));
    const run2 = await cli([...args(2), '--json']);
    two.push(run2.ms);
    // The check report's fields read here (a parsed JSON report).
    report = JSON.parse(run2.out) as typeof report;
  }
  handOffs.push({
    depth,
    oneMs: Math.round(median(one)),
    twoMs: Math.round(median(two)),
    twoWorkers: report.workers,
    distinct: report.stats.distinctStates,
  });
}

/** Shortest counterexamples: the exhaustive one against swarm runs' minimized ones (which should be within 1.5x). */
const zombiePairs = ['safeguard.epoch-fencing=false', 'faults.zombies=true'];
const shortestX = await run('kafka-txn', zombiePairs, { mode: 'exhaustive', depth: 12, maxStates: 5_000_000 }, 1);
const shortestSwarm: number[] = [];
for (const seed of [1, 2, 3, 4, 5]) {
  const r = await run('kafka-txn', zombiePairs, { mode: 'swarm', runs: 10_000, seed, maxSteps: 40, maxSeconds: 30 }, 1);
  shortestSwarm.push(r.traceLength);
}

const rand = await run('kafka-txn', [], { mode: 'random', runs: 1000, seed: 7, maxSteps: 40 }, 1);
const random = {
  runs: rand.runs,
  steps: rand.steps,
  elapsedMs: Math.round(rand.elapsedMs),
  stepsPerSecond: Math.round((rand.steps * 1000) / rand.elapsedMs),
};
const zombie: { seed: number; elapsedMs: number; runsUntilFailure: number | null; shrunkSteps: number }[] = [];
for (const seed of [1, 2, 3, 4, 5]) {
  const r = await run(
    'kafka-txn',
    ['safeguard.epoch-fencing=false'],
    { mode: 'random', runs: 10_000, seed, maxSteps: 40 },
    1,
  );
  zombie.push({
    seed,
    elapsedMs: Math.round(r.elapsedMs),
    runsUntilFailure: r.runsUntilFailure,
    shrunkSteps: r.traceLength,
  });
}
const zx = await run(
  'kafka-txn',
  ['safeguard.epoch-fencing=false'],
  { mode: 'exhaustive', depth: 12, maxStates: 1_000_000 },
  1,
);
const zombieExhaustive = { elapsedMs: Math.round(zx.elapsedMs), distinct: zx.distinct, steps: zx.traceLength };
// verify reads a configuration in time linear in its size: a 10 MB producer .properties (its keys each listed
// as not modelled), read in-process, and the whole CLI on it with the shortest check.
const bigDir = mkdtempSync(join(tmpdir(), 'eoscheck-bench-'));
const bigText = bigProperties(10 * 1024 * 1024);
writeFileSync(join(bigDir, 'producer.properties'), bigText);
const readMs: number[] = [];
let bigKeys = 0;
for (let k = 0; k < REPS; k++) {
  const t = performance.now();
  const read = verifyFiles([{ path: 'producer.properties', text: bigText }], [], keysOf);
  readMs.push(performance.now() - t);
  bigKeys = read.ok ? read.value.ignored.length + read.value.winners.length : 0;
}
const verifyCliMs: number[] = [];
for (let k = 0; k < REPS; k++)
  verifyCliMs.push(await cliMs(['verify', bigDir, '--depth', '1', '--runs', '1', '--quiet']));
rmSync(bigDir, { recursive: true });
const verifyRead = {
  megabytes: Math.round(bigText.length / 1024 / 1024),
  keys: bigKeys,
  readMs: Math.round(median(readMs)),
  cliMs: Math.round(median(verifyCliMs)),
};
const loadAfter = load();

if (json)
  console.log(
    JSON.stringify(
      {
        machine: { ...machine, loadAfter },
        exhaustive: rows,
        reductions,
        symmetries,
        sleeping,
        portfolio: portfolioRows,
        ceilings,
        handOffs,
        shortest: { exhaustive: shortestX.traceLength, swarm: shortestSwarm },
        random,
        zombie,
        zombieExhaustive,
        verifyRead,
      },
      null,
      2,
    ),
  );
else {
  console.log('');
  console.log(
    '| partial-order reduction | states, full | states, reduced | transitions, full | transitions, reduced |',
  );
  console.log('|---|---|---|---|---|');
  // Whole percents, but one decimal above 99 (296,448 states to 920 is 99.7%, not all of them).
  const saved = (full: number, reduced: number) => {
    const pct = (100 * (full - reduced)) / Math.max(1, full);
    return `${fmt(reduced)} (${pct > 99 && reduced > 0 ? pct.toFixed(1) : Math.round(pct)}% saved)`;
  };
  for (const r of reductions)
    console.log(
      r.por === 'undeclared'
        ? `| ${r.model} | ${fmt(r.full)} | no footprints declared: full search | ${fmt(r.fullGenerated)} | - |`
        : `| ${r.model} | ${fmt(r.full)} | ${saved(r.full, r.reduced)} | ${fmt(r.fullGenerated)} | ` +
            `${saved(r.fullGenerated, r.reducedGenerated)} |`,
    );
  console.log('');
  console.log('| symmetry reduction (`--symmetry on`) | states, full | states, reduced |');
  console.log('|---|---|---|');
  for (const r of symmetries)
    console.log(
      `| ${r.model} | ${fmt(r.full)} | ${r.reduced === null ? 'no symmetry declared' : saved(r.full, r.reduced)} |`,
    );
  console.log('');
  console.log(
    '| sleep sets alone | states | transitions, full | with exact independence (`bench/sleep-oracle.ts`) | ' +
      "in the search, from the model's access |",
  );
  console.log('|---|---|---|---|---|');
  for (const r of sleeping) {
    const states = r.same ? `${fmt(r.states)}, every level the same` : 'a level DIFFERS';
    const searched = r.searched === null ? 'not declared' : saved(r.last.transitions, r.searched);
    console.log(
      `| ${r.model} | ${states} | ${fmt(r.last.transitions)} | ${saved(r.last.transitions, r.last.executed)} | ` +
        `${searched} |`,
    );
  }
  console.log('');
  console.log(
    '| plain `check` (the portfolio, 30 s), seed 1 | threads | exit | found by | invariant | steps | ' +
      'pass met it after | time |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of portfolioRows)
    console.log(
      `| ${r.config} | ${r.workers} | ${r.exit} | ${r.foundBy ?? '-'} | ${r.invariant ?? '-'} | ${r.steps ?? '-'} | ` +
        `${r.foundMs === null ? '-' : secs(r.foundMs)} | ${secs(r.elapsedMs)} |`,
    );
  console.log('');
  console.log(
    `shortest, kafka-txn ${zombiePairs.join(' ')}: exhaustive ${shortestX.traceLength} steps; ` +
      `swarm runs minimized, seeds 1-5: ${shortestSwarm.join(', ')} steps`,
  );
  console.log('');
  console.log(
    `random (fast-check), kafka-txn defaults: ${fmt(random.steps)} steps in ${random.elapsedMs} ms = ` +
      `${fmt(random.stepsPerSecond)} steps/s (${random.runs} runs of <= 40 steps)`,
  );
  for (const z of zombie)
    console.log(
      `zombie (safeguard.epoch-fencing=false), seed ${z.seed}: found after ${z.runsUntilFailure} runs in ` +
        `${z.elapsedMs} ms, shrunk to ${z.shrunkSteps} steps`,
    );
  console.log(
    `zombie, exhaustive: found in ${zombieExhaustive.elapsedMs} ms among ${zombieExhaustive.distinct} states, ` +
      `${zombieExhaustive.steps} steps (the fewest in total)`,
  );
  for (const ceiling of ceilings) {
    const pairGain = ((2 * ceiling.aloneMs) / ceiling.pairMs).toFixed(2);
    console.log(
      `two-worker ceiling, kafka-txn depth ${ceiling.depth} through the CLI on one thread, medians of ${REPS}: ` +
        `${secs(ceiling.aloneMs)} alone, ${secs(ceiling.pairMs)} as two processes at once = ${pairGain}x ` +
        "one search's throughput (two workers sharing nothing could do no better here)",
    );
  }
  for (const h of handOffs)
    console.log(
      `check --exhaustive kafka-txn depth ${h.depth} (${fmt(h.distinct)} states) through the CLI, medians of ` +
        `${REPS}: ${secs(h.oneMs)} with --workers 1 (${fmt(perSecond(h.distinct, h.oneMs))} states/s), ` +
        `${secs(h.twoMs)} with --workers 2 (${fmt(perSecond(h.distinct, h.twoMs))} states/s) ` +
        `(${h.twoWorkers === 1 ? 'kept on one thread' : 'with a judge thread'}) = ` +
        `${(h.oneMs / h.twoMs).toFixed(2)}x`,
    );
  console.log(
    `verify reads a ${verifyRead.megabytes} MB producer .properties (${fmt(verifyRead.keys)} keys), medians of ` +
      `${REPS}: ${secs(verifyRead.readMs)} in-process, ${secs(verifyRead.cliMs)} through the CLI ` +
      '(--depth 1 --runs 1, start included)',
  );
  console.log(`load average after: ${loadAfter}`);
}
