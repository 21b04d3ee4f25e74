/**
 * docs/learn: a page per invariant, linked from the README; every command a page shows runs and does
 * what the comment above its block says (`<!-- expect: exit N[, html][, violates a, b] -->`): its exit
 * code, an HTML page when it writes one, and the invariants it reports violated.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { invariantMeanings } from '../../../properties/invariant.js';
import { cli } from '../../cli/harness.js';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = join(root, 'docs', 'learn');
const pages = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');

interface Block {
  readonly page: string;
  readonly exit: number;
  readonly html: boolean;
  readonly violates: readonly string[];
  readonly commands: readonly string[];
}

/** Every `sh` block of a page with the expectation written above it. */
function blocks(page: string): Block[] {
  const text = readFileSync(join(dir, page), 'utf8');
  const out: Block[] = [];
  for (const m of text.matchAll(/(?:<!-- expect: ([^>]*) -->\n)?```sh\n([\s\S]*?)```/g)) {
    const spec = m[1];
    if (spec === undefined) throw new Error(`${page}: a sh block without <!-- expect: ... --> above it`);
    const exit = /exit (\d)/.exec(spec);
    if (!exit) throw new Error(`${page}: expect without an exit code: ${spec}`);
    out.push({
      page,
      exit: Number(exit[1]),
      html: /\bhtml\b/.test(spec),
      violates: /violates ([\w\-, ]+)/.exec(spec)?.[1]?.split(/,\s*/) ?? [],
      commands: m[2]!.split('\n').filter((l) => l.trim() !== ''),
    });
  }
  return out;
}

describe('docs/learn', () => {
  test('a page for every invariant, each listed in the index', () => {
    const want = Object.keys(invariantMeanings)
      .map((n) => `${n}.md`)
      .sort();
    expect([...pages].sort()).toEqual(want);
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    for (const p of pages) expect(index).toContain(`](${p})`);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/learn/README.md)');
  });

  test('every saved trace a page links exists', () => {
    for (const p of pages)
      for (const m of readFileSync(join(dir, p), 'utf8').matchAll(/traces\/saved\/([\w-]+\.json)/g))
        expect(existsSync(join(root, 'traces', 'saved', m[1]!)), `${p}: ${m[1]}`).toBe(true);
  });

  for (const page of pages)
    for (const b of blocks(page))
      for (const command of b.commands)
        test(`${page}: ${command}`, async () => {
          const [line, redirect] = command.split(' > ');
          const args = line!.trim().split(/\s+/);
          expect(args.slice(0, 2)).toEqual(['npx', 'eoscheck']);
          const r = await cli(...args.slice(2));
          expect(r.stderr).toBe('');
          expect(r.code).toBe(b.exit);
          if (b.html) {
            expect(redirect).toMatch(/\.html$/);
            expect(r.stdout.startsWith('<!doctype html>')).toBe(true);
            const verdict = /<div id="verdict"[^>]*>([^<]*)/.exec(r.stdout)?.[1] ?? '';
            for (const v of b.violates) expect(verdict).toMatch(new RegExp(`^VIOLATION of [^:]*\\b${v}\\b`));
            if (b.violates.length === 0) expect(verdict).toBe('every invariant holds on this trace');
          } else {
            for (const v of b.violates) expect(r.stdout).toMatch(new RegExp(`VIOLATION of [^\\n]*\\b${v}\\b`));
            if (b.violates.length === 0) expect(r.stdout).not.toContain('VIOLATION');
          }
        });
});
