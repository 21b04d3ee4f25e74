/**
 * sink.committer.retries (SinkOptions.COMMITTER_RETRIES, Flink 1.19.2, 1.20.1, 2.0.0 on): the CommitterOperator
 * calls the committer again at once for a committable answered with retryLater, blocking the task, and after the
 * retries throws "Failed to commit ... after N retries" (CheckpointCommittableManagerImpl.commit): the job fails over
 * and the restored committer commits the committable again. Each KafkaCommitter call waits max.block.ms for its EndTxn
 * (KafkaProducer.commitTransaction) before the TimeoutException it answers with retryLater.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { check, exhaustive, explored, only } from '../../helpers/check.js';
import { flinkCfg, model, outValues, retriedCheckpoint1, stateAfter, types } from './helpers.js';

const e = flinkKafkaEntry;

/** The drain from `s` until the run is finished: each step as `<now> <what>`, and the end state. */
function drained(s: FlinkState): { steps: string[]; end: FlinkState } {
  const steps: string[] = [];
  for (let a = model.drain(s); a; a = model.drain(s)) {
    steps.push(`${s.now} ${model.describe(s, a)}`);
    s = model.step(s, a);
  }
  return { steps, end: s };
}

/** The steps up to and including the first whose text contains `until`. */
const upTo = (steps: string[], until: string): string[] =>
  steps.slice(0, steps.findIndex((x) => x.includes(until)) + 1);

describe('sink.committer.retries: the releases that have it', () => {
  test("Flink's default 10 where the release retries synchronously, 0 (no option) where it retries later", () => {
    expect(flinkCfg().committerRetries).toBe(10);
    expect(flinkCfg('connector.version=3.4').committerRetries).toBe(0);
    expect(model.validate(flinkCfg('connector.version=3.4', 'flink.version=1.20.1', 'sink.committer.retries=3'))).toBe(
      null,
    );
  });
  test('refused on a release without it, one line naming the releases that have it', () => {
    expect(model.validate(flinkCfg('connector.version=3.4', 'sink.committer.retries=3'))).toBe(
      'sink.committer.retries=3 needs a Flink release that retries synchronously (1.19.2, 1.20.1, 2.0.0 and later, ' +
        'FLINK-36455); Flink 1.20.0 has no such option: accepted 0 (unset)',
    );
  });
});

describe('a synchronous retry blocks the whole task', () => {
  test('EndTxn fails until 12 s, within the first call: the task does nothing until the commit goes through', () => {
    const s = stateAfter(['faults.commit-retries=1'], ...retriedCheckpoint1);
    expect([s.now, s.task!.retryAt, s.faults.commitDownUntil]).toEqual([2000, 12_000, 12_000]);
    expect(s.events).toEqual([
      { type: 'commit-retry', checkpoint: 1, transactionalId: 'flink-0-1', until: 12_000, blocked: 'commits' },
    ]);
    // v3 arrives at 3 s and is not read while the commit blocks; checkpoint 2, due at 4 s, is triggered (the
    // JobManager runs on) and its barrier waits for the task until the commit went through.
    expect(types(model.enabled(s))).toEqual(['Tick', 'Crash']);
    const { steps, end } = drained(s);
    expect(upTo(steps, 'Read')).toEqual([
      '2000 clock.Tick(-> 3.0 s)',
      '3000 clock.Tick(-> 4.0 s)',
      '4000 JobManager.Trigger(checkpoint 2; sources at in-0@2)',
      '4000 clock.Tick(-> 6.0 s)',
      '6000 clock.Tick(-> 12.0 s)',
      '12000 committer.Commit(checkpoint 1: flink-0-1, epoch=1)',
      '12000 coordinator.WriteTxnMarker(flink-0-1: COMMIT -> out-0)',
      '12000 count.Process(in-0: barrier 2)',
      '12000 sink.InitProducerId(flink-0-3)',
      '12000 TaskManager.Ack(checkpoint 2)',
      '12000 JobManager.Notify(checkpoint 2 complete)',
      '12000 source[in-0].Read(offset 2)',
    ]);
    expect(outValues(end, 'read_committed')).toEqual([1, 2, 3]);
  });
});

