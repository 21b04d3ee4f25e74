/**
 * A judge thread beside the one-thread search (`check/engine/parallel/judges.ts`) on rows of the safeguard table whose
 * model decodes its words: the same figures as the search alone (states, transitions, coverage, bound, depth, trace),
 * with the judge's default batches and with batches of three. The unsafe rows and the safe rows are two files, so the
 * test runner's two workers share them.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../../catalog/index.js';
import { JudgeCrew } from '../../../check/engine/parallel/judges.js';
import { exploreExhaustive } from '../../../check/explore/exhaustive.js';
import { resolved } from '../../helpers/check.js';
import { allFigures } from '../../helpers/handoff.js';
import { defaultDepth, safe, unsafe } from '../../slow/safeguards.js';

const decodes = (model: string) => catalog.get(model)!.open((e) => e.model.fast.decode !== undefined);

/** A safeguard row searched at `depth`. */
export interface JudgedRow {
  readonly model: string;
  readonly set: readonly string[];
  readonly depth: number;
}

/** Unsafe rows at their depth. */
export const unsafeRows: readonly JudgedRow[] = unsafe
  .map((r) => ({ ...r, depth: r.depth ?? defaultDepth(r.model) }))
  .filter((r) => decodes(r.model));

/** Safe rows at the model's default depth when theirs is deeper (many minutes more). */
export const safeRows: readonly JudgedRow[] = safe
  .map((r) => ({ ...r, depth: Math.min(r.depth, defaultDepth(r.model)) }))
  .filter((r) => decodes(r.model));

/** Registers one test per row: the search with a judge thread reports what the search alone reports. */
export function judgedRows(title: string, rows: readonly JudgedRow[]): void {
  describe(title, () => {
    for (const r of rows) {
      test(`${r.model} ${r.set.join(' ')} depth ${r.depth}`, async () => {
        await catalog.get(r.model)!.open(async (e) => {
          const config = resolved(e.model.keys, ...r.set);
          const c = { model: e.model, invariants: e.invariants };
          const named = { model: r.model, config: config.record, invariants: c.invariants.map((i) => i.name) };
          const opts = { mode: 'exhaustive', depth: r.depth, maxStates: 300_000 } as const;
          const one = allFigures(exploreExhaustive(c, e.model.init(config.config), opts));
          for (const tuning of [{}, { batch: 3, behind: 7 }]) {
            const crew = new JudgeCrew(named, false, 1, 0, 0, tuning);
            try {
              await crew.start().whenReady();
              const two = exploreExhaustive(c, e.model.init(config.config), { ...opts, judges: crew });
              expect({ tuning, ...allFigures(two) }).toEqual({ tuning, ...one });
            } finally {
              await crew.end();
            }
          }
        });
      });
    }
  });
}
