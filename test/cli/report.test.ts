/** The JSON report of check, run and replay follows CONTRACT.md's shape exactly. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli } from './harness.js';

const viewKeys = [
  'values',
  'offsets',
  'records',
  'distinct',
  'duplicates',
  'duplicateRanges',
  'missing',
  'missingRanges',
];
const contractKeys = [
  'tool',
  'version',
  'kind',
  'model',
  'scenario',
  'config',
  'status',
  'violations',
  'trace',
  'outputs',
  'logs',
  'stats',
];

async function report(...args: string[]) {
  const r = await cli(...args);
  expect(r.stderr).toBe('');
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON report; the assertions below are its type check
  return { code: r.code, json: JSON.parse(r.stdout) as Record<string, any> };
}

describe('JSON report', () => {
  test('run txn-log --json: the seed 003 log, both views, the full config', async () => {
    const { code, json } = await report('run', 'txn-log', '--set', 'transactions=commit:3,abort:2,commit:2', '--json');
    expect(code).toBe(0);
    for (const k of contractKeys) expect(json).toHaveProperty(k);
    expect(json).toMatchObject({
      tool: 'eoscheck',
      kind: 'run',
      model: 'kafka-txn',
      scenario: 'txn-log',
      status: 'ok',
      violations: [],
    });
    expect(json['config']).toMatchObject({
      'isolation.level': 'read_committed',
      'transaction.version': 2,
      transactions: 'commit:3,abort:2,commit:2',
      producers: 1,
    });
    const log = json['logs']['out-0'] as {
      offset: number;
      kind: string;
      marker: string | null;
      value: number | null;
    }[];
    expect(log.map((e) => (e.kind === 'data' ? `d${e.offset}` : `${e.marker}${e.offset}`))).toEqual([
      'd0',
      'd1',
      'd2',
      'COMMIT3',
      'd4',
      'd5',
      'ABORT6',
      'd7',
      'd8',
      'COMMIT9',
    ]);
    expect(Object.keys(json['outputs'])).toEqual(['out']);
    expect(Object.keys(json['outputs']['out']['read_committed'])).toEqual(viewKeys);
    expect(json['outputs']['out']['read_uncommitted'].offsets).toEqual([0, 1, 2, 4, 5, 7, 8]);
    expect(json['outputs']['out']['read_committed'].offsets).toEqual([0, 1, 2, 7, 8]);
    expect(json['outputs']['out']['read_uncommitted']).toMatchObject({
      records: 7,
      distinct: 5,
      duplicates: 2,
      duplicateRanges: [[4, 5]],
      missing: 0,
    });
    expect(json['trace']).toMatchObject({
      format: 'eoscheck-trace',
      version: 1,
      model: 'kafka-txn',
      seed: null,
      path: null,
    });
    // 24 steps: transaction.version=2 parks each transaction's first write for the leader's AddPartitionsToTxn (an
    // Append step), and the markers go one partition at a time (out-0, then __consumer_offsets after a commit).
    expect(json['stats']).toMatchObject({ runs: 1, steps: 24, distinctStates: null });
  });

  test('check --runs --json with a violation: violation step indexes into trace.steps, seed and path', async () => {
    const { code, json } = await report(
      'check',
      'kafka-txn',
      '--set',
      'safeguard.epoch-fencing=false',
      '--runs',
      '200',
      '--seed',
      '14',
      '--json',
    );
    expect(code).toBe(1);
    expect(json).toMatchObject({ kind: 'check', scenario: null, status: 'violation' });
    const v = json['violations'][0];
    expect(v.invariant).toBe('zombie-fenced');
    expect(json['trace'].steps[v.step]).toBeDefined();
    expect(json['trace'].steps).toHaveLength(v.step + 1);
    expect(json['campaignSeed']).toBe(14);
    expect(json['trace']).toMatchObject({ seed: json['seed'], path: json['path'], config: json['config'] });
    expect(json['seed']).toBe(json['failingRun'] === 0 ? 14 : json['seed']);
    expect(typeof json['trace'].path).toBe('string');
    expect(json['stats'].runs).toBeGreaterThan(0);
    expect(json['stats'].distinctStates).toBeNull();
  });

  test('check --json (the portfolio): what each part did, which found, the command that reproduces it', async () => {
    const { code, json } = await report(
      'check',
      'kafka-txn',
      '--set',
      'safeguard.epoch-fencing=false',
      '--seed',
      '42',
      '--json',
    );
    expect(code).toBe(1);
    expect(json).toMatchObject({ mode: 'portfolio', status: 'violation', campaignSeed: 42, shortest: true });
    expect(json['violations'][0].invariant).toBe('txn-atomicity');
    expect(json['portfolio']).toEqual({
      maxSeconds: 30,
      campaignSeed: 42,
      foundBy: 'exhaustive',
      exhaustive: {
        status: 'violation',
        // 9 steps: the leader's append is a step of its own (KIP-890), so the trace is one level deeper.
        distinct: 7801,
        generated: json['portfolio'].exhaustive.generated,
        depthCompleted: 8,
        bound: null,
        elapsedMs: json['portfolio'].exhaustive.elapsedMs,
        foundMs: json['foundMs'],
        shortest: true,
        minimizedFrom: null,
      },
      swarm: null,
      reproduce:
        'npx eoscheck check kafka-txn --set safeguard.epoch-fencing=false --exhaustive --depth 8 --max-states 10000000',
    });
    expect(json['reproduce']).toBe(json['portfolio'].reproduce);
    // The pass met its first counterexample within its own time (the rest proved the trace shortest).
    expect(json['foundMs']).toBeGreaterThanOrEqual(0);
    expect(json['foundMs']).toBeLessThanOrEqual(json['portfolio'].exhaustive.elapsedMs);
    expect(json['trace']).toMatchObject({ seed: null, path: null });
    expect(json['stats']).toMatchObject({ distinctStates: 7801 });
    // The recipe gives the same counterexample.
    const again = await report(...json['reproduce'].split(' ').slice(2), '--json');
    expect(again.json['trace'].steps).toEqual(json['trace'].steps);
  });

  test('check --exhaustive --json: distinct states and the bound', async () => {
    const { code, json } = await report(
      'check',
      'kafka-txn',
      '--set',
      'producers=1',
      '--exhaustive',
      '--depth',
      '6',
      '--json',
    );
    expect(code).toBe(0);
    // Depth 6: a produce's append and the offsets' TxnOffsetCommit are steps of their own, so depth 5 reaches
    // only 97 states.
    expect(json).toMatchObject({ status: 'ok', trace: null, mode: 'exhaustive', bound: 'depth', depthCompleted: 6 });
    expect(json['stats'].distinctStates).toBeGreaterThan(100);
  });

  test('check --out writes the trace; replay --json re-checks it to the same verdict', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'eoscheck-')), 'trace.json');
    const checked = await cli(
      'check',
      'kafka-txn',
      '--set',
      'isolation.level=read_uncommitted',
      '--seed',
      '9',
      '--out',
      file,
    );
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(`Replay:    npx eoscheck replay ${file}`);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const { code, json } = await report('replay', file, '--json');
    expect(code).toBe(1);
    expect(json).toMatchObject({ kind: 'replay', status: 'violation', trace: saved });
    expect(json['violations'][0].invariant).toBe('no-aborted-read');
    const mermaid = await cli('replay', file, '--format', 'mermaid');
    expect(mermaid.stdout.startsWith('sequenceDiagram\n')).toBe(true);
    expect(mermaid.code).toBe(1);
  });

  test('models, invariants and scenarios --json list what the contract names', async () => {
    const models = (await report('models', '--json')).json;
    const keys = models['models'][0].keys.map((k: { name: string }) => k.name);
    for (const k of [
      'enable.idempotence',
      'isolation.level',
      'transaction.version',
      'transaction.timeout.ms',
      'safeguard.epoch-fencing',
      'safeguard.epoch-bump-on-timeout',
      'faults.crashes',
      'faults.zombies',
      'faults.network',
    ])
      expect(keys).toContain(k);
    const iso = models['models'][0].keys.find((k: { name: string }) => k.name === 'isolation.level');
    expect(iso).toMatchObject({
      default: 'read_committed',
      accepted: 'read_committed|read_uncommitted',
      realDefault: 'a Kafka consumer (and the console consumer) defaults to read_uncommitted',
    });
    const inv = (await report('invariants', '--json')).json['invariants'] as { name: string; models: string[] }[];
    expect(
      inv
        .filter((i) => i.models.includes('kafka-txn'))
        .map((i) => i.name)
        .sort(),
    ).toEqual([
      'acked-durable',
      'lso-bound',
      'no-aborted-read',
      'no-duplicates',
      'no-hanging-transaction',
      'no-loss',
      'progress',
      'txn-atomicity',
      'zombie-fenced',
    ]);
    const sc = (await report('scenarios', '--json')).json['scenarios'] as { name: string; seed: string }[];
    expect(sc.map((s) => `${s.name}:${s.seed}`)).toEqual([
      'txn-log:003',
      'zombie-fencing:004',
      'lso-blocking:001',
      'acks-durability:003',
      'consumer-loop:001',
      'max-poll-rebalance:001',
      'flink-kafka-crash:002',
      'checkpoint-alignment:000',
      'flink-slow-checkpoint:002',
      'mm2-failover:001',
    ]);
  });
});
