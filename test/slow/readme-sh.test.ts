/**
 * The README's `sh` blocks do what the README says: each matrix block (one `npx eoscheck matrix ...
 * --format markdown` line) is followed by the table it prints, cell for cell; every other `npx eoscheck`
 * line runs without a usage error (exit 0 or 1, nothing on stderr), and one that writes a page (`> x.html`,
 * `--out x.html`) writes the viewer.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cli } from '../cli/harness.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const matrices = [...readme.matchAll(/```sh\nnpx eoscheck (matrix [^\n]*)\n```\n\n((?:\|[^\n]*\n)+)/g)];
const others = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1]!.split('\n'))
  .filter((l) => l.startsWith('npx eoscheck ') && !l.startsWith('npx eoscheck matrix '));

test('the README shows seed 001 and two other matrices', () => {
  expect(matrices.map((m) => m[1]!.split(' ')[1])).toEqual([
    'consume-transform-produce',
    'kafka-streams',
    'flink-kafka',
  ]);
});

for (const m of matrices)
  test(`README: npx eoscheck ${m[1]}`, async () => {
    const r = await cli(...m[1]!.split(' '), '--quiet');
    const table = r.stdout.split('\n\n')[0];
    expect(`${table}\n`).toBe(m[2]);
  });

for (const line of others)
  test(`README: ${line}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-readme-'));
    const [command, redirect] = line.split(' > ');
    const args = command!
      .split(/\s+/)
      .slice(2)
      .map((a, i, all) => (all[i - 1] === '--out' ? join(dir, a) : a));
    const r = await cli(...args);
    expect(r.stderr).toBe('');
    expect([0, 1]).toContain(r.code);
    const out = args[args.indexOf('--out') + 1];
    const page = redirect ? r.stdout : out?.endsWith('.html') ? readFileSync(out, 'utf8') : null;
    if (redirect?.endsWith('.html') || out?.endsWith('.html')) expect(page?.startsWith('<!doctype html>')).toBe(true);
  });
