/** The workers' balance plan (exact shipments for uneven levels, none for even ones) and their cache of claims. */
import { describe, expect, test } from 'vitest';
import { BALANCE_SLACK, balancePlan } from '../../../check/engine/parallel/balance.js';
import { ClaimCache, STATES_PER_SLOT } from '../../../check/engine/store/claim-cache.js';

describe('balancePlan', () => {
  test('the worker holding the level sends half of it to the other', () => {
    expect(balancePlan([100, 0])).toEqual([{ from: 0, to: 1, count: 50 }]);
    expect(balancePlan([0, 101])).toEqual([{ from: 1, to: 0, count: 51 }]);
  });
  test('shares differ by one at most, the first workers taking the remainder', () => {
    const counts = [97, 3, 0];
    const plan = balancePlan(counts);
    expect(plan).toEqual([
      { from: 0, to: 1, count: 30 },
      { from: 0, to: 2, count: 33 },
    ]);
    const after = [...counts];
    for (const p of plan) {
      after[p.from]! -= p.count;
      after[p.to]! += p.count;
    }
    expect(after).toEqual([34, 33, 33]);
  });
  test('several senders fill the receivers in worker order', () => {
    expect(balancePlan([60, 0, 60, 0])).toEqual([
      { from: 0, to: 1, count: 30 },
      { from: 2, to: 3, count: 30 },
    ]);
  });
  test('nothing moves while no worker is more than the slack above its share', () => {
    expect(balancePlan([50 + BALANCE_SLACK, 50 - BALANCE_SLACK])).toEqual([]);
    expect(balancePlan([51 + BALANCE_SLACK, 49 - BALANCE_SLACK])).toEqual([
      { from: 0, to: 1, count: BALANCE_SLACK + 1 },
    ]);
    expect(balancePlan([0, 0])).toEqual([]);
  });
});

describe('ClaimCache', () => {
  test('a fingerprint claimed before is not claimed again, until another one takes its slot', () => {
    const c = new ClaimCache();
    c.fit(2 ** 20);
    expect([c.add(1, 2), c.add(1, 2), c.add(0, 2), c.add(1, 3)]).toEqual([true, false, false, true]);
    // 2^16 slots: among 200,000 fingerprints some share a slot, and the later one pushes the earlier out.
    let again = 0;
    for (let i = 0; i < 200_000; i++) c.add(i * 2_654_435_761, i);
    for (let i = 0; i < 200_000; i++) if (c.add(i * 2_654_435_761, i)) again += 1;
    expect(again).toBeGreaterThan(100_000);
    expect(again).toBeLessThan(200_000);
    expect(c.bytes).toBe(2 ** 16 * 8);
  });

  test('the cache grows with the share, a slot for every 16 states, from 2^8 to 2^16 slots, and only grows', () => {
    const c = new ClaimCache();
    expect([c.size, c.bytes]).toEqual([256, 2048]);
    c.fit(STATES_PER_SLOT * 512 - 1);
    expect(c.size).toBe(256);
    c.fit(STATES_PER_SLOT * 512);
    expect(c.size).toBe(512);
    c.add(7, 9);
    c.fit(STATES_PER_SLOT * 700);
    // Not grown: what it holds stays.
    expect([c.size, c.add(7, 9)]).toEqual([512, false]);
    c.fit(296_448 / 2);
    expect(c.size).toBe(8192);
    // A bigger cache starts empty: it forgets (a claim sent again), never invents one.
    expect(c.add(7, 9)).toBe(true);
    c.fit(100);
    expect(c.size).toBe(8192);
    c.fit(10_000_000);
    expect([c.size, c.bytes]).toEqual([65_536, 65_536 * 8]);
  });
});
