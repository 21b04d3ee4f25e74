/**
 * The `--max-states` tables on workers, run by the fast suite (a row or two) and the slow one (the rest): each M
 * cuts the search where one thread cuts it, on two and three workers from the start.
 */
import { expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { exhaustiveParallel } from '../../check/engine/parallel/parallel.js';
import { exploreExhaustive } from '../../check/explore/exhaustive.js';
import { resolved } from './check.js';
import { figures as same } from './handoff.js';

/** A model at `set`, searched to `depth`, cut at each M of `at`. */
export interface CutRow {
  readonly model: string;
  readonly set: readonly string[];
  readonly depth: number;
  readonly at: readonly number[];
}

/**
 * Each M of a row stops the search inside a level: two and three workers judge the states one thread judges and
 * report its trace; some M of the row meet a counterexample, some cut the search.
 */
export function cutInsideLevel(rows: readonly CutRow[]): void {
  for (const r of rows) {
    test(`cut inside a level, ${r.model} ${r.set.join(' ')}: one thread's states judged, its trace`, async () => {
      await catalog.get(r.model)!.open(async (e) => {
        const config = resolved(e.model.keys, ...r.set);
        const m = { model: e.model, invariants: e.invariants };
        const name = { model: r.model, config: config.record, invariants: null };
        let found = 0;
        let cut = 0;
        for (const maxStates of r.at) {
          const opts = { mode: 'exhaustive', depth: r.depth, maxStates } as const;
          const alone = exploreExhaustive(m, e.model.init(config.config), opts);
          const one = same(alone);
          if (alone.bound === 'max-states') cut += 1;
          if (one.status === 'violation') found += 1;
          for (const workers of [2, 3]) {
            const many = await exhaustiveParallel(m, e.model.init(config.config), name, opts, workers);
            expect({ maxStates, workers, ...same(many) }).toEqual({ maxStates, workers, ...one });
            expect(many.bound).toBe(alone.bound);
          }
        }
        expect(found).toBeGreaterThan(0);
        expect(cut).toBeGreaterThan(0);
      });
    });
  }
}

/** A model at `set` cut at each M of `at`, each the states to the end of a level, with the bound one thread reports. */
export interface LevelEndRow {
  readonly model: string;
  readonly set: readonly string[];
  readonly depth: number;
  readonly at: readonly (readonly [number, string | null])[];
  readonly plain?: true;
}

/** M at a level's end: workers complete the level and report the bound one thread reports. */
export function atLevelEnd(rows: readonly LevelEndRow[]): void {
  for (const r of rows) {
    test(`M at a level's end, ${[r.model, ...r.set].join(' ')}: the level complete, as on one thread`, async () => {
      await catalog.get(r.model)!.open(async (e) => {
        const config = resolved(e.model.keys, ...r.set);
        const m = { model: e.model, invariants: e.invariants };
        const name = { model: r.model, config: config.record, invariants: null };
        for (const [maxStates, bound] of r.at) {
          const opts = { mode: 'exhaustive', depth: r.depth, maxStates, plain: r.plain === true } as const;
          const one = same(exploreExhaustive(m, e.model.init(config.config), opts));
          expect(one.bound).toBe(bound);
          for (const workers of [2, 3]) {
            const many = await exhaustiveParallel(m, e.model.init(config.config), name, opts, workers);
            expect({ maxStates, workers, ...same(many) }).toEqual({ maxStates, workers, ...one });
          }
        }
      });
    });
  }
}
