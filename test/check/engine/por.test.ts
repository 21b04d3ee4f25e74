/**
 * Partial-order reduction (`--por on`): the declarations it relies on hold on reached states, it
 * keeps every verdict (every two-phase-commit safeguard both ways; every valuation of what the
 * invariants observe that the full search reaches), it saves what it claims (exact counts), and a
 * model without footprints, or a wrong declaration, is handled.
 */
import { describe, expect, test } from 'vitest';
import type { Entry } from '../../../catalog/entry.js';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { twoPhaseCommitEntry } from '../../../catalog/two-phase-commit.js';
import { checkAuto, checkHere } from '../../../check/check.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import type { ExhaustiveOptions } from '../../../check/explore/options.js';
import type { Keys } from '../../../model/core/keys.js';
import { type AnyAction, compile } from '../../../model/core/model.js';
import type { Invariant } from '../../../properties/invariant.js';
import { cfg, check } from '../../helpers/check.js';
import { declarationsHold, reachable } from '../../helpers/por.js';
import { lampEntry } from '../../toy/lamp.js';
import { lampsActions, lampsDef, lampsEntry } from '../../toy/lamps.js';

const all = (por: boolean): ExhaustiveOptions => ({ mode: 'exhaustive', depth: 1000, maxStates: 1_000_000, por });

describe('the declarations hold on reached states', () => {
  test('two-phase-commit, with and without the safeguard', () => {
    expect(declarationsHold(twoPhaseCommitEntry, ['rm.count=3'])).toBeGreaterThan(500);
    expect(
      declarationsHold(twoPhaseCommitEntry, ['rm.count=3', 'safeguard.commit-needs-all-prepared=false']),
    ).toBeGreaterThan(500);
  });
  test('the toys: one lamp, a row of lamps', () => {
    declarationsHold(lampEntry, ['faults.surge=true']);
    expect(declarationsHold(lampsEntry, ['lamps=3', 'faults.surge=true', 'safeguard.fuse=false'])).toBeGreaterThan(100);
  });
});

describe('the same verdicts with and without the reduction', () => {
  for (const n of [3, 4, 5]) {
    for (const safeguard of [true, false]) {
      test(`two-phase-commit rm.count=${n}, safeguard ${safeguard ? 'on' : 'off'}`, () => {
        const pairs = [`rm.count=${n}`, `safeguard.commit-needs-all-prepared=${safeguard}`];
        const full = check(twoPhaseCommitEntry, pairs, all(false));
        const red = check(twoPhaseCommitEntry, pairs, all(true));
        expect([red.status, red.violations[0]?.invariant]).toEqual([full.status, full.violations[0]?.invariant]);
        expect(full.status).toBe(safeguard ? 'ok' : 'violation');
      });
    }
  }
  for (const pairs of [
    ['lamps=4'],
    ['lamps=4', 'faults.surge=true'],
    ['lamps=4', 'faults.surge=true', 'safeguard.fuse=false'],
  ]) {
    test(`lamps ${pairs.join(' ')}`, () => {
      const full = check(lampsEntry, pairs, all(false));
      const red = check(lampsEntry, pairs, all(true));
      expect([red.status, red.violations[0]?.invariant]).toEqual([full.status, full.violations[0]?.invariant]);
    });
  }
});

/**
 * The reduction must reach every valuation of the observed resources the full search reaches: plant
 * an invariant "not this valuation" for each one the full search meets, and both must break it.
 */
describe('every observed valuation the full search reaches, the reduced search reaches', () => {
  function planted<S, A extends AnyAction, K extends Keys>(
    e: Entry<S, A, K>,
    pairs: string[],
    observe: (s: S) => string,
  ): number {
    const initial = e.model.init(cfg(e.model.keys, ...pairs));
    const values = new Set(reachable(e, initial, 1_000_000).map(observe));
    for (const v of values) {
      const inv: Invariant<S> = {
        name: 'not-v',
        meaning: `never ${v}`,
        when: 'every-step',
        check: (s) => (observe(s) === v ? v : null),
      };
      const c = { model: e.model, invariants: [inv] };
      const red = checkHere(c, initial, all(true));
      expect({ v, status: red.status }).toEqual({ v, status: 'violation' });
    }
    return values.size;
  }
  test('two-phase-commit rm.count=4: each reachable tuple of RM outcomes', () => {
    const outcome = (r: string) => (r === 'committed' || r === 'aborted' ? r[0] : '-');
    expect(
      planted(twoPhaseCommitEntry, ['rm.count=4', 'safeguard.commit-needs-all-prepared=false'], (s) =>
        s.rmState.map(outcome).join(''),
      ),
    ).toBe(81);
  });
  test('lamps=4 with surges and no fuse: each reachable set of burnt lamps', () => {
    expect(
      planted(lampsEntry, ['lamps=4', 'faults.surge=true', 'safeguard.fuse=false'], (s) =>
        s.burnt.map((b) => (b ? 'x' : '.')).join(''),
      ),
    ).toBe(16);
  });
});

