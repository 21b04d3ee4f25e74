/**
 * The rows of `--max-states` on workers that `test/slow/check/engine/max-states.test.ts` leaves here (its
 * deeper searches): kafka-txn cut inside a level, a search handed over and then cut, and M at a level's end.
 */
import { describe, expect, test } from 'vitest';
import { handedAgrees } from '../helpers/handoff.js';
import { atLevelEnd, cutInsideLevel } from '../helpers/max-states.js';
import { CUT_ROWS, LEVEL_END_ROWS } from '../helpers/max-states-rows.js';

describe('--max-states on workers, the deeper rows', () => {
  cutInsideLevel(CUT_ROWS.filter((r) => r.model !== 'two-phase-commit'));

  test('a search handed over and cut inside a level judges the one-thread states', async () => {
    // Handed over at the first, middle and last state of every level. Before, on three workers with M = 1,000 (in
    // level 6) the states judged in the cut level were not one thread's.
    const opts = (maxStates: number) => ({ mode: 'exhaustive', depth: 8, maxStates }) as const;
    expect(await handedAgrees('kafka-txn', [], opts(1000), 3, true)).toBeGreaterThanOrEqual(10);
    const fencing = ['transaction.version=1', 'safeguard.epoch-fencing=false'];
    expect(await handedAgrees('kafka-txn', fencing, opts(700), 2, true)).toBeGreaterThanOrEqual(10);
  });

  atLevelEnd(LEVEL_END_ROWS);
});
