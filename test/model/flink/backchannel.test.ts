/**
 * POOLING frees a transactional.id as the connector does (connector 4.0.0 to 5.0.0): the committer's
 * TransactionFinished travels through the backchannel and the writer polls it in snapshotState, right before
 * startTransaction(checkpoint + 1) names the next transaction; a restored pre-committed id stays in flight until its
 * message is polled (ProducerPoolImpl, KafkaCommitter, ExactlyOnceKafkaWriter).
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { drain } from '../../../model/flink/drain.js';
import { lowestFree, poll, recycle, recycleByTransactionId, track } from '../../../model/flink/pool.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { check, exhaustive } from '../../helpers/check.js';
import { model, play, stateAfter } from './helpers.js';

const pooling = ['sink.transaction-naming-strategy=POOLING', 'input.records=5'];

/** v1 into flink-0-0, checkpoint 1 pre-commits it and completes; its commit is not run yet. */
const checkpoint1: FlinkAction[] = [
  { type: 'AbortLingering' },
  { type: 'InitSink' },
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Send' },
  { type: 'Tick' },
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
];

/** Steps the drain until `done` holds (at most 200 steps). */
function until(s: FlinkState, done: (s: FlinkState) => boolean): FlinkState {
  let cur = s;
  for (let i = 0; i < 200 && !done(cur); i++) cur = model.step(cur, drain(cur)!);
  return cur;
}

describe('ProducerPoolImpl bookkeeping', () => {
  const e = (id: string, checkpoint: number) => ({ id, checkpoint });
  test('tracked in order of checkpoint then id; recycle drops one id', () => {
    const t = track(track([e('f-0-1', 2)], e('f-0-0', 1)), e('f-1-0', 1));
    expect(t).toEqual([e('f-0-0', 1), e('f-1-0', 1), e('f-0-1', 2)]);
    expect(recycle(t, 'f-1-0')).toEqual([e('f-0-0', 1), e('f-0-1', 2)]);
  });
  test('a finished id of checkpoint C also frees every id of an earlier checkpoint; an unmatched one nothing', () => {
    const t = [e('f-0-0', 1), e('f-0-1', 2), e('f-0-2', 3)];
    expect(recycleByTransactionId(t, 'f-0-1')).toEqual([e('f-0-2', 3)]);
    expect(recycleByTransactionId(t, 'f-1-7')).toEqual(t);
    expect(poll(t, [{ id: 'f-0-0', success: true }])).toEqual([e('f-0-1', 2), e('f-0-2', 3)]);
  });
  test('the lowest id not in flight', () => {
    expect(lowestFree([e('f-0-0', 1), e('f-0-2', 3)], (n) => `f-0-${n}`)).toBe(1);
  });
});

describe('a commit frees its id at the next snapshot, through the backchannel', () => {
  test('checkpoint 1 commits flink-0-0: the message waits in the backchannel, the pool still has it in flight', () => {
    const s = play(stateAfter(pooling, ...checkpoint1), { type: 'Notify' }, { type: 'Commit', checkpoint: 1 }).at(-1)!;
    const w = s.task!.writer;
    expect(w.backchannel).toEqual([{ id: 'flink-0-0', success: true }]);
    expect(w.ongoing).toEqual([
      { id: 'flink-0-0', checkpoint: 1 },
      { id: 'flink-0-1', checkpoint: 2 },
    ]);
    // Checkpoint 2's snapshot polls it: checkpoint 3's transaction takes flink-0-0 again.
    const next = until(s, (x) => x.jm.pending.some((p) => p.id === 2 && p.snapshot !== null));
    expect(next.task!.writer.backchannel).toEqual([]);
    expect(next.task!.writer.name).toBe(0);
    expect(next.jm.pending[0]!.snapshot!.writerStates).toEqual([
      { owned: 0, total: 1, precommitted: [{ id: 'flink-0-1', checkpoint: 2 }] },
    ]);
  });
  test(
    'a restore of checkpoint 1 re-commits flink-0-0, which stays in flight: the restored writer opens flink-0-1 ' +
      '(the freed-at-commit pool took flink-0-0)',
    () => {
      const s = stateAfter(pooling, ...checkpoint1, { type: 'Crash' });
      const back = until(s, (x) => x.task?.status === 'running');
      const w = back.task!.writer;
      expect(back.jm.latest!.writerStates).toEqual([
        { owned: 0, total: 1, precommitted: [{ id: 'flink-0-0', checkpoint: 1 }] },
      ]);
      expect(w.txn).toMatchObject({ name: 1 });
      expect(w.ongoing).toEqual([
        { id: 'flink-0-0', checkpoint: 1 },
        { id: 'flink-0-1', checkpoint: 2 },
      ]);
      expect(w.backchannel).toEqual([{ id: 'flink-0-0', success: true }]);
      expect(back.kafka.txns.map((t) => `${t.transactionalId} ${t.state}`)).toEqual([
        'flink-0-0 CompleteCommit',
        'flink-0-1 Empty',
      ]);
    },
  );
});

describe('what freeing through the backchannel changes in the search', () => {
  test(
    'the default POOLING search holds with 15,101 states to depth 24 (15,076 when the commit freed its id), and ' +
      'at parallelism 2 with 22,118 (each sink subtask snapshotting and notified in a step of its own)',
    () => {
      const one = check(flinkKafkaEntry, ['sink.transaction-naming-strategy=POOLING'], exhaustive(24));
      expect([one.status, one.distinct]).toEqual(['ok', 15101]);
      const two = check(
        flinkKafkaEntry,
        ['sink.transaction-naming-strategy=POOLING', 'parallelism.default=2'],
        exhaustive(24),
      );
      expect([two.status, two.distinct]).toEqual(['ok', 22118]);
    },
  );
});
