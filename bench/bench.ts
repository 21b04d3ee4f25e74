/**
 * `npm run bench` (`-- --json` for scripts, `-- --quick` to skip the 1.7M-state runs): the
 * exploration speed of eoscheck on identical work as other checkers (TLA+'s TwoPhase with 7 and 8
 * resource managers), on the reference configurations of the Kafka models, and the fast-check
 * campaign figures (steps/s, time and shrunk length to find the zombie). Speed is measured here,
 * never in timed tests.
 *
 * Every exhaustive row runs three times and prints the median time with the spread, and the
 * machine's load average is printed before and after: a figure taken while something else ran
 * shows as such (issue #8 found a README figure twice as fast as a later run on the same machine
 * kind). The output is markdown: the README's performance table is this output, pasted with its date.
 */

import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { catalog } from '../catalog/index.js';
import { checkHere } from '../check/check.js';
import { exhaustiveParallel, randomParallel } from '../check/engine/parallel.js';
import type { CheckOptions } from '../check/options.js';
import type { Outcome } from '../check/outcome.js';
import { resolve } from '../model/core/config.js';
import type { AnyAction } from '../model/core/model.js';

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
  readonly traceLength: number;
  readonly runsUntilFailure: number | null;
}

function figures<S, A extends AnyAction>(o: Outcome<S, A>): Figures {
  return {
    distinct: o.mode === 'exhaustive' ? o.distinct : 0,
    generated: o.mode === 'exhaustive' ? o.generated : 0,
    steps: o.mode === 'random' || o.mode === 'swarm' ? o.steps : 0,
    runs: o.mode === 'random' || o.mode === 'swarm' ? o.runs : 1,
    elapsedMs: o.elapsedMs,
    bytesPerState: o.mode === 'exhaustive' ? o.bytesPerState : 0,
    traceLength: o.found?.trace.length ?? -1,
    runsUntilFailure: (o.mode === 'random' || o.mode === 'swarm') && o.failure ? o.failure.run + 1 : null,
  };
}

async function run(model: string, pairs: string[], opts: CheckOptions, workers: number): Promise<Figures> {
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
    return figures(
      opts.mode === 'exhaustive'
        ? await exhaustiveParallel(c, initial, named, opts, workers)
        : await randomParallel(c, initial, named, opts, workers),
    );
  });
}

interface Row {
  readonly name: string;
  readonly workers: number;
  readonly symmetry: boolean;
  readonly distinct: number;
  readonly generated: number;
  /** Median of the repetitions, and their spread. */
  readonly elapsedMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly statesPerSecond: number;
  readonly bytesPerState: number;
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

const rows: Row[] = [];
async function exhaustive(
  name: string,
  model: string,
  pairs: string[],
  depth: number,
  workers: number,
  symmetry = false,
  reps = REPS,
): Promise<void> {
  const times: number[] = [];
  let r: Figures | null = null;
  for (let k = 0; k < reps; k++) {
    r = await run(model, pairs, { mode: 'exhaustive', depth, maxStates: 50_000_000, symmetry }, workers);
    times.push(r.elapsedMs);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const row: Row = {
    name,
    workers,
    symmetry,
    distinct: r!.distinct,
    generated: r!.generated,
    elapsedMs: Math.round(median),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
    statesPerSecond: Math.round((r!.distinct * 1000) / median),
    bytesPerState: Math.round(r!.bytesPerState * 10) / 10,
  };
  rows.push(row);
  if (!json)
    console.log(
      `| ${name} | ${workers} | ${fmt(row.distinct)} | ${fmt(row.generated)} | ${secs(row.elapsedMs)} ` +
        `(${secs(row.minMs)}–${secs(row.maxMs)}) | ${fmt(row.statesPerSecond)} | ${row.bytesPerState} |`,
    );
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
  console.log('| exhaustive search | workers | distinct | generated | time | states/s | bytes a state |');
  console.log('|---|---|---|---|---|---|---|');
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
await exhaustive('two-phase-commit rm.count=8, RM symmetry', 'two-phase-commit', ['rm.count=8'], 1000, 1, true);
await exhaustive('kafka-txn defaults, depth 8', 'kafka-txn', [], 8, 1);
await exhaustive('kafka-txn defaults, depth 8', 'kafka-txn', [], 8, 2);
await exhaustive('kafka-txn defaults, depth 8, app symmetry', 'kafka-txn', [], 8, 1, true);
await exhaustive('kafka-txn faults.network=true, depth 7', 'kafka-txn', ['faults.network=true'], 7, 1);
await exhaustive('consume-transform-produce defaults, depth 8', 'consume-transform-produce', [], 8, 1);
await exhaustive('kafka-streams defaults, depth 8', 'kafka-streams', [], 8, 1);
await exhaustive('flink-kafka defaults, depth 24', 'flink-kafka', [], 24, 1);

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
const loadAfter = load();

if (json)
  console.log(
    JSON.stringify({ machine: { ...machine, loadAfter }, exhaustive: rows, random, zombie, zombieExhaustive }, null, 2),
  );
else {
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
      `${zombieExhaustive.steps} steps (shortest explored prefix)`,
  );
  console.log(`load average after: ${loadAfter}`);
}