describe('retries used up: the task fails, and the restored committer commits again', () => {
  test('max.block.ms=1000, 2 retries: failures at 5 s and 9 s, the commit at 12 s, nothing lost', () => {
    const s = stateAfter(
      ['faults.commit-retries=1', 'max.block.ms=1000', 'sink.committer.retries=2'],
      ...retriedCheckpoint1,
    );
    // Three calls of 1 s each from 2 s.
    expect(s.events).toEqual([
      { type: 'commit-retry', checkpoint: 1, transactionalId: 'flink-0-1', until: 5000, blocked: 'used-up' },
    ]);
    const { steps, end } = drained(s);
    expect(upTo(steps, 'Read').filter((x) => !x.includes('AbortLingering') && !x.includes('InitProducerId'))).toEqual([
      '2000 clock.Tick(-> 3.0 s)',
      '3000 clock.Tick(-> 4.0 s)',
      '4000 JobManager.Trigger(checkpoint 2; sources at in-0@2)',
      '4000 clock.Tick(-> 5.0 s)',
      '5000 committer.CommitFailed(checkpoint 1: IOException "Failed to commit 1 committables after 2 retries": ' +
        'the task fails)',
      '5000 clock.Tick(-> 6.0 s)',
      '6000 JobManager.Restart(from checkpoint 1)',
      '6000 committer.Commit(checkpoint 1: flink-0-1, epoch=1: EndTxn fails retriably, the task is blocked until ' +
        '9.0 s)',
      '6000 clock.Tick(-> 8.0 s)',
      '8000 clock.Tick(-> 9.0 s)',
      '9000 committer.CommitFailed(checkpoint 1: IOException "Failed to commit 1 committables after 2 retries": ' +
        'the task fails)',
      '9000 clock.Tick(-> 10.0 s)',
      '10000 JobManager.Restart(from checkpoint 1)',
      '10000 committer.Commit(checkpoint 1: flink-0-1, epoch=1: EndTxn fails retriably, the task is blocked until ' +
        '12.0 s)',
      '10000 clock.Tick(-> 12.0 s)',
      '12000 committer.Commit(checkpoint 1: flink-0-1, epoch=1)',
      '12000 coordinator.WriteTxnMarker(flink-0-1: COMMIT -> out-0)',
      '12000 source[in-0].Read(offset 2)',
    ]);
    expect(outValues(end, 'read_committed')).toEqual([1, 2, 3]);
  });
});

describe('retries used up while the restart outlasts transaction.timeout.ms, both ways', () => {
  // EndTxn fails from 2 s to 59.5 s, before flink-0-1's deadline (opened at 1 s, 60 s timeout: 61 s); 11 calls of 5 s
  // end at 57 s, and the restart 5 s later comes after the coordinator aborted it.
  const straddle = [
    'faults.commit-retries=1',
    'max.block.ms=5000',
    'faults.commit-retry.ms=57500',
    'restart.delay.ms=5000',
  ];
  test('the coordinator aborts flink-0-1 at 61 s; the restored commit at 62 s is dropped, v1 and v2 lost', () => {
    const { steps, end } = drained(stateAfter(straddle, ...retriedCheckpoint1));
    expect(upTo(steps, 'Restart')).toEqual([
      '2000 clock.Tick(-> 3.0 s)',
      '3000 clock.Tick(-> 4.0 s)',
      '4000 JobManager.Trigger(checkpoint 2; sources at in-0@2)',
      '4000 clock.Tick(-> 6.0 s)',
      '6000 clock.Tick(-> 57.0 s)',
      '57000 committer.CommitFailed(checkpoint 1: IOException "Failed to commit 1 committables after 10 retries": ' +
        'the task fails)',
      '57000 clock.Tick(-> 61.0 s)',
      '61000 coordinator.ExpireTxn(flink-0-1)',
      '61000 coordinator.WriteTxnMarker(flink-0-1: ABORT -> out-0)',
      '61000 clock.Tick(-> 62.0 s)',
      '62000 JobManager.Restart(from checkpoint 1)',
    ]);
    expect(outValues(end, 'read_committed')).toEqual([3]);
  });
  test('one retry more (the calls outlast the failing EndTxn): committed at 59.5 s, nothing lost', () => {
    const { steps, end } = drained(stateAfter([...straddle, 'sink.committer.retries=11'], ...retriedCheckpoint1));
    expect(upTo(steps, 'Commit(')).toEqual([
      '2000 clock.Tick(-> 3.0 s)',
      '3000 clock.Tick(-> 4.0 s)',
      '4000 JobManager.Trigger(checkpoint 2; sources at in-0@2)',
      '4000 clock.Tick(-> 6.0 s)',
      '6000 clock.Tick(-> 59.5 s)',
      '59500 committer.Commit(checkpoint 1: flink-0-1, epoch=1)',
    ]);
    expect(outValues(end, 'read_committed')).toEqual([1, 2, 3]);
  });
  // No crash nor lost notification: only the used-up retries and their restart delay the commit.
  const alone = [...straddle, 'faults.crashes=0', 'faults.lost-notifications=0'];
  test('the search finds it', () => {
    const r = check(only(e, 'no-loss'), alone, exhaustive(24));
    expect(r.status).toBe('violation');
    expect(explored(r.trace)).toEqual([
      ...['AbortLingering', 'InitSink', 'Tick', 'Tick', 'Trigger', 'Process', 'InitSink', 'Ack', 'Notify', 'Read'],
      ...['Process', 'Read', 'Process', 'Tick', 'Read', 'Process', 'Tick', 'Trigger', 'Process', 'InitSink', 'Ack'],
      ...['Notify', 'CommitRetriable'],
    ]);
  });
  test('none with 11 retries, with a 1 s restart, or with transaction.timeout.ms above the outage', () => {
    const big = ['transaction.timeout.ms=3600000', 'transaction.max.timeout.ms=3600000'];
    const runs = [
      [...alone, 'sink.committer.retries=11'],
      [...alone, 'restart.delay.ms=1000'],
      [...alone, ...big],
    ];
    expect(runs.map((set) => check(e, set, exhaustive(24))).map((r) => [r.status, r.distinct])).toEqual([
      ['ok', 1231],
      ['ok', 1110],
      ['ok', 1104],
    ]);
  });
});

