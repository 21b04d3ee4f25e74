/**
 * Symmetry reduction keeps every verdict: every row of the safeguard table, unsafe and safe,
 * of a model that declares a symmetry (kafka-txn's apps, two-phase-commit's resource managers), searched
 * with and without `symmetry` at the same depth, gives the same status, an unsafe row's first invariant
 * is one it breaks, and a safe row keeps at most the full search's states (fewer where the reduction
 * applies: kafka-txn searches replicated runs and runs whose producer ids move without it, and says so
 * by keeping every state).
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { checkNamed, defaultDepth, safe, unsafe } from './safeguards.js';

/** Whether the model declares a symmetry. */
const declares = (model: string): boolean =>
  catalog.get(model)!.open((e) => e.model.fast.encodeSymmetric !== undefined);

function both(model: string, set: readonly string[], depth: number) {
  // Verdicts only: no search past the first counterexample for a shorter one.
  const opts = { mode: 'exhaustive', depth, maxStates: 2_000_000, shortestStates: 0 } as const;
  return { full: checkNamed(model, set, opts), reduced: checkNamed(model, set, { ...opts, symmetry: true }) };
}

/** Whether the reduction has apps to rename: not with replicas, nor with one app alone (no other to swap it with). */
const symmetric = (set: readonly string[]): boolean =>
  !set.some((p) => (p.startsWith('replication.factor=') && p !== 'replication.factor=1') || p === 'producers=1');

describe('symmetry reduction keeps the verdict of every safeguard row', () => {
  for (const c of unsafe.filter((r) => declares(r.model)))
    test(`${c.model} ${c.set.join(' ')}: violated either way`, () => {
      const { full, reduced } = both(c.model, c.set, c.depth ?? defaultDepth(c.model));
      expect([full.status, reduced.status]).toEqual(['violation', 'violation']);
      expect(c.breaks).toContain(reduced.violations[0]?.invariant);
    });
  for (const c of safe.filter((r) => declares(r.model)))
    test(`${c.model} ${c.set.join(' ') || 'defaults'}: holds either way`, () => {
      const { full, reduced } = both(c.model, c.set, Math.min(c.depth, defaultDepth(c.model)));
      expect([full.status, reduced.status]).toEqual(['ok', 'ok']);
      if (symmetric(c.set)) expect(reduced.distinct!).toBeLessThan(full.distinct!);
      else expect(reduced.distinct).toBe(full.distinct);
    });
});