/**
 * A deferred action that commutes with a whole path is taken first, so the reduced graph may reach a state
 * only by a longer path than the full graph's: a reduced search cut by a bound proves no depth.
 */
describe('a reduced search cut by a bound claims no depth it has not proved', () => {
  const pairs = ['lamps=4', 'faults.surge=true', 'safeguard.fuse=false'];
  const initial = lampsEntry.model.init(cfg(lampsEntry.model.keys, ...pairs));
  const observe = (s: { burnt: readonly boolean[] }) => s.burnt.map((b) => (b ? 'x' : '.')).join('');
  const notV = (v: string): Invariant<{ burnt: readonly boolean[] }> => ({
    name: 'not-v',
    meaning: `never ${v}`,
    when: 'every-step',
    check: (s) => (observe(s) === v ? v : null),
  });
  const bounded = (depth: number, por: boolean): ExhaustiveOptions => ({
    mode: 'exhaustive',
    depth,
    maxStates: 1_000_000,
    por,
  });
  test('lamp 0 burnt is 2 steps away, deeper in the reduced graph: cut at depth 2, no depth is proved', () => {
    const c = { model: lampsEntry.model, invariants: [notV('x...')] };
    const full = checkHere(c, initial, bounded(2, false));
    const red = checkHere(c, initial, bounded(2, true));
    expect([full.status, full.found?.trace.length]).toEqual(['violation', 2]);
    expect(red.mode === 'exhaustive' && [red.status, red.bound, red.depthCompleted, red.por]).toEqual([
      'ok',
      'depth',
      0,
      { reduced: 2, slept: 0, reexpanded: 0, depth: 2 },
    ]);
  });
  test('every valuation, depths 1 to 8: found, or no depth claimed that reaches it', () => {
    const values = new Set(reachable(lampsEntry, initial, 1_000_000).map(observe));
    let missedWithinBound = 0;
    for (let depth = 1; depth <= 8; depth++) {
      for (const v of values) {
        const c = { model: lampsEntry.model, invariants: [notV(v)] };
        const full = checkHere(c, initial, bounded(depth, false));
        const red = checkHere(c, initial, bounded(depth, true));
        if (full.status === 'ok' || red.status === 'violation') continue;
        missedWithinBound += 1;
        expect({ v, depth, proved: red.mode === 'exhaustive' && red.depthCompleted }).toEqual({ v, depth, proved: 0 });
      }
    }
    // The reduction does defer here (else this test would check nothing).
    expect(missedWithinBound).toBeGreaterThan(10);
  });
  test('a reduced search that ends proves its verdict: every depth it reached', () => {
    const red = check(lampsEntry, pairs, all(true));
    expect(red.bound).toBe(null);
    expect(red.depthCompleted).toBeGreaterThan(0);
  });
});

