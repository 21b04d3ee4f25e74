/**
 * Savepoints as operators take them (`faults.savepoint`): an intermediate savepoint commits nothing and recovery skips
 * it (Flink 1.15+), is committed by the next checkpoint's notification, and a resume from it commits its restored
 * committables; stop-with-savepoint commits on stop, then the job is resumed from it. The older releases' semantics
 * (`flink.savepoint-semantics`) both ways: 1.3 to 1.6 commit a savepoint that recovery then skips (duplicates).
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../../model/flink/actions.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';
import {
  eosStart,
  model,
  oneRecord,
  outValues,
  savepointOfV1,
  stateAfter,
  types,
} from '../../../model/flink/helpers.js';

const e = flinkKafkaEntry;

describe('an intermediate savepoint (Flink 1.15+) commits nothing and recovery skips it', () => {
  const pairs = ['faults.savepoint=intermediate'];
  test('it completes outside the store, with no notification: flink-0-1 stays open, pre-committed', () => {
    const s = stateAfter(pairs, ...savepointOfV1);
    expect(s.events).toEqual([
      { type: 'savepoint-completed', checkpoint: 1, kind: 'intermediate', stored: false, notified: false },
    ]);
    expect(s.jm).toMatchObject({ latest: null, notify: null, nextCheckpointId: 2, savepoint: { id: 1, count: 1 } });
    expect(s.task!.committables).toMatchObject([{ checkpoint: 1, name: 1 }]);
    expect(types(model.enabled(s))).not.toContain('Commit');
    expect(outValues(s, 'read_committed')).toEqual([]);
  });
  test("the next checkpoint's notification commits the savepoint's transaction with its own", () => {
    let s = stateAfter(
      pairs,
      ...savepointOfV1,
      { type: 'Tick' },
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'Notify' },
    );
    expect(s.task!.commitUpTo).toBe(2);
    s = model.step(s, { type: 'Commit', checkpoint: 1 });
    expect(s.events).toContainEqual({ type: 'committed', checkpoint: 1, transactionalId: 'flink-0-1' });
  });
  test('a crash before the next checkpoint: recovery skips the savepoint, or the operator resumes it', () => {
    const down = stateAfter(pairs, ...savepointOfV1, { type: 'Crash' });
    expect(types(model.enabled(down))).toContain('ResumeFromSavepoint');
    const resumed = model.step(down, { type: 'ResumeFromSavepoint' });
    expect(resumed.jm).toMatchObject({ latest: { id: 1 }, nextCheckpointId: 2 });
    expect(resumed.jm.savepoint).toBeUndefined();
    let s = resumed;
    while (!model.enabled(s).some((a) => a.type === 'Restart')) s = model.step(s, { type: 'Tick' });
    s = model.step(s, { type: 'Restart' });
    // CommitterOperator.initializeState: the restored committable is committed at once.
    expect(s.task).toMatchObject({ count: 1, commitUpTo: 1, committables: [{ checkpoint: 1, name: 1 }] });
    expect(types(model.enabled(s))).toContain('Commit');
  });
});

describe('flink.savepoint-semantics, both ways: a savepoint that commits must be the one recovery restores', () => {
  const bound = exhaustive(24);
  test('1.3 (FLINK-6328): notified and committed, but recovery falls back before it: v1 written twice', () => {
    const r = check(
      only(e, 'no-duplicates'),
      ['faults.savepoint=intermediate', 'flink.savepoint-semantics=1.3'],
      bound,
    );
    expect(r.status).toBe('violation');
    expect(explored(r.trace)).toEqual(expect.arrayContaining(['Savepoint', 'Crash']));
  });
  test('1.7: the same search finds nothing', () => {
    const r = check(e, ['faults.savepoint=intermediate', 'flink.savepoint-semantics=1.7'], bound);
    expect(r.status).toBe('ok');
  });
  test('1.15: the same search finds nothing (72,523 states)', () => {
    const r = check(e, ['faults.savepoint=intermediate', 'flink.savepoint-semantics=1.15'], bound);
    expect(r).toMatchObject({ status: 'ok', distinct: 72_523 });
  });
});

describe('stop-with-savepoint commits on stop; the job is resumed from it', () => {
  const pairs = ['faults.savepoint=stop'];
  test('the sources stop, the synchronous savepoint is notified and committed, then the job ends', () => {
    const s = stateAfter(pairs, ...eosStart, ...oneRecord, { type: 'Savepoint' });
    expect(s.jm.stop).toBe(1);
    const t = stateAfter(
      pairs,
      ...eosStart,
      ...oneRecord,
      { type: 'Savepoint' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
    );
    expect(t.events).toEqual([
      { type: 'savepoint-completed', checkpoint: 1, kind: 'stop', stored: true, notified: true },
    ]);
    expect(types(model.enabled(t))).not.toContain('LoseNotification');
    let u = model.step(t, { type: 'Notify' });
    u = model.step(u, { type: 'Commit', checkpoint: 1 });
    expect(types(model.enabled(u))).toContain('FinishStop');
    u = model.step(u, { type: 'FinishStop' });
    expect(u.task).toBeNull();
    expect(u.jm).toMatchObject({ restartAt: 1000 + 60_000, latest: { id: 1 } });
    expect(u.jm.stop).toBeUndefined();
  });
  test('resumed after transaction.timeout.ms: nothing was left open, nothing lost (36,612 states)', () => {
    const r = check(e, [...pairs, 'resubmit.delay.ms=120000'], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 36_612 });
  });
});

describe('resumed after transaction.timeout.ms: an intermediate savepoint loses v1, a stop one does not', () => {
  /** Ticks and the drain's work until the job's Restart, then the Restart and the restored committer's commit. */
  function resumed(pairs: string[], ...actions: FlinkAction[]) {
    let s = stateAfter(pairs, ...actions);
    for (let i = 0; i < 20 && !model.enabled(s).some((a) => a.type === 'Restart'); i++)
      s = model.step(s, model.drain(s)!);
    s = model.step(s, { type: 'Restart' });
    return model.step(s, { type: 'Commit', checkpoint: 1 });
  }
  test('intermediate: the coordinator aborted flink-0-1 at 61 s; the restored commit at 121 s is dropped', () => {
    const s = resumed(
      ['faults.savepoint=intermediate', 'restart.delay.ms=120000'],
      ...savepointOfV1,
      { type: 'Crash' },
      { type: 'ResumeFromSavepoint' },
    );
    expect(s.now).toBe(121_000);
    expect(s.ghost.timedOut).toMatchObject([{ transactionalId: 'flink-0-1', from: 1000, at: 61_000 }]);
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1' }),
    );
    expect(outValues(s, 'read_committed')).toEqual([]);
  });
  test('stop: flink-0-1 was committed on stop; its commit again at the resume finds it committed', () => {
    const s = resumed(
      ['faults.savepoint=stop', 'resubmit.delay.ms=120000'],
      ...savepointOfV1,
      { type: 'Notify' },
      { type: 'Commit', checkpoint: 1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'FinishStop' },
    );
    expect(s.now).toBe(121_000);
    expect(s.ghost.timedOut).toEqual([]);
    expect(outValues(s, 'read_committed')).toEqual([1]);
  });
});

describe('off by default', () => {
  test('faults.savepoint=none leaves the default search as it was (14,379 states at depth 24)', () => {
    const r = check(e, ['faults.savepoint=none', 'faults.commit-retries=0'], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 14_379 });
  });
});
