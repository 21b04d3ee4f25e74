/**
 * The default `check` (the portfolio: a breadth-first pass, then swarm runs, within --max-seconds) finds every
 * unsafe row of the safeguard table on seed 1 with exit 1 and one of the invariants the row breaks, and says the
 * safe rows hold within a 3 s budget (safe.test.ts searches them to their bounds). Issue #12's full campaign
 * (10 seeds each, the swarm alone too) is `npm run test:campaign` (test/campaign/portfolio.test.ts): hours on
 * two cores.
 */
import { describe, expect, test } from 'vitest';
import { cli } from '../cli/harness.js';
import { safe, unsafe } from './safeguards.js';

const sets = (pairs: readonly string[]) => pairs.flatMap((p) => ['--set', p]);

/** What a plain check of `model` at `pairs` reports, as JSON: its exit code and first invariant. */
async function plainCheck(model: string, pairs: readonly string[], ...flags: string[]) {
  const r = await cli('check', model, ...sets(pairs), '--seed', '1', ...flags, '--json');
  // A parsed JSON report of `check`: the field read below.
  const json = JSON.parse(r.stdout) as { violations: { invariant: string }[] };
  return { code: r.code, first: json.violations[0]?.invariant ?? null };
}

describe('plain check, seed 1', () => {
  for (const c of unsafe)
    test(`${c.model} ${c.set.join(' ')}: ${c.breaks.join(' or ')}`, async () => {
      const r = await plainCheck(c.model, c.set);
      expect(r.code).toBe(1);
      expect(c.breaks).toContain(r.first);
    });
  for (const c of safe)
    test(`${c.model} ${c.set.join(' ') || 'defaults'}: holds (3 s)`, async () => {
      expect(await plainCheck(c.model, c.set, '--max-seconds', '3')).toEqual({ code: 0, first: null });
    });
});
