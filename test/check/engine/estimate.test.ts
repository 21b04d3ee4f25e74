/**
 * The estimate of a search's time left, and what `checkAuto` does with it: workers when they pay
 * (the result is one thread's), the one thread otherwise (its own result, reported on one worker).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { checkAuto } from '../../../check/check.js';
import { remainingMs } from '../../../check/engine/estimate.js';
import { exploreExhaustive } from '../../../check/exhaustive.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { cfg, record } from '../../helpers/check.js';

describe('remainingMs', () => {
  test("the rest of the next level and each deeper one, growing as the last level grew, at a state's time", () => {
    // 1 ms a state; level 3 (100 states, 2.5 times level 2) is a fifth expanded; 60 of level 4 admitted.
    const s = {
      depth: 3,
      queue: 100,
      expanded: 20,
      maxDepth: 5,
      elapsedMs: 221,
      distinct: 221,
      sizes: [1, 20, 40, 100],
    };
    // Level 4: 250 states, 190 to come; level 5: 625.
    expect(remainingMs(s)).toBeCloseTo(190 + 625, 6);
  });
  test('shrinking levels end; nothing is left at the depth bound or when nothing is queued', () => {
    const shrinking = {
      depth: 2,
      queue: 50,
      expanded: 10,
      maxDepth: 1000,
      elapsedMs: 151,
      distinct: 151,
      sizes: [1, 100, 50],
    };
    // Levels of 25, 12.5, ... : 50 in all, none of the next level admitted yet.
    expect(remainingMs(shrinking)).toBeCloseTo(50, 6);
    expect(remainingMs({ ...shrinking, queue: 0 })).toBe(0);
    const last = {
      depth: 4,
      queue: 10,
      expanded: 10,
      maxDepth: 4,
      elapsedMs: 30,
      distinct: 30,
      sizes: [1, 2, 4, 8, 10],
    };
    // Expanding the level at the bound still makes and judges its successors: 12.5 of them, 5 admitted.
    expect(remainingMs(last)).toBeCloseTo(7.5, 6);
  });
});

describe('checkAuto on an exhaustive search', () => {
  const config = cfg(kafkaTxnKeys, 'faults.network=true');
  const named = { model: 'kafka-txn', config: record(kafkaTxnKeys, 'faults.network=true'), invariants: null };
  const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
  const opts = { mode: 'exhaustive', depth: 7, maxStates: 1_000_000 } as const;
  test('hands the search to the workers when they pay, and goes on here when they do not: one result', async () => {
    const one = exploreExhaustive(c, kafkaTxnEntry.model.init(config), opts);
    const init = kafkaTxnEntry.model.init(config);
    const handed = await checkAuto(c, init, named, opts, 2, { afterMs: 0, payOffMs: 0 });
    const kept = await checkAuto(c, init, named, opts, 2, { afterMs: 0, payOffMs: Number.POSITIVE_INFINITY });
    for (const o of [handed, kept]) {
      if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
      expect([o.status, o.distinct, o.generated, o.bound, o.depthCompleted]).toEqual([
        one.status,
        one.distinct,
        one.generated,
        one.bound,
        one.depthCompleted,
      ]);
    }
    expect([handed.workers, kept.workers]).toEqual([2, 1]);
  });
});
