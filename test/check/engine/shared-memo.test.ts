/**
 * The drain memo the workers share: what it holds, that a full table drops entries instead of
 * growing, and that the main thread's copy into a bigger table keeps every entry. (Its concurrent
 * use is tested by the searches on worker threads in search.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { SharedMemo } from '../../../check/engine/store/shared-memo.js';

describe('SharedMemo', () => {
  test('holds what was added, and nothing else', () => {
    const m = SharedMemo.create(1024);
    for (let i = 1; i <= 500; i++) m.add(i * 7919, i * 104_729);
    expect(m.size).toBe(500);
    for (let i = 1; i <= 500; i++) expect(m.has(i * 7919, i * 104_729)).toBe(true);
    expect(m.has(7919, 104_729 * 2)).toBe(false);
    m.add(7919, 104_729);
    expect(m.size).toBe(500);
  });
  test('a zero half is stored as 1, so (0, x) and (1, x) are one entry', () => {
    const m = SharedMemo.create(1024);
    m.add(0, 5);
    expect([m.has(0, 5), m.has(1, 5), m.has(2, 5)]).toEqual([true, true, false]);
  });
  test('past 85% full it takes no more entries (a miss costs a drain, never a wrong verdict)', () => {
    const m = SharedMemo.create(1024);
    for (let i = 1; i <= 1024; i++) m.add(i, i * 31);
    expect(m.size).toBe(Math.ceil(1024 * 0.85));
    expect(m.crowded).toBe(true);
    expect(m.has(1024, 1024 * 31)).toBe(false);
  });
  test('grown keeps every entry in a bigger table, seen from another view of the same buffer', () => {
    const m = SharedMemo.create(1024);
    for (let i = 1; i <= 600; i++) m.add(-i, i);
    const g = m.grown(4096);
    const view = new SharedMemo(g.buffer);
    expect([view.size, view.crowded, view.bytes]).toEqual([600, false, (2 + 2 * 4096) * 4]);
    for (let i = 1; i <= 600; i++) expect(view.has(-i, i)).toBe(true);
  });
});
