/**
 * The log cleaner on a compacted output topic (cleanup.policy=compact, faults.log-cleaner) and KAFKA-13727: before
 * the fix (3.2.0; 2.8.2, 3.0.2, 3.1.1), a cleaning whose offset map filled mid-segment collected the aborted
 * transactions only up to the map's last offset, so one past it was copied as committed, left out of the cleaned
 * transaction index (a read_committed consumer returns it at once), and its ABORT marker removed after
 * delete.retention.ms while its records stayed. Exact traces, both ways.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import { checkKafkaKeys } from '../../../model/kafka/keys.js';
import { clean, mapEnds } from '../../../model/kafka/log-cleaner.js';
import { readPartition } from '../../../model/kafka/read.js';
import type { LogEntry, Partition } from '../../../model/kafka/records.js';
import { release } from '../../../model/kafka/releases.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { logTableLines } from '../../../traces/kafka/log-table.js';
import { cfg, check, exhaustive, explored, scripted } from '../../helpers/check.js';
import { txnMarker, txnRecord } from '../../helpers/log-entries.js';

const DAY = 86400000;

const data = txnRecord;
const marker = txnMarker;

/** v1 and v2 committed, v3 aborted: the log the model's counterexample leaves before the cleaning. */
const committedThenAborted: Partition = {
  name: 'out-0',
  log: [data(0, 1), data(1, 2), marker(2, 'COMMIT'), data(3, 3), marker(4, 'ABORT')],
  producers: [],
  guards: [],
  highWatermark: 5,
  lastStableOffset: 5,
};

const values = (p: Partition): number[] => readPartition(p, 'read_committed').map((e) => e.value);
const shape = (log: readonly LogEntry[]): string[] =>
  log.map((e) => {
    const name = e.kind === 'data' ? `v${e.value}` : e.marker;
    const flags = [
      e.removed === true ? 'removed' : null,
      e.kind === 'data' && e.unindexed === true ? 'unindexed' : null,
      e.kind === 'control' && e.deleteHorizonMs !== undefined ? `horizon ${e.deleteHorizonMs}` : null,
    ].filter((x) => x !== null);
    return flags.length === 0 ? name : `${name} (${flags.join(', ')})`;
  });

describe('a cleaning pass (Cleaner.cleanSegments, CleanedTransactionMetadata)', () => {
  test('the offset map may end before v2, the first record it may lack room for, or at the last batch', () => {
    expect(mapEnds(committedThenAborted)).toEqual([0, 4]);
    // Nothing dirty below the LSO: no pass.
    expect(mapEnds({ ...committedThenAborted, firstDirtyOffset: 5 })).toEqual([]);
  });

  test('fixed (3.2.0): the aborted record is removed, its marker kept, then given a horizon, then removed', () => {
    const pass = { now: 0, deleteRetentionMs: DAY, wholeSegment: true };
    const one = clean(committedThenAborted, { ...pass, mapEnd: 0 });
    expect(shape(one.log)).toEqual(['v1', 'v2', 'COMMIT', 'v3 (removed)', 'ABORT']);
    expect(one.firstDirtyOffset).toBe(1);
    expect(values(one)).toEqual([1, 2]);
    const two = clean(one, { ...pass, mapEnd: 4 });
    expect(shape(two.log)).toEqual(['v1', 'v2', 'COMMIT', 'v3 (removed)', `ABORT (horizon ${DAY})`]);
    // Before the horizon a pass keeps it; from the horizon on, one removes it.
    const early = clean({ ...two, firstDirtyOffset: 0 }, { ...pass, now: DAY - 1, mapEnd: 4 });
    expect(shape(early.log)).toEqual(shape(two.log));
    const three = clean({ ...two, firstDirtyOffset: 0 }, { ...pass, now: DAY, mapEnd: 4 });
    expect(shape(three.log)).toEqual(['v1', 'v2', 'COMMIT', 'v3 (removed)', 'ABORT (removed, horizon 86400000)']);
    expect(values(three)).toEqual([1, 2]);
  });

  test('before the fix (3.1.0), a map full after offset 0: v3 is kept unindexed and read, its marker removable', () => {
    const pass = { now: 0, deleteRetentionMs: DAY, wholeSegment: false };
    const one = clean(committedThenAborted, { ...pass, mapEnd: 0 });
    expect(shape(one.log)).toEqual(['v1', 'v2', 'COMMIT', 'v3 (unindexed)', `ABORT (horizon ${DAY})`]);
    expect(values(one)).toEqual([1, 2, 3]);
    const two = clean(one, { ...pass, now: DAY, mapEnd: 4 });
    expect(shape(two.log)).toEqual(['v1', 'v2', 'COMMIT', 'v3 (unindexed)', `ABORT (removed, horizon ${DAY})`]);
    expect(values(two)).toEqual([1, 2, 3]);
  });

  test('before the fix, a map that holds every key cleans as the fix does', () => {
    const pass = { now: 0, deleteRetentionMs: DAY, mapEnd: 4 };
    expect(clean(committedThenAborted, { ...pass, wholeSegment: false })).toEqual(
      clean(committedThenAborted, { ...pass, wholeSegment: true }),
    );
  });
});

