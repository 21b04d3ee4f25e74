/**
 * `flink-kafka-crash` reproduces seed 002's measured experiment exactly: 1200 records every 100 ms,
 * checkpoints every 20 s, the TaskManager killed 10 s after checkpoint 2 (t = 50 s), restarted
 * 10 s later from checkpoint 2 (source offset 400).
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaCrash } from '../../../scenarios/flink-kafka-crash.js';
import { counts, outViews, playFlink } from '../../scenarios/flink-helpers.js';

describe('flink-kafka-crash (seed 002)', () => {
  test('at-least-once (the default): 1300 records, 1200 distinct, 401-500 twice, nothing missing', () => {
    const ex = playFlink(flinkKafkaCrash);
    const v = outViews(ex);
    const expected = {
      records: 1300,
      distinct: 1200,
      duplicates: 100,
      duplicateRanges: [[401, 500]],
      missing: 0,
      missingRanges: [],
    };
    expect(counts(v.read_committed)).toEqual(expected);
    expect(counts(v.read_uncommitted)).toEqual(expected);
    expect(ex.violations.map((x) => x.invariant)).toEqual(['no-duplicates']);
    expect(ex.quiescent).toBe(true);
    const states = ex.states;
    const completed = states.flatMap((s) => s.events.filter((e) => e.type === 'completed').map(() => s.now));
    // The scheduler restarts with the job (first checkpoint 20 s after 60 s); at 120 s everything is written, no
    // checkpoint is needed.
    expect(completed).toEqual([20000, 40000, 80000, 100000]);
    const crash = ex.steps.findIndex((s) => s.action.type === 'Crash');
    expect(states[crash]!.now).toBe(50000);
    expect(states[crash]!.kafka.partitions[0]!.log.length).toBe(500);
    const restart = ex.steps.findIndex((s) => s.action.type === 'Restart');
    expect(states[restart + 1]!.now).toBe(60000);
    expect(states[restart + 1]!.events).toEqual([
      { type: 'restored', checkpoint: 2, offsets: [400], count: 400, mode: 'checkpoint' },
    ]);
    expect(ex.steps.every((s) => s.phase === 'script')).toBe(true);
  });
  test('exactly-once: read_committed 1200 distinct, none twice; read_uncommitted the same 100 duplicates', () => {
    const ex = playFlink(flinkKafkaCrash, ['sink.delivery-guarantee', 'exactly-once']);
    const v = outViews(ex);
    expect(counts(v.read_committed)).toEqual({
      records: 1200,
      distinct: 1200,
      duplicates: 0,
      duplicateRanges: [],
      missing: 0,
      missingRanges: [],
    });
    expect(counts(v.read_uncommitted)).toEqual({
      records: 1300,
      distinct: 1200,
      duplicates: 100,
      duplicateRanges: [[401, 500]],
      missing: 0,
      missingRanges: [],
    });
    expect(ex.violations).toEqual([]);
    const last = ex.states.at(-1)!;
    // Seed 002: flink-0-3, opened after checkpoint 2, stays Ongoing until the restored job reuses it (epoch bumped),
    // then commits.
    const atCrash = ex.states[ex.steps.findIndex((s) => s.action.type === 'Crash')]!;
    expect(atCrash.kafka.txns.map((t) => [t.transactionalId, t.state])).toEqual([
      ['flink-0-1', 'CompleteCommit'],
      ['flink-0-2', 'CompleteCommit'],
      ['flink-0-3', 'Ongoing'],
    ]);
    expect(last.kafka.txns.find((t) => t.transactionalId === 'flink-0-3')!.state).toBe('CompleteCommit');
    expect(last.kafka.txns.find((t) => t.transactionalId === 'flink-0-3')!.epoch).toBeGreaterThan(
      atCrash.kafka.txns[2]!.epoch,
    );
  });
  test('other parameter values give the numbers that follow: crash 5 s after checkpoint 2 duplicates 401-450', () => {
    const ex = playFlink(flinkKafkaCrash, ['crash.delay.ms', '5000']);
    // The run's title says what the keys say (it used to name 10 s after checkpoint 2 whatever they were).
    expect(ex.config.headline).toBe(
      'TaskManager killed 5.0 s after checkpoint 2, restarted 10.0 s later; at-least-once sink, ' +
        'transaction.timeout.ms=300000',
    );
    expect(playFlink(flinkKafkaCrash, ['crash.after.checkpoint', '0']).config.headline).toMatch(
      /^TaskManager killed 10\.0 s after the job started,/,
    );
    expect(counts(outViews(ex).read_committed)).toMatchObject({
      records: 1250,
      duplicateRanges: [[401, 450]],
    });
  });
  test(
    'crash after checkpoint 1 duplicates 201-300; 10 s checkpoints: checkpoint 2 at 20 s, ' +
      'the crash at 30 s comes before checkpoint 3, 201-300 again',
    () => {
      expect(
        counts(outViews(playFlink(flinkKafkaCrash, ['crash.after.checkpoint', '1'])).read_committed),
      ).toMatchObject({
        records: 1300,
        duplicateRanges: [[201, 300]],
      });
      expect(
        counts(outViews(playFlink(flinkKafkaCrash, ['execution.checkpointing.interval', '10000'])).read_committed),
      ).toMatchObject({ records: 1300, duplicateRanges: [[201, 300]] });
    },
  );
  test(
    'none behaves like at-least-once here (the sender sends at once): 100 records, crash 1 s after checkpoint 2 ' +
      'at 8 s, 81-90 twice',
    () => {
      const ex = playFlink(
        flinkKafkaCrash,
        ['sink.delivery-guarantee', 'none'],
        ['input.records', '100'],
        ['execution.checkpointing.interval', '4000'],
        ['crash.delay.ms', '1000'],
        ['restart.delay.ms', '1000'],
      );
      expect(counts(outViews(ex).read_committed)).toEqual({
        records: 110,
        distinct: 100,
        duplicates: 10,
        duplicateRanges: [[81, 90]],
        missing: 0,
        missingRanges: [],
      });
    },
  );
});
