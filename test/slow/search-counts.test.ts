/**
 * The larger state counts `test/slow/check/engine/search.test.ts` leaves here: two-phase-commit with 8
 * RMs on two workers, TLC's 1,745,408 distinct states.
 */
import { describe, expect, test } from 'vitest';
import { twoPhaseCommitEntry } from '../../catalog/two-phase-commit.js';
import { exhaustiveParallel } from '../../check/engine/parallel/parallel.js';
import { cfg, flatten, record } from '../helpers/check.js';

describe('two-phase-commit distinct states on workers', () => {
  test('rm.count=8: 1,745,408 on two workers, as on one (the bench times both)', async () => {
    const pairs = ['rm.count=8'];
    const e = twoPhaseCommitEntry;
    const named = { model: e.model.name, config: record(e.model.keys, ...pairs), invariants: null };
    const all = { mode: 'exhaustive', depth: 1000, maxStates: 10_000_000 } as const;
    const c = { model: e.model, invariants: e.invariants };
    const r = flatten(await exhaustiveParallel(c, e.model.init(cfg(e.model.keys, ...pairs)), named, all, 2));
    expect([r.distinct, r.steps, r.bound]).toEqual([1_745_408, 18_507_777, null]);
    expect(r.bytesPerState).toBeLessThanOrEqual(16);
  });
});
