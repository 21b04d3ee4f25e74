/**
 * POOLING with `faults.rescale`: the owned subtask ids and their total kept in the writer state
 * (TransactionOwnership.EXPLICIT_BY_WRITER_STATE, KafkaWriterState, connector 4.0.0 to 5.0.0), redistributed on
 * 2 -> 1 and 1 -> 2, new transactional ids only under the first owned id.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { drain } from '../../../model/flink/drain.js';
import { ownership, redistribute, writerStates } from '../../../model/flink/ownership.js';
import type { FlinkState, WriterState } from '../../../model/flink/state.js';
import { scripted } from '../../helpers/check.js';
import { flinkCfg, model, play, stateAfter } from './helpers.js';

const st = (owned: number, total: number, ids: string[] = []): WriterState => ({
  owned,
  total,
  precommitted: ids.map((id) => ({ id, checkpoint: 1 })),
});

describe('the writer list state redistributed (SPLIT_DISTRIBUTE), and the ownership it gives', () => {
  test('2 -> 1: subtask 0 takes both states, owns 0 and 1 of 2, and both pre-committed lists', () => {
    const states = [st(0, 2, ['flink-0-0']), st(1, 2, ['flink-1-0'])];
    expect(redistribute(states, 1)).toEqual([states]);
    expect(ownership(states, 0, 1)).toEqual({
      owned: [0, 1],
      total: 2,
      precommitted: [
        { id: 'flink-0-0', checkpoint: 1 },
        { id: 'flink-1-0', checkpoint: 1 },
      ],
    });
    // Its snapshot: one state per owned id, the in-flight ids in the first only.
    expect(writerStates({ owned: [0, 1], total: 2 }, [{ id: 'flink-0-3', checkpoint: 4 }])).toEqual([
      { owned: 0, total: 2, precommitted: [{ id: 'flink-0-3', checkpoint: 4 }] },
      { owned: 1, total: 2, precommitted: [] },
    ]);
  });
  test('1 -> 2: subtask 0 keeps the one state (total max(1, 2) = 2), subtask 1 starts without one', () => {
    const states = [st(0, 1, ['flink-0-0'])];
    expect(redistribute(states, 2)).toEqual([states, []]);
    expect(ownership(states, 0, 2)).toMatchObject({ owned: [0], total: 2 });
    expect(ownership([], 1, 2)).toEqual({ owned: [1], total: 2, precommitted: [] });
  });
  test('3 -> 2: subtask 0 takes states 0 and 1, subtask 1 state 2: it owns 2 of 3 and names flink-2-n', () => {
    const states = [st(0, 3), st(1, 3), st(2, 3, ['flink-2-0'])];
    expect(redistribute(states, 2)).toEqual([[states[0], states[1]], [states[2]]]);
    expect(ownership([states[2]!], 1, 2)).toEqual({
      owned: [2],
      total: 3,
      precommitted: [{ id: 'flink-2-0', checkpoint: 1 }],
    });
  });
  test('2 -> 1 -> 2: the two states of the downscaled subtask 0 go back one each', () => {
    const states = [st(0, 2), st(1, 2)];
    expect(redistribute(states, 2)).toEqual([[states[0]], [states[1]]]);
  });
});

const p2 = [
  'sink.transaction-naming-strategy=POOLING',
  'parallelism.default=2',
  'faults.rescale=true',
  'faults.rescales=2',
  'faults.crashes=2',
  'faults.lost-notifications=0',
  'input.records=4',
];

/** Both sink subtasks list (nothing open) and open flink-0-0 and flink-1-0 at t=0. */
const start: FlinkAction[] = [
  { type: 'AbortLingering' },
  { type: 'AbortLingering', subtask: 1 },
  { type: 'InitSink' },
  { type: 'InitSink', subtask: 1 },
];

/** Steps the drain until the job runs again. */
function restarted(s: FlinkState): FlinkState {
  let cur = s;
  for (let i = 0; i < 200 && cur.task?.status !== 'running'; i++) cur = model.step(cur, drain(cur)!);
  return cur;
}

