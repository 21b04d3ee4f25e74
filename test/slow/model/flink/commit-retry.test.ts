/**
 * Commits that take time (`faults.commit-retries`): KafkaCommitter.commit answers a RetriableException with
 * retryLater, the committer commits again later, and a commit retried past transaction.timeout.ms finds its
 * transaction aborted by the coordinator: the records are lost. Both ways: a transaction timeout above the retry
 * holds.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../../model/flink/actions.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';
import { eosStart, model, oneRecord, outValues, stateAfter, types } from '../../../model/flink/helpers.js';

const e = flinkKafkaEntry;

/** v1 and v2 in flink-0-1, checkpoint 1 completed and notified at 2 s, its commit failing retriably. */
const retried: FlinkAction[] = [
  ...eosStart,
  ...oneRecord,
  ...oneRecord,
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
  { type: 'Notify' },
  { type: 'CommitRetriable', checkpoint: 1 },
];

describe('a commit that fails retriably is committed again later', () => {
  const pairs = ['faults.commit-retries=1'];
  test('the committer waits faults.commit-retry.ms (10 s by default): no Commit until 12 s', () => {
    const s = stateAfter(pairs, ...retried);
    expect(s.now).toBe(2000);
    expect(s.task!.retryAt).toBe(12_000);
    expect(s.events).toEqual([{ type: 'commit-retry', checkpoint: 1, transactionalId: 'flink-0-1', until: 12_000 }]);
    expect(types(model.enabled(s))).not.toContain('Commit');
    expect(types(model.enabled(s))).not.toContain('CommitRetriable');
  });
  test('at the retry the commit goes through, within the transaction timeout', () => {
    let s = stateAfter(pairs, ...retried);
    // The fault-free drain runs the job on (v3, checkpoints 2 to 5) until the retry is due.
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
    expect(r).toMatchObject({ status: 'ok', distinct: 18_616 });
  });
  test('the default retry (10 s) within the default 60 s timeout holds', () => {
    const r = check(e, ['faults.commit-retries=1'], exhaustive(24));
    expect(r.status).toBe('ok');
  });
});
