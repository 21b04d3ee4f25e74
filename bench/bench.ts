/**
 * `npm run bench`: exploration speed of a fixed `kafka-txn` configuration, measured here rather
 * than in timed tests. Prints fast-check steps/s, exhaustive distinct states/s, and the time and
 * shrunk length to find the zombie counterexample with safeguard.epoch-fencing=false.
 * `--json` prints the figures as one JSON object.
 */
import { cpus } from 'node:os';
import { resolveConfig, type Config } from '../model/config.js';
import { kafkaTxnModel } from '../model/kafka/index.js';
import { checkModel } from '../properties/check.js';
import { kafkaTxnSubject } from '../properties/kafka/subject.js';

function config(pairs: [string, string][]): Config {
  const r = resolveConfig(kafkaTxnModel.keys, pairs, 'kafka-txn');
  if (!r.ok) throw new Error(r.error);
  return r.config;
}

const json = process.argv.includes('--json');
const safe = config([]);
const random = checkModel(kafkaTxnSubject, safe, { mode: 'random', runs: 1000, seed: 7, maxSteps: 40 });
const exhaustive = checkModel(kafkaTxnSubject, safe, { mode: 'exhaustive', depth: 8, maxStates: 1_000_000 });
const zombieRuns: { ms: number; length: number; runs: number }[] = [];
for (const seed of [1, 2, 3, 4, 5]) {
  const r = checkModel(kafkaTxnSubject, config([['safeguard.epoch-fencing', 'false']]), { mode: 'random', runs: 10_000, seed, maxSteps: 40 });
  zombieRuns.push({ ms: r.elapsedMs, length: r.trace?.length ?? -1, runs: r.runsUntilFailure ?? -1 });
}
const zombieExhaustive = checkModel(kafkaTxnSubject, config([['safeguard.epoch-fencing', 'false']]), { mode: 'exhaustive', depth: 12, maxStates: 1_000_000 });

const figures = {
  machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version },
  config: 'kafka-txn defaults (2 producers, 2 partitions, 2 inputs each, 1 crash, 1 zombie)',
  random: { runs: random.runs, steps: random.steps, elapsedMs: Math.round(random.elapsedMs), stepsPerSecond: Math.round((random.steps * 1000) / random.elapsedMs) },
  exhaustive: { depth: 8, distinctStates: exhaustive.distinct, transitions: exhaustive.steps, elapsedMs: Math.round(exhaustive.elapsedMs), statesPerSecond: Math.round(((exhaustive.distinct ?? 0) * 1000) / exhaustive.elapsedMs) },
  zombie: {
    random: zombieRuns.map((z) => ({ elapsedMs: Math.round(z.ms), runsUntilFailure: z.runs, shrunkSteps: z.length })),
    exhaustive: { elapsedMs: Math.round(zombieExhaustive.elapsedMs), distinctStates: zombieExhaustive.distinct, steps: zombieExhaustive.trace?.length ?? -1 },
  },
};
if (json) console.log(JSON.stringify(figures, null, 2));
else {
  const f = figures;
  console.log(`eoscheck bench on ${f.machine.cpu} (${f.machine.cores} cores), Node ${f.machine.node}`);
  console.log(`config: ${f.config}`);
  console.log(`random (fast-check):  ${f.random.steps} steps in ${f.random.elapsedMs} ms = ${f.random.stepsPerSecond} steps/s (${f.random.runs} runs of <= 40 steps)`);
  console.log(`exhaustive (BFS):     ${f.exhaustive.distinctStates} distinct states to depth 8 in ${f.exhaustive.elapsedMs} ms = ${f.exhaustive.statesPerSecond} states/s (${f.exhaustive.transitions} transitions)`);
  for (const [i, z] of f.zombie.random.entries()) console.log(`zombie (epoch-fencing=false), seed ${i + 1}: found after ${z.runsUntilFailure} runs in ${z.elapsedMs} ms, shrunk to ${z.shrunkSteps} steps`);
  console.log(`zombie, exhaustive:   found in ${f.zombie.exhaustive.elapsedMs} ms after ${f.zombie.exhaustive.distinctStates} states, ${f.zombie.exhaustive.steps} steps (shortest prefix)`);
}
