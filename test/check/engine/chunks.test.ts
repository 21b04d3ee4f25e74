import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { newFrontier } from '../../../check/engine/frontier/frontier.js';
import { ChunkPool, Chunks } from '../../../check/engine/store/chunks.js';
import { WordBuffer } from '../../../model/core/words.js';
import { kafkaTxnModel } from '../../../model/kafka-txn/model.js';
import { cfg } from '../../helpers/check.js';
import { lampEntry } from '../../toy/lamp.js';

const buffer = (words: readonly number[]): WordBuffer => {
  const w = new WordBuffer();
  for (const x of words) w.push(x);
  return w;
};

const read = (c: Chunks, k: number, n: number): number[] => Array.from(c.words(k).subarray(0, n));

describe('Chunks', () => {
  test('gives back every sequence of 32-bit words it kept, extremes included', () => {
    const word = fc.oneof(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.constantFrom(0, -1, 1, 63, 64, -64, -65, 127, 128, 8191, 8192, 2 ** 31 - 1, -(2 ** 31)),
    );
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 300 }), { maxLength: 40 }), (seqs) => {
        const c = new Chunks(new ChunkPool());
        for (const s of seqs) c.add(buffer(s));
        expect(c.length).toBe(seqs.length);
        seqs.forEach((s, k) => {
          expect(read(c, k, s.length)).toEqual(s);
        });
      }),
    );
  });

  test('read again, a sequence is the same after any adds, truncations and other reads between', () => {
    // The last sequence read is returned without reading it again: a truncation that drops it, and the sequence
    // added in its place under its number, must not be answered from it.
    const op = fc.oneof(
      fc.record({ read: fc.nat(12), twice: fc.boolean() }),
      fc.record({ add: fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 20 }) }),
      fc.record({ truncate: fc.nat(12) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const c = new Chunks(new ChunkPool());
        const kept: number[][] = [];
        for (const o of ops) {
          if ('add' in o) {
            c.add(buffer(o.add));
            kept.push(o.add);
          } else if ('truncate' in o) {
            c.truncate(o.truncate);
            kept.length = Math.min(kept.length, o.truncate);
          } else if (o.read < kept.length) {
            expect(read(c, o.read, kept[o.read]!.length)).toEqual(kept[o.read]);
            if (o.twice) expect(read(c, o.read, kept[o.read]!.length)).toEqual(kept[o.read]);
          } else expect(() => c.words(o.read)).toThrow(/read after the level was released/);
        }
      }),
    );
    const c = new Chunks(new ChunkPool());
    for (let k = 0; k < 3; k++) c.add(buffer([k, k]));
    expect(read(c, 2, 2)).toEqual([2, 2]);
    c.truncate(2);
    c.add(buffer([7, 8]));
    expect(read(c, 2, 2)).toEqual([7, 8]);
    c.release();
    expect(() => c.words(2)).toThrow(/read after the level was released/);
  });

  test('copies a sequence onto the end of a buffer, as many words as it kept (a search handed over, baton.ts)', () => {
    const word = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 300 }), { minLength: 1, maxLength: 20 }), (seqs) => {
        const c = new Chunks(new ChunkPool());
        for (const s of seqs) c.add(buffer(s));
        // Read out of order, after a longer sequence than the one copied, onto what the buffer already held.
        const into = buffer([7, -7]);
        const order = seqs.map((_, k) => k).reverse();
        for (const k of order) {
          c.words(order[0]!);
          c.copyTo(k, into);
        }
        expect(Array.from(into.words.subarray(0, into.length))).toEqual([7, -7, ...order.flatMap((k) => seqs[k]!)]);
      }),
    );
  });

  test('a small word takes a byte: a level of typical states takes about a quarter of their words', () => {
    const c = new Chunks(new ChunkPool());
    const state = Array.from({ length: 100 }, (_, i) => (i % 5 === 0 ? -1 : i % 40));
    // A state of 100 words of one byte takes 101 bytes (one for its length). A 4 MiB chunk takes another while
    // the most it could need (5 bytes a word and the length: 505) fits: 41,523 of them (101 x 41,522 + 505 is
    // at most 4,194,304; 101 x 41,523 + 505 is not).
    for (let k = 0; k < 41_523; k++) c.add(buffer(state));
    expect(c.bytes).toBe(4 * 2 ** 20);
    expect(read(c, 41_522, 100)).toEqual(state);
    c.add(buffer(state));
    expect(c.bytes).toBe(8 * 2 ** 20);
    expect(read(c, 41_523, 100)).toEqual(state);
  });

  test('a sequence larger than a chunk gets a chunk of its own', () => {
    const c = new Chunks(new ChunkPool());
    const big = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919 - 2 ** 30) | 0);
    c.add(buffer([1, 2, 3]));
    c.add(buffer(big));
    c.add(buffer([4]));
    expect(read(c, 0, 3)).toEqual([1, 2, 3]);
    // Compared word by word: a million-element toEqual is slow.
    const back = c.words(1);
    let same = 0;
    for (let i = 0; i < big.length; i++) if (back[i] === big[i]) same++;
    expect(same).toBe(big.length);
    expect(read(c, 2, 1)).toEqual([4]);
  });

  test('truncate forgets the sequences after the first n; the next one added takes number n', () => {
    const c = new Chunks(new ChunkPool());
    for (let k = 0; k < 5; k++) c.add(buffer([k, -k]));
    c.truncate(2);
    expect(c.length).toBe(2);
    c.add(buffer([9]));
    expect(read(c, 1, 2)).toEqual([1, -1]);
    expect(read(c, 2, 1)).toEqual([9]);
  });

  test('released, its chunks go to the pool for the next level, and reading it throws', () => {
    const pool = new ChunkPool();
    const first = new Chunks(pool);
    for (let k = 0; k < 30_000; k++) first.add(buffer(Array.from({ length: 200 }, () => k % 100)));
    expect(first.bytes).toBe(8 * 2 ** 20);
    first.release();
    expect(pool.size).toBe(2);
    expect(() => first.words(0)).toThrow('internal: state 0 of a level read after the level was released');
    const next = new Chunks(pool);
    next.add(buffer([5, 6]));
    expect(pool.size).toBe(1);
    expect(read(next, 0, 2)).toEqual([5, 6]);
  });
});

describe('a search level', () => {
  test('released, it gives its chunks to the next level and a read of it throws, kept as words or as objects', () => {
    const m = kafkaTxnModel;
    const s0 = m.init(cfg(m.keys));
    const pool = new ChunkPool();
    const words = newFrontier(m, s0, 0, pool);
    words.push(s0, 7);
    expect(words.state(0)).toEqual(s0);
    words.release();
    expect(pool.size).toBe(1);
    expect(words.length).toBe(0);
    expect(() => words.state(0)).toThrow('read after the level was released');
    const next = newFrontier(m, s0, 0, pool);
    next.push(s0, 8);
    expect(pool.size).toBe(0);
    expect([next.state(0), next.id(0)]).toEqual([s0, 8]);

    // A model without its own decoding, its level kept as objects (tests keep them so up to a bound).
    const lamp = lampEntry.model;
    const l0 = lamp.init(cfg(lamp.keys));
    const objects = newFrontier(lamp, l0, Number.POSITIVE_INFINITY, pool);
    objects.push(l0, 1);
    expect(objects.state(0)).toBe(l0);
    objects.release();
    expect(() => objects.state(0)).toThrow('read after the level was released');
  });
});
