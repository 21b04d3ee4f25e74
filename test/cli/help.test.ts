/**
 * Every verb answers `eoscheck <verb> --help` with its own usage and one line per flag (exit 0); the flags are
 * typed against each verb's option spec, so this holds the wording, the compiler the completeness. `--help` alone
 * points to verify first.
 */
import { expect, test } from 'vitest';
import { cli } from './harness.js';

const verbs: Readonly<Record<string, readonly string[]>> = {
  models: ['--json', '--format F'],
  invariants: ['--json', '--format F'],
  scenarios: ['--json'],
  check: ['--set KEY=VALUE', '--swarm', '--exhaustive', '--shard i/n|auto', '--workers N', '--max-seconds T'],
  run: ['--set KEY=VALUE', '--format F', '--out FILE'],
  replay: ['--format F', '--json'],
  merge: ['--json'],
  matrix: ['--keys K1,K2,...', '--depth D', '--runs N'],
  verify: ['--format F', '--out FILE', '--set KEY=VALUE', '--max-states M'],
};

test.each(Object.entries(verbs))('eoscheck %s --help: its usage and its flags', async (verb, flags) => {
  const r = await cli(verb, '--help');
  expect([r.code, r.stderr]).toEqual([0, '']);
  expect(r.stdout.startsWith(`usage: eoscheck ${verb} `)).toBe(true);
  const lines = r.stdout.split('\n');
  for (const f of flags) expect(lines.some((l) => l.startsWith(`  ${f} `))).toBe(true);
});

test('verify --help names every file kind it reads, Docker Compose and the build files included', async () => {
  const r = await cli('verify', '--help');
  const kinds = ['.properties', 'config.yaml', 'flink-conf.yaml', 'FlinkDeployment', 'Docker Compose', '.sql'];
  for (const kind of [...kinds, 'pom.xml', 'build.gradle', 'build.gradle.kts', 'Dockerfile', 'ADD JAR'])
    expect(r.stdout).toContain(kind);
});

test('--help alone starts with how to check your own pipeline', async () => {
  const r = await cli('--help');
  expect(r.stdout.split('\n').slice(2, 4)).toEqual([
    'check your own pipeline:',
    '  eoscheck verify <FILE|DIR>... [--set k=v ...] [--json] [--format text|json|sarif|junit] [--out FILE]',
  ]);
});
