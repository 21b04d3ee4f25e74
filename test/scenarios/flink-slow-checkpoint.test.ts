/**
 * `flink-slow-checkpoint`: backpressure makes checkpoint 2 take 90 s with transaction.timeout.ms 60 s; the
 * coordinator aborts the pre-committed transactions, the checkpoints complete, the commits fail: 201-600 lost.
 * A timeout above the checkpoint's duration keeps every record.
 */
import { describe, expect, test } from 'vitest';
import { flinkSlowCheckpoint } from '../../scenarios/flink-slow-checkpoint.js';
import { counts, outViews, playFlink } from './flink-helpers.js';

describe('flink-slow-checkpoint', () => {
  test('checkpoint 2 takes 90 s, the transaction timeout is 60 s: 201-600 lost behind completed checkpoints', () => {
    const ex = playFlink(flinkSlowCheckpoint);
    expect(counts(outViews(ex).read_committed)).toEqual({
      records: 200,
      distinct: 200,
      duplicates: 0,
      duplicateRanges: [],
      missing: 400,
      missingRanges: [[201, 600]],
    });
    const last = ex.states.at(-1)!;
    // The checkpoints completed and the source group moved past every input: the loss looks committed.
    expect(last.jm.latest).toMatchObject({ id: 3, offsets: [600], count: 600 });
    expect(last.now).toBe(130_000);
    expect(ex.violations.map((v) => v.invariant)).toEqual(['no-loss', 'no-hanging-transaction']);
    expect(ex.violations[1]!.message).toContain('flink-0-2 from offset 201');
    expect(ex.violations[1]!.message).toContain('open from 20.1 s to 80.1 s');
    expect(ex.config.headline).toBe(
      'checkpoint 2 takes 90.0 s, transaction.timeout.ms=60000: slower than the timeout, the committed-looking ' +
        'results are lost',
    );
  });
  test('transaction.timeout.ms above the checkpoint duration (300 s): every record once at read_committed', () => {
    const ex = playFlink(flinkSlowCheckpoint, ['transaction.timeout.ms', '300000']);
    expect(counts(outViews(ex).read_committed)).toMatchObject({ records: 600, distinct: 600, missing: 0 });
    expect(ex.violations).toEqual([]);
  });
});
