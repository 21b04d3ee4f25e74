/**
 * `flink-kafka-crash` with `transaction.timeout.ms` 10 s below the 20 s checkpoint interval (seed
 * 002's extra measurement: the job kept running and lost results). Every attempt's transaction
 * opens with its first write and expires 10 s later, before the first checkpoint 20 s after the
 * (re)start; the next write is fenced and fails the task; the restart 10 s later re-reads from
 * the start. The attempt after the input ended writes all 1200 records, nothing follows, its
 * transaction expires silently, the checkpoint pre-commits it and the commit fails: read_committed
 * misses every record.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaCrash } from '../../../scenarios/flink-kafka-crash.js';
import { counts, outViews, playFlink } from '../../scenarios/flink-helpers.js';

describe('flink-kafka-crash with transaction.timeout.ms=10000', () => {
  test('read_committed misses all 1200 records; read_uncommitted holds four attempts of them', () => {
    const ex = playFlink(
      flinkKafkaCrash,
      ['sink.delivery-guarantee', 'exactly-once'],
      ['transaction.timeout.ms', '10000'],
    );
    const v = outViews(ex);
    expect(counts(v.read_committed)).toEqual({
      records: 0,
      distinct: 0,
      duplicates: 0,
      duplicateRanges: [],
      missing: 1200,
      missingRanges: [[1, 1200]],
    });
    expect(counts(v.read_uncommitted)).toMatchObject({
      records: 4800,
      distinct: 1200,
      duplicateRanges: [[1, 1100]],
      missing: 0,
    });
    // Each attempt's transaction was ended by the coordinator's timeout, not by the job: it held the LSO until then.
    expect(ex.violations.map((x) => x.invariant)).toEqual(['no-loss', 'no-hanging-transaction']);
    expect(ex.violations[1]!.message).toMatch(
      /^out-0: the transaction of flink-0-1 from offset 0 was never ended by the job: the coordinator aborted it /,
    );
    // The timeout abort bumped the epoch; the commit's EndTxn(COMMIT) still carries epoch 0. Under
    // transaction.version=2 (4.1) that is a retry of the bumped epoch, and a COMMIT retry of a CompleteAbort is
    // INVALID_TXN_STATE; the committer drops the committable either way (KafkaCommitter).
    const failed = ex.states.flatMap((s) => s.events.filter((e) => e.type === 'commit-failed'));
    expect(failed).toEqual([
      { type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1', error: 'INVALID_TXN_STATE' },
    ]);
    expect(ex.states.at(-1)!.now).toBe(140100);
  });
  test('a 600-record feed (the seed measurement itself) loses its results the same way', () => {
    const ex = playFlink(
      flinkKafkaCrash,
      ['sink.delivery-guarantee', 'exactly-once'],
      ['transaction.timeout.ms', '10000'],
      ['input.records', '600'],
    );
    expect(counts(outViews(ex).read_committed)).toMatchObject({ records: 0, missing: 600 });
  });
  test('transaction.version=1 (kafka.version=3.9): the same loss, the commit refused as PRODUCER_FENCED', () => {
    const ex = playFlink(
      flinkKafkaCrash,
      ['sink.delivery-guarantee', 'exactly-once'],
      ['transaction.timeout.ms', '10000'],
      ['input.records', '600'],
      ['kafka.version', '3.9'],
    );
    expect(counts(outViews(ex).read_committed)).toMatchObject({ records: 0, missing: 600 });
    // Not the current epoch: PRODUCER_FENCED (KAFKA-9600, 2.6+).
    expect(ex.states.flatMap((s) => s.events.filter((e) => e.type === 'commit-failed'))).toEqual([
      { type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1', error: 'PRODUCER_FENCED' },
    ]);
  });
  test('a timeout above the checkpoint interval plus restart (25 s) keeps seed 002 exact', () => {
    const ex = playFlink(
      flinkKafkaCrash,
      ['sink.delivery-guarantee', 'exactly-once'],
      ['transaction.timeout.ms', '25000'],
    );
    expect(counts(outViews(ex).read_committed)).toMatchObject({ records: 1200, distinct: 1200, duplicates: 0 });
  });
});
