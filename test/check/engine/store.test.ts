/** The fingerprint store, the hash and the canonical encodings. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FingerprintSet, Links } from '../../../check/engine/fingerprint-set.js';
import { collisionProbability, fingerprint } from '../../../check/engine/hash.js';
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
  test('keeps every fingerprint through many doublings, and nothing else', () => {
    const set = new FingerprintSet(16);
    for (let i = 1; i <= 200_000; i++) expect(set.add((i * 2654435761) >>> 0, i)).toBe(true);
    expect(set.size).toBe(200_000);
    for (let i = 1; i <= 200_000; i += 997) {
      expect(set.has((i * 2654435761) >>> 0, i)).toBe(true);
      expect(set.add((i * 2654435761) >>> 0, i)).toBe(false);
      expect(set.has((i * 2654435761) >>> 0, i + 1)).toBe(false);
    }
    // 8 bytes a slot, at most 85% full after the last doubling: between 8/0.85 and 2 * 8/0.85 bytes a state.
    expect(set.bytes / set.size).toBeGreaterThan(9.4);
    expect(set.bytes / set.size).toBeLessThan(18.9);
  });
  test('links rebuild the path of action indices from the initial state', () => {
    const l = new Links();
    const a = l.add(-1, 0);
    const b = l.add(a, 3);
    const c = l.add(b, 1);
    l.add(a, 2);
    expect(l.pathTo(c)).toEqual([3, 1]);
    expect(l.pathTo(a)).toEqual([]);
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
  test('the collision probability is stated as TLC states it', () => {
    expect(collisionProbability(296_448, 2_744_705)).toBeCloseTo((296_448 * (2_744_705 - 296_448)) / 2 ** 64, 20);
  });
});
