/**
 * Safe configurations hold over campaign seeds (the first in the slow suite, five in the deep one) and a deeper
 * exhaustive bound.
 */
import { describe, expect, test } from 'vitest';
import { deep } from '../helpers/tier.js';
import { SEEDS as ALL_SEEDS, checkNamed, safe } from './safeguards.js';

const SEEDS = deep ? ALL_SEEDS : ALL_SEEDS.slice(0, 1);

describe('safe configurations hold: campaign seeds and a deeper exhaustive bound', () => {
  for (const c of safe) {
    const label = `${c.model} ${c.set.join(' ') || 'defaults'}`;
    test(`${label}: random, seeds ${SEEDS.join(', ')}, ${c.runs} runs each`, () => {
      for (const seed of SEEDS) {
        const r = checkNamed(c.model, c.set, { mode: 'random', runs: c.runs, seed, maxSteps: 40 });
        expect({ seed, violations: r.violations }).toEqual({ seed, violations: [] });
      }
    });
    test(`${label}: exhaustive to depth ${c.depth}`, () => {
      const r = checkNamed(c.model, c.set, { mode: 'exhaustive', depth: c.depth, maxStates: 2_000_000 });
      expect(r.violations).toEqual([]);
      expect(r.bound === null || r.bound === 'depth').toBe(true);
    });
  }
});
