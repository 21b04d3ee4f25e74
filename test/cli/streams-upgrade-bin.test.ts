/**
 * The installed command on a kafka-streams group mid rolling upgrade (`upgrade.instances-on-v2`): the plain check
 * finds 3.9's EOS v1 zombie, holds on 2.8, and refuses a mixed group the release or the guarantee cannot have.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'eoscheck.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
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
  const r = run(...mixed('2.8'), '--quiet');
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
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(says);
  }
});
