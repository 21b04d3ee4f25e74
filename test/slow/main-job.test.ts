/**
 * Plain `npx eoscheck`, the README's first command: every model at its safe defaults, a row per explorer, one line
 * for each column word a newcomer meets (pass, swarm, bound), the verdict and the two next steps.
 */
import { expect, test } from 'vitest';
import { cli } from '../cli/harness.js';

test('npx eoscheck: every model holds; the columns explained; the next steps', async () => {
  const r = await cli();
  expect(r.code).toBe(0);
  const lines = r.stdout.split('\n');
  expect(lines[0]).toMatch(/^eoscheck: every model at its safe defaults \(every safeguard a release ships, on\)/);
  const rows = lines.filter((l) => l.startsWith('│ ') && !l.startsWith('│ model'));
  for (const row of rows) expect(row).toMatch(/│ (exhaustive pass|swarm) .*│ ok +│/);
  expect(new Set(rows.map((row) => row.split('│')[1]!.trim()))).toEqual(
    new Set([
      'kafka-txn',
      'consume-transform-produce',
      'kafka-streams',
      'flink-kafka',
      'two-phase-commit',
      'mirror-maker-2',
    ]),
  );
  const tail = lines.slice(lines.findIndex((l) => l.startsWith('└')) + 1);
  expect(tail).toEqual([
    'exhaustive pass: every reachable state, breadth-first, up to the bound (a violation found there has the fewest ' +
      'steps)',
    'swarm: seeded random runs, each with its own mix of faults and action weights (the same seed, the same runs)',
    "bound: how far it looked: 'depth N' every state within N steps; 'space exhausted' every reachable state; " +
      "'seed S, <= N steps/run' the runs' seed and length",
    'all invariants hold within these bounds.',
    'Next:',
    '  check your own pipeline:  npx eoscheck verify <your config files or directories>',
    '  see a bug found:          npx eoscheck check kafka-txn --set safeguard.epoch-fencing=false',
    '',
  ]);
});
