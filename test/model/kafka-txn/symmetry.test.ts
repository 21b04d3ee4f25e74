/**
 * kafka-txn's symmetric encoding (the least encoding over every renaming of the apps) against the plain
 * definition, on states of seeded walks with two and three apps: the same words, whether or not the
 * state's arrays are already in canonical order (the encoding skips the identity renaming's copy when
 * they are), and the same words for every renaming of a state (one encoding per orbit). Not a
 * symmetry of the drain: it finishes apps in index order, so the members of an orbit can drain to
 * different verdicts where the configuration breaks (the search judges the member it meets first).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { SearchCore } from '../../../check/engine/search-core.js';
import type { Words } from '../../../model/core/model.js';
import { encodePlain } from '../../../model/core/plain.js';
import { WordBuffer } from '../../../model/core/words.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { kafkaTxnModel } from '../../../model/kafka-txn/model.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { encodeSymmetric, identity, renameApps } from '../../../model/kafka-txn/symmetry.js';
import { cfg } from '../../helpers/check.js';

const words = (encode: (s: KafkaTxnState, out: Words) => void, s: KafkaTxnState): string => {
  const b = new WordBuffer();
  encode(s, b);
  return Array.from(b.words.subarray(0, b.length)).join(',');
};

/** The plain encoding of `s` renamed by `pi` (of `s` itself without one). */
const encoded = (s: KafkaTxnState, pi?: readonly number[]): string =>
  words((x, out) => {
    for (const part of identity(pi ? renameApps(x, pi) : x)) encodePlain(part, out);
  }, s);

/** Every permutation of 0..n-1. */
const perms = (n: number): number[][] =>
  n <= 1
    ? [[0]]
    : perms(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));

/** The definition: the least plain encoding of the state renamed every way (shorter first on a common prefix). */
function least(s: KafkaTxnState): string {
  const all = perms(s.config.producers).map((pi) => encoded(s, pi));
  const key = (w: string) => w.split(',').map(Number);
  return all.reduce((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? a : b;
    return x.length <= y.length ? a : b;
  });
}

/** States of seeded walks (a linear congruential generator picks the actions). */
function walked(pairs: string[], runs: number, steps: number): KafkaTxnState[] {
  let seed = 99;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
  const out: KafkaTxnState[] = [];
  for (let r = 0; r < runs; r++) {
    let s = kafkaTxnModel.init(cfg(kafkaTxnKeys, ...pairs));
    for (let i = 0; i < steps; i++) {
      const acts = kafkaTxnModel.enabled(s);
      if (acts.length === 0) break;
      s = kafkaTxnModel.step(s, acts[next() % acts.length]!);
      out.push(s);
    }
  }
  return out;
}

describe('kafka-txn symmetric encoding', () => {
  for (const pairs of [['faults.network=true'], ['producers=3', 'faults.network=true', 'faults.zombies=true']])
    test(`the least renaming, one encoding per orbit: ${pairs.join(' ')}`, () => {
      let canonical = 0;
      let reordered = 0;
      for (const s of walked(pairs, 25, 40)) {
        const w = words(encodeSymmetric, s);
        expect(w).toBe(least(s));
        for (const pi of perms(s.config.producers)) expect(words(encodeSymmetric, renameApps(s, pi))).toBe(w);
        // Both ways through the identity renaming: a state already in canonical order, and one it reorders.
        if (encoded(s, [...Array(s.config.producers).keys()]) === encoded(s)) canonical++;
        else reordered++;
      }
      expect(canonical).toBeGreaterThan(50);
      expect(reordered).toBeGreaterThan(5);
    });
});

describe('the drain is not symmetric', () => {
  const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
  const passes = (s: KafkaTxnState): boolean => {
    const k = new SearchCore(c, { symmetry: false, maxStates: 16 });
    k.fingerprint(s);
    return k.judge(s, k.fp.hi, k.fp.lo) === -1;
  };
  /** Walked states whose drain fails, and renamings whose drain's verdict differs from the state's own. */
  const split = (pairs: string[]) => {
    let failing = 0;
    let differ = 0;
    for (const s of walked(pairs, 25, 30)) {
      const own = passes(s);
      if (!own) failing += 1;
      for (const pi of perms(s.config.producers)) if (passes(renameApps(s, pi)) !== own) differ += 1;
    }
    return { failing, differ };
  };
  test('where the configuration holds, every renaming drains to the same verdict: none fails', () => {
    expect(split(['faults.network=true'])).toEqual({ failing: 0, differ: 0 });
  });
  test('without epoch fencing, 59 of 1,500 renamings drain to another verdict (app 0 finishes first)', () => {
    expect(split(['safeguard.epoch-fencing=false'])).toEqual({ failing: 345, differ: 59 });
  });
});
