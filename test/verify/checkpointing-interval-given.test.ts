/**
 * Checkpointing switched on with --set checkpointing.enabled=true checks the job's own interval or nothing: with no
 * execution.checkpointing.interval in a file or --set (Flink has no default), verify refuses with exit 2 and names
 * the key to give, rather than check at eoscheck's interval; with an interval given, it is the one checked.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);
const job = 'test/fixtures/verify/no-checkpoints/exactly-once-unbounded.sql';
const SQL =
  "CREATE TABLE i (a INT) WITH ('connector' = 'kafka', 'topic' = 'i');\n" +
  "CREATE TABLE o (a INT) WITH ('connector' = 'kafka', 'topic' = 'o');\nINSERT INTO o SELECT a FROM i;\n";

const pairsOf = (files: Record<string, string>, set: [string, string][]) => {
  const r = verifyFiles(
    Object.entries(files).map(([path, text]) => ({ path, text })),
    set,
    keysOf,
  );
  return r.ok ? Object.fromEntries(r.value.pairs) : r.error;
};

describe('--set checkpointing.enabled=true needs the interval', () => {
  test('no interval anywhere: one line, exit 2, naming the key to give', async () => {
    const r = await cli('verify', job, '--set', 'checkpointing.enabled=true');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'eoscheck: --set checkpointing.enabled=true names no checkpoint interval: no file sets ' +
        "execution.checkpointing.interval and Flink has no default; give the job's with " +
        '--set execution.checkpointing.interval=MS\n',
    );
  });

  test('an interval given with --set or by a file: accepted, and it is the interval checked', () => {
    const on: [string, string] = ['checkpointing.enabled', 'true'];
    expect(pairsOf({ 'job.sql': SQL }, [on, ['execution.checkpointing.interval', '30000']])).toMatchObject({
      'checkpointing.enabled': 'true',
      'execution.checkpointing.interval': '30000',
    });
    expect(pairsOf({ 'job.sql': SQL, 'config.yaml': 'execution.checkpointing.interval: 20 s\n' }, [on])).toMatchObject({
      'checkpointing.enabled': 'true',
      'execution.checkpointing.interval': '20000',
    });
    // Off needs no interval: it is Flink's own way without one; and off, Flink's default strategy is no restarts,
    // even beside a file's interval.
    for (const files of [
      { 'job.sql': SQL },
      { 'job.sql': SQL, 'config.yaml': 'execution.checkpointing.interval: 20 s\n' },
    ])
      expect(pairsOf(files, [['checkpointing.enabled', 'false']])).toMatchObject({
        'checkpointing.enabled': 'false',
        'restart-strategy.type': 'none',
      });
  });
});
