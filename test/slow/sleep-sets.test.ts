/**
 * Sleep sets keep every verdict: every row of the safeguard table of a model that declares what its
 * actions read and change (kafka-txn), unsafe and safe, searched with and without them at the same depth gives the
 * same status, the same invariant first, a counterexample of the same length and the same states at every level;
 * with them, some transitions are skipped. A model that declares nothing is searched in full: one row each shows it.
 * The declarations themselves are checked on reached states in the fast suite (test/helpers/sleep.ts through the
 * differential test).
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { checkHere } from '../../check/check.js';
import type { ExhaustiveOutcome } from '../../check/types/outcome.js';
import type { AnyAction } from '../../model/core/model.js';
import { cfg } from '../helpers/check.js';
import { defaultDepth, rowsFor, safe, unsafe } from './safeguards.js';

/** Whether the model says what its actions read and change. */
const declares = (model: string): boolean => catalog.get(model)!.open((e) => e.model.access !== null);

/** The exhaustive outcomes of `model` at `set` to `depth`, with and without sleep sets. */
function both(model: string, set: readonly string[], depth: number) {
  return catalog.get(model)!.open((e) => {
    const run = (sleepSets: boolean) => {
      const c = { model: e.model, invariants: e.invariants };
      const o = checkHere(c, e.model.init(cfg(e.model.keys, ...set)), {
        mode: 'exhaustive',
        depth,
        maxStates: 2_000_000,
        sleepSets,
      });
      if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
      return o as unknown as ExhaustiveOutcome<unknown, AnyAction>;
    };
    return { on: run(true), off: run(false) };
  });
}

/** What must be the same with and without sleep sets. */
function same(on: ExhaustiveOutcome<unknown, AnyAction>, off: ExhaustiveOutcome<unknown, AnyAction>, model: string) {
  expect(on.levels).toEqual(off.levels);
  expect(on.distinct).toBe(off.distinct);
  expect(on.found?.trace.length ?? null).toBe(off.found?.trace.length ?? null);
  expect(on.shortest).toBe(off.shortest);
  expect(off.sleepSets).toBe('off');
  if (declares(model)) expect(on.sleepSets).toMatchObject({ skipped: expect.any(Number) });
  else expect(typeof on.sleepSets).toBe('string');
}

describe('sleep sets keep the verdict of every safeguard row', () => {
  for (const c of rowsFor(unsafe, declares))
    test(`${c.model} ${c.set.join(' ')}: violated either way, as soon`, () => {
      const { on, off } = both(c.model, c.set, c.depth ?? defaultDepth(c.model));
      expect([off.status, on.status]).toEqual(['violation', 'violation']);
      expect(on.found?.violations[0]?.invariant).toBe(off.found?.violations[0]?.invariant);
      expect(c.breaks).toContain(on.found?.violations[0]?.invariant);
      same(on, off, c.model);
    });
  for (const c of rowsFor(safe, declares))
    test(`${c.model} ${c.set.join(' ') || 'defaults'}: holds either way`, () => {
      const depth = Math.min(c.depth, defaultDepth(c.model));
      const { on, off } = both(c.model, c.set, depth);
      expect([off.status, on.status]).toEqual(['ok', 'ok']);
      same(on, off, c.model);
      if (declares(c.model)) {
        const skipped = (on.sleepSets as { skipped: number }).skipped;
        expect(skipped).toBeGreaterThan(0);
        expect(on.generated + skipped).toBe(off.generated);
      }
    });
});
