/**
 * docs/distributed.md's commands, run as written in a shell: two shards started as a Kubernetes
 * Indexed Job starts them (JOB_COMPLETION_INDEX 0 and 1) and as a CI matrix does (EOSCHECK_SHARD 1
 * and 2), then merged; the merged report is the single-process campaign's. The example job files
 * run the same shard command.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli } from '../../cli/harness.js';

const root = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(root, 'docs', 'distributed.md'), 'utf8');
const blocks = [...doc.matchAll(/```sh\n([^\n]*)\n```/g)].map((m) => m[1]!);
const [shardCommand, mergeCommand] = blocks as [string, string];
const swarmBlocks = [...doc.matchAll(/```bash\n([^\n]*)\n([^\n]*)\n```/g)].map((m) => [m[1]!, m[2]!] as const);
const bin = `node ${join(root, 'bin', 'eoscheck.js')}`;

/** Runs a documented command line in `sh` in `dir` with `env` added; `npx eoscheck` is this checkout's bin. */
function sh(line: string, dir: string, env: Record<string, string>) {
  const r = spawnSync('sh', ['-c', line.replaceAll('npx eoscheck', bin)], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The fields of a (merged) random check report compared here. */
interface Compared {
  readonly status: string;
  readonly failingRun: number | null;
  readonly seed: number | null;
  readonly path: string | null;
  readonly trace: unknown;
}
const compared = (j: Compared) => [j.status, j.failingRun, j.seed, j.path, j.trace];

describe('docs/distributed.md: shards from the environment, merged', () => {
  test('the page shows one shard command and one merge command', () => {
    expect(blocks).toHaveLength(2);
    expect(shardCommand).toContain('--shard auto');
    expect(mergeCommand).toMatch(/^npx eoscheck merge /);
  });

  test('both example job files run the documented shard command', () => {
    for (const f of ['kubernetes-indexed-job.yaml', 'github-actions-matrix.yml'])
      expect(readFileSync(join(root, 'docs', 'distributed', f), 'utf8')).toContain(shardCommand);
  });

  const runs: [string, Record<string, string>[]][] = [
    ['a Kubernetes Indexed Job', [{ JOB_COMPLETION_INDEX: '0' }, { JOB_COMPLETION_INDEX: '1' }]],
    ['a CI matrix', [{ EOSCHECK_SHARD: '1' }, { EOSCHECK_SHARD: '2' }]],
  ];
  for (const [engine, shards] of runs)
    test(`two shards as ${engine} starts them, merged, equal one process`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'eoscheck-distributed-'));
      mkdirSync(join(dir, 'reports'));
      for (const env of shards) {
        const r = sh(shardCommand, dir, { ...env, EOSCHECK_SHARDS: '2' });
        expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      }
      const merged = sh(`${mergeCommand} --json`, dir, {});
      const whole = await cli(
        ...shardCommand.slice('npx eoscheck '.length, shardCommand.indexOf(' --shard')).split(' ').concat(['--json']),
      );
      expect(whole.code).toBe(1);
      expect(merged.code).toBe(whole.code);
      const m = JSON.parse(merged.stdout) as Compared & { merged: unknown };
      expect(compared(m)).toEqual(compared(JSON.parse(whole.stdout) as Compared));
      expect(m.merged).toEqual({ shards: ['1/2', '2/2'], missing: [] });
    });

  test('a shard without EOSCHECK_SHARDS is exit 2 naming the variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-distributed-'));
    mkdirSync(join(dir, 'reports'));
    const r = sh(shardCommand, dir, { JOB_COMPLETION_INDEX: '0' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^eoscheck: --shard auto needs EOSCHECK_SHARDS .*: it is not set\n$/);
  });

  test('the swarm verification commands: two members as a CI matrix starts them, merged, reproduced', () => {
    expect(swarmBlocks).toHaveLength(1);
    const [member, mergeMembers] = swarmBlocks[0]!;
    expect(member).toContain('--exhaustive');
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-swarm-'));
    mkdirSync(join(dir, 'reports'));
    for (const i of ['1', '2']) {
      const r = sh(member, dir, { EOSCHECK_SHARD: i, EOSCHECK_SHARDS: '2' });
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const merged = sh(`${mergeMembers} --json`, dir, {});
    expect(merged.code).toBe(1);
    const m = JSON.parse(merged.stdout) as Compared & {
      reproduce: string;
      merged: unknown;
      swarm: { foundBy: number };
    };
    expect([m.status, m.merged, m.swarm.foundBy]).toEqual(['violation', { shards: ['1/2', '2/2'], missing: [] }, 1]);
    // The command the merge gives reproduces the member's trace exactly.
    const again = sh(`${m.reproduce} --json`, dir, {});
    expect(again.code).toBe(1);
    expect((JSON.parse(again.stdout) as Compared).trace).toEqual(m.trace);
  });
});
