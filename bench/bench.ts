/**
 * `npm run bench` (`-- --json` for scripts, `-- --quick` to skip the 1.7M-state run): the
 * exploration speed of eoscheck on identical work as other checkers (TLA+'s TwoPhase with 7 and 8
 * resource managers), on the reference configurations of the Kafka models, and the fast-check
 * campaign figures of issue #2 (steps/s, time and shrunk length to find the zombie). Speed is
 * measured here, never in timed tests.
 */
import { availableParallelism, cpus, totalmem } from 'node:os';
import { resolveConfig, type Config } from '../model/config.js';
import { checkModel, type CheckOptions, type CheckResult } from '../properties/check.js';
import { checkParallel } from '../properties/engine/parallel.js';
import { subjects } from '../properties/registry.js';
import type { AnyAction } from '../model/model.js';

const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick');

function config(model: string, pairs: string[]): Config {
  const s = subjects.get(model)!;
  const r = resolveConfig(s.model.keys, pairs.map((p) => p.split('=') as [string, string]), model);
  if (!r.ok) throw new Error(r.error);
  return r.config;
}

async function run(model: string, pairs: string[], opts: CheckOptions, workers: number): Promise<CheckResult<unknown, AnyAction>> {
  const c = config(model, pairs);
  return workers === 1 ? checkModel(subjects.get(model)!, c, opts) : checkParallel(model, c, opts, workers);
}

interface Row {
  readonly name: string;
  readonly workers: number;
  readonly symmetry: boolean;
  readonly distinct: number;
  readonly generated: number;
  readonly elapsedMs: number;
  readonly statesPerSecond: number;
  readonly bytesPerState: number;
}

const rows: Row[] = [];
async function exhaustive(name: string, model: string, pairs: string[], depth: number, workers: number, symmetry = false): Promise<void> {
  const r = await run(model, pairs, { mode: 'exhaustive', depth, maxStates: 50_000_000, symmetry }, workers);
  const row = {
    name, workers, symmetry, distinct: r.distinct!, generated: r.steps, elapsedMs: Math.round(r.elapsedMs),
    statesPerSecond: Math.round((r.distinct! * 1000) / r.elapsedMs), bytesPerState: Math.round((r.bytesPerState ?? 0) * 10) / 10,
  };
  rows.push(row);
  if (!json) console.log(`${name.padEnd(44)} ${String(workers).padStart(2)} ${symmetry ? 'sym' : '   '} ${String(row.distinct).padStart(10)} ${String(row.generated).padStart(11)} ${String(row.elapsedMs).padStart(8)} ms ${String(row.statesPerSecond).padStart(8)}/s ${String(row.bytesPerState).padStart(6)} B`);
}

const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(), memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
if (!json) {
  console.log(`eoscheck bench on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}`);
  console.log(`${'exhaustive search'.padEnd(44)} ${'w'.padStart(2)}     ${'distinct'.padStart(10)} ${'generated'.padStart(11)} ${'time'.padStart(11)} ${'states/s'.padStart(10)} ${'bytes'.padStart(8)}`);
}
await exhaustive('two-phase-commit rm.count=7 (TLC: 296,448)', 'two-phase-commit', ['rm.count=7'], 1000, 1);
await exhaustive('two-phase-commit rm.count=7 (TLC: 296,448)', 'two-phase-commit', ['rm.count=7'], 1000, 2);
if (!quick) {
  await exhaustive('two-phase-commit rm.count=8 (TLC: 1,745,408)', 'two-phase-commit', ['rm.count=8'], 1000, 1);
  await exhaustive('two-phase-commit rm.count=8 (TLC: 1,745,408)', 'two-phase-commit', ['rm.count=8'], 1000, 2);
}
await exhaustive('two-phase-commit rm.count=8, RM symmetry', 'two-phase-commit', ['rm.count=8'], 1000, 1, true);
await exhaustive('kafka-txn defaults, depth 8', 'kafka-txn', [], 8, 1);
await exhaustive('kafka-txn defaults, depth 8', 'kafka-txn', [], 8, 2);
await exhaustive('kafka-txn defaults, depth 8, app symmetry', 'kafka-txn', [], 8, 1, true);
await exhaustive('kafka-txn faults.network=true, depth 7', 'kafka-txn', ['faults.network=true'], 7, 1);
await exhaustive('consume-transform-produce defaults, depth 8', 'consume-transform-produce', [], 8, 1);
await exhaustive('kafka-streams defaults, depth 8', 'kafka-streams', [], 8, 1);

const rand = await run('kafka-txn', [], { mode: 'random', runs: 1000, seed: 7, maxSteps: 40 }, 1);
const random = { runs: rand.runs, steps: rand.steps, elapsedMs: Math.round(rand.elapsedMs), stepsPerSecond: Math.round((rand.steps * 1000) / rand.elapsedMs) };
const zombie: { seed: number; elapsedMs: number; runsUntilFailure: number | null; shrunkSteps: number }[] = [];
for (const seed of [1, 2, 3, 4, 5]) {
  const r = await run('kafka-txn', ['safeguard.epoch-fencing=false'], { mode: 'random', runs: 10_000, seed, maxSteps: 40 }, 1);
  zombie.push({ seed, elapsedMs: Math.round(r.elapsedMs), runsUntilFailure: r.runsUntilFailure, shrunkSteps: r.trace?.length ?? -1 });
}
const zx = await run('kafka-txn', ['safeguard.epoch-fencing=false'], { mode: 'exhaustive', depth: 12, maxStates: 1_000_000 }, 1);
const zombieExhaustive = { elapsedMs: Math.round(zx.elapsedMs), distinct: zx.distinct, steps: zx.trace?.length ?? -1 };

if (json) console.log(JSON.stringify({ machine, exhaustive: rows, random, zombie, zombieExhaustive }, null, 2));
else {
  console.log(`random (fast-check), kafka-txn defaults: ${random.steps} steps in ${random.elapsedMs} ms = ${random.stepsPerSecond} steps/s (${random.runs} runs of <= 40 steps)`);
  for (const z of zombie) console.log(`zombie (safeguard.epoch-fencing=false), seed ${z.seed}: found after ${z.runsUntilFailure} runs in ${z.elapsedMs} ms, shrunk to ${z.shrunkSteps} steps`);
  console.log(`zombie, exhaustive: found in ${zombieExhaustive.elapsedMs} ms among ${zombieExhaustive.distinct} states, ${zombieExhaustive.steps} steps (shortest explored prefix)`);
}
