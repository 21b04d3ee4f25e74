/**
 * POOLING with `faults.rescale`: the owned subtask ids and their total kept in the writer state
 * (TransactionOwnership.EXPLICIT_BY_WRITER_STATE, KafkaWriterState, connector 4.0.0 to 5.0.0), redistributed on
 * 2 -> 1 and 1 -> 2, new transactional ids only under the first owned id.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { drain } from '../../../model/flink/drain.js';
import { ownership, redistribute, writerStates } from '../../../model/flink/ownership.js';
import type { FlinkState, WriterState } from '../../../model/flink/state.js';
import { model, play, stateAfter } from './helpers.js';

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
