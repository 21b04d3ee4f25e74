/**
 * Consumer reads (model/kafka/read.ts) on kafka-txn logs: read_committed vs read_uncommitted,
 * fates, the open transaction from the log; and kafka-txn's judged view of topic `out`.
 */
import { describe, expect, test } from 'vitest';
import {
  decidedFates,
  decidedOffset,
  fates,
  firstOpenOffsetFromLog,
  readPartition,
} from '../../../model/kafka/read.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { outView } from '../../../properties/kafka-txn/outputs.js';
import { act, committedTxn, group, init, run, solo } from './helpers.js';

const offsets = (s: KafkaTxnState, level: 'read_committed' | 'read_uncommitted'): number[] =>
  readPartition(s.kafka.partitions[0]!, level).map((e) => e.offset);

describe('read_committed and read_uncommitted', () => {
  // v1 committed at 0 (COMMIT at 1); v2 aborted at 2 (ABORT at 3); v2 again at 4, still open.
  const mixed = (): KafkaTxnState =>
    run(
      solo({ 'input.records': '2' }),
      act.init(1),
      ...committedTxn(1, 0, 1),
      act.begin(1),
      act.write(1),
      act.abort(1),
      act.markers(0),
      act.begin(1),
      act.write(1),
    );

  test('read_committed skips aborted records and stops at the LSO', () => {
    const s = mixed();
    expect(s.kafka.partitions[0]!.lastStableOffset).toBe(4);
    expect(offsets(s, 'read_committed')).toEqual([0]);
    expect(fates(s.kafka.partitions[0]!)).toEqual(['COMMIT', undefined, 'ABORT', undefined, null]);
    expect(firstOpenOffsetFromLog(s.kafka.partitions[0]!)).toBe(4);
  });

  test('read_uncommitted returns every data record below the high watermark', () => {
    const s = mixed();
    expect(s.kafka.partitions[0]!.highWatermark).toBe(5);
    expect(offsets(s, 'read_uncommitted')).toEqual([0, 2, 4]);
    expect(readPartition(s.kafka.partitions[0]!, 'read_uncommitted').map((e) => e.value)).toEqual([1, 2, 2]);
  });

  test('an open transaction hides later committed records of other producers from read_committed', () => {
    const s = run(
      solo({ producers: '2' }),
      act.init(1),
      act.init(2),
      act.begin(1),
      act.write(1),
      ...committedTxn(2, 1, 1),
    );
    // app-0's v1 at 0 is open; app-1's v3 at 1 is committed (COMMIT at 2) but above the LSO.
    expect([s.kafka.partitions[0]!.lastStableOffset, s.kafka.partitions[0]!.highWatermark]).toEqual([0, 3]);
    expect(offsets(s, 'read_committed')).toEqual([]);
    expect(offsets(s, 'read_uncommitted')).toEqual([0, 1]);
    expect(fates(s.kafka.partitions[0]!)).toEqual([null, 'COMMIT', undefined]);
  });

  test('plain records have fate "plain" and are read at both levels', () => {
    const s = run(solo({ 'enable.idempotence': 'false' }), act.produce(1), act.produce(1));
    expect(fates(s.kafka.partitions[0]!)).toEqual(['plain', 'plain']);
    expect(offsets(s, 'read_committed')).toEqual([0, 1]);
    expect(firstOpenOffsetFromLog(s.kafka.partitions[0]!)).toBeNull();
  });
});

// Markers reach partitions one at a time: between the first and the last a decided transaction is
// committed on some partitions and still open on others. The decided view is what every partition
// will show once the markers already decided are written.
describe('decided fates: a transaction between its markers', () => {
  const between = (): KafkaTxnState =>
    run(
      init({ producers: '1', partitions: '2' }),
      act.init(1),
      act.begin(1),
      act.write(1, 0),
      act.write(1, 1),
      act.sendOffsets(1),
      act.commit(1),
      act.marker(0, 0),
    );

  test('out-0 has its COMMIT marker, out-1 not yet: read fates differ, decided fates agree', () => {
    const s = between();
    expect(fates(s.kafka.partitions[0]!)).toEqual(['COMMIT', undefined]);
    expect(fates(s.kafka.partitions[1]!)).toEqual([null]);
    expect(decidedFates(s.kafka, 0)).toEqual(['COMMIT', undefined]);
    expect(decidedFates(s.kafka, 1)).toEqual(['COMMIT']);
  });

  test('the input offset: committed at 0, decided at 2 until the __consumer_offsets marker lands', () => {
    const s = between();
    expect(group(s).committed[0]!.offset).toBe(0);
    expect(decidedOffset(s.kafka, 0, 0)).toBe(2);
    const done = run(s, act.marker(0, 1), act.marker(0, '__consumer_offsets'));
    expect(group(done).committed[0]!.offset).toBe(2);
    expect(decidedOffset(done.kafka, 0, 0)).toBe(2);
    expect(decidedFates(done.kafka, 1)).toEqual(fates(done.kafka.partitions[1]!));
  });

  test('an open (undecided) transaction stays open in the decided view', () => {
    const s = run(init({ producers: '1', partitions: '2' }), act.init(1), act.begin(1), act.write(1, 1));
    expect(decidedFates(s.kafka, 1)).toEqual([null]);
    expect(decidedOffset(s.kafka, 0, 0)).toBe(0);
  });
});

describe('seed-003: one producer, one partition; commit 3, abort 2, commit 2', () => {
  const seed003 = (): KafkaTxnState =>
    run(
      solo({ 'input.records': '5' }),
      act.init(1),
      ...committedTxn(1, 0, 3), // v1 v2 v3, COMMIT
      act.begin(1),
      act.write(1), // v4
      act.write(1), // v5
      act.abort(1), // seek back to input 3
      act.markers(0),
      ...committedTxn(1, 0, 2), // v4 v5 again, COMMIT
    );

  test('the log: data 0-2, COMMIT 3, data 4-5, ABORT 6, data 7-8, COMMIT 9', () => {
    const s = seed003();
    expect(
      s.kafka.partitions[0]!.log.map((e) =>
        e.kind === 'data' ? `${e.offset}:v${e.value}` : `${e.offset}:${e.marker}`,
      ),
    ).toEqual(['0:v1', '1:v2', '2:v3', '3:COMMIT', '4:v4', '5:v5', '6:ABORT', '7:v4', '8:v5', '9:COMMIT']);
    expect([s.kafka.partitions[0]!.highWatermark, s.kafka.partitions[0]!.lastStableOffset]).toEqual([10, 10]);
    expect(group(s).committed[0]!.offset).toBe(5);
  });

  test('read_uncommitted reads offsets 0 1 2 4 5 7 8, with v4 and v5 twice', () => {
    const v = outView(seed003(), 'read_uncommitted');
    expect(v.offsets).toEqual([0, 1, 2, 4, 5, 7, 8]);
    expect(v.values).toEqual([1, 2, 3, 4, 5, 4, 5]);
    expect([v.records, v.distinct, v.duplicates, v.duplicateRanges, v.missing]).toEqual([7, 5, 2, [[4, 5]], 0]);
  });

  test('read_committed reads offsets 0 1 2 7 8: values 1-5 exactly once', () => {
    const v = outView(seed003(), 'read_committed');
    expect(v).toEqual({
      values: [1, 2, 3, 4, 5],
      offsets: [0, 1, 2, 7, 8],
      records: 5,
      distinct: 5,
      duplicates: 0,
      duplicateRanges: [],
      missing: 0,
      missingRanges: [],
    });
  });
});
