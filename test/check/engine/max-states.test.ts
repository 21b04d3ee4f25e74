/**
 * `--max-states M` bounds a search on workers as it bounds one thread's: at most M states, the bound reported, and
 * the level it stopped inside not counted as complete. Each thread admits at most its part of what M leaves at a
 * level's start (`parallel.ts`, `share-search.ts`); before, the threads stopped only at the end of the level that
 * passed M (kafka-txn depth 12 at 137,275 states for M = 100,000), and `check`, handing over by counts that ignored
 * M, failed with a full fingerprint table on one thread (M = 10,000).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { checkAuto } from '../../../check/check.js';
import { exhaustiveParallel } from '../../../check/engine/parallel.js';
import { exploreExhaustive } from '../../../check/exhaustive.js';
import type { Outcome } from '../../../check/outcome.js';
import type { AnyAction } from '../../../model/core/model.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { cfg, record } from '../../helpers/check.js';

const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
const named = { model: 'kafka-txn', config: record(kafkaTxnKeys), invariants: null };
const init = () => kafkaTxnEntry.model.init(cfg(kafkaTxnKeys));
const bounded = (maxStates: number) => ({ mode: 'exhaustive', depth: 12, maxStates }) as const;

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
    });
    expect(figures(r)).toEqual(['ok', 10_000, 'max-states', 8, 2]);
  });

  test('check does not hand over a search M cuts short of the states ahead that would pay', async () => {
    // At the end of level 5 (1,031 states) the levels to depth 12 foresee far more than 5,000 states ahead; M =
    // 6,000 leaves 4,969 of them, M = 6,100 leaves 5,069.
    const at = (maxStates: number) =>
      checkAuto(c, init(), named, bounded(maxStates), 2, { handOffStates: 500, handOffAhead: 5_000, afterMs: 60_000 });
    expect(figures(await at(6_000))).toEqual(['ok', 6_000, 'max-states', 7, 1]);
    expect(figures(await at(6_100))).toEqual(['ok', 6_100, 'max-states', 7, 2]);
  });
});
