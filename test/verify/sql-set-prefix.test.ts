/**
 * An exactly-once Kafka SQL sink whose table names no sink.transactional-id-prefix is refused as Flink refuses it,
 * unless --set gives the prefix the job gets elsewhere (a table hint, a catalog's table), as --set gives a value a
 * job's code computes.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { verifyFiles } from '../../verify/verify.js';
import { cli } from '../cli/harness.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

const script = {
  path: 'job.sql',
  text: [
    "SET 'execution.checkpointing.interval' = '20 s';",
    "CREATE TABLE src (a INT) WITH ('connector' = 'kafka', 'topic' = 'in', 'scan.startup.mode' = 'earliest-offset');",
    "CREATE TABLE out (a INT) WITH ('connector' = 'kafka', 'topic' = 'out',",
    "  'sink.delivery-guarantee' = 'exactly-once', 'properties.transaction.timeout.ms' = '600000');",
    'INSERT INTO out SELECT a FROM src;',
  ].join('\n'),
};

describe('--set gives the transactional-id prefix an exactly-once SQL sink table lacks', () => {
  test('without it: the refusal, saying --set can give it', () => {
    expect(verifyFiles([script], [], keysOf)).toEqual({
      ok: false,
      error:
        'job.sql:4: Flink refuses this table: sink.transactional-id-prefix must be specified when using ' +
        'DeliveryGuarantee.EXACTLY_ONCE. Where the job gets it elsewhere (a table hint, a catalog), give it with ' +
        '--set sink.transactional-id-prefix=PREFIX',
    });
  });

  test('with it: the table is checked at the prefix given, from --set', () => {
    const r = verifyFiles([script], [['sink.transactional-id-prefix', 'orders']], keysOf);
    if (!r.ok) throw new Error(r.error);
    expect(
      r.value.winners
        .filter((w) => ['sink.transactional-id-prefix', 'sink.delivery-guarantee'].includes(w.key))
        .map((w) => [w.key, w.text, w.where]),
    ).toEqual([
      ['sink.delivery-guarantee', 'exactly-once', 'job.sql:4'],
      ['sink.transactional-id-prefix', 'orders', '--set'],
    ]);
  });

  test('the answer: a table hint gives the prefix; refused without --set, holds with it', async () => {
    const dir = 'test/fixtures/verify/sql-no-prefix';
    const refused = await cli('verify', dir, '--quiet');
    const given = await cli('verify', dir, '--quiet', '--depth', '8', '--set', 'sink.transactional-id-prefix=orders');
    expect([refused.code, refused.stderr.trim(), given.code, given.stdout.trim()]).toEqual([
      2,
      `eoscheck: ${dir}/job.sql:5: Flink refuses this table: sink.transactional-id-prefix must be specified when ` +
        'using DeliveryGuarantee.EXACTLY_ONCE. Where the job gets it elsewhere (a table hint, a catalog), give it ' +
        'with --set sink.transactional-id-prefix=PREFIX',
      0,
      `eoscheck verify: ${dir}: flink-kafka: every guarantee holds within the bounds (on Kafka 4.1, the newest ` +
        'release modelled, on flink-connector-kafka 5.0, the newest release modelled, on Flink 2.1.0, the release ' +
        "flink-connector-kafka 5.0's build names, for read_committed readers of `out`)",
    ]);
  });
});