describe('POOLING 2 -> 1 -> 2', () => {
  test('the downscaled writer owns 0 and 1 of 2 and opens flink-0-n only; the upscale gives each its own back', () => {
    let s = stateAfter(p2, ...start);
    s = until(s, (x) => x.jm.latest?.id === 1 && x.task!.committables.length === 0);
    expect(s.jm.latest!.writerStates.map((w) => [w.owned, w.total])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    s = play(s, { type: 'Crash' }, { type: 'Rescale' }).at(-1)!;
    s = restarted(s);
    expect(s.jm.parallelism).toBe(1);
    expect(s.task!.writer).toMatchObject({ owned: [0, 1], total: 2 });
    expect(s.task!.otherWriters).toEqual([]);
    s = until(s, (x) => x.jm.latest?.id === 2);
    expect(s.jm.latest!.writerStates.map((w) => [w.owned, w.total])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    s = play(s, { type: 'Crash' }, { type: 'Rescale' }).at(-1)!;
    s = restarted(s);
    expect(s.jm.parallelism).toBe(2);
    expect([s.task!.writer, s.task!.otherWriters[0]!].map((w) => [w.owned, w.total])).toEqual([
      [[0], 2],
      [[1], 2],
    ]);
  });
});

/** Steps the drain until `done` holds (at most 300 steps). */
function until(s: FlinkState, done: (s: FlinkState) => boolean): FlinkState {
  let cur = s;
  for (let i = 0; i < 300 && !done(cur); i++) cur = model.step(cur, drain(cur)!);
  return cur;
}

/**
 * FLINK-40626's downscale orphan, as `check` finds it (exhaustive, no-hanging-transaction): v2 commits in
 * flink-1-0 for checkpoint 1; checkpoint 2's snapshot polls its TransactionFinished and reuses flink-1-0 (a new
 * epoch) for v4; a crash before checkpoint 2 completes restores checkpoint 1 at parallelism 1, whose writer state
 * lists flink-1-0 as pre-committed.
 */
const orphan: FlinkAction[] = [
  { type: 'AbortLingering' },
  { type: 'AbortLingering', subtask: 1 },
  { type: 'InitSink' },
  { type: 'InitSink', subtask: 1 },
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'SinkSnapshot' },
  { type: 'InitSink' },
  { type: 'SinkSnapshot', subtask: 1 },
  { type: 'InitSink', subtask: 1 },
  { type: 'Ack' },
  { type: 'Notify' },
  { type: 'Notify', subtask: 1 },
  { type: 'Commit', checkpoint: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'Commit', checkpoint: 1, subtask: 1 },
  { type: 'WriteTxnMarker', txn: 1, partition: 0 },
  { type: 'Tick' },
  { type: 'Tick' },
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'SinkSnapshot' },
  { type: 'InitSink' },
  { type: 'SinkSnapshot', subtask: 1 },
  { type: 'InitSink', subtask: 1 },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Send', subtask: 1 },
  { type: 'Crash' },
  { type: 'Rescale' },
  { type: 'Tick' },
  { type: 'Restart' },
  { type: 'Commit', checkpoint: 1 },
  { type: 'Commit', checkpoint: 1 },
  { type: 'AbortLingering' },
  { type: 'InitSink' },
  { type: 'Read', input: 0 },
  { type: 'Read', input: 0 },
  { type: 'Tick' },
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
  { type: 'Notify' },
  { type: 'Commit', checkpoint: 3 },
  { type: 'WriteTxnMarker', txn: 2, partition: 0 },
  { type: 'Tick' },
  { type: 'ExpireTxn', txn: 1 },
  { type: 'WriteTxnMarker', txn: 1, partition: 0 },
];
const downscale = [
  'sink.transaction-naming-strategy=POOLING',
  'parallelism.default=2',
  'faults.rescale=true',
  'faults.lost-notifications=0',
  'input.records=4',
];