describe('KAFKA-13727 by release', () => {
  test('buggy up to 2.8.1, 3.0.1 and 3.1.0; fixed in 2.8.2, 3.0.2, 3.1.1 and from 3.2.0', () => {
    const fixed = ['2.4', '2.7', '2.8.1', '2.8.2', '3.0.1', '3.0.2', '3.1.0', '3.1.1', '3.2.0', '4.1'].map(
      (v) => [v, release(v).cleanerIndexesWholeSegment] as const,
    );
    expect(fixed).toEqual([
      ['2.4', false],
      ['2.7', false],
      ['2.8.1', false],
      ['2.8.2', true],
      ['3.0.1', false],
      ['3.0.2', true],
      ['3.1.0', false],
      ['3.1.1', true],
      ['3.2.0', true],
      ['4.1', true],
    ]);
  });
});

const base = ['producers=1', 'partitions=1', 'input.records=3', 'faults.zombies=false'];
const cleaner = ['cleanup.policy=compact', 'faults.log-cleaner=1'];

/** The counterexample: v1 v2 committed, v3 aborted, a pass whose map fills after offset 0. */
const trace: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: 1 },
  { type: 'BeginTxn', instance: 1 },
  { type: 'Produce', instance: 1, partition: 0 },
  { type: 'Produce', instance: 1, partition: 0 },
  { type: 'AddOffsetsToTxn', instance: 1 },
  { type: 'TxnOffsetCommit', instance: 1 },
  { type: 'CommitTxn', instance: 1 },
  { type: 'BeginTxn', instance: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
  { type: 'Produce', instance: 1, partition: 0 },
  { type: 'AbortTxn', instance: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'Clean', partition: 0, mapEnd: 0 },
];

/** 3.1.0, the counterexample, then a day on and a second pass: the ABORT marker past its horizon. */
const twoPasses = () =>
  scripted(
    entry,
    cfg(entry.model.keys, 'kafka.version=3.1.0', 'cleanup.policy=compact', 'faults.log-cleaner=2', ...base),
    [...trace, { type: 'Tick' }, { type: 'Clean', partition: 0, mapEnd: 4 }],
  );

