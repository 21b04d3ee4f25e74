/**
 * `eoscheck matrix`: seed 001's table of delivery semantics comes out of the consume-transform-produce
 * model exactly (commit-then-process loses, process-then-commit duplicates, transactional neither), and
 * bad keys are one line on stderr with exit 2. The printed tables are golden transcripts.
 */
import { describe, expect, test } from 'vitest';
import { cli, goldenSuite } from '../../cli/harness.js';

goldenSuite('golden matrix transcripts', {
  'matrix-ctp-commit-strategy': [
    ['matrix', 'consume-transform-produce', '--keys', 'commit.strategy'],
    ['matrix', 'consume-transform-produce', '--keys', 'commit.strategy', '--format', 'markdown'],
  ],
  'matrix-errors': [
    ['matrix'],
    ['matrix', 'kafka-txn'],
    ['matrix', 'kafka-txn', '--keys', 'faults.crashes'],
    ['matrix', 'kafka-txn', '--keys', 'isolation.level,no.such.key'],
    ['matrix', 'kafka-txn', '--keys', 'isolation.level,isolation.level'],
    ['matrix', 'kafka-txn', '--keys', 'isolation.level', '--set', 'isolation.level=read_committed'],
    ['matrix', 'kafka-txn', '--keys', 'isolation.level', '--format', 'html'],
  ],
});

interface MatrixJson {
  model: string;
  keys: string[];
  invariants: string[];
  rows: { settings: Record<string, unknown>; status: string; results: Record<string, string>; delivery: string }[];
}

describe('matrix consume-transform-produce --keys commit.strategy (seed 001, section 2-1)', () => {
  test('reproduces the table of delivery semantics: at-most-once, at-least-once, exactly-once', async () => {
    const r = await cli('matrix', 'consume-transform-produce', '--keys', 'commit.strategy', '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const m: MatrixJson = JSON.parse(r.stdout);
    expect(m.keys).toEqual(['commit.strategy']);
    expect(m.invariants.slice(0, 2)).toEqual(['no-loss', 'no-duplicates']);
    const table = m.rows.map((row) => [
      row.settings['commit.strategy'],
      row.results['no-loss'],
      row.results['no-duplicates'],
      row.delivery,
    ]);
    expect(table).toEqual([
      ['commit-then-process', 'violated', 'holds', 'at-most-once'],
      ['process-then-commit', 'holds', 'violated', 'at-least-once'],
      ['transactional', 'holds', 'holds', 'exactly-once'],
    ]);
    // The transactional row holds every guarantee, the others break nothing but their own.
    expect(m.rows.map((row) => Object.values(row.results).filter((v) => v !== 'holds').length)).toEqual([1, 1, 0]);
    expect(m.rows.map((row) => row.status)).toEqual(['violation', 'violation', 'ok']);
  });

  test('every combination of two keys, in order (the first key varies slowest)', async () => {
    const r = await cli(
      'matrix',
      'kafka-txn',
      '--keys',
      'isolation.level,safeguard.epoch-fencing',
      '--set',
      'producers=1',
      '--runs',
      '1',
      '--json',
    );
    const m: MatrixJson = JSON.parse(r.stdout);
    expect(m.rows.map((row) => row.settings)).toEqual([
      { 'isolation.level': 'read_committed', 'safeguard.epoch-fencing': true },
      { 'isolation.level': 'read_committed', 'safeguard.epoch-fencing': false },
      { 'isolation.level': 'read_uncommitted', 'safeguard.epoch-fencing': true },
      { 'isolation.level': 'read_uncommitted', 'safeguard.epoch-fencing': false },
    ]);
    expect(m.rows.map((row) => [row.results['no-aborted-read'], row.results['zombie-fenced']])).toEqual([
      ['holds', 'holds'],
      ['holds', 'violated'],
      ['violated', 'holds'],
      ['violated', 'violated'],
    ]);
  });
});
