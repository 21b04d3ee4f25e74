/**
 * `--max-states` on workers cuts where one thread cuts, on every model (`check/engine/parallel/share-search.ts`): with
 * M spread over each search, and at the end of each level of a small one, two and three workers from the start report
 * one thread's figures (states, bound, deepest complete level, and the counterexample step for step). The fast suite's
 * `max-states.test.ts` and `max-states-rows.test.ts` here have the rows that once failed; this is the sweep that
 * stands behind them.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { exhaustiveParallel } from '../../check/engine/parallel/parallel.js';
import { exploreExhaustive } from '../../check/explore/exhaustive.js';
import { resolved } from '../helpers/check.js';
import { figures } from '../helpers/handoff.js';
import { deepTest } from '../helpers/tier.js';

interface Row {
  model: string;
  set: string[];
  depth: number;
  symmetry?: true;
  /** M at the end of every level too. */
  levels?: true;
  /** A sweep of minutes: the deep suite's. */
  deep?: true;
}

const rows: Row[] = [
  { model: 'kafka-txn', set: ['transaction.version=1', 'safeguard.epoch-fencing=false'], depth: 8, deep: true },
  {
    model: 'kafka-txn',
    set: ['transaction.version=1', 'safeguard.epoch-fencing=false'],
    depth: 8,
    symmetry: true,
    deep: true,
  },
  { model: 'kafka-txn', set: ['isolation.level=read_uncommitted'], depth: 8 },
  { model: 'kafka-txn', set: [], depth: 7, levels: true, deep: true },
  { model: 'consume-transform-produce', set: ['safeguard.require-stable-offsets=false'], depth: 8, deep: true },
  { model: 'kafka-streams', set: ['safeguard.generation-fencing=false'], depth: 8, deep: true },
  { model: 'flink-kafka', set: ['transaction.timeout.ms=2500'], depth: 20, deep: true },
  { model: 'two-phase-commit', set: ['safeguard.commit-needs-all-prepared=false', 'rm.count=5'], depth: 100 },
  {
    model: 'two-phase-commit',
    set: ['safeguard.commit-needs-all-prepared=false', 'rm.count=5'],
    depth: 100,
    symmetry: true,
  },
  { model: 'two-phase-commit', set: ['rm.count=4'], depth: 100, levels: true },
];

describe('--max-states on workers cuts where one thread cuts, on every model', () => {
  for (const r of rows) {
    const how = `${r.symmetry ? ', symmetry' : ''}${r.levels ? ', at each level end' : ''}`;
    (r.deep ? deepTest : test)(`${[r.model, ...r.set].join(' ')} depth ${r.depth}${how}`, async () => {
      await catalog.get(r.model)!.open(async (e) => {
        const config = resolved(e.model.keys, ...r.set);
        const c = { model: e.model, invariants: e.invariants };
        const named = { model: r.model, config: config.record, invariants: null };
        const base = { mode: 'exhaustive', depth: r.depth, symmetry: r.symmetry } as const;
        const sizes: number[] = [];
        const all = exploreExhaustive(c, e.model.init(config.config), {
          ...base,
          maxStates: 1_000_000,
          onProgress: (p) => {
            sizes[p.depth] ??= p.queue;
          },
        });
        const at = new Set<number>();
        for (let f = 0.05; f < 1; f += 0.15) at.add(Math.max(3, Math.floor(all.distinct * f)));
        if (r.levels) {
          let sum = 0;
          for (const n of sizes) {
            sum += n;
            at.add(sum);
            at.add(sum + 1);
          }
        }
        let cut = 0;
        for (const maxStates of at) {
          const opts = { ...base, maxStates };
          const alone = exploreExhaustive(c, e.model.init(config.config), opts);
          if (alone.bound === 'max-states') cut += 1;
          const one = figures(alone);
          for (const workers of [2, 3]) {
            const many = await exhaustiveParallel(c, e.model.init(config.config), named, opts, workers);
            expect({ maxStates, workers, ...figures(many) }).toEqual({ maxStates, workers, ...one });
            expect({ maxStates, workers, bound: many.bound }).toEqual({ maxStates, workers, bound: alone.bound });
          }
        }
        expect(cut).toBeGreaterThan(2);
      });
    });
  }
});