describe('kafka-txn with faults.log-cleaner', () => {
  test('off by default: no Clean step; on, it needs cleanup.policy=compact, on any number of replicas', () => {
    const at = (pairs: string[]) =>
      scripted(entry, cfg(entry.model.keys, 'kafka.version=3.1.0', ...pairs), trace.slice(0, 13)).last;
    expect(entry.model.enabled(at(base)).map((a) => a.type)).not.toContain('Clean');
    expect(entry.model.enabled(at([...base, ...cleaner])).filter((a) => a.type === 'Clean')).toEqual([
      { type: 'Clean', partition: 0, mapEnd: 0 },
      { type: 'Clean', partition: 0, mapEnd: 4 },
    ]);
    expect(checkKafkaKeys({ logCleaner: 1 })).toBe(
      'faults.log-cleaner=1 needs cleanup.policy=compact (the cleaner compacts compacted topics only); ' +
        'cleanup.policy=delete accepts faults.log-cleaner=0',
    );
    expect(checkKafkaKeys({ logCleaner: 1, cleanupPolicy: 'compact', replicationFactor: 2 })).toBeNull();
  });

  test('kafka.version=3.1.0: no-aborted-read in 14 steps, the shortest', () => {
    const r = check(entry, ['kafka.version=3.1.0', ...cleaner, ...base], exhaustive(14));
    expect(r.trace?.map((s) => s.action)).toEqual(trace);
    expect(explored(r.trace)).toHaveLength(14);
    expect(r.violations.map((v) => `${v.invariant}: ${v.message}`)).toEqual([
      'no-aborted-read: a read_committed reader returns v3 at out-0 offset 3, a record of an aborted transaction',
    ]);
  });

  for (const version of ['2.8.2', '3.1.1', '3.2.0'])
    test(`kafka.version=${version}: the same steps clean v3 away and keep its marker`, () => {
      const r = scripted(entry, cfg(entry.model.keys, `kafka.version=${version}`, ...cleaner, ...base), trace);
      expect(r.violations).toEqual([]);
      expect(shape(r.last.kafka.partitions[0]!.log)).toEqual(['v1', 'v2', 'COMMIT', 'v3 (removed)', 'ABORT']);
    });

  test('3.1.0, a second pass a day on: the ABORT marker is removed while v3 stays', () => {
    const r = twoPasses();
    expect(r.last.now).toBe(DAY);
    expect(shape(r.last.kafka.partitions[0]!.log)).toEqual([
      'v1',
      'v2',
      'COMMIT',
      'v3 (unindexed)',
      `ABORT (removed, horizon ${DAY})`,
    ]);
    expect(values(r.last.kafka.partitions[0]!)).toEqual([1, 2, 3]);
  });

  test("the trace says what each pass did and marks the log's cleaned entries", () => {
    const r = twoPasses();
    const lines = (i: number) => entry.render.events(r.states[i + 1]!, r.states[i]!).map((e) => e.text);
    expect(lines(13)).toEqual([
      'out-0: the cleaner cleaned below offset 5: kept aborted offset 3 out of the transaction index ' +
        `(read_committed returns it); marker at offset 4 kept until ${DAY} ms (delete.retention.ms)`,
    ]);
    expect(lines(15)).toEqual(['out-0: the cleaner cleaned below offset 5: removed offset 4']);
    expect(logTableLines(r.last.kafka.partitions[0]!)).toEqual([
      'offset | producer | epoch | record          | read_committed',
      '0      | 1        | 0     | v1              | yes',
      '1      | 1        | 0     | v2              | yes',
      '2      | 1        | 0     | COMMIT',
      '3      | 1        | 0     | v3              | yes (aborted: not in the transaction index)',
      '4      | 1        | 0     | ABORT (removed)',
    ]);
    // Fixed (3.2.0): the same pass removes v3 and keeps its marker (it met v3 in this pass; a later one dates it).
    const fixed = scripted(entry, cfg(entry.model.keys, 'kafka.version=3.2.0', ...cleaner, ...base), trace);
    expect(entry.render.events(fixed.states[14]!, fixed.states[13]!).map((e) => e.text)).toEqual([
      'out-0: the cleaner cleaned below offset 5: removed offset 3',
    ]);
    expect(logTableLines(fixed.last.kafka.partitions[0]!)[4]).toBe(
      '3      | 1        | 0     | v3     | no (removed by the cleaner)',
    );
  });

  test('delete.retention.ms sets the horizon the clock stops at', () => {
    const conf = cfg(
      entry.model.keys,
      'kafka.version=3.1.0',
      'cleanup.policy=compact',
      'faults.log-cleaner=2',
      'delete.retention.ms=1000',
      ...base,
    );
    const r = scripted(entry, conf, [...trace, { type: 'Tick' }]);
    expect(r.last.now).toBe(1000);
  });
});
