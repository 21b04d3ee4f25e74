/**
 * A judge thread beside the one-thread search (`check/engine/parallel/judges.ts`) on every unsafe row of the safeguard
 * table whose model decodes its words, at the row's exhaustive depth: the same figures as the search alone (states,
 * transitions, coverage, bound, depth, trace), with the judge's default batches and with batches of three.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { JudgeCrew } from '../../check/engine/parallel/judges.js';
import { exploreExhaustive } from '../../check/explore/exhaustive.js';
import { resolved } from '../helpers/check.js';
import { allFigures } from '../helpers/handoff.js';
import { defaultDepth, safe, unsafe } from './safeguards.js';

const decodes = (model: string) => catalog.get(model)!.open((e) => e.model.fast.decode !== undefined);
// Unsafe rows at their depth; safe rows at the model's default depth when theirs is deeper (many minutes more).
const rows = [
  ...unsafe.map((r) => ({ ...r, depth: r.depth ?? defaultDepth(r.model) })),
  ...safe.map((r) => ({ ...r, depth: Math.min(r.depth, defaultDepth(r.model)) })),
].filter((r) => decodes(r.model));

describe('a judge thread beside the search reports what the search alone reports, on the safeguard table', () => {
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
