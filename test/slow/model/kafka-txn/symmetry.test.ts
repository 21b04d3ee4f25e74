/**
 * kafka-txn's symmetric encoding (the least encoding over every renaming of the apps) against its
 * definition, on states of seeded walks with two and three apps: the same words, whether or not the
 * state's arrays are already in canonical order (the encoding skips the identity renaming's copy when
 * they are), and the same words for every renaming of a state (one encoding per orbit). What makes the
 * encoding sound: renaming commutes with stepping (the renamed state's actions are the renamed actions,
 * its successors the renamed successors). The drain finishes apps in index order: every renaming drains
 * to the same verdict, not always in as many steps.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { SearchCore } from '../../../../check/engine/search/search-core.js';
import type { Words } from '../../../../model/core/model.js';
import { WordBuffer } from '../../../../model/core/words.js';
import { kafkaTxnKeys } from '../../../../model/kafka-txn/config.js';
import { kafkaTxnModel } from '../../../../model/kafka-txn/model.js';
import { renamings } from '../../../../model/kafka-txn/renamings.js';
import type { KafkaTxnState } from '../../../../model/kafka-txn/state.js';
import { encodeSymmetric, PERMS, renameApps, renames } from '../../../../model/kafka-txn/symmetry.js';
import { cfg } from '../../../helpers/check.js';

const words = (encode: (s: KafkaTxnState, out: Words) => void, s: KafkaTxnState): string => {
  const b = new WordBuffer();
  encode(s, b);
  return Array.from(b.words.subarray(0, b.length)).join(',');
};

/** The model's encoding of `s` renamed by `pi` (of `s` itself without one). */
const encoded = (s: KafkaTxnState, pi?: readonly number[]): string =>
  words((x, out) => kafkaTxnModel.fast.encode(pi ? renameApps(x, pi) : x, out), s);

/** Every permutation of 0..n-1. */
const perms = (n: number): number[][] =>
  n <= 1
    ? [[0]]
    : perms(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));

/** The definition: the least encoding of the state renamed every way (shorter first on a common prefix). */
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

describe('every renaming drains to the same verdict, not always as soon', () => {
  const c = { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants };
  const distance = (s: KafkaTxnState): number => {
    const k = new SearchCore(c, { symmetry: false, maxStates: 16 });
    k.fingerprint(s);
    return k.judge(s, k.fp.hi, k.fp.lo);
  };
  /** Walked states whose drain fails; renamings whose verdict, or only whose distance, differs from the state's. */
  const split = (pairs: string[]) => {
    let failing = 0;
    let verdict = 0;
    let steps = 0;
    for (const s of walked(pairs, 25, 30)) {
      const own = distance(s);
      if (own >= 0) failing += 1;
      for (let k = 0; k < renamings.count(s); k++) {
        const d = distance(renamings.state(s, k));
        if (d >= 0 !== own >= 0) verdict += 1;
        else if (d !== own) steps += 1;
      }
    }
    return { failing, verdict, steps };
  };
  test('where the configuration holds, none fails', () => {
    expect(split(['faults.network=true'])).toEqual({ failing: 0, verdict: 0, steps: 0 });
  });
  test('without epoch fencing: the same verdicts, 210 of 1,500 in another number of steps', () => {
    expect(split(['safeguard.epoch-fencing=false'])).toEqual({ failing: 339, verdict: 0, steps: 210 });
  });
});

describe('renaming commutes with stepping', () => {
  const json = (a: unknown): string => JSON.stringify(a);
  for (const pairs of [
    ['faults.network=true', 'faults.zombies=true'],
    ['producers=3', 'faults.network=true', 'faults.zombies=true'],
    // Producer ids handed out in the run: no renaming but the identity.
    ['faults.coordinator-failover=1', 'faults.producer-state-loss=true', 'kafka.version=3.5'],
    // Stale markers, made in app order at the move.
    ['faults.coordinator-failover=1', 'faults.network=true'],
    ['transaction.version=1', 'faults.network=true', 'faults.zombies=true'],
    ['safeguard.epoch-fencing=false', 'faults.zombies=true'],
    ['enable.idempotence=false', 'faults.network=true'],
    // Held InitProducerId, AddOffsetsToTxn and TxnOffsetCommit requests, a lost InitProducerId answer.
    ['transaction.version=1', 'faults.late-requests=true', 'faults.zombies=true'],
    // Requests in flight, landing in any order; librdkafka's drain for its epoch bump.
    ['faults.produce-reorder=true', 'input.records=3', 'faults.zombies=true', 'faults.network=true'],
    ['faults.produce-reorder=true', 'client=librdkafka', 'librdkafka.version=1.8.0', 'kafka.version=3.5'],
  ])
    test(`the same actions and successors, renamed, from every renaming of walked states: ${pairs.join(' ')}`, () => {
      let compared = 0;
      for (const s of walked(pairs, 12, 30)) {
        const acts = kafkaTxnModel.enabled(s);
        for (let k = 0; k < renamings.count(s); k++) {
          const r = renamings.state(s, k);
          const renamed = acts.map((a) => renamings.action(a, k, s));
          expect(kafkaTxnModel.enabled(r).map(json).sort()).toEqual(renamed.map(json).sort());
          // Compared in canonical array order (`renameApps` by the identity), where the apps can be renamed.
          const pi = PERMS[s.config.producers - 1]![k]!;
          const id = [...Array(s.config.producers).keys()];
          const canonical = (x: KafkaTxnState, p: readonly number[]) => (renames(s) ? encoded(x, p) : encoded(x));
          acts.forEach((a, i) => {
            expect(canonical(kafkaTxnModel.step(r, renamed[i]!), id)).toBe(canonical(kafkaTxnModel.step(s, a), pi));
            compared += 1;
          });
        }
      }
      expect(compared).toBeGreaterThan(500);
    });
});
