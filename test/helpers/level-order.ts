/**
 * A search on two and three workers from the start reports the one-thread counterexample step for step
 * (`check/engine/frontier/level-order.ts`): the rows the fast suite's `test/check/engine/level-order.test.ts` and the
 * slow suite's `test/slow/level-order.test.ts` share.
 */
import { expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { exhaustiveParallel } from '../../check/engine/parallel/parallel.js';
import { exploreExhaustive } from '../../check/explore/exhaustive.js';
import { resolved } from './check.js';
import { figures } from './handoff.js';

export interface OrderRow {
  readonly model: string;
  readonly set: readonly string[];
  readonly depth: number;
  readonly symmetry?: true;
  /** Run by the fast suite (the others by the slow one). */
  readonly fast?: true;
}

/** Rows each with a violation within its depth. */
export const ORDER_ROWS: readonly OrderRow[] = [
  { model: 'kafka-txn', set: ['transaction.version=1', 'safeguard.epoch-fencing=false'], depth: 8, fast: true },
  { model: 'kafka-txn', set: ['isolation.level=read_uncommitted'], depth: 8 },
  { model: 'consume-transform-produce', set: ['safeguard.require-stable-offsets=false'], depth: 8 },
  { model: 'kafka-streams', set: ['safeguard.generation-fencing=false'], depth: 8 },
  { model: 'flink-kafka', set: ['transaction.timeout.ms=2500'], depth: 20 },
  {
    model: 'two-phase-commit',
    set: ['safeguard.commit-needs-all-prepared=false', 'rm.count=4'],
    depth: 100,
    fast: true,
  },
  // Under symmetry a fingerprint is an orbit's: the state kept is the member the first discovery in the one-thread
  // order made, whichever thread found it (the slow hand-off test has a row where the owner's own member differed).
  { model: 'kafka-txn', set: ['transaction.version=1', 'safeguard.epoch-fencing=false'], depth: 8, symmetry: true },
  {
    model: 'two-phase-commit',
    set: ['safeguard.commit-needs-all-prepared=false', 'rm.count=4'],
    depth: 100,
    symmetry: true,
    fast: true,
  },
];

/** Each row's search on two and three workers from the start against one thread's. */
export function workersFromStart(rows: readonly OrderRow[]): void {
  for (const r of rows) {
    test(`${r.model} ${r.set.join(' ')}${r.symmetry ? ', symmetry' : ''}`, async () => {
      const listed = catalog.get(r.model)!;
      await listed.open(async (e) => {
        const config = resolved(e.model.keys, ...r.set);
        const c = { model: e.model, invariants: e.invariants };
        const named = { model: r.model, config: config.record, invariants: null };
        const opts = { mode: 'exhaustive', depth: r.depth, maxStates: 1_000_000, symmetry: r.symmetry } as const;
        const one = figures(exploreExhaustive(c, e.model.init(config.config), opts));
        expect(one.status).toBe('violation');
        for (const workers of [2, 3]) {
          const many = await exhaustiveParallel(c, e.model.init(config.config), named, opts, workers);
          expect({ workers, ...figures(many) }).toEqual({ workers, ...one });
        }
      });
    });
  }
}