describe('the checkpoint triggered while a synchronous commit blocks the task, both ways', () => {
  // EndTxn fails for 700 s: past execution.checkpointing.timeout (600 s) and past the 11 calls of 60 s (662 s).
  const long = [
    'faults.commit-retries=1',
    'faults.commit-retry.ms=700000',
    'transaction.timeout.ms=3600000',
    'transaction.max.timeout.ms=3600000',
  ];
  test('checkpoint 2, triggered at 4 s, expires at 604 s: no failure tolerated, the job fails over then', () => {
    const { steps, end } = drained(stateAfter(long, ...retriedCheckpoint1));
    expect(upTo(steps, 'Restart')).toEqual([
      '2000 clock.Tick(-> 3.0 s)',
      '3000 clock.Tick(-> 4.0 s)',
      '4000 JobManager.Trigger(checkpoint 2; sources at in-0@2)',
      '4000 clock.Tick(-> 6.0 s)',
      '6000 clock.Tick(-> 604.0 s)',
      '604000 JobManager.ExpireCheckpoint(checkpoint 2: execution.checkpointing.timeout 600000 ms)',
      '604000 clock.Tick(-> 605.0 s)',
      '605000 JobManager.Restart(from checkpoint 1)',
    ]);
    // Restored, the committer commits in initializeState, blocked again: the INITIALIZING task is sent no checkpoint.
    expect(upTo(steps, '702000 committer.Commit').slice(-4)).toEqual([
      '605000 committer.Commit(checkpoint 1: flink-0-1, epoch=1: EndTxn fails retriably, the task is blocked until ' +
        '702.0 s)',
      '605000 clock.Tick(-> 607.0 s)',
      '607000 clock.Tick(-> 702.0 s)',
      '702000 committer.Commit(checkpoint 1: flink-0-1, epoch=1)',
    ]);
    expect(outValues(end, 'read_committed')).toEqual([1, 2, 3]);
  });
  test('one failure tolerated: the expiry fails nothing, the retries run out at 662 s and fail the task', () => {
    const set = [...long, 'execution.checkpointing.tolerable-failed-checkpoints=1'];
    const { steps, end } = drained(stateAfter(set, ...retriedCheckpoint1));
    expect(upTo(steps, 'Restart').slice(4)).toEqual([
      '6000 clock.Tick(-> 604.0 s)',
      '604000 JobManager.ExpireCheckpoint(checkpoint 2: execution.checkpointing.timeout 600000 ms)',
      '604000 JobManager.Trigger(checkpoint 3; sources at in-0@2)',
      '604000 clock.Tick(-> 606.0 s)',
      '606000 clock.Tick(-> 662.0 s)',
      '662000 committer.CommitFailed(checkpoint 1: IOException "Failed to commit 1 committables after 10 retries": ' +
        'the task fails)',
      '662000 clock.Tick(-> 663.0 s)',
      '663000 JobManager.Restart(from checkpoint 1)',
    ]);
    expect(outValues(end, 'read_committed')).toEqual([1, 2, 3]);
  });
});
