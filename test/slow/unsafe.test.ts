/**
 * Unsafe settings are found: exhaustive at the model's default depth (or the row's own), random on one of three
 * seeds.
 */
import { describe, expect, test } from 'vitest';
import { checkNamed, defaultDepth, unsafe } from './safeguards.js';

describe("unsafe settings are found: exhaustive at the default (or the row's) depth, random on one of 3 seeds", () => {
  for (const c of unsafe) {
    const label = `${c.model} ${c.set.join(' ')}`;
    test(`${label}: ${c.breaks.join(' or ')}`, () => {
      const depth = c.depth ?? defaultDepth(c.model);
      const x = checkNamed(c.model, c.set, { mode: 'exhaustive', depth, maxStates: 2_000_000 });
      expect(c.breaks).toContain(x.violations[0]?.invariant);
      if (c.random === false) return;
      // Seeds in turn, up to the first that finds it.
      const finds = (seed: number): boolean => {
        const r = checkNamed(c.model, c.set, { mode: 'random', runs: 2000, seed, maxSteps: 40 });
        return r.status === 'violation' && c.breaks.includes(r.violations[0]!.invariant);
      };
      expect([1, 2, 3].some(finds)).toBe(true);
    });
  }
});
