/**
 * `faults.declined-checkpoints`: a task declines a pending checkpoint (AsyncCheckpointRunnable,
 * CHECKPOINT_ASYNC_EXCEPTION), the coordinator aborts it at once (CheckpointCoordinator.receiveDeclineMessage) and
 * CheckpointFailureManager counts it against execution.checkpointing.tolerable-failed-checkpoints. A source task's
 * decline comes before the sink took the barrier (the writer goes on in the same transaction, the id it skipped is a
 * gap the writer fills); the sink's after its pre-commit (the next completed checkpoint commits the committable).
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { eosStart, model, oneRecord, outValues, stateAfter, types } from './helpers.js';

const declines = ['faults.declined-checkpoints=1', 'faults.lost-notifications=0'];
const tolerated = [...declines, 'execution.checkpointing.tolerable-failed-checkpoints=1'];
/** v1 in flink-0-1 at 1 s; checkpoint 1 triggered at 2 s, its barrier in the channel. */
const triggered: FlinkAction[] = [...eosStart, ...oneRecord, { type: 'Tick' }, { type: 'Trigger' }];
/** Then the barrier reaches the sink: flink-0-1 pre-committed as checkpoint 1's, flink-0-2 initialised. */
const snapshotted: FlinkAction[] = [...triggered, { type: 'Process', input: 0 }, { type: 'InitSink' }];

describe('faults.declined-checkpoints', () => {
  test('0 (the default): no task declines', () => {
    expect(types(model.enabled(stateAfter(['faults.lost-notifications=0'], ...triggered)))).not.toContain(
      'DeclineCheckpoint',
    );
  });
  test('a source task may decline while the barrier is in the channel; the sink only once it snapshotted', () => {
    expect(model.enabled(stateAfter(declines, ...triggered)).filter((a) => a.type === 'DeclineCheckpoint')).toEqual([
      { type: 'DeclineCheckpoint', by: 'source' },
    ]);
    const s = stateAfter(declines, ...snapshotted);
    expect(model.enabled(s).filter((a) => a.type === 'DeclineCheckpoint')).toEqual([
      { type: 'DeclineCheckpoint', by: 'sink' },
    ]);
    expect(model.describe(s, { type: 'DeclineCheckpoint', by: 'sink' })).toBe(
      'fault.DeclineCheckpoint(checkpoint 1 by the sink task, after the sink pre-committed)',
    );
  });
  test('tolerable-failed-checkpoints=0 (the default): the first decline fails the job over', () => {
    const s = stateAfter(declines, ...triggered, { type: 'DeclineCheckpoint', by: 'source' });
    expect(s.events).toEqual([
      { type: 'checkpoint-declined', checkpoint: 1, by: 'source', failed: 1, tolerable: 0 },
      {
        type: 'failed',
        reason: 'checkpoint 1 declined by the source task: Exceeded checkpoint tolerable failure threshold (0)',
        restartAt: 3000,
      },
    ]);
    expect(s.task).toBeNull();
    expect(s.jm).toMatchObject({ pending: [], failedCheckpoints: 0, restartAt: 3000 });
    // No more declines than the key allows.
    expect(
      types(model.enabled(stateAfter(declines, ...triggered, { type: 'DeclineCheckpoint', by: 'source' }))),
    ).not.toContain('DeclineCheckpoint');
  });
  test(
    'declined by a source task before the sink took the barrier: the barrier is cancelled, the writer stays in ' +
      'flink-0-1, which checkpoint 2 pre-commits; the writer then initialises flink-0-2 (the gap, left empty) and ' +
      'opens flink-0-3',
    () => {
      const s = stateAfter(tolerated, ...triggered, { type: 'DeclineCheckpoint', by: 'source' });
      expect(s.events).toEqual([{ type: 'checkpoint-declined', checkpoint: 1, by: 'source', failed: 1, tolerable: 1 }]);
      expect(s.task!.channels).toEqual([[]]);
      expect(s.task!.writer.txn).toMatchObject({ name: 1 });
      expect(s.jm).toMatchObject({ pending: [], failedCheckpoints: 1, restartAt: null });
      // Checkpoint 2 at 4 s: v2 and v3 went into flink-0-1 meanwhile.
      let t = s;
      const until = (pred: (a: FlinkAction) => boolean) => {
        for (;;) {
          const a = model.enabled(t).find((x) => x.type !== 'Crash' && x.type !== 'DeclineCheckpoint')!;
          if (pred(a)) return a;
          t = model.step(t, a);
        }
      };
      until((a) => a.type === 'InitSink');
      expect(t.task!.committables).toMatchObject([{ checkpoint: 2, name: 1 }]);
      // No more declines than the key allows.
      expect(types(model.enabled(t))).not.toContain('DeclineCheckpoint');
      expect(model.describe(t, { type: 'InitSink' })).toBe('sink.InitProducerId(flink-0-2, gap: left empty)');
      t = model.step(t, { type: 'InitSink' });
      expect(model.describe(t, { type: 'InitSink' })).toBe('sink.InitProducerId(flink-0-3)');
      t = model.step(t, { type: 'InitSink' });
      expect(t.task!.writer.txn).toMatchObject({ name: 3 });
      expect(t.jm.failedCheckpoints).toBe(1);
      t = model.step(t, { type: 'Ack' });
      expect(t.jm.failedCheckpoints).toBe(0);
      t = model.step(t, { type: 'Notify' });
      t = model.step(t, { type: 'Commit', checkpoint: 2 });
      t = model.step(t, { type: 'WriteTxnMarker', txn: 0, partition: 0 });
      expect(outValues(t, 'read_committed')).toEqual([1, 2, 3]);
    },
  );
  test(
    'declined by the sink after its pre-commit: the committable of checkpoint 1 stays with the committer, and ' +
      "checkpoint 2's notification commits it with checkpoint 2's",
    () => {
      const s = stateAfter(tolerated, ...snapshotted, { type: 'DeclineCheckpoint', by: 'sink' });
      expect(s.events).toEqual([{ type: 'checkpoint-declined', checkpoint: 1, by: 'sink', failed: 1, tolerable: 1 }]);
      expect(s.task!.committables).toMatchObject([{ checkpoint: 1, name: 1 }]);
      expect(s.task!.writer.txn).toMatchObject({ name: 2 });
      expect(types(model.enabled(s))).not.toContain('Ack');
      let t = s;
      while (t.jm.latest === null) {
        const a = model.enabled(t).find((x) => x.type !== 'Crash' && x.type !== 'DeclineCheckpoint')!;
        t = model.step(t, a);
      }
      expect(t.jm.latest).toMatchObject({ id: 2, committables: [{ checkpoint: 1 }, { checkpoint: 2 }] });
      t = model.step(t, { type: 'Notify' });
      expect(types(model.enabled(t).filter((a) => a.type === 'Commit'))).toEqual(['Commit']);
      expect(model.enabled(t)).toContainEqual({ type: 'Commit', checkpoint: 1 });
    },
  );
});
