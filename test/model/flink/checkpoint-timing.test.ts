/**
 * `flink-kafka` checkpoint timing rules: execution.checkpointing.max-concurrent-checkpoints, the first
 * checkpoint's delay after a (re)start, the aligned-checkpoint timeout.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { eosStart, flinkCfg, model, oneRecord, outValues, stateAfter, types } from './helpers.js';

describe('execution.checkpointing.max-concurrent-checkpoints', () => {
  const concurrent = [
    'execution.checkpointing.max-concurrent-checkpoints=2',
    'faults.slow-checkpoints=1',
    'faults.slow-checkpoint.ms=10000',
    'faults.lost-notifications=0',
  ];
  // v1 in flink-0-1; checkpoint 1 at 2 s pre-commits it and is slowed (acknowledged at 12 s); v2 and v3 go into
  // flink-0-2.
  const slowFirst: FlinkAction[] = [
    ...eosStart,
    ...oneRecord,
    { type: 'Tick' },
    { type: 'Trigger' },
    { type: 'Process', input: 0 },
    { type: 'InitSink' },
    { type: 'SlowCheckpoint' },
    { type: 'Read', input: 0 },
    { type: 'Process', input: 0 },
    { type: 'Send' },
    ...oneRecord,
    { type: 'Tick' },
  ];
  test('with 1 (the default) no checkpoint is triggered while the slowed one is pending', () => {
    const s = stateAfter(concurrent.slice(1), ...slowFirst);
    expect(s.now).toBe(4000);
    expect(s.jm.pending).toMatchObject([{ id: 1, ackAt: 12_000 }]);
    expect(types(model.enabled(s))).not.toContain('Trigger');
  });
  test(
    'with 2 checkpoint 2 is triggered at 4 s, completes first and subsumes checkpoint 1; its notification commits ' +
      'both transactions (every committable up to 2)',
    () => {
      const s = stateAfter(
        concurrent,
        ...slowFirst,
        { type: 'Trigger' },
        { type: 'Process', input: 0 },
        { type: 'InitSink' },
      );
      expect(s.jm.pending).toMatchObject([
        { id: 1, ackAt: 12_000, snapshot: { count: 1 } },
        { id: 2, ackAt: 4000, snapshot: { count: 3 } },
      ]);
      expect(s.task!.committables).toMatchObject([
        { checkpoint: 1, name: 1 },
        { checkpoint: 2, name: 2 },
      ]);
      const acked = model.step(s, { type: 'Ack' });
      expect(acked.events).toEqual([
        { type: 'checkpoint-subsumed', checkpoint: 1, by: 2 },
        { type: 'completed', checkpoint: 2 },
      ]);
      expect(acked.jm).toMatchObject({ pending: [], notify: 2, latest: { id: 2 } });
      let t = model.step(acked, { type: 'Notify' });
      expect(types(model.enabled(t))).toContain('Commit');
      t = model.step(t, { type: 'Commit', checkpoint: 1 });
      t = model.step(t, { type: 'Commit', checkpoint: 2 });
      t = model.step(t, { type: 'WriteTxnMarker', txn: 0, partition: 0 });
      t = model.step(t, { type: 'WriteTxnMarker', txn: 1, partition: 0 });
      expect(t.ghost.commits).toEqual([
        { job: 1, checkpoint: 1, name: 1 },
        { job: 1, checkpoint: 2, name: 2 },
      ]);
      expect(outValues(t, 'read_committed')).toEqual([1, 2, 3]);
      // A third may not be triggered while two are pending.
      expect(types(model.enabled(s))).not.toContain('Trigger');
    },
  );
  test('refused with unaligned checkpoints (Flink has no concurrent unaligned ones), and with barrier tracking', () => {
    expect(
      model.validate(
        flinkCfg(
          'execution.checkpointing.max-concurrent-checkpoints=2',
          'execution.checkpointing.unaligned.enabled=true',
        ),
      ),
    ).toBe(
      'execution.checkpointing.unaligned.enabled=true needs execution.checkpointing.max-concurrent-checkpoints=1 ' +
        '(Flink does not support concurrent unaligned checkpoints): accepted with max-concurrent-checkpoints=1',
    );
    expect(
      model.validate(
        flinkCfg(
          'execution.checkpointing.max-concurrent-checkpoints=3',
          'execution.checkpointing.mode=AT_LEAST_ONCE',
          'job.inputs=2',
        ),
      ),
    ).toMatch(/^execution.checkpointing.max-concurrent-checkpoints above 1 is modelled with aligned barriers only/);
    expect(model.validate(flinkCfg('execution.checkpointing.max-concurrent-checkpoints=2', 'job.inputs=2'))).toBeNull();
  });
});

describe('faults.checkpoint-initial-delay: the first checkpoint after a (re)start (getRandomInitDelay)', () => {
  const down: FlinkAction[] = [...eosStart, ...oneRecord, { type: 'Crash' }, { type: 'Tick' }, { type: 'Restart' }];
  const minPause = 'execution.checkpointing.min-pause=500';
  test('interval (the default): due one interval after the start and the restart; no choice offered', () => {
    expect(model.init(flinkCfg()).jm).toMatchObject({ nextTriggerAt: 2000, delayOpen: false });
    const s = stateAfter([minPause], ...down);
    expect(s.now).toBe(2000);
    expect(s.jm).toMatchObject({ nextTriggerAt: 4000, delayOpen: false });
    expect(types(model.enabled(s))).not.toContain('InitialDelay');
  });
  test('min-pause above the interval raises the interval to it (CheckpointCoordinator: baseInterval)', () => {
    const pairs = ['execution.checkpointing.min-pause=5000'];
    expect(model.init(flinkCfg(...pairs)).jm.nextTriggerAt).toBe(5000);
    let s = stateAfter(pairs, ...eosStart);
    while (!types(model.enabled(s)).includes('Trigger')) s = model.step(s, { type: 'Tick' });
    expect(s.now).toBe(5000);
    expect(model.step(s, { type: 'Trigger' }).jm.nextTriggerAt).toBe(10000);
  });
  // A crash at 0 ms, the restart at 1 s.
  const downAt0: FlinkAction[] = [{ type: 'Crash' }, { type: 'Tick' }, { type: 'Restart' }];
  test('min-pause: due min-pause after the start and the restart, then every interval from there', () => {
    const pairs = [minPause, 'faults.checkpoint-initial-delay=min-pause'];
    expect(model.init(flinkCfg(...pairs)).jm.nextTriggerAt).toBe(500);
    const s = stateAfter(pairs, ...downAt0, ...eosStart, { type: 'Tick' });
    expect(s.now).toBe(1500);
    expect(model.step(s, { type: 'Trigger' }).jm.nextTriggerAt).toBe(3500);
  });
  test('both: late unless InitialDelay draws min-pause, offered until the early moment passes or a trigger', () => {
    const pairs = [minPause, 'faults.checkpoint-initial-delay=both'];
    expect(model.init(flinkCfg(...pairs)).jm).toMatchObject({ nextTriggerAt: 2000, delayOpen: true });
    const s = stateAfter(pairs, ...downAt0, ...eosStart);
    expect(s.jm).toMatchObject({ nextTriggerAt: 3000, delayOpen: true });
    expect(model.enabled(s)).toContainEqual({ type: 'InitialDelay' });
    const early = model.step(s, { type: 'InitialDelay' });
    expect(early.events).toEqual([{ type: 'initial-delay', at: 1500 }]);
    expect(early.jm).toMatchObject({ nextTriggerAt: 1500, delayOpen: false });
    expect(types(model.enabled(early))).not.toContain('InitialDelay');
    // Past 1.5 s the draw was the late one: no choice left.
    const late = model.step(s, { type: 'Tick' });
    expect(late.now).toBe(2000);
    expect(types(model.enabled(late))).not.toContain('InitialDelay');
  });
});

describe('execution.checkpointing.aligned-checkpoint-timeout (unaligned checkpoints that start aligned)', () => {
  const pairs = [
    'job.inputs=2',
    'input.records=2',
    'execution.checkpointing.unaligned.enabled=true',
    'execution.checkpointing.aligned-checkpoint-timeout=5000',
    'faults.slow-checkpoints=1',
  ];
  // v1 and v3 read at 1 s; checkpoint 1 at 2 s behind them, slowed; in-0 delivers v1 and barrier 1.
  const aligning: FlinkAction[] = [
    ...eosStart,
    { type: 'Tick' },
    { type: 'Read', input: 0 },
    { type: 'Read', input: 1 },
    { type: 'Tick' },
    { type: 'Trigger' },
    { type: 'SlowCheckpoint' },
    { type: 'Process', input: 0 },
    { type: 'Process', input: 0 },
  ];
  test('before the timeout it aligns: in-0 is blocked after its barrier, nothing is snapshotted', () => {
    const s = stateAfter(pairs, ...aligning);
    expect(s.events).toEqual([{ type: 'barrier', input: 0, checkpoint: 1, blocked: true }]);
    expect(s.task!.aligned).toEqual([true, false]);
    expect(s.jm.pending[0]!.snapshot).toBeNull();
    expect(types(model.enabled(s))).not.toContain('AlignmentTimeout');
  });
  test('at 7 s it goes on unaligned: v3, still before in-1 barrier, is channel state; that barrier then passes', () => {
    let s = stateAfter(pairs, ...aligning, { type: 'Read', input: 0 });
    // The clock runs (the checkpoint is slowed) through the 4 s and 6 s trigger slots to the timeout.
    while (s.now < 7000) s = model.step(s, { type: 'Tick' });
    expect(s.now).toBe(7000);
    expect(model.enabled(s)).toContainEqual({ type: 'AlignmentTimeout' });
    expect(types(model.enabled(s))).not.toContain('Tick');
    s = model.step(s, { type: 'AlignmentTimeout' });
    expect(s.events[0]).toEqual({ type: 'alignment-timeout', checkpoint: 1 });
    expect(s.jm.pending[0]!.snapshot).toMatchObject({ count: 1, inflight: [[], [{ kind: 'record', value: 3 }]] });
    expect(s.task!.aligned).toEqual([false, false]);
    s = model.step(model.step(s, { type: 'Process', input: 1 }), { type: 'Process', input: 1 });
    expect(s.events).toEqual([{ type: 'barrier', input: 1, checkpoint: 1, blocked: false }]);
    expect(s.task!.count).toBe(2);
  });
  test('0 (the default) is unaligned from the first barrier, as before', () => {
    const s = stateAfter([...pairs.slice(0, 3), 'faults.slow-checkpoints=1'], ...aligning);
    expect(s.jm.pending[0]!.snapshot).toMatchObject({ count: 1, inflight: [[], [{ kind: 'record', value: 3 }]] });
  });
});
