/**
 * `kafka.version` as a key: every release from 2.4 to 4.1 (X.Y or X.Y.Z) with the flags the real
 * release has, its defaults of transaction.version and transaction.partition.verification.enable,
 * explicit keys overriding within what the release has, and a clear refusal (exit 2 through the
 * CLI) of what it does not have.
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { describeRelease, type Release, release, releaseSteps } from '../../../model/kafka/releases.js';
import { cli } from '../../cli/harness.js';
import { cfg, record } from '../../helpers/check.js';

/** Every release line `kafka.version` takes, oldest first. */
const LINES = [
  ...['2.4', '2.5', '2.6', '2.7', '2.8'],
  ...['3.0', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9'],
  ...['4.0', '4.1'],
];

type BooleanFlag = { [F in keyof Release]: Release[F] extends boolean ? F : never }[keyof Release];

/**
 * The lines that have each flag, as the real releases do (`A-` from A on, `-B` up to B, `A-B`,
 * or single lines), written from the releases' own classes rather than from the model's table.
 */
const HAS: Record<BooleanFlag, string> = {
  unknownProducerAccepted: '2.5-',
  kip360: '2.5-',
  invalidMappingFatal: '2.4 4.0-',
  txnOffsetGenerationCheck: '2.5-',
  groupCoordinatorRuntime: '4.0-',
  // KAFKA-17507: 4.0.0 and the 3.9 branch's backport (3.9.1), so every line from 3.9 at its latest patch.
  txnCompletionAwaited: '3.9-',
  // ConsumerConfig.GROUP_PROTOCOL_CONFIG is in 3.7.0 and not in 3.6.0.
  consumerGroupProtocol: '3.7-',
  endTxnExactEpoch: '2.6-',
  // 4.0.0 only, a patch release; every line, taken at its latest patch, has the fix (4.0.1, 4.1.0).
  fenceAbortBumpsTwice: '',
  streamsEosV2: '2.6-',
  streamsEosV1FullMetadata: '2.6-2.8',
  staleEpochAbortable: '2.7-',
  mm2SyncGroupOffsets: '2.7-',
  mm2ExactlyOnceSource: '3.5-',
  mm2CheckpointOffsetZero: '2.7-',
  streamsProcessIdPersisted: '2.8-',
  streamsExactlyOnceV2Name: '3.0-',
  mm2NoSyncNoCheckpoint: '3.3-',
  // 3.4 is 3.4.1, which has the backport.
  mm2SyncStoreTranslation: '3.4-',
  verification: '3.6-',
  offsetsVerification: '3.7-',
  minIsrCapped: '3.7-',
  hwFrozenUnderMinIsr: '3.7-',
  mm2DelayedSyncs: '3.7-',
  // 3.5 is 3.5.2 and 3.7 is 3.7.1, which have the backports.
  mm2VariableSpacingStore: '3.5-',
  mm2InitialReadKeepsSyncs: '3.7-',
  elrAvailable: '4.0-',
  elrOnNewClusters: '4.1-',
  transactionAbortable: '3.8-',
  hasTransactionV2: '4.0-',
  streamsEosV1: '-3.9',
  // KAFKA-13727: 3.2.0, and 2.8.2, 3.0.2, 3.1.1, so every line from 2.8 at its latest patch.
  cleanerIndexesWholeSegment: '2.8-',
};

/** Whether `line` is in `ranges` (space-separated `A-`, `-B`, `A-B` or `A`). */
function within(line: string, ranges: string): boolean {
  if (ranges === '') return false;
  const at = LINES.indexOf(line);
  return ranges.split(' ').some((r) => {
    const [from, to] = r.includes('-') ? r.split('-') : [r, r];
    return (from === '' || at >= LINES.indexOf(from!)) && (to === '' || at <= LINES.indexOf(to!));
  });
}

/** The flags `line` should have, from HAS and the first releases of the flags that are not booleans. */
function expected(line: string): Release {
  const flags = Object.fromEntries(Object.entries(HAS).map(([f, ranges]) => [f, within(line, ranges)]));
  return {
    ...(flags as Record<BooleanFlag, boolean>),
    transactionVersion: within(line, '4.0-') ? 2 : 1,
    streamsTransactionTimeoutMs: within(line, '2.6-') ? 10000 : 60000,
    sessionTimeoutMs: within(line, '3.0-') ? 45000 : 10000,
    // KIP-854 (3.4.0's KafkaConfig has producer.id.expiration.ms; 3.3's LogManager passes transactionalIdExpirationMs).
    producerExpiry: within(line, '3.4-')
      ? { setting: 'producer.id.expiration.ms', ms: 86400000 }
      : { setting: 'transactional.id.expiration.ms', ms: 604800000 },
  };
}

describe('every release line has the flags of the real release', () => {
  test.each(LINES)('%s', (line) => {
    expect(release(line)).toEqual(expected(line));
  });

  test('the ranges name every flag the release record has', () => {
    expect(Object.keys(expected('3.8')).sort()).toEqual(Object.keys(release('3.8')).sort());
  });

  test('2.6: EndTxn at the exact epoch, Streams EOS beta and 10000 ms, not yet the abortable stale epoch', () => {
    const r = release('2.6');
    expect([r.endTxnExactEpoch, r.streamsEosV2, r.streamsTransactionTimeoutMs, r.staleEpochAbortable]).toEqual([
      true,
      true,
      10000,
      false,
    ]);
  });

  test('3.7 verifies TxnOffsetCommit and caps min.insync.replicas; TRANSACTION_ABORTABLE comes in 3.8', () => {
    const at = (v: string) => {
      const r = release(v);
      return [r.offsetsVerification, r.minIsrCapped, r.transactionAbortable];
    };
    expect([at('3.6'), at('3.7'), at('3.8')]).toEqual([
      [false, false, false],
      [true, true, false],
      [true, true, true],
    ]);
  });
});

describe('patch releases', () => {
  test.each([
    ['2.4.0', '2.4'],
    ['2.7.0', '2.7'],
    ['3.6.1', '3.6'],
    ['3.8.0', '3.8'],
    ['3.9.1', '3.9'],
    ['4.0.1', '4.0'],
    ['4.1.0', '4.1'],
  ])('%s behaves as %s', (patch, line) => {
    expect(release(patch)).toEqual(release(line));
  });

  test('3.4.0 lacks the MirrorMaker 2 translation backported to 3.4.1, which 3.4 (its latest patch) has', () => {
    expect(release('3.4.0')).toEqual({ ...release('3.4'), mm2SyncStoreTranslation: false });
    expect(release('3.4.1')).toEqual(release('3.4'));
    expect(release('3.4.1')).toEqual({ ...release('3.4.0'), mm2SyncStoreTranslation: true });
    expect(release('3.4.0')).toEqual({
      ...release('3.3'),
      producerExpiry: { setting: 'producer.id.expiration.ms', ms: 86400000 },
    });
  });

  test('4.0.0 bumps the epoch twice for a fenced abort (KAFKA-19367); 4.0.1 has the fix 4.1.0 brought', () => {
    expect(release('4.0.0')).toEqual({ ...release('4.0'), fenceAbortBumpsTwice: true });
    expect(release('4.0.1')).toEqual(release('4.0'));
    // 4.1 differs from 4.0.1 only in what a new cluster gets: eligible leader replicas (KIP-966).
    expect(release('4.0.1')).toEqual({ ...release('4.1'), fenceAbortBumpsTwice: false, elrOnNewClusters: false });
    expect(release('3.9.0').fenceAbortBumpsTwice).toBe(false);
    expect(describeRelease('4.0', ['transactions'])).toContain('KAFKA-19367 one bump for a fenced abort (4.0.1)');
    expect(describeRelease('4.0.0', ['transactions'])).not.toContain('KAFKA-19367');
    expect(describeRelease('4.1', ['transactions'])).toContain('KAFKA-19367 one bump for a fenced abort (4.1)');
  });

  test('a value outside the releases is a caller mistake', () => {
    expect(() => release('3.10')).toThrow("kafka.version '3.10' is not a release from 2.4 to 4.1");
  });
});

describe('describeRelease', () => {
  test('3.8 names KIP-890 part 1 with TxnOffsetCommit verification (3.7) and TRANSACTION_ABORTABLE (3.8)', () => {
    const d = describeRelease('3.8', ['transactions']);
    expect(d).toBe(
      '3.8 (its latest patch, 3.8.1): transactions: KIP-98, KIP-360 epoch bump (2.5), KAFKA-9600 exact EndTxn ' +
        'epoch (2.6), KIP-588 abortable stale epoch (2.7), KIP-854 producer.id.expiration.ms (3.4), ' +
        'KIP-890 part 1 verification (3.6), KAFKA-15784 ' +
        'TxnOffsetCommit verification (3.7), KAFKA-16314 TRANSACTION_ABORTABLE (3.8)',
    );
    expect(describeRelease('3.7', ['transactions'])).not.toContain('TRANSACTION_ABORTABLE');
    // The cleaner's fix is the log cleaner's, named where the model has one (kafka-txn).
    expect(describeRelease('3.8', ['log cleaner'])).toBe(
      '3.8 (its latest patch, 3.8.1): log cleaner: KAFKA-13727 cleaner keeps ABORT markers (3.2)',
    );
  });

  test('every area, the release a change came in, and the patch given', () => {
    const d = describeRelease('3.6.1');
    expect(d.startsWith('3.6.1: transactions: KIP-98, ')).toBe(true);
    for (const area of ['; consumer groups: ', '; Kafka Streams: ', '; MirrorMaker 2: ']) expect(d).toContain(area);
    expect(d).not.toContain('replication');
    expect(describeRelease('3.4', ['MirrorMaker 2'])).toContain('KAFKA-14666 translation never past the group (3.4.1)');
    expect(describeRelease('3.4.0', ['MirrorMaker 2'])).not.toContain('KAFKA-14666');
    expect(describeRelease('4.1').startsWith('4.1 (its latest patch): ')).toBe(true);
  });
});

describe('release defaults', () => {
  test('transaction.version 2 from 4.0, verification from 3.6, derived unless set', () => {
    const rows = LINES.map((v) => {
      const c = cfg(kafkaTxnEntry.model.keys, `kafka.version=${v}`);
      return [v, c.transactionVersion, c.verification];
    });
    expect(rows).toEqual(LINES.map((v) => [v, within(v, '4.0-') ? 2 : 1, within(v, '3.6-')]));
    const upgraded = cfg(kafkaTxnEntry.model.keys, 'kafka.version=4.1', 'transaction.version=1');
    expect([upgraded.transactionVersion, upgraded.verification]).toEqual([1, true]);
  });

  test('the value stays the text given, so a report shows the patch release', () => {
    const r = record(kafkaTxnEntry.model.keys, 'kafka.version=3.6.1');
    expect([r['kafka.version'], r['transaction.version'], r['transaction.partition.verification.enable']]).toEqual([
      '3.6.1',
      1,
      true,
    ]);
  });

  test('the default is the newest release, which the README and the contract take as safe', () => {
    const c = cfg(kafkaTxnEntry.model.keys);
    expect([c.kafkaVersion, c.transactionVersion, c.verification]).toEqual(['4.1', 2, true]);
  });

  test('kafka-streams: transaction.timeout.ms is Streams own EOS default of the release', () => {
    const at = (v: string) => cfg(kafkaStreamsEntry.model.keys, `kafka.version=${v}`).transactionTimeoutMs;
    expect([at('2.5'), at('2.5.1'), at('2.6'), at('2.6.0'), at('4.1')]).toEqual([60000, 60000, 10000, 10000, 10000]);
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
    expect(await refused('kafka-txn', 'kafka.version=3.9.1', 'transaction.version=2')).toContain(
      'kafka.version=3.9.1 accepts transaction.version=1',
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

  test.each(['2.3', '4.2', '3.10', 'x', '3.4.2', '2.6.4', '3.6.1.1', '03.6'])(
    'kafka.version=%s is no release: refused naming the range',
    async (bad) => {
      expect(await refused('flink-kafka', `kafka.version=${bad}`)).toBe(
        `eoscheck: bad value '${bad}' for --set kafka.version: accepted every release from 2.4 to 4.1, as X.Y or ` +
          'X.Y.Z\n',
      );
    },
  );
});

test('eoscheck models --json lists the releases where something changed, with their defaults and changes', async () => {
  const r = await cli('models', '--json');
  const json = JSON.parse(r.stdout) as {
    kafkaReleases: { version: string; transactionVersion: number; verification: boolean; changes: string[] }[];
  };
  expect(json.kafkaReleases.map((x) => [x.version, x.transactionVersion, x.verification])).toEqual(
    releaseSteps().map((s) => [s.version, s.release.transactionVersion, s.release.verification]),
  );
  expect(json.kafkaReleases.map((x) => x.version)).toEqual([
    ...['2.4', '2.5', '2.6', '2.7', '2.8', '2.8.2', '3.0', '3.3', '3.4', '3.4.1', '3.5', '3.5.2', '3.6', '3.7'],
    ...['3.7.1', '3.8', '3.9.1', '4.0', '4.0.1', '4.1'],
  ]);
  for (const x of json.kafkaReleases) expect(x.changes.length).toBeGreaterThan(0);
  expect(json.kafkaReleases.find((x) => x.version === '3.6')!.changes[0]).toContain('KIP-890 part 1');
});
