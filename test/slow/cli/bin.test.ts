/** The installed command itself (bin/eoscheck.js over dist/, built by `prepare` / `pretest`). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const bin = join(import.meta.dirname, '..', '..', '..', 'bin', 'eoscheck.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
/** A refusal: exit 2, nothing on stdout, one line on stderr saying `says`, no stack trace. */
const refused = (r: ReturnType<typeof run>, ...says: string[]) => {
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  for (const s of says) expect(r.stderr).toContain(s);
};

test('bin: run txn-log --json prints one JSON object and exits 0', () => {
  const r = run('run', 'txn-log', '--json');
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout).outputs.out.read_committed.offsets).toEqual([0, 1, 2, 7, 8]);
});

test('bin: bad input is one line on stderr, exit 2, no stack trace', () => {
  refused(run('check', 'kafka-txn', '--set', 'no.such.key=1'), 'no.such.key');
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
    refused(
      r,
      'processing.guarantee=exactly_once was removed in Kafka Streams 4.0 (KAFKA-16331)',
      `kafka.version=${version} accepts at_least_once|exactly_once_v2`,
    );
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

/** A kafka-streams group mid rolling upgrade (`upgrade.instances-on-v2`): one EOS v1 and one EOS v2 instance. */
const mixed = (version: string) => [
  'check',
  'kafka-streams',
  '--set',
  'processing.guarantee=exactly_once',
  '--set',
  `kafka.version=${version}`,
  '--set',
  'upgrade.instances-on-v2=1',
];

test('bin: 3.9 mid upgrade: the plain check finds the EOS v1 zombie (state-exactly-once), exit 1', () => {
  const r = run(...mixed('3.9'), '--quiet');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('eoscheck check kafka-streams: VIOLATION of state-exactly-once\n');
});

test('bin: 2.8 mid upgrade: the plain check holds, exit 0', () => {
  // The binary's answer on a 3 s budget: streams-upgrade.test.ts searches the mixed group in full.
  const r = run(...mixed('2.8'), '--max-seconds', '3', '--quiet');
  expect(r.status).toBe(0);
});

test('bin: a mixed group without both guarantees in the release, or from exactly_once_v2: refused in one line', () => {
  for (const [args, says] of [
    [mixed('2.5'), 'upgrade.instances-on-v2=1 needs exactly_once_v2, from kafka.version 2.6'],
    [mixed('4.0'), 'processing.guarantee=exactly_once was removed in Kafka Streams 4.0 (KAFKA-16331)'],
    [
      ['check', 'kafka-streams', '--set', 'upgrade.instances-on-v2=1'],
      'processing.guarantee=exactly_once_v2 accepts upgrade.instances-on-v2=0',
    ],
  ] as const) {
    refused(run(...args), says);
  }
});
