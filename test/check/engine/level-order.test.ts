/**
 * The one-thread order kept on several threads (`check/engine/frontier/level-order.ts`): its parts exactly, and a
 * search on two or three workers from the start reporting the one thread's counterexample step for step. (Before, which
 * of the shortest traces was reported depended on the number of threads, on every row below: two-phase-commit with
 * commit-needs-all-prepared off on two workers said "rm1 committed while rm2 aborted" where one thread says "rm2
 * committed while rm1 aborted".)
 */
import { describe, expect, test } from 'vitest';
import {
  keyOf,
  LevelIndex,
  orderOf,
  ranksOf,
  sortByKey,
  sortedKeys,
} from '../../../check/engine/frontier/level-order.js';
import { Links } from '../../../check/engine/store/links.js';
import { ORDER_ROWS, workersFromStart } from '../../helpers/level-order.js';

describe('ranks of a level held by several threads', () => {
  const f = (xs: number[]) => Float64Array.from(xs);
  const sorted = (xs: number[]) => sortedKeys(f(xs), sortByKey(f(xs), xs.length));
  const ranks = (mine: number[], ...others: number[][]) => [
    ...ranksOf(f(mine), sortByKey(f(mine), mine.length), others.map(sorted)),
  ];
  test('each thread ranks its states in the whole level from its keys and the others sorted', () => {
    // Thread A keeps keys 7, 2, 12; thread B keeps 5, 3; thread C keeps 9. The level in key order: 2 3 5 7 9 12.
    const [a, b, c] = [[7, 2, 12], [5, 3], [9]];
    expect(ranks(a, b, c)).toEqual([3, 0, 5]);
    expect(ranks(b, a, c)).toEqual([2, 1]);
    expect(ranks(c, a, b)).toEqual([4]);
    expect(ranks([], a)).toEqual([]);
    // Keys as a thread holds them, in a buffer with room past the `n` kept: the ranks are of the kept alone.
    const room = f([7, 2, 12, 0, 0, 0]);
    expect([...ranksOf(room, sortByKey(room, 3), [sorted(b), sorted(c)])]).toEqual([3, 0, 5]);
  });
  test('the radix sort orders keys whose parents need one, two and three passes, as a comparison sort does', () => {
    for (const most of [2000, 3_000_000, 2 ** 31 - 1]) {
      const keys: number[] = [];
      const seen = new Set<number>();
      for (let i = 0; keys.length < 3000; i++) {
        const k = keyOf(Math.floor((((i * 2654435761) % 4294967296) / 4294967296) * most), (i * 37) % 256);
        if (!seen.has(k)) keys.push(k);
        seen.add(k);
      }
      const order = sortByKey(f(keys), keys.length);
      expect([...sortedKeys(f(keys), order)]).toEqual([...keys].sort((x, y) => x - y));
    }
  });
  test('a level is expanded in the order of its ranks; the kept past `n` are not of it', () => {
    expect([...orderOf(Int32Array.from([40, 3, 17, 0, 99]), 4)]).toEqual([3, 1, 2, 0]);
    expect([...orderOf(new Int32Array(0), 0)]).toEqual([]);
  });
  test("a key orders by the parent's rank, then by the action's index (at most 255)", () => {
    expect(keyOf(3, 255) < keyOf(4, 0)).toBe(true);
    expect(keyOf(2 ** 31 - 1, 255)).toBe((2 ** 31 - 1) * 256 + 255);
  });
});

describe("the owner's index of a level's states", () => {
  test('finds each state admitted, through growth, and nothing once cleared', () => {
    const index = new LevelIndex();
    // Fingerprints whose low words are all even (an owner's, of two threads): the index must still spread them.
    for (let i = 0; i < 5000; i++) index.add(i * 7919, 2 * i, 10 * i, 3 * i, i + 0.5, i % 3, i);
    expect(index.size).toBe(5000);
    for (let i = 0; i < 5000; i += 7) {
      const e = index.find(i * 7919, 2 * i);
      const entry = [index.locals[e], index.ids[e], index.his[e], index.los[e], index.keys[e], index.keepers[e]];
      expect([...entry, index.at[e]]).toEqual([10 * i, 3 * i, i * 7919, 2 * i, i + 0.5, i % 3, i]);
    }
    expect(index.find(1, 3)).toBe(-1);
    index.clear();
    expect([index.size, index.find(0, 0), index.find(7919, 2)]).toEqual([0, -1, -1]);
    index.add(7919, 2, 1, 2, 3, 4, 5);
    expect(index.find(7919, 2)).toBe(0);
  });
});

describe('a link set again (Links.set)', () => {
  test('replaces the parent and action of one state, its neighbours untouched, at every width', () => {
    for (const max of [100, 70_000, 2 ** 31]) {
      const l = new Links(max);
      const n = 3000;
      for (let i = 0; i < n; i++) l.add(i === 0 ? -1 : (i * 31) % Math.min(i, max), i % 200);
      for (let i = 1; i < n; i += 3) l.set(i, (i * 17) % Math.min(i, max), 255 - (i % 50));
      for (let i = 0; i < n; i++) {
        const changed = i % 3 === 1;
        const parent = i === 0 ? -1 : changed ? (i * 17) % Math.min(i, max) : (i * 31) % Math.min(i, max);
        expect([l.parentOf(i), l.actionOf(i)]).toEqual([parent, changed ? 255 - (i % 50) : i % 200]);
      }
    }
  });
});

// Two-phase-commit and kafka-txn with fencing off here; the other rows in test/slow/level-order.test.ts.
describe('a search on workers from the start reports the one-thread trace', () => {
  workersFromStart(ORDER_ROWS.filter((r) => r.fast));
});
