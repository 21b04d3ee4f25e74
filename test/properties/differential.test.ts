/**
 * The differential test of the fast path against plain `step`, every model at its defaults, at a scale that keeps
 * `npm test` short. `npm run test:slow` runs every config of every model at the same scale and
 * `npm run test:deep` at ten times (test/slow/differential/, one file per model), and a test below holds every model
 * to a file there.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { differentialSuite } from '../helpers/differential.js';

differentialSuite({ walks: 4, bfs: 150, drainWalks: 2, drainBfs: 40, searchStates: 600, configs: 1, always: 0 });

describe('the slow differential test', () => {
  test('has a file for every model of the catalog', () => {
    const files = readdirSync(new URL('../slow/differential/', import.meta.url));
    const missing = catalog.models
      .map((m) => m.name)
      .filter((name) => !files.some((f) => f === `${name}.test.ts` || f.startsWith(`${name}-`)));
    expect(missing).toEqual([]);
  });
});
