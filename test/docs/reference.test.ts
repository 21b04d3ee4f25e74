/**
 * The reference pages of keys and invariants are written from the code's declarations (`npm run docs:reference`,
 * which prints `eoscheck models --format markdown` and `invariants --format markdown` into them): a key or an
 * invariant added, renamed or given another default fails this test until the pages are written again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cli } from '../cli/harness.js';

const page = (name: string): string =>
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'reference', name), 'utf8');

test.each([
  ['keys.md', 'models'],
  ['invariants.md', 'invariants'],
])('docs/reference/%s is what eoscheck %s --format markdown prints (npm run docs:reference)', async (file, verb) => {
  const r = await cli(verb, '--format', 'markdown');
  expect(r.code).toBe(0);
  expect(page(file)).toBe(r.stdout);
});

test('every model and every key is on the keys page', async () => {
  const models = JSON.parse((await cli('models', '--json')).stdout) as {
    models: { name: string; keys: { name: string }[] }[];
  };
  const keys = page('keys.md');
  for (const m of models.models) {
    expect(keys).toContain(`## \`${m.name}\``);
    for (const k of m.keys) expect(keys).toContain(`| \`${k.name}\` |`);
  }
});
