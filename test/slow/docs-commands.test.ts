/**
 * The commands the docs show with their verdict in a comment (`npx eoscheck check ... # holds`, `# no-loss`) do
 * what the comment says: "holds" exits 0 with the search complete to its bound (never one stopped by
 * --max-states or --max-seconds), an invariant's name exits 1 with that invariant violated. Each runs on a ticking
 * clock, so a plain check's budget is the same on a busy machine; the searches of minutes are the deep suite's, and
 * so is the whole budget of a plain check that holds (the slow suite searches a tenth of it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { invariantMeanings } from '../../properties/invariant.js';
import { cliOn } from '../cli/harness.js';
import { docsClock, glanceClock, plainCheck, searchOfMinutes } from '../helpers/doc-commands.js';
import { deep, deepTest } from '../helpers/tier.js';

const docs = join(import.meta.dirname, '..', '..', 'docs');
const names = new Set(Object.keys(invariantMeanings));

interface Claim {
  readonly file: string;
  readonly args: string[];
  /** null: holds; else the invariant the comment names first. */
  readonly violates: string | null;
}

/** Every `npx eoscheck check ...  # verdict` line of docs/*.md whose comment is "holds" or an invariant's name. */
function claims(): Claim[] {
  const out: Claim[] = [];
  for (const file of readdirSync(docs).filter((f) => f.endsWith('.md')))
    for (const m of readFileSync(join(docs, file), 'utf8').matchAll(/^npx eoscheck (check [^#\n]*?)\s+# ([^\n]*)$/gm)) {
      const verdict = m[2]!.trim();
      const first = /^[\w-]+/.exec(verdict)?.[0] ?? '';
      if (first === 'holds') out.push({ file, args: m[1]!.split(/\s+/), violates: null });
      else if (names.has(first)) out.push({ file, args: m[1]!.split(/\s+/), violates: first });
    }
  return out;
}

describe('the verdicts the docs print beside their commands', () => {
  test('the docs show some', () => {
    expect(claims().length).toBeGreaterThan(20);
  });

  for (const c of claims())
    (searchOfMinutes(c.args) ? deepTest : test)(`${c.file}: npx eoscheck ${c.args.join(' ')}`, async () => {
      // A plain check claimed to hold searches a tenth of its budget in the slow suite (`glanceClock`).
      const glance = !deep && c.violates === null && plainCheck(c.args);
      const r = await cliOn(glance ? glanceClock() : docsClock(), ...c.args, '--quiet');
      const first = r.stdout.split('\n')[0] ?? '';
      if (c.violates === null) {
        expect([r.code, first]).toEqual([0, expect.stringContaining(': ok, no invariant violated in ')]);
      } else {
        expect(r.code).toBe(1);
        expect(first).toMatch(new RegExp(`VIOLATION of ${c.violates}\\b`));
      }
    });
});
