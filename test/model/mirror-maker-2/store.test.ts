/**
 * The offset sync store (OffsetSyncStore, 3.4.1 and 3.5+) against Kafka's own OffsetSyncStoreTest: the syncs it
 * keeps, exponentially spaced, and the translation each gives; before KAFKA-15202 fewer older syncs survive;
 * before KAFKA-15905 the first read to the end keeps only the last sync.
 */
import { describe, expect, test } from 'vitest';
import type { OffsetSync } from '../../../model/mirror-maker-2/state.js';
import { lookup, type StoreRules, storeSync } from '../../../model/mirror-maker-2/store.js';

const since15905: StoreRules = { variableSpacing: true, initialReadKeepsLast: false };
const before15905: StoreRules = { variableSpacing: true, initialReadKeepsLast: true };
const before15202: StoreRules = { variableSpacing: false, initialReadKeepsLast: true };

/** The store after syncs (o, o) for o in `from..to` by `step`, during the first read or after it. */
function feed(rules: StoreRules, store: OffsetSync[], from: number, to: number, step: number, initial: boolean) {
  let s = store;
  for (let o = from; o <= to; o += step) s = storeSync(rules, s, { u: o, d: o }, initial);
  return s;
}

/** OffsetSyncStoreTest.assertSparseSync: `sync` is stored, and the stored sync before it is `previous` (-1: none). */
function expectSparse(store: OffsetSync[], sync: number, previous: number): void {
  expect([lookup(store, sync - 1), lookup(store, sync), lookup(store, sync + 1), lookup(store, sync + 2)]).toEqual([
    previous === -1 ? null : previous + 1,
    sync,
    sync + 1,
    sync + 1,
  ]);
}

describe('OffsetSyncStore (OffsetSyncStoreTest, 3.8)', () => {
  test('testOffsetTranslation: exact at a sync, one past it after, nothing before the first', () => {
    let s = storeSync(since15905, [], { u: 100, d: 200 }, false);
    expect(lookup(s, 150)).toBe(201);
    s = storeSync(since15905, s, { u: 150, d: 251 }, false);
    expect([lookup(s, 150), lookup(s, 5)]).toEqual([251, null]);
    s = storeSync(since15905, s, { u: 200, d: 10 }, false);
    expect(lookup(s, 200)).toBe(10);
    // An upstream rewind clears every older sync.
    s = storeSync(since15905, s, { u: 20, d: 20 }, false);
    expect([lookup(s, 20), s]).toEqual([20, [{ u: 20, d: 20 }]]);
  });

  test('testPastOffsetTranslation: a first read that keeps the last sync, then 9000 offsets of syncs', () => {
    let s = feed(before15905, [], 0, 1000, 10, true);
    expect(s).toEqual([{ u: 1000, d: 1000 }]);
    expectSparse(s, 1000, -1);
    s = feed(before15905, s, 1010, 10000, 10, false);
    expectSparse(s, 1000, -1);
    for (const [sync, previous] of [
      [4840, 1000],
      [6760, 4840],
      [8680, 6760],
      [9160, 8680],
      [9640, 9160],
      [9880, 9640],
      [9940, 9880],
      [9970, 9940],
      [9990, 9970],
      [10000, 9990],
    ] as const)
      expectSparse(s, sync, previous);
  });

  test('testPastOffsetTranslationWithoutInitializationReadToEnd: the first read keeps its syncs, spaced', () => {
    const s = feed(since15905, [], 0, 1000, 10, true);
    expectSparse(s, 480, 0);
    expectSparse(s, 720, 480);
    expectSparse(s, 1000, 990);
  });
});

describe('a lagging group, syncs every other offset (offset.lag.max=1)', () => {
  const everyOther = (rules: StoreRules) => feed(rules, [], 0, 6, 2, false);
  test('the store keeps 6, 4 and 0: upstream 3 translates to 1, two records before its position', () => {
    expect([...new Set(everyOther(since15905).map((x) => x.u))]).toEqual([6, 4, 0]);
    expect(lookup(everyOther(since15905), 3)).toBe(1);
  });

  test('before KAFKA-15202 the same syncs leave the same store', () => {
    expect(everyOther(before15202)).toEqual(everyOther(since15905));
  });

  test('variably spaced syncs 0-4 then 7: KAFKA-15202 keeps 4, before it only 0 stays (5 translates to 1)', () => {
    const feedAll = (rules: StoreRules) =>
      [0, 1, 2, 3, 4, 7].reduce<OffsetSync[]>((s, o) => storeSync(rules, s, { u: o, d: o }, false), []);
    const distinct = (s: OffsetSync[]) => [...new Set(s.map((x) => x.u))];
    expect([distinct(feedAll(since15905)), lookup(feedAll(since15905), 5)]).toEqual([[7, 4, 0], 5]);
    expect([distinct(feedAll(before15202)), lookup(feedAll(before15202), 5)]).toEqual([[7, 0], 1]);
  });

  test('a first read of them before KAFKA-15905 keeps only 6: upstream 3 gets no translation', () => {
    const first = feed(before15905, [], 0, 6, 2, true);
    expect([first, lookup(first, 3)]).toEqual([[{ u: 6, d: 6 }], null]);
  });
});
