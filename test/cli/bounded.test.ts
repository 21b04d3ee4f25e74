/**
 * An exhaustive search that a bound other than its depth stopped proves nothing past the states it saw: its first
 * line says "no violation in the first N states", never "ok"; one that reached its depth says ok.
 */
import { expect, test } from 'vitest';
import { cli } from './harness.js';

test('stopped by --max-states: no violation in the first N states, exit 0', async () => {
  const r = await cli('check', 'flink-kafka', '--exhaustive', '--max-states', '1000', '--quiet');
  expect([r.code, r.stdout]).toEqual([
    0,
    'eoscheck check flink-kafka: no violation in the first 1000 distinct states (1520 transitions), where ' +
      '--max-states stopped the search\n',
  ]);
});

test('to its depth: ok', async () => {
  const r = await cli('check', 'two-phase-commit', '--exhaustive', '--quiet');
  expect([r.code, r.stdout]).toEqual([
    0,
    'eoscheck check two-phase-commit: ok, no invariant violated in 288 distinct states (1145 transitions)\n',
  ]);
});
