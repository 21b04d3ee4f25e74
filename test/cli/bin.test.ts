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
  // The portfolio's breadth-first pass finds the shortest counterexample: a timed-out transaction committed (9 steps).
  const r = run('check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--seed', '14', '--quiet');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('eoscheck check kafka-txn: VIOLATION of txn-atomicity\n');
});

test('bin: processing.guarantee=exactly_once on kafka.version 4.0 or 4.1 is refused, naming the release', () => {
  for (const version of ['4.0', '4.1']) {
    const r = run(
      'check',
      'kafka-streams',
      '--set',
      'processing.guarantee=exactly_once',
      '--set',
      `kafka.version=${version}`,
    );
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('processing.guarantee=exactly_once was removed in Kafka Streams 4.0 (KAFKA-16331)');
    expect(r.stderr).toContain(`kafka.version=${version} accepts at_least_once|exactly_once_v2`);
  }
  // The default kafka.version is 4.1: exactly_once alone is refused too; 3.9 still has it.
  expect(run('check', 'kafka-streams', '--set', 'processing.guarantee=exactly_once').status).toBe(2);
  const ok = run(
    'check',
    'kafka-streams',
    '--set',
    'processing.guarantee=exactly_once',
    '--set',
    'kafka.version=3.9',
    '--runs',
    '5',
    '--quiet',
  );
  expect(ok.status).toBe(0);
});

test("bin: a reader that closes the pipe early gets no stack trace, and the exit code is still the check's", () => {
  // `head -c 0` exits at once; the check writes its report seconds later, into a closed pipe (EPIPE).
  const r = spawnSync(
    'bash',
    ['-o', 'pipefail', '-c', `"${process.execPath}" "${bin}" check two-phase-commit --exhaustive --json | head -c 0`],
    { encoding: 'utf8' },
  );
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const violated = spawnSync(
    'bash',
    [
      '-o',
      'pipefail',
      '-c',
      `"${process.execPath}" "${bin}" check two-phase-commit --set safeguard.commit-needs-all-prepared=false ` +
        '--exhaustive --json | head -c 0',
    ],
    { encoding: 'utf8' },
  );
  expect([violated.stderr, violated.status]).toEqual(['', 1]);
});