describe("FLINK-40626's downscale orphan", () => {
  test(
    'without the fix (the default, as every release up to 5.0.0) LISTING skips flink-1-0 as pre-committed, the ' +
      're-commit is fenced, subtask 0 names flink-0-n only: flink-1-0 holds the LSO until transaction.timeout.ms',
    () => {
      const r = scripted(flinkKafkaEntry, flinkCfg(...downscale), orphan);
      expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['no-hanging-transaction', 58]]);
      expect(r.violations[0]!.message).toBe(
        'out-0: the transaction of flink-1-0 from offset 4 was never ended by the job: the coordinator aborted it ' +
          'after transaction.timeout.ms (open from 4.0 s to 64.0 s, the LSO held at 4 meanwhile)',
      );
      const events = r.states.flatMap((s) => s.events);
      expect(events).toContainEqual({ type: 'listed', kept: ['flink-0-0', 'flink-1-0'] });
      expect(events).toContainEqual({
        type: 'commit-failed',
        checkpoint: 1,
        transactionalId: 'flink-1-0',
        error: 'PRODUCER_FENCED',
        committed: true,
      });
      const restored = r.states.find((s) => s.task?.restored && s.jm.parallelism === 1)!;
      expect(restored.task!.writer).toMatchObject({ owned: [0, 1], total: 2 });
    },
  );
  test('with the fix LISTING aborts the superseded flink-1-0 at the restore: the same run has no violation', () => {
    const cut = orphan.findIndex((a) => a.type === 'AbortLingering' && orphan.indexOf(a) > 4);
    const fixed = flinkCfg(...downscale, 'safeguard.abort-superseded-precommitted=true');
    const r = scripted(flinkKafkaEntry, fixed, orphan.slice(0, cut + 1), true);
    expect(r.violations).toEqual([]);
    // Its InitProducerId aborts flink-1-0 (CONCURRENT_TRANSACTIONS until the abort completes) at 5.0 s.
    expect(r.last.ghost.timedOut).toEqual([]);
    expect(r.last.kafka.txns[1]).toMatchObject({ transactionalId: 'flink-1-0', state: 'CompleteAbort' });
    const markers = r.last.kafka.partitions[0]!.log.filter((e) => e.kind === 'control').map((e) => e.marker);
    expect(markers).toEqual(['COMMIT', 'COMMIT', 'ABORT', 'COMMIT']);
  });
});

describe('POOLING 3 -> 2', () => {
  test('subtask 1 restores the state of id 2, owns 2 of 3 and opens flink-2-n; subtask 0 owns 0 and 1', () => {
    const pairs = [
      'sink.transaction-naming-strategy=POOLING',
      'parallelism.default=3',
      'faults.rescale=true',
      'faults.lost-notifications=0',
      'input.records=3',
    ];
    // Checkpoint 2 (v3, which arrives at 3.0 s, went to subtask 2) completed and committed.
    let s = until(model.init(flinkCfg(...pairs)), (x) => x.jm.latest?.id === 2 && x.task!.committables.length === 0);
    expect(s.jm.latest!.writerStates.map((w) => [w.owned, w.total])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(s.jm.latest!.writerStates[2]!.precommitted).toEqual([{ id: 'flink-2-0', checkpoint: 2 }]);
    s = play(s, { type: 'Crash' }, { type: 'Rescale' }).at(-1)!;
    expect(s.events).toContainEqual({ type: 'rescaled', from: 3, to: 2 });
    s = restarted(s);
    const [zero, one] = [s.task!.writer, s.task!.otherWriters[0]!];
    expect([zero.owned, zero.total, one.owned, one.total]).toEqual([[0, 1], 3, [2], 3]);
    // flink-2-0 is in flight (restored pre-committed) until its TransactionFinished is polled: flink-2-1.
    expect(one.txn).toMatchObject({ name: 1 });
    expect(s.kafka.txns.map((t) => t.transactionalId)).toContain('flink-2-1');
    expect(one.backchannel).toEqual([{ id: 'flink-2-0', success: true }]);
  });
});
