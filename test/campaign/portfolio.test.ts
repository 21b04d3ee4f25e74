/**
 * What the default promises: plain `check` (no mode flag: the portfolio within its default 30 s) finds
 * every unsafe setting of the safeguard table with exit 1 on at least 9 of 10 campaign seeds, and
 * says every safe configuration holds; the swarm runs alone find them too (so the default does not
 * depend on its breadth-first pass reaching the bug), on 9 of 10 seeds but for a row whose
 * `swarmSeeds` says less. Seeds are given with --seed so a failure names its seed;
 * the time bound is the check's own (--max-seconds defaults to 30), the bench measures the times.
 */
import { describe, expect, test } from 'vitest';
import { cli } from '../cli/harness.js';
import { safe, unsafe } from '../slow/safeguards.js';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const sets = (pairs: readonly string[]) => pairs.flatMap((p) => ['--set', p]);

/** What a plain check of `model` at `pairs` with `seed` reports. */
async function plainCheck(model: string, pairs: readonly string[], seed: number) {
  const r = await cli('check', model, ...sets(pairs), '--seed', String(seed), '--json');
  // A parsed JSON report of `check`: the fields read below.
  const json = JSON.parse(r.stdout) as {
    status: string;
    violations: { invariant: string }[];
    portfolio: { foundBy: string | null };
    stats: { elapsedMs: number };
    foundMs: number | null;
  };
  return {
    code: r.code,
    first: json.violations[0]?.invariant ?? null,
    foundBy: json.portfolio.foundBy,
    foundMs: json.foundMs,
    elapsedMs: json.stats.elapsedMs,
  };
}

/** One line a row: each seed's exit, which part found it, when the pass met it, the check's whole time. */
function summary(
  row: string,
  seeds: { seed: number; code: number; foundBy: string | null; foundMs: number | null; elapsedMs: number }[],
): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const each = seeds.map(
    (r) =>
      `${r.seed}: exit ${r.code}${r.foundBy ? ` by ${r.foundBy}` : ''}` +
      `${r.foundMs === null ? '' : ` met ${s(r.foundMs)}`}, ${s(r.elapsedMs)}`,
  );
  return `${row}\n  ${each.join('; ')}`;
}

describe('plain check finds every unsafe setting on at least 9 of 10 seeds', () => {
  for (const c of unsafe) {
    test(`${c.model} ${c.set.join(' ')}: ${c.breaks.join(' or ')}`, async () => {
      const found: number[] = [];
      const seeds = [];
      for (const seed of SEEDS) {
        const r = await plainCheck(c.model, c.set, seed);
        seeds.push({ seed, ...r });
        if (r.code !== 1) continue;
        expect({ seed, invariant: r.first }).toEqual({ seed, invariant: expect.toBeOneOf(c.breaks) });
        found.push(seed);
      }
      // Per seed, for whoever reads the run: a row near 9 of 10, or near the budget, shows here first.
      console.log(summary(`${c.model} ${c.set.join(' ')}`, seeds));
      expect(found.length).toBeGreaterThanOrEqual(9);
    });
  }
});

describe('the swarm alone (--swarm, 30 s) finds them on 9 of 10 seeds too (a deep bug: as its row says)', () => {
  for (const c of unsafe) {
    test(`${c.model} ${c.set.join(' ')}`, async () => {
      let found = 0;
      const codes: string[] = [];
      for (const seed of SEEDS) {
        const r = await cli('check', c.model, ...sets(c.set), '--swarm', '--seed', String(seed), '--quiet');
        if (r.code === 1) found += 1;
        codes.push(`${seed}: exit ${r.code}`);
      }
      console.log(`${c.model} ${c.set.join(' ')} (swarm alone)\n  ${codes.join('; ')}`);
      expect(found).toBeGreaterThanOrEqual(c.swarmSeeds ?? 9);
    });
  }
});

describe('plain check says every safe configuration holds', () => {
  for (const c of safe) {
    test(`${c.model} ${c.set.join(' ') || 'defaults'}`, async () => {
      const r = await plainCheck(c.model, c.set, 1);
      expect({ code: r.code, first: r.first }).toEqual({ code: 0, first: null });
    });
  }
});
