/** A campaign split with --shard and merged finds what one process finds. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli } from '../../cli/harness.js';

// kafka.version=3.5: transaction.version=1 without partition verification (the protocol before KIP-890 part 1),
// so both campaigns below fail in a run past the first shard and the merge must pick it.
const campaign = [
  'check',
  'kafka-txn',
  '--set',
  'kafka.version=3.5',
  '--set',
  'faults.network=true',
  '--runs',
  '200',
  '--workers',
  '1',
  '--json',
];

/** The fields of a random check's report this test compares (a parsed JSON report, read as such). */
interface RandomReport {
  readonly status: string;
  readonly failingRun: number | null;
  readonly seed: number | null;
  readonly path: string | null;
  readonly trace: unknown;
}

async function json(...args: string[]): Promise<RandomReport> {
  return JSON.parse((await cli(...args)).stdout) as RandomReport;
}

describe('--shard i/n and merge', () => {
  for (const [seed, n] of [
    ['5', 2],
    ['11', 3],
  ] as const) {
    test(`seed ${seed}, ${n} shards merged equal one process`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'eoscheck-shard-'));
      const files: string[] = [];
      for (let i = 1; i <= n; i++) {
        const r = await cli(...campaign, '--seed', seed, '--shard', `${i}/${n}`);
        const f = join(dir, `s${i}.json`);
        writeFileSync(f, r.stdout);
        files.push(f);
      }
      const whole = await json(...campaign, '--seed', seed);
      expect(whole.status).toBe('violation');
      const merged = await cli('merge', ...files, '--json');
      const m = JSON.parse(merged.stdout);
      expect(merged.code).toBe(whole.status === 'ok' ? 0 : 1);
      expect([m.status, m.failingRun, m.seed, m.path]).toEqual([
        whole.status,
        whole.failingRun,
        whole.seed,
        whole.path,
      ]);
      expect(m.trace).toEqual(whole.trace);
      expect(m.merged).toEqual({ shards: Array.from({ length: n }, (_, i) => `${i + 1}/${n}`), missing: [] });
    });
  }
  test('merge names a missing shard, and refuses reports of another campaign', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-shard-'));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, (await cli(...campaign, '--seed', '5', '--shard', '1/2')).stdout);
    writeFileSync(b, (await cli(...campaign, '--seed', '6', '--shard', '2/2')).stdout);
    const one = await cli('merge', a);
    expect(one.stdout).toContain('(missing 2/2: the campaign is incomplete)');
    const bad = await cli('merge', a, b);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`eoscheck: '${b}' is from another campaign: its campaignSeed differs from '${a}'\n`);
  });
  test('merge refuses a file that is not a shard report, naming the file and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-shard-'));
    const a = join(dir, 'a.json');
    const report = JSON.parse((await cli(...campaign, '--seed', '5', '--shard', '1/2')).stdout);
    writeFileSync(a, JSON.stringify({ ...report, shard: { index: 3, count: 2 } }));
    const r = await cli('merge', a);
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: '${a}' is not a shard's check report (check --shard i/n --json, with --runs N or --exhaustive): ` +
        `'shard' {"index":3,"count":2} ` +
        `(expected {index, count} with 1 <= index <= count, or null)\n`,
    ]);
    writeFileSync(a, JSON.stringify({ ...report, mode: 'exhaustive' }));
    expect((await cli('merge', a)).stderr).toBe(
      `eoscheck: '${a}' is not a shard's check report (check --shard i/n --json, with --runs N or --exhaustive): ` +
        'kind check, mode exhaustive\n',
    );
    writeFileSync(a, '{"tool": "eoscheck", ');
    const broken = await cli('merge', a);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`^eoscheck: '${a}' is not a JSON report: .+\n$`));
  });

  test('a swarm verification: members merged; a violation any member found, the shortest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-swarm-'));
    const unsafe = ['check', 'kafka-txn', '--set', 'safeguard.epoch-fencing=false', '--exhaustive', '--json'];
    const files: string[] = [];
    const lengths: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await cli(...unsafe, '--shard', `${i}/3`);
      expect(r.code).toBe(1);
      const j = JSON.parse(r.stdout);
      expect([j.mode, j.shard, j.member.index, j.member.order]).toEqual([
        'exhaustive',
        { index: i, count: 3 },
        i,
        ['model', 'reversed', 'shuffled'][i - 1],
      ]);
      lengths.push(j.trace.steps.length);
      files.push(join(dir, `m${i}.json`));
      writeFileSync(files.at(-1)!, r.stdout);
    }
    const m = await cli('merge', ...files, '--json');
    const j = JSON.parse(m.stdout);
    const best = lengths.indexOf(Math.min(...lengths)) + 1;
    expect([m.code, j.status, j.swarm.foundBy, j.trace.steps.length]).toEqual([
      1,
      'violation',
      best,
      lengths[best - 1],
    ]);
    expect(j.reproduce).toContain(`--exhaustive --depth 8 --max-states 10000000 --shard ${best}/3`);
    const text = await cli('merge', ...files);
    expect(text.stdout).toContain(`VIOLATION of zombie-fenced found by member ${best}/3`);
  });

  test('a swarm verification that holds: finished members covered the bound; another depth refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eoscheck-swarm-'));
    const safe = ['check', 'two-phase-commit', '--exhaustive', '--json'];
    const files = [1, 2].map((i) => join(dir, `m${i}.json`));
    for (const [i, f] of files.entries()) writeFileSync(f, (await cli(...safe, '--shard', `${i + 1}/2`)).stdout);
    const m = await cli('merge', ...files);
    expect([m.code, m.stdout]).toEqual([
      0,
      'eoscheck merge: two-phase-commit, shards 1/2 2/2: ok, no member found a violation in 2290 transitions; ' +
        "members 1, 2 covered the whole reachable state space (save hash compaction's omissions, salted differently " +
        'in each member)\n',
    ]);
    const deeper = join(dir, 'deeper.json');
    writeFileSync(deeper, (await cli(...safe, '--shard', '2/2', '--depth', '12')).stdout);
    const bad = await cli('merge', files[0]!, deeper);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      `eoscheck: '${deeper}' is from another swarm verification: its depth or --max-states differs\n`,
    ]);
  });
});