describe('what it saves', () => {
  test('a row of 4 lamps with surges: 256 states become 44, 1280 transitions 55', () => {
    const full = check(lampsEntry, ['lamps=4', 'faults.surge=true'], all(false));
    const red = check(lampsEntry, ['lamps=4', 'faults.surge=true'], all(true));
    expect([full.distinct, full.generated, red.distinct, red.generated]).toEqual([256, 1280, 44, 55]);
  });
  test('two-phase-commit keeps every state (each working RM can abort: a visible choice) and skips transitions', () => {
    const full = check(twoPhaseCommitEntry, ['rm.count=5'], all(false));
    const red = check(twoPhaseCommitEntry, ['rm.count=5'], all(true));
    expect([full.distinct, full.generated, red.distinct, red.generated]).toEqual([8832, 58_145, 8832, 22_487]);
  });
  test('a model without footprints (kafka-txn) is searched in full: the same counts', () => {
    const opts = { mode: 'exhaustive', depth: 5, maxStates: 1_000_000 } as const;
    const full = checkHere(
      { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants },
      kafkaTxnEntry.model.init(cfg(kafkaTxnEntry.model.keys)),
      opts,
    );
    const red = checkHere(
      { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants },
      kafkaTxnEntry.model.init(cfg(kafkaTxnEntry.model.keys)),
      { ...opts, por: true },
    );
    expect(red.mode === 'exhaustive' && red.por).toBe('undeclared');
    expect(red.mode === 'exhaustive' && full.mode === 'exhaustive' && [red.distinct, red.generated]).toEqual(
      full.mode === 'exhaustive' && [full.distinct, full.generated],
    );
  });
  test('an enabled action its tag does not list in `every` is a wrong declaration, named', () => {
    const broken = compile({
      ...lampsDef,
      actions: { ...lampsActions, Switch: { ...lampsActions.Switch, every: () => undefined } },
    });
    const initial = broken.init(cfg(broken.keys));
    expect(() => checkHere({ model: broken, invariants: [] }, initial, all(true))).toThrow(
      `partial-order reduction: {"type":"Switch","lamp":0} is enabled but its tag's 'every' omits it`,
    );
  });
});

describe('the reduced search on more than one thread', () => {
  test('stays on one thread, reduced, where a full search would be handed to the workers', async () => {
    const c = { model: twoPhaseCommitEntry.model, invariants: twoPhaseCommitEntry.invariants };
    const config = cfg(twoPhaseCommitEntry.model.keys, 'rm.count=5');
    const named = { model: 'two-phase-commit', config: { 'rm.count': 5 }, invariants: null };
    // Over state objects (`plain`): the packed search stays on one thread too.
    const opts = { mode: 'exhaustive', depth: 100, maxStates: 1_000_000, plain: true } as const;
    // Asked at once, the estimate says the workers pay (payOffMs 0).
    const now = { afterMs: 0, payOffMs: 0 };
    const full = await checkAuto(c, twoPhaseCommitEntry.model.init(config), named, opts, 2, now);
    const reduced = await checkAuto(c, twoPhaseCommitEntry.model.init(config), named, { ...opts, por: true }, 2, now);
    if (full.mode !== 'exhaustive' || reduced.mode !== 'exhaustive') throw new Error('exhaustive outcomes');
    expect([full.workers, full.distinct, full.generated, full.por]).toEqual([2, 8832, 58145, 'off']);
    expect([reduced.workers, reduced.distinct, reduced.generated]).toEqual([1, 8832, 22487]);
    expect(typeof reduced.por).toBe('object');
  });
  test('a library caller offering a hand-off gets the reduced and the packed searches whole', () => {
    const c = { model: twoPhaseCommitEntry.model, invariants: twoPhaseCommitEntry.invariants };
    const init = () => twoPhaseCommitEntry.model.init(cfg(twoPhaseCommitEntry.model.keys, 'rm.count=5'));
    const taken: unknown[] = [];
    const handOff = {
      afterMs: 0,
      workers: 2,
      worth: () => true,
      take: (h: unknown) => taken.push(h),
      force: { depth: 3, expanded: 1 },
    };
    // Over state objects (`plain`) the search stops there and hands itself over.
    const objects = exploreExhaustive(c, init(), { ...all(false), plain: true, handOff });
    expect([objects.bound, taken.length, taken[0] === null]).toEqual(['max-seconds', 1, false]);
    // Before, the reduced and the packed searches stopped there too and offered null: the caller started the full
    // search again, on workers that lose to one thread on the packed one.
    const reduced = exploreExhaustive(c, init(), { ...all(true), handOff });
    expect([reduced.bound, reduced.distinct, reduced.generated, taken.length]).toEqual([null, 8832, 22487, 1]);
    const packed = exploreExhaustive(c, init(), { ...all(false), handOff });
    expect([packed.bound, packed.distinct, packed.generated, taken.length]).toEqual([null, 8832, 58145, 1]);
  });
});
