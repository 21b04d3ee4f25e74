/**
 * The sleep-set measurement (`bench/sleep-oracle.ts`): with the exact independence it skips transitions and
 * meets every level's states; with a wrong independence (every pair independent) a level differs.
 */
import { describe, expect, test } from 'vitest';
import { sleepOracle } from '../../bench/sleep-oracle.js';
import { catalog } from '../../catalog/index.js';
import { resolve } from '../../model/core/config.js';
import type { AnyAction, Model } from '../../model/core/model.js';

/** The levels of `name` under `pairs` to `depth`, with the oracle or every pair independent. */
function levels(name: string, pairs: [string, string][], depth: number, everyPair = false) {
  return catalog.get(name)!.open((e) => {
    const r = resolve(e.model.keys, pairs, name);
    if (!r.ok) throw new Error(r.error);
    const model = e.model as unknown as Model<unknown, AnyAction>;
    return sleepOracle(model, model.init(r.value.config), depth, everyPair ? () => true : undefined);
  });
}

describe('sleep sets with an exact independence', () => {
  test('kafka-txn at its defaults: the same states at every level, 37% of the transitions to depth 6 skipped', () => {
    const ls = levels('kafka-txn', [], 6);
    expect(ls.map((l) => l.states)).toEqual([4, 11, 30, 85, 242, 658]);
    expect(ls.map((l) => l.transitions)).toEqual([4, 18, 60, 182, 560, 1686]);
    expect(ls.map((l) => l.executed)).toEqual([4, 15, 45, 130, 376, 1062]);
    expect(ls.map((l) => l.skipped)).toEqual([0, 3, 15, 52, 184, 624]);
    expect(ls.every((l) => l.same)).toBe(true);
    // Every transition is taken or skipped.
    for (const l of ls) expect(l.executed + l.skipped).toBe(l.transitions);
  });

  test('two-phase-commit, searched to its end: the same states, fewer transitions', () => {
    const ls = levels('two-phase-commit', [['rm.count', '3']], 10);
    expect(ls.every((l) => l.same)).toBe(true);
    const last = ls.at(-1)!;
    expect(last.skipped).toBeGreaterThan(0);
    expect(last.executed + last.skipped).toBe(last.transitions);
  });

  test('a wrong independence loses states, and the levels say so', () => {
    const ls = levels('kafka-txn', [], 4, true);
    expect(ls.some((l) => !l.same)).toBe(true);
  });
});
