/** The fingerprint store, the hash and the canonical encodings. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FingerprintSet } from '../../../check/engine/store/fingerprint-set.js';
import { collisionProbability, fingerprint, StreamingFingerprint } from '../../../check/engine/store/hash.js';
import { Links } from '../../../check/engine/store/links.js';
import { encodePlain } from '../../../model/core/plain.js';
import { WordBuffer } from '../../../model/core/words.js';

const fpOf = (value: unknown): string => {
  const w = new WordBuffer();
  encodePlain(value, w);
  const fp = { hi: 0, lo: 0 };
  fingerprint(w.words, w.length, fp);
  return `${fp.hi}:${fp.lo}`;
};

describe('FingerprintSet', () => {
  test('keeps every fingerprint as it grows, and nothing else', () => {
    const set = new FingerprintSet(16);
    for (let i = 1; i <= 200_000; i++) expect(set.add((i * 2654435761) >>> 0, i)).toBe(true);
    expect(set.size).toBe(200_000);
    for (let i = 1; i <= 200_000; i += 997) {
      expect(set.has((i * 2654435761) >>> 0, i)).toBe(true);
      expect(set.add((i * 2654435761) >>> 0, i)).toBe(false);
      expect(set.has((i * 2654435761) >>> 0, i + 1)).toBe(false);
    }
    // 8 bytes a slot, grown by 30% at 90% full: between 8/0.9 and 1.3 * 8/0.9 bytes a state.
    expect(set.bytes / set.size).toBeGreaterThan(8.8);
    expect(set.bytes / set.size).toBeLessThan(11.6);
  });
  test('never grows past what its limit needs, and holds the limit', () => {
    const set = new FingerprintSet(16, 50_000);
    for (let i = 1; i <= 50_000; i++) set.add(i, (i * 40503) >>> 0);
    expect(set.size).toBe(50_000);
    // The slots the limit needs, and the tail of 4 spare slots past the last home.
    expect(set.bytes).toBeLessThanOrEqual(8 * (Math.ceil(50_000 / 0.9) + 1 + 4));
    for (let i = 1; i <= 50_000; i += 101) expect(set.has(i, (i * 40503) >>> 0)).toBe(true);
  });
  test('agrees with a Set on random fingerprints, colliding homes included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 40 }), fc.nat({ max: 40 })), { maxLength: 400 }), (pairs) => {
        const set = new FingerprintSet(4);
        const ref = new Set<string>();
        for (const [h, l] of pairs) {
          if (h === 0 && l === 0) continue;
          expect(set.add(h, l)).toBe(!ref.has(`${h}:${l}`));
          ref.add(`${h}:${l}`);
        }
        for (let h = 0; h <= 40; h++)
          for (let l = 0; l <= 40; l++) if (h || l) expect(set.has(h, l)).toBe(ref.has(`${h}:${l}`));
        expect(set.size).toBe(ref.size);
      }),
      { seed: 4, numRuns: 60 },
    );
  });
  /** A fingerprint whose 32-bit placement key (`keyOf` in fingerprint-set.ts) is `key`. */
  const withKey = (hi: number, key: number): [number, number] => [hi >>> 0, (key ^ Math.imul(hi, 0x9e3779b1)) >>> 0];
  const keyOf = (hi: number, lo: number): number => (lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0;
  test('holds its fingerprints in key order through every growth, runs past the last home included', () => {
    // Keys drawn from a few narrow bands (the top of the range: runs that pass the last home into the tail; equal
    // keys: ties broken by the other half), into a set that starts small and grows many times.
    const band = fc.oneof(
      fc.integer({ min: 2 ** 32 - 3000, max: 2 ** 32 - 1 }),
      fc.integer({ min: 0, max: 2000 }),
      fc.constantFrom(2 ** 31, 2 ** 31 + 1),
      fc.nat({ max: 2 ** 32 - 1 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 50 }), band), { minLength: 1, maxLength: 3000 }), (pairs) => {
        const set = new FingerprintSet(4);
        const ref = new Set<string>();
        for (const [h, k] of pairs) {
          const [hi, lo] = withKey(h + 1, k);
          expect(set.add(hi, lo)).toBe(!ref.has(`${hi}:${lo}`));
          ref.add(`${hi}:${lo}`);
        }
        expect(set.size).toBe(ref.size);
        for (const [h, k] of pairs) {
          expect(set.has(...withKey(h + 1, k))).toBe(true);
          expect(set.has(...withKey(h + 52, k))).toBe(false);
        }
        const keys: number[] = [];
        set.forEach((hi, lo) => {
          keys.push(keyOf(hi, lo));
        });
        expect(keys.length).toBe(ref.size);
        for (let i = 1; i < keys.length; i++) expect(keys[i]!).toBeGreaterThanOrEqual(keys[i - 1]!);
      }),
      { seed: 12, numRuns: 40 },
    );
  });
  test('a run longer than the tail of spare slots lengthens the tail', () => {
    // 5,000 fingerprints with the largest key share the last home: their run reaches 5,000 slots past it.
    const set = new FingerprintSet(16, 100_000);
    for (let i = 1; i <= 5000; i++) expect(set.add(...withKey(i, 2 ** 32 - 1))).toBe(true);
    for (let i = 1; i <= 5000; i++) expect(set.has(...withKey(i, 2 ** 32 - 1))).toBe(true);
    expect(set.has(...withKey(5001, 2 ** 32 - 1))).toBe(false);
    expect(set.bytes / 8).toBeGreaterThan(5000);
  });
  test('links rebuild the path of action indices from the initial state', () => {
    const l = new Links(100);
    const a = l.add(-1, 0);
    const b = l.add(a, 3);
    const c = l.add(b, 1);
    l.add(a, 2);
    expect(l.pathTo(c)).toEqual([3, 1]);
    expect(l.pathTo(a)).toEqual([]);
  });
  test('packed links keep every parent and action, across chunks and word boundaries', () => {
    for (const max of [5, 1000, 2 ** 24 - 2, 2 ** 31]) {
      const l = new Links(max);
      const n = 20_000;
      for (let i = 0; i < n; i++) l.add(i === 0 ? -1 : (i * 7919) % Math.min(i, max), i % 256);
      for (let i = 0; i < n; i += 37) {
        expect(l.parentOf(i)).toBe(i === 0 ? -1 : (i * 7919) % Math.min(i, max));
        expect(l.actionOf(i)).toBe(i % 256);
      }
    }
    // 24 bits of parent and a byte of action: 4 bytes a state, plus at most half of the last chunk.
    const big = new Links(10_000_000);
    for (let i = 0; i < 100_000; i++) big.add(i - 1, 1);
    expect(big.bytes / big.size).toBeLessThan(4.4);
  });
});

