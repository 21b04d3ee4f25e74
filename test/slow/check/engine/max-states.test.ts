/**
 * `--max-states M` bounds a search on workers as it bounds one thread's: M states, the bound reported, the level it
 * stopped inside not counted as complete, and the states judged in that level the first in the one-thread order, so
 * the trace is the one thread's too. A thread drops a new state once `left` of the level are known to come before
 * it (`share-search.ts`). Before, the threads stopped only at the end of the level that passed M (kafka-txn depth
 * 12 at 137,275 states for M = 100,000); then each admitted its part of what M left, which states of the level were
 * judged depended on the threads, and kafka-txn with fencing off reported an 11-step trace on one thread and a
 * 9-step one on three workers (M = 3,836); and `check`, handing over by counts that ignored M, failed with a full
 * fingerprint table on one thread (M = 10,000).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { checkAuto } from '../../../../check/check.js';
import { exhaustiveParallel } from '../../../../check/engine/parallel/parallel.js';
import { exploreExhaustive } from '../../../../check/explore/exhaustive.js';
import { ticking } from '../../../../check/types/clock.js';
import type { Outcome } from '../../../../check/types/outcome.js';
import type { AnyAction } from '../../../../model/core/model.js';
import { kafkaTxnKeys } from '../../../../model/kafka-txn/config.js';
import { cfg, record } from '../../../helpers/check.js';
import { cutInsideLevel } from '../../../helpers/max-states.js';
import { CUT_ROWS } from '../../../helpers/max-states-rows.js';

const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
const named = { model: 'kafka-txn', config: record(kafkaTxnKeys), invariants: null };
const init = () => kafkaTxnEntry.model.init(cfg(kafkaTxnKeys));
// On a clock that moves 1 ms at each reading (every 128 states): the hand-off question at 60 s is never asked.
const bounded = (maxStates: number) => ({ mode: 'exhaustive', depth: 12, maxStates, clock: ticking(1) }) as const;

/** What a bounded search must report: status, states, bound, the deepest complete level, threads. */
function figures(o: Outcome<unknown, AnyAction>) {
  if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
  return [o.status, o.distinct, o.bound, o.depthCompleted, o.workers];
}

describe('--max-states on workers', () => {
  test('workers from the initial state stop at M, inside the level one thread stops inside', async () => {
    // kafka-txn: 19,985 states to depth 9, 52,539 to depth 10.
    expect(figures(exploreExhaustive(c, init(), bounded(25_000)))).toEqual(['ok', 25_000, 'max-states', 9, 1]);
    for (const workers of [2, 3]) {
      const r = await exhaustiveParallel(c, init(), named, bounded(25_000), workers);
      expect(figures(r)).toEqual(['ok', 25_000, 'max-states', 9, workers]);
    }
  });

  test('a search check hands over stops at M too', async () => {
    // Handed over at the end of level 5 (1,031 states), whatever lies ahead.
    const r = await checkAuto(c, init(), named, bounded(10_000), 2, {
      handOffStates: 500,
      handOffAhead: 1,
      afterMs: 60_000,
      judges: false,
    });
    expect(figures(r)).toEqual(['ok', 10_000, 'max-states', 8, 2]);
  });

  test('check does not hand over a search M cuts short of the states ahead that would pay', async () => {
    // At the end of level 5 (1,031 states) the levels to depth 12 foresee far more than 5,000 states ahead; M =
    // 6,000 leaves 4,969 of them, M = 6,100 leaves 5,069.
    const at = (maxStates: number) =>
      checkAuto(c, init(), named, bounded(maxStates), 2, {
        handOffStates: 500,
        handOffAhead: 5_000,
        afterMs: 60_000,
        judges: false,
      });
    expect(figures(await at(6_000))).toEqual(['ok', 6_000, 'max-states', 7, 1]);
    expect(figures(await at(6_100))).toEqual(['ok', 6_100, 'max-states', 7, 2]);
  });

  // Each M stops the search inside a level; before, every row had an M whose trace on two or three workers was not
  // one thread's (kafka-txn: 2,301 on two, 3,836 on three, 5,371 on both; two-phase-commit: 7 of 22 M tried). The
  // kafka-txn row, a search handed over and cut, and M at a level's end are in test/slow/max-states-rows.test.ts.
  cutInsideLevel(CUT_ROWS.filter((r) => r.model === 'two-phase-commit'));
});
