/**
 * The estimate of a search's time left, and what `checkAuto` does with it: workers when they pay
 * (the result is one thread's), the one thread otherwise (its own result, reported on one worker).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { twoPhaseCommitEntry } from '../../../../catalog/two-phase-commit.js';
import { checkAuto } from '../../../../check/check.js';
import { remainingMs } from '../../../../check/engine/frontier/estimate.js';
import { exploreExhaustive } from '../../../../check/explore/exhaustive.js';
import type { Outcome } from '../../../../check/types/outcome.js';
import type { AnyAction } from '../../../../model/core/model.js';
import { kafkaTxnKeys } from '../../../../model/kafka-txn/config.js';
import { cfg, record, transitions } from '../../../helpers/check.js';

describe('remainingMs', () => {
  test("the rest of the next level and each deeper one, growing as the last level grew, at a state's time", () => {
    // 1 ms a state; level 3 (100 states, 2.5 times level 2) is a fifth expanded; 60 of level 4 admitted.
    const s = {
      depth: 3,
      queue: 100,
      expanded: 20,
      maxDepth: 5,
      maxStates: 10_000_000,
      elapsedMs: 221,
      distinct: 221,
      sizes: [1, 20, 40, 100],
    };
    // Level 4: 250 states, 190 to come; level 5: 625.
    expect(remainingMs(s)).toBeCloseTo(190 + 625, 6);
    // `--max-states 500` stops the search 279 states on.
    expect(remainingMs({ ...s, maxStates: 500 })).toBeCloseTo(279, 6);
    expect(remainingMs({ ...s, maxStates: 200 })).toBe(0);
  });
  test('shrinking levels end; nothing is left at the depth bound or when nothing is queued', () => {
    const shrinking = {
      depth: 2,
      queue: 50,
      expanded: 10,
      maxDepth: 1000,
      maxStates: 10_000_000,
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
      maxStates: 10_000_000,
      elapsedMs: 30,
      distinct: 30,
      sizes: [1, 2, 4, 8, 10],
    };
    // Expanding the level at the bound still makes and judges its successors: 12.5 of them, 5 admitted.
    expect(remainingMs(last)).toBeCloseTo(7.5, 6);
  });
});

/** `handed` (on two threads) and `kept` (on one) count and stop as the one-thread search `one` does. */
function expectOneResult(one: Outcome<unknown, AnyAction>, handed: Outcome<unknown, AnyAction>, kept: typeof handed) {
  const figures = (o: Outcome<unknown, AnyAction>) => {
    if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
    // Workers keep no sleep sets: the transitions taken or skipped.
    return [o.status, o.distinct, transitions(o), o.bound, o.depthCompleted, o.workers];
  };
  const expected = figures(one).slice(0, -1);
  expect([figures(handed), figures(kept)]).toEqual([
    [...expected, 2],
    [...expected, 1],
  ]);
}

describe('checkAuto on an exhaustive search', () => {
  const config = cfg(kafkaTxnKeys, 'faults.network=true');
  const named = { model: 'kafka-txn', config: record(kafkaTxnKeys, 'faults.network=true'), invariants: null };
  const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
  const opts = { mode: 'exhaustive', depth: 7, maxStates: 1_000_000 } as const;
  test('hands the search to the workers when they pay, and goes on here when they do not: one result', async () => {
    const one = exploreExhaustive(c, kafkaTxnEntry.model.init(config), opts);
    const init = kafkaTxnEntry.model.init(config);
    // The count says no (no level of 10^12 states ahead): the estimate is asked, as it is for the other searches.
    const never = { handOffStates: 100, handOffAhead: 1e12, judges: false };
    const handed = await checkAuto(c, init, named, opts, 2, { ...never, afterMs: 0, payOffMs: 0 });
    const kept = await checkAuto(c, init, named, opts, 2, { ...never, afterMs: 0, payOffMs: Number.POSITIVE_INFINITY });
    expectOneResult(one, handed, kept);
  });

  test('keeps the search over packed words here, where two workers lose to one (two-phase-commit)', async () => {
    const tpc = { model: twoPhaseCommitEntry.model, invariants: twoPhaseCommitEntry.invariants };
    const named2pc = { model: 'two-phase-commit', config: { 'rm.count': 6 }, invariants: null };
    const all = { mode: 'exhaustive', depth: 100, maxStates: 1_000_000 } as const;
    const at = (plain: boolean) =>
      checkAuto(tpc, tpc.model.init(cfg(tpc.model.keys, 'rm.count=6')), named2pc, { ...all, plain }, 2, {
        afterMs: 0,
        payOffMs: 0,
      });
    // The estimate says the workers pay: the search over state objects goes to them, the packed one stays.
    const [objects, packed] = [await at(true), await at(false)];
    if (objects.mode !== 'exhaustive' || packed.mode !== 'exhaustive') throw new Error('exhaustive outcomes');
    expect([objects.workers, objects.distinct, packed.workers, packed.distinct]).toEqual([2, 50816, 1, 50816]);
  });
});