describe('fingerprints of encodings', () => {
  test('equal plain data gives equal fingerprints (in any process: no interning)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => fpOf(v) === fpOf(JSON.parse(JSON.stringify(v)))),
      { seed: 1, numRuns: 300 },
    );
  });
  test('different data gives different fingerprints', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        (a, b) => JSON.stringify(a) === JSON.stringify(b) || fpOf(a) !== fpOf(b),
      ),
      { seed: 2, numRuns: 500 },
    );
    expect(fpOf([1, 2])).not.toBe(fpOf([2, 1]));
    expect(fpOf({ a: 1, b: null })).not.toBe(fpOf({ a: 1, b: false }));
    expect(fpOf('ab')).not.toBe(fpOf('ba'));
  });
  test('the streaming fingerprint is the fingerprint of the buffer (any word: signed, unsigned, float bits)', () => {
    const word = fc.oneof(fc.integer(), fc.nat({ max: 2 ** 32 - 1 }), fc.constantFrom(0, -1, 2 ** 31, 0x7fff0004));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 300 }), fc.jsonValue(), (words, v) => {
        const buf = new WordBuffer();
        const stream = new StreamingFingerprint();
        for (const w of words) {
          buf.push(w);
          stream.push(w);
        }
        encodePlain(v, buf);
        encodePlain(v, stream);
        const a = { hi: 0, lo: 0 };
        const b = { hi: 0, lo: 0 };
        fingerprint(buf.words, buf.length, a);
        stream.finish(b);
        stream.reset();
        return a.hi === b.hi && a.lo === b.lo;
      }),
      { seed: 4, numRuns: 400 },
    );
  });
  test('the collision probability is stated as TLC states it', () => {
    expect(collisionProbability(296_448, 2_744_705)).toBeCloseTo((296_448 * (2_744_705 - 296_448)) / 2 ** 64, 20);
  });
});
