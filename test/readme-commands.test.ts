/**
 * The README's printed command output is what the command prints: each shown block's `$ npx
 * eoscheck ...` line is run, and every line of the block (but the `...` cuts) must come out, in order
 * (timings normalized).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cli, normalize } from './cli/harness.js';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

/** The README's plain code blocks that start with a `$ npx eoscheck` line. */
function shownRuns(): { command: string[]; lines: string[] }[] {
  const out: { command: string[]; lines: string[] }[] = [];
  for (const m of readme.matchAll(/```\n\$ npx eoscheck ([^\n]*)\n([\s\S]*?)```/g)) {
    out.push({ command: m[1]!.split(' '), lines: m[2]!.split('\n').filter((l) => l !== '') });
  }
  return out;
}

test('the README shows at least its counterexample', () => {
  expect(shownRuns().map((r) => r.command.slice(0, 2))).toContainEqual(['check', 'kafka-txn']);
});

for (const run of shownRuns()) {
  test(`README: npx eoscheck ${run.command.join(' ')}`, async () => {
    // Timings as the golden transcripts have them: a figure the README prints once.
    const printed = normalize((await cli(...run.command)).stdout).split('\n');
    let at = 0;
    for (const line of run.lines) {
      if (line.trim() === '...') continue;
      const found = printed.indexOf(normalize(line), at);
      expect(found, `README line not printed (in order): ${line}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
}

test("the README's kafka-txn key table lists the model's keys, in order, with their defaults", async () => {
  const section = readme.slice(readme.indexOf('### `kafka-txn` keys'));
  const rows = section
    .slice(0, section.indexOf('\n\n', section.indexOf('|---')))
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) =>
      l
        .split(' | ')
        .slice(0, 2)
        .map((c) => c.replace(/^\| /, '').replace(/`/g, '')),
    );
  const json = JSON.parse((await cli('models', '--json')).stdout) as {
    models: { name: string; keys: { name: string; default: unknown }[] }[];
  };
  const keys = json.models.find((m) => m.name === 'kafka-txn')!.keys.map((k) => [k.name, String(k.default)]);
  expect(rows).toEqual(keys);
});
