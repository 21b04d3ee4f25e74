/**
 * restart-strategy.type and the checkpoints a FAILED job keeps: the strategies count failures as Flink's
 * RestartBackoffTimeStrategy implementations do (their own tests' cases), a job one gives up on is resubmitted by
 * the operator from its kept checkpoint or as a new job, and the search finds what a discarded checkpoint costs.
 */
import { castDraft } from 'immer';
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { restarts } from '../../../model/flink/restart.js';
import { check, exhaustive, explored, only } from '../../helpers/check.js';
import { eosCheckpoint, eosStart, flinkCfg, model, oneRecord, stateAfter } from './helpers.js';

/** Whether each failure, at the given times, is restarted, from a job with no failure counted. */
function verdicts(pairs: string[], times: number[]): boolean[] {
  const c = flinkCfg(...pairs);
  const jm = castDraft({ ...model.init(c).jm, failures: [] as number[] });
  return times.map((t) => restarts(c, jm, t));
}

describe('each strategy counts failures as Flink does', () => {
  test('exponential-delay (the default for a checkpointing job since 1.19) restarts every failure', () => {
    expect(verdicts([], [0, 1, 2, 3, 4])).toEqual([true, true, true, true, true]);
  });
  test('exponential-delay, attempts-before-reset-backoff (1.19+): counted past each restart, reset by a run', () => {
    const exp = (...more: string[]) => [
      'restart-strategy.exponential-delay.attempts-before-reset-backoff=2',
      'restart.delay.ms=1000',
      ...more,
    ];
    expect(verdicts(exp(), [0, 5000, 9000])).toEqual([true, true, false]);
    // A failure at or before the pending restart time is merged into that attempt (notifyFailure returns false).
    expect(verdicts(exp(), [0, 1000, 5000, 9000])).toEqual([true, true, true, false]);
    // Running reset-backoff-threshold past the last restart time starts the count anew.
    const reset = exp('restart-strategy.exponential-delay.reset-backoff-threshold=2000');
    expect(verdicts(reset, [0, 2000, 6000, 10_000])).toEqual([true, true, true, true]);
    expect(verdicts(reset, [0, 2000, 3500])).toEqual([true, true, false]);
  });
  test('none gives up at the first failure', () => {
    expect(verdicts(['restart-strategy.type=none'], [0])).toEqual([false]);
  });
  test('fixed-delay restarts `attempts` failures, gives up at the next (FixedDelayRestartBackoffTimeStrategy)', () => {
    expect(verdicts(['restart-strategy.type=fixed-delay'], [0, 0])).toEqual([true, false]);
    expect(
      verdicts(['restart-strategy.type=fixed-delay', 'restart-strategy.fixed-delay.attempts=3'], [0, 1, 2, 3]),
    ).toEqual([true, true, true, false]);
    expect(verdicts(['restart-strategy.type=fixed-delay', 'restart-strategy.fixed-delay.attempts=0'], [0])).toEqual([
      false,
    ]);
    // Integer.MAX_VALUE attempts (the default of a checkpointing job before Flink 1.19) never give up.
    expect(
      verdicts(['restart-strategy.type=fixed-delay', 'restart-strategy.fixed-delay.attempts=2147483647'], [0, 0, 0]),
    ).toEqual([true, true, true]);
  });
  test('failure-rate gives up at one failure more than the maximum within the interval (FLINK-20752)', () => {
    const rate = (max: number) => [
      'restart-strategy.type=failure-rate',
      `restart-strategy.failure-rate.max-failures-per-interval=${max}`,
      'restart-strategy.failure-rate.failure-rate-interval=10000',
    ];
    // FailureRateRestartBackoffTimeStrategyTest: three failures within the rate, then the fourth exceeds it.
    expect(verdicts(rate(3), [0, 0, 0, 0])).toEqual([true, true, true, false]);
    // One a interval restarts for ever when they are spaced wider than it; the bound is inclusive.
    expect(verdicts(rate(1), [0, 10_001, 20_002])).toEqual([true, true, true]);
    expect(verdicts(rate(1), [0, 10_000])).toEqual([true, false]);
  });
});