describe('checkAuto hands the search over state objects to the workers by counts alone', () => {
  const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
  const named = { model: 'kafka-txn', config: record(kafkaTxnKeys), invariants: null };
  const opts = { mode: 'exhaustive', depth: 8, maxStates: 1_000_000 } as const;
  test('past 500 states, when its growth foresees enough states ahead: the one-thread result either way', async () => {
    const one = exploreExhaustive(c, kafkaTxnEntry.model.init(cfg(kafkaTxnKeys)), opts);
    const at = (ahead: number) =>
      checkAuto(c, kafkaTxnEntry.model.init(cfg(kafkaTxnKeys)), named, opts, 2, {
        handOffStates: 500,
        handOffAhead: ahead,
        // The two-second probe never asks within this search: only the counts decide.
        afterMs: 60_000,
        judges: false,
      });
    // Past 500 at the end of level 5 (1,031 states in all, 658 of them at depth 6, 2.72 times the 242 at depth 5),
    // the levels at depths 7 and 8, each as much bigger, foresee 1,789 + 4,865 = 6,654 states ahead.
    const handed = await at(6_600);
    const kept = await at(6_700);
    expectOneResult(one, handed, kept);
  });
});

describe('a search handed over by counts that meets a counterexample after the hand-off', () => {
  test('reports one as short, proved the fewest, rebuilt from the parent links the threads kept', async () => {
    const pairs = ['safeguard.epoch-fencing=false', 'faults.zombies=true'];
    const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
    const named = { model: 'kafka-txn', config: record(kafkaTxnKeys, ...pairs), invariants: null };
    const opts = { mode: 'exhaustive', depth: 12, maxStates: 1_000_000 } as const;
    const one = exploreExhaustive(c, kafkaTxnEntry.model.init(cfg(kafkaTxnKeys, ...pairs)), opts);
    // Past 20 states at the end of level 3 (46 in all): the zombie's 9-step trace is met at a deeper level.
    const handed = await checkAuto(c, kafkaTxnEntry.model.init(cfg(kafkaTxnKeys, ...pairs)), named, opts, 2, {
      handOffStates: 20,
      handOffAhead: 1,
      afterMs: 60_000,
      judges: false,
    });
    if (one.mode !== 'exhaustive' || handed.mode !== 'exhaustive') throw new Error('exhaustive outcomes');
    const figures = (o: typeof one) => [o.workers, o.status, o.found?.trace.length, o.shortest, o.distinct];
    expect(figures(one)).toEqual([1, 'violation', 9, true, 7801]);
    expect(figures(handed)).toEqual([2, 'violation', 9, true, 7801]);
    // The trace is the model's own steps (the counterexample is replayed from the initial state), and it ends in
    // the violation it reports.
    const found = handed.found!;
    expect(found.states).toHaveLength(found.trace.length + 1);
    expect(found.violations.length).toBeGreaterThan(0);
  });
});
