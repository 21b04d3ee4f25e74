/**
 * Partial-order reduction keeps every verdict: rows of the safeguard table, unsafe and
 * safe (all of a model that declares footprints, one of each other model), searched with and without
 * `por` at the same depth give the same status, an unsafe row's first invariant is one it breaks, and
 * a model that declares no footprints (the Kafka models so far) is searched in full: the same distinct
 * states. The footprints themselves are checked on reached states in the fast suite
 * (test/helpers/por.ts through the differential test).
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { checkNamed, defaultDepth, rowsFor, safe, unsafe } from './safeguards.js';

/** Whether the model declares what partial-order reduction needs. */
const declares = (model: string): boolean => catalog.get(model)!.open((e) => e.model.por !== null);

function both(model: string, set: readonly string[], depth: number) {
  const opts = { mode: 'exhaustive', depth, maxStates: 2_000_000 } as const;
  return { full: checkNamed(model, set, opts), reduced: checkNamed(model, set, { ...opts, por: true }) };
}

describe('partial-order reduction keeps the verdict of every safeguard row', () => {
  for (const c of rowsFor(unsafe, declares))
    test(`${c.model} ${c.set.join(' ')}: violated either way`, () => {
      const { full, reduced } = both(c.model, c.set, c.depth ?? defaultDepth(c.model));
      expect([full.status, reduced.status]).toEqual(['violation', 'violation']);
      expect(c.breaks).toContain(reduced.violations[0]?.invariant);
      if (!declares(c.model)) expect(reduced.distinct).toBe(full.distinct);
    });
  for (const c of rowsFor(safe, declares))
    test(`${c.model} ${c.set.join(' ') || 'defaults'}: holds either way`, () => {
      const depth = Math.min(c.depth, defaultDepth(c.model));
      const { full, reduced } = both(c.model, c.set, depth);
      expect([full.status, reduced.status]).toEqual(['ok', 'ok']);
      if (!declares(c.model)) expect(reduced.distinct).toBe(full.distinct);
      else expect(reduced.distinct!).toBeLessThanOrEqual(full.distinct!);
    });
});