/** The state after `actions`, then the clock moved on until the job restarts, and its Restart. */
function restartedAfter(pairs: string[], ...actions: FlinkAction[]) {
  let s = stateAfter(pairs, ...actions);
  for (let i = 0; i < 10 && !model.enabled(s).some((a) => a.type === 'Restart'); i++)
    s = model.step(s, { type: 'Tick' });
  return model.step(s, { type: 'Restart' });
}

describe('a job the strategy gives up on FAILS and is resubmitted', () => {
  const run: FlinkAction[] = [...eosStart, ...oneRecord, ...oneRecord, ...eosCheckpoint(1, 0), { type: 'Crash' }];
  test('the default retention discards the checkpoints: a new job, ids from 1, from scan.startup.mode', () => {
    const s = stateAfter(['restart-strategy.type=none'], ...run);
    expect(s.jm).toMatchObject({ job: 2, nextCheckpointId: 1, latest: null, restartAt: 2000 + 60_000, failures: [] });
    expect(s.events).toContainEqual({
      type: 'gave-up',
      strategy: 'none',
      from: null,
      retention: 'NO_EXTERNALIZED_CHECKPOINTS',
    });
    const t = restartedAfter(['restart-strategy.type=none'], ...run);
    expect(t.now).toBe(62_000);
    expect(t.task!.splits).toEqual([0]);
  });
  for (const retention of ['DELETE_ON_CANCELLATION', 'RETAIN_ON_CANCELLATION'])
    test(`${retention} keeps them on failure: the operator resubmits from the latest, ids from its id + 1`, () => {
      const pairs = [
        'restart-strategy.type=none',
        `execution.checkpointing.externalized-checkpoint-retention=${retention}`,
      ];
      const s = stateAfter(pairs, ...run);
      expect(s.jm).toMatchObject({ job: 1, nextCheckpointId: 2, latest: { id: 1 } });
      expect(s.events).toContainEqual({ type: 'gave-up', strategy: 'none', from: 1, retention });
      const t = restartedAfter(pairs, ...run);
      expect(t.task!.splits).toEqual([2]);
    });
  test('a JobManager failure is recovered whatever the strategy, and resets the failures it counted', () => {
    const pairs = ['restart-strategy.type=fixed-delay', 'faults.jobmanager=1', 'faults.crashes=2'];
    const s = stateAfter(pairs, ...run);
    expect(s.jm).toMatchObject({ failures: [0], job: 1 });
    const t = model.step(restartedAfter(pairs, ...run), { type: 'JobManagerFail' });
    expect(t.jm).toMatchObject({ failures: [], job: 1, latest: { id: 1 } });
    expect(t.events).not.toContainEqual(expect.objectContaining({ type: 'gave-up' }));
  });
});

describe('the search, both ways', () => {
  const e = flinkKafkaEntry;
  test('restart-strategy.type=none with the checkpoints discarded: the resubmitted job writes v1 again', () => {
    const r = check(
      only(e, 'no-duplicates'),
      ['restart-strategy.type=none', 'resubmit.delay.ms=1000', 'execution.checkpointing.interval=1000'],
      exhaustive(24),
    );
    expect(r.status).toBe('violation');
    expect(r.violations[0]).toMatchObject({ invariant: 'no-duplicates' });
    expect(explored(r.trace)).toContain('Crash');
  });
  test('kept and resubmitted at once, the same search finds nothing', () => {
    const r = check(
      e,
      [
        'restart-strategy.type=none',
        'resubmit.delay.ms=1000',
        'execution.checkpointing.interval=1000',
        'execution.checkpointing.externalized-checkpoint-retention=RETAIN_ON_CANCELLATION',
      ],
      exhaustive(24),
    );
    expect(r.status).toBe('ok');
  });
  test('the default strategy never gives up: the default search is unchanged (14,379 states at depth 24)', () => {
    const r = check(e, [], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 14_379 });
  });
});
