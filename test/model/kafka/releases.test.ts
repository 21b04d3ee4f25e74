/**
 * `kafka.version` as a key: each release's defaults of transaction.version and
 * transaction.partition.verification.enable, explicit keys overriding within what the release has,
 * and a clear refusal (exit 2 through the CLI) of what it does not have.
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { KAFKA_VERSIONS, RELEASES } from '../../../model/kafka/releases.js';
import { cli } from '../../cli/harness.js';
import { cfg } from '../../helpers/check.js';

describe('release defaults', () => {
  test('transaction.version 2 from 4.0, verification from 3.6, derived unless set', () => {
    const rows = KAFKA_VERSIONS.map((v) => {
      const c = cfg(kafkaTxnEntry.model.keys, `kafka.version=${v}`);
      return [v, c.transactionVersion, c.verification];
    });
    expect(rows).toEqual([
      ['2.4', 1, false],
      ['2.5', 1, false],
      ['2.7', 1, false],
      ['3.5', 1, false],
      ['3.6', 1, true],
      ['3.9', 1, true],
      ['4.0', 2, true],
      ['4.1', 2, true],
    ]);
    const upgraded = cfg(kafkaTxnEntry.model.keys, 'kafka.version=4.1', 'transaction.version=1');
    expect([upgraded.transactionVersion, upgraded.verification]).toEqual([1, true]);
  });

  test('the default is the newest release, which the README and the contract take as safe', () => {
    const c = cfg(kafkaTxnEntry.model.keys);
    expect([c.kafkaVersion, c.transactionVersion, c.verification]).toEqual(['4.1', 2, true]);
  });

  test('kafka-streams: transaction.timeout.ms is Streams own EOS default of the release', () => {
    const at = (v: string) => cfg(kafkaStreamsEntry.model.keys, `kafka.version=${v}`).transactionTimeoutMs;
    expect([at('2.5'), at('2.7'), at('4.1')]).toEqual([60000, 10000, 10000]);
  });

  test('every release lists what it changed', () => {
    for (const v of KAFKA_VERSIONS) expect(RELEASES[v].changes.length).toBeGreaterThan(0);
  });
});

describe('what a release does not have is exit 2, one line naming it', () => {
  const refused = async (model: string, ...sets: string[]) => {
    const r = await cli('check', model, ...sets.flatMap((s) => ['--set', s]), '--runs', '1');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    return r.stderr;
  };

  test('transaction.version=2 before 4.0', async () => {
    expect(await refused('kafka-txn', 'kafka.version=3.9', 'transaction.version=2')).toBe(
      'eoscheck: transaction.version=2 needs kafka.version 4.0 or later (KIP-890 part 2 shipped in 4.0); ' +
        'kafka.version=3.9 accepts transaction.version=1\n',
    );
  });

  test('partition verification before 3.6', async () => {
    expect(
      await refused('consume-transform-produce', 'kafka.version=3.5', 'transaction.partition.verification.enable=true'),
    ).toBe(
      'eoscheck: transaction.partition.verification.enable=true needs kafka.version 3.6 or later (KIP-890 part 1); ' +
        'kafka.version=3.5 has no partition verification\n',
    );
  });

  test('the timeout epoch bump off under transaction.version=2', async () => {
    expect(await refused('kafka-txn', 'safeguard.epoch-bump-on-timeout=false')).toContain(
      'safeguard.epoch-bump-on-timeout=false goes with transaction.version=1 only',
    );
  });

  test('Kafka Streams exactly_once on 4.0+, exactly_once_v2 before 2.6', async () => {
    expect(await refused('kafka-streams', 'kafka.version=4.0', 'processing.guarantee=exactly_once')).toBe(
      'eoscheck: processing.guarantee=exactly_once was removed in Kafka Streams 4.0 (KAFKA-16331); ' +
        'kafka.version=4.0 accepts at_least_once|exactly_once_v2\n',
    );
    expect(await refused('kafka-streams', 'kafka.version=2.5')).toBe(
      'eoscheck: processing.guarantee=exactly_once_v2 needs kafka.version 2.6 or later (KIP-447, exactly_once_beta ' +
        'until 2.8); kafka.version=2.5 accepts at_least_once|exactly_once\n',
    );
  });

  test('an unknown release names the accepted ones', async () => {
    expect(await refused('flink-kafka', 'kafka.version=3.7')).toBe(
      "eoscheck: bad value '3.7' for --set kafka.version: accepted 2.4|2.5|2.7|3.5|3.6|3.9|4.0|4.1\n",
    );
  });
});

test('eoscheck models --json lists the releases with their defaults and changes', async () => {
  const r = await cli('models', '--json');
  const json = JSON.parse(r.stdout) as {
    kafkaReleases: { version: string; transactionVersion: number; verification: boolean; changes: string[] }[];
  };
  expect(json.kafkaReleases.map((x) => [x.version, x.transactionVersion, x.verification])).toEqual(
    KAFKA_VERSIONS.map((v) => [v, RELEASES[v].transactionVersion, RELEASES[v].verification]),
  );
  expect(json.kafkaReleases.find((x) => x.version === '3.6')!.changes[0]).toContain('KIP-890 part 1');
});
