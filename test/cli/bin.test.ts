/** The installed command itself (bin/eoscheck.js over dist/, built by `prepare` / `pretest`). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'eoscheck.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

test('bin: run txn-log --json prints one JSON object and exits 0', () => {
  const r = run('run', 'txn-log', '--json');
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout).outputs.out.read_committed.offsets).toEqual([0, 1, 2, 7, 8]);
});

test('bin: bad input is one line on stderr, exit 2, no stack trace', () => {
  const r = run('check', 'kafka-txn', '--set', 'no.such.key=1');
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

test('bin: a violation exits 1', () => {
  const r = run('check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--seed', '42', '--quiet');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('eoscheck check kafka-txn: VIOLATION of txn-atomicity\n');
});
