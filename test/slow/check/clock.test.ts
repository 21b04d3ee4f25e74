/**
 * Every decision taken on elapsed time reads the clock the options hand in (`check/types/clock.ts`): on a clock that
 * moves a fixed amount at each reading, `--max-seconds`, the hand-off question, the portfolio's budget and a swarm's
 * deadline stop at the same state or run on every machine, however busy. The search reads the clock every 128
 * states, a campaign before each run.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { checkAuto, checkHere } from '../../../check/check.js';
import { exhaustiveParallel } from '../../../check/engine/parallel/parallel.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import { ticking } from '../../../check/types/clock.js';
import type { Standing } from '../../../check/types/standing.js';
import { checkText } from '../../../cli/format/check.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { cfg, record, resolved } from '../../helpers/check.js';

const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
const init = () => kafkaTxnEntry.model.init(cfg(kafkaTxnKeys));

describe('a ticking clock', () => {
  test('moves its tick at each reading, from 0', () => {
    const clock = ticking(7);
    expect([clock.now(), clock.now(), clock.now(), clock.tick]).toEqual([7, 14, 21, 7]);
  });
});

describe('decisions on a ticking clock', () => {
  test('--max-seconds stops the search at the same state every time: the 11th reading after its start', () => {
    // One second at 100 ms a reading, read after every 128 states a level expands: the 11th reading after the
    // start is past it (1,100 ms), inside level 7; the report reads it once more (1,200 ms).
    const cut = () =>
      exploreExhaustive(c, init(), {
        mode: 'exhaustive',
        depth: 12,
        maxStates: 1_000_000,
        maxSeconds: 1,
        clock: ticking(100),
      });
    const a = cut();
    const b = cut();
    expect([a.bound, a.distinct, a.depthCompleted, a.elapsedMs]).toEqual(['max-seconds', 4830, 7, 1200]);
    expect([b.bound, b.distinct, b.depthCompleted]).toEqual([a.bound, a.distinct, a.depthCompleted]);
  });

  test('--max-seconds stops two threads at the same states every time: each reads a clock of its own', async () => {
    // Each thread starts a clock of its own at the search's tick and reads it after every 128 states of its share of
    // a level: where the time cuts a share is a function of that thread's work alone, whichever thread runs faster.
    const named = { model: 'kafka-txn', config: record(kafkaTxnKeys), invariants: null };
    const opts = { mode: 'exhaustive', depth: 12, maxStates: 1_000_000, maxSeconds: 1 } as const;
    const cut = () => exhaustiveParallel(c, init(), named, { ...opts, clock: ticking(100) }, 2);
    const a = await cut();
    const b = await cut();
    const figures = (o: typeof a) => [o.bound, o.distinct, o.depthCompleted, o.generated];
    // Level 7 cut in each thread's share: 4,532 states judged.
    expect(figures(a)).toEqual(['max-seconds', 4532, 7, 10375]);
    expect(figures(b)).toEqual(figures(a));
    // The report's bound is the states the threads judged: every level it calls complete, and part of the next.
    const said = checkText(kafkaTxnEntry, resolved(kafkaTxnKeys), opts, a, undefined, false, true);
    expect(said).toBe(
      'eoscheck check kafka-txn: no violation in the first 4532 distinct states (10375 transitions), where ' +
        '--max-seconds stopped the search\n',
    );
    const upTo = (depth: number) => exploreExhaustive(c, init(), { ...opts, maxSeconds: undefined, depth }).distinct;
    expect(a.distinct).toBeGreaterThan(upTo(a.depthCompleted));
    expect(a.distinct).toBeLessThan(upTo(a.depthCompleted + 1));
  });

  test('--max-seconds stops a search handed to two threads at the same states every time', async () => {
    // One thread searches to the 129th state of level 6 and hands over (`force`): the threads go on from there for
    // what is left of the two seconds (`check.ts`), each on a ticking clock of its own.
    const named = { model: 'kafka-txn', config: record(kafkaTxnKeys), invariants: null };
    const opts = { mode: 'exhaustive', depth: 12, maxStates: 1_000_000, maxSeconds: 2 } as const;
    const force = { depth: 6, expanded: 129 };
    const cut = async () => {
      const o = await checkAuto(c, init(), named, { ...opts, clock: ticking(100) }, 2, { force, judges: false });
      if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
      return [o.workers, o.bound, o.distinct, o.depthCompleted, o.generated];
    };
    const a = await cut();
    // Level 7 expanded whole, its last states admitted but not judged when the time ran out (not counted).
    expect(a).toEqual([2, 'max-seconds', 6306, 7, 13_874]);
    expect(await cut()).toEqual(a);
  });

  test('the hand-off question is asked once, at the first reading past `afterMs`', () => {
    const asked: Standing[] = [];
    const o = exploreExhaustive(c, init(), {
      mode: 'exhaustive',
      depth: 8,
      maxStates: 1_000_000,
      clock: ticking(100),
      handOff: { afterMs: 250, workers: 2, worth: (s) => asked.push(s) === 0 },
    });
    // Not worth it: the search goes on to its depth bound.
    expect(o.bound).toBe('depth');
    // 250 ms at 100 ms a reading: asked at the third reading after the start, after 256 states of level 6.
    expect(asked.map((s) => [s.depth, s.expanded, s.distinct, s.elapsedMs])).toEqual([[6, 256, 1816, 300]]);
  });

  test("the portfolio's pass takes its share of the budget, the swarm the rest, in runs the same every time", () => {
    const opts = {
      mode: 'portfolio',
      seed: 1,
      maxSeconds: 2,
      exhaustiveShare: 0.5,
      depth: 10_000,
      maxStates: 1_000_000,
      runs: Number.MAX_SAFE_INTEGER,
      maxSteps: 40,
    } as const;
    const figures = () => {
      const o = checkHere(c, init(), { ...opts, clock: ticking(50) });
      if (o.mode !== 'portfolio') throw new Error('a portfolio outcome');
      return [o.status, o.exhaustive.bound, o.exhaustive.distinct, o.swarm?.runs, o.swarm?.steps];
    };
    // The pass's second at 50 ms a reading: 8,537 states; the swarm's: 15 runs, 581 steps.
    const a = figures();
    expect(a).toEqual(['ok', 'max-seconds', 8537, 15, 581]);
    expect(figures()).toEqual(a);
  });
});
