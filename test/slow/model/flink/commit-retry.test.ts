/**
 * Commits that take time (`faults.commit-retries`): KafkaCommitter.commit answers a RetriableException with
 * retryLater, the committer commits again later, and a commit retried past transaction.timeout.ms finds its
 * transaction aborted by the coordinator: the records are lost. Both ways: a transaction timeout above the retry
 * holds.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';
import {
  model,
  onToCheckpoint2,
  outValues,
  retriedCheckpoint1,
  stateAfter,
  types,
} from '../../../model/flink/helpers.js';

const e = flinkKafkaEntry;

describe('a commit that fails retriably is committed again later', () => {
  const pairs = ['faults.commit-retries=1'];
  test('the committer waits faults.commit-retry.ms (10 s by default): no Commit until 12 s', () => {
    const s = stateAfter(pairs, ...retriedCheckpoint1);
    expect(s.now).toBe(2000);
    expect(s.task!.retryAt).toBe(12_000);
    expect(s.events).toEqual([
      { type: 'commit-retry', checkpoint: 1, transactionalId: 'flink-0-1', until: 12_000, blocked: 'commits' },
    ]);
    expect(types(model.enabled(s))).not.toContain('Commit');
    expect(types(model.enabled(s))).not.toContain('CommitRetriable');
  });
  test('at the retry the commit goes through, within the transaction timeout', () => {
    let s = stateAfter(pairs, ...retriedCheckpoint1);
    // The fault-free drain moves the clock to the retry: the task, blocked in the commit, does nothing meanwhile.
    for (let i = 0; i < 60 && !model.enabled(s).some((a) => a.type === 'Commit'); i++)
      s = model.step(s, model.drain(s)!);
    expect(s.now).toBe(12_000);
    s = model.step(s, { type: 'Commit', checkpoint: 1 });
    expect(s.task!.retryAt).toBeUndefined();
    expect(s.events).toContainEqual({ type: 'committed', checkpoint: 1, transactionalId: 'flink-0-1' });
    s = model.step(s, { type: 'WriteTxnMarker', txn: 0, partition: 0 });
    expect(outValues(s, 'read_committed')).toEqual([1, 2]);
  });
});

describe('a commit retried past transaction.timeout.ms, both ways', () => {
  const slow = ['faults.commit-retries=1', 'faults.commit-retry.ms=70000'];
  test('the coordinator aborts the transaction first; the retried commit is dropped, its records lost', () => {
    const r = check(only(e, 'no-loss'), slow, exhaustive(24));
    expect(r.status).toBe('violation');
    expect(explored(r.trace)).toContain('CommitRetriable');
  });
  test('transaction.timeout.ms above the retry (the KafkaSink advice, set it large): the search finds none', () => {
    const r = check(
      e,
      [...slow, 'transaction.timeout.ms=3600000', 'transaction.max.timeout.ms=3600000'],
      exhaustive(24),
    );
    expect(r).toMatchObject({ status: 'ok', distinct: 18_534 });
  });
  test('the default retry (10 s) within the default 60 s timeout holds', () => {
    const r = check(e, ['faults.commit-retries=1'], exhaustive(24));
    expect(r.status).toBe('ok');
  });
});

describe('flink.commit-retry=later (Flink 1.15 to 1.20.0, connector 3.x): only the retried committable waits', () => {
  const pairs = ['faults.commit-retries=1', 'flink.commit-retry=later', 'connector.version=3.4'];
  test('the retry is held on the committable, not on the committer', () => {
    const s = stateAfter(pairs, ...retriedCheckpoint1);
    expect(s.task!.retryAt).toBeUndefined();
    expect(s.task!.committables.map((c) => [c.checkpoint, c.retryAt])).toEqual([[1, 12_000]]);
    expect(s.events).toEqual([{ type: 'commit-retry', checkpoint: 1, transactionalId: 'flink-0-1', until: 12_000 }]);
    expect(types(model.enabled(s))).not.toContain('Commit');
  });
  test("checkpoint 2's committable is committed at 4 s while checkpoint 1's waits; read_committed sees none", () => {
    let s = stateAfter(pairs, ...retriedCheckpoint1, ...onToCheckpoint2);
    expect(s.now).toBe(4000);
    expect(model.enabled(s).filter((a) => a.type === 'Commit')).toEqual([{ type: 'Commit', checkpoint: 2 }]);
    s = model.step(s, { type: 'Commit', checkpoint: 2 });
    expect(s.events).toContainEqual({ type: 'committed', checkpoint: 2, transactionalId: 'flink-0-2' });
    s = model.step(s, { type: 'WriteTxnMarker', txn: 1, partition: 0 });
    // flink-0-1 is still open below v3: the last stable offset stops read_committed consumers before it.
    expect(outValues(s, 'read_committed')).toEqual([]);
    expect(outValues(s, 'read_uncommitted')).toEqual([1, 2, 3]);
    // The fault-free drain runs the job on (checkpoints 3 to 5, empty) until checkpoint 1's retry is due at 12 s.
    for (let i = 0; i < 60 && !model.enabled(s).some((a) => a.type === 'Commit'); i++)
      s = model.step(s, model.drain(s)!);
    expect(s.now).toBe(12_000);
    expect(model.enabled(s).filter((a) => a.type === 'Commit')).toEqual([{ type: 'Commit', checkpoint: 1 }]);
    s = model.step(s, { type: 'Commit', checkpoint: 1 });
    s = model.step(s, { type: 'WriteTxnMarker', txn: 0, partition: 0 });
    expect(outValues(s, 'read_committed')).toEqual([1, 2, 3]);
  });
  test('synchronous (the default, Flink 2.0): the whole task waits for the retry of checkpoint 1', () => {
    // v3 arrived at 3 s: the blocked task does not read it; the JobManager triggers checkpoint 2 at 4 s all the same.
    const s = stateAfter(['faults.commit-retries=1'], ...retriedCheckpoint1, { type: 'Tick' }, { type: 'Tick' });
    expect(s.now).toBe(4000);
    expect(types(model.enabled(s)).sort()).toEqual(['Crash', 'Trigger']);
    const t = model.step(s, { type: 'Trigger' });
    expect(types(model.enabled(t)).sort()).toEqual(['Crash', 'Tick']);
  });
  test('a snapshot holds the waiting committable without its retry time, and a restore commits it at once', () => {
    // Checkpoint 2 completes at 4 s; the task fails before its notification.
    let s = stateAfter(pairs, ...retriedCheckpoint1, ...onToCheckpoint2.slice(0, -1));
    expect(s.jm.latest!.id).toBe(2);
    expect(s.jm.latest!.committables.map((c) => [c.checkpoint, c.retryAt])).toEqual([
      [1, undefined],
      [2, undefined],
    ]);
    s = model.step(s, { type: 'Crash' });
    for (let i = 0; i < 10 && !model.enabled(s).some((a) => a.type === 'Commit'); i++)
      s = model.step(s, model.drain(s)!);
    expect(s.now).toBeLessThan(12_000);
    expect(model.enabled(s).filter((a) => a.type === 'Commit')).toEqual([{ type: 'Commit', checkpoint: 1 }]);
  });
  test('retried past transaction.timeout.ms: still lost (checkpoint 2 committed at 4 s, checkpoint 1 dropped)', () => {
    const r = check(only(e, 'no-loss'), [...pairs, 'faults.commit-retry.ms=70000'], exhaustive(24));
    expect(r.status).toBe('violation');
    expect(explored(r.trace)).toEqual([
      ...['AbortLingering', 'InitSink', 'Tick', 'Read', 'Process', 'Tick', 'Trigger', 'Process', 'InitSink', 'Ack'],
      ...['Notify', 'Read', 'CommitRetriable', 'Tick', 'Read', 'Tick', 'Trigger'],
    ]);
    expect(r.trace!.length).toBe(227);
  });
  test('the default retry (10 s) within the default 60 s timeout holds', () => {
    const r = check(e, pairs, exhaustive(24));
    expect(r.status).toBe('ok');
  });
  test('transaction.timeout.ms above the retry: the search finds none', () => {
    const big = [
      'faults.commit-retry.ms=70000',
      'transaction.timeout.ms=3600000',
      'transaction.max.timeout.ms=3600000',
    ];
    const r = check(e, [...pairs, ...big], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 18_609 });
  });
});
