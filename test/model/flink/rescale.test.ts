/**
 * `parallelism.default=2` and `faults.rescale`: two sink subtasks each writing `<prefix>-<subtask>-<id>`, and the
 * restored writer's probe walking `subtaskId += parallelism` (TransactionAbortStrategyImpl.PROBING, connector 3.x
 * TransactionAborter) after a restart with the other parallelism.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import { drain } from '../../../model/flink/drain.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { flinkCfg, model, play, stateAfter } from './helpers.js';

const p2 = ['parallelism.default=2', 'input.records=4', 'faults.lost-notifications=0'];
/** Both sink subtasks probe and open their first ids at t=0. */
const start: FlinkAction[] = [
  { type: 'AbortLingering' },
  { type: 'AbortLingering', subtask: 1 },
  { type: 'InitSink' },
  { type: 'InitSink', subtask: 1 },
];
/** The start, without the probe when the lingering abort is off. */
const startOf = (pairs: string[]): FlinkAction[] =>
  pairs.includes('safeguard.abort-lingering-transactions=false') ? start.slice(2) : start;
/** The next record arrives, is read and counted; the keyed exchange hands v to sink subtask (v - 1) mod 2. */
const record = (sub: 0 | 1): FlinkAction[] => [
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  sub === 1 ? { type: 'Send', subtask: 1 } : { type: 'Send' },
];
/** Each sink subtask takes the aligned barrier on its own: pre-commit, acknowledge, then its next InitProducerId. */
const subtaskBarriers: FlinkAction[] = [
  { type: 'SinkSnapshot' },
  { type: 'InitSink' },
  { type: 'SinkSnapshot', subtask: 1 },
  { type: 'InitSink', subtask: 1 },
];
/**
 * Checkpoint 1 after v1 and v2: both subtasks pre-commit, the checkpoint completes, each subtask is notified and
 * commits its own.
 */
const checkpoint1: FlinkAction[] = [
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  ...subtaskBarriers,
  { type: 'Ack' },
  { type: 'Notify' },
  { type: 'Notify', subtask: 1 },
  { type: 'Commit', checkpoint: 1 },
  { type: 'Commit', checkpoint: 1, subtask: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'WriteTxnMarker', txn: 1, partition: 0 },
];

/** v3 and v4 written into flink-0-2 and flink-1-2 after checkpoint 1, then a crash and a rescale to `to`. */
function crashedAfterCheckpoint1(pairs: string[]): FlinkState {
  const s = stateAfter(pairs, ...startOf(pairs), ...record(0), ...record(1), ...checkpoint1);
  return play(s, ...record(0), ...record(1), { type: 'Crash' }, { type: 'Rescale' }).at(-1)!;
}

/** Drains until the job runs again: the state then, and what the restored writers probed (`id used|unused`). */
function restarted(s: FlinkState): { s: FlinkState; probed: string[] } {
  let cur = s;
  const probed: string[] = [];
  for (let i = 0; i < 200 && !(cur.task?.status === 'running'); i++) {
    cur = model.step(cur, drain(cur)!);
    for (const e of cur.events)
      if (e.type === 'probed') probed.push(`${e.transactionalId} ${e.used ? 'used' : 'unused'}`);
  }
  return { s: cur, probed };
}

/** The coordinator's state of `id`. */
const stateOf = (s: FlinkState, id: string) => s.kafka.txns.find((t) => t.transactionalId === id)?.state;

describe('parallelism.default=2: two sink subtasks, one transactional.id each', () => {
  test('v1 goes to subtask 0 (flink-0-1), v2 to subtask 1 (flink-1-1); checkpoint 1 commits both', () => {
    const s = stateAfter(p2, ...start, ...record(0), ...record(1), ...checkpoint1);
    expect(s.kafka.txns.map((t) => [t.transactionalId, t.state])).toEqual([
      ['flink-0-1', 'CompleteCommit'],
      ['flink-1-1', 'CompleteCommit'],
      ['flink-0-2', 'Empty'],
      ['flink-1-2', 'Empty'],
    ]);
    expect(s.task!.writer.txn).toMatchObject({ name: 2 });
    expect(s.task!.otherWriters[0]!.txn).toMatchObject({ name: 2 });
  });
});

describe('faults.rescale: the probe walks subtaskId += parallelism', () => {
  test('2 -> 1 from checkpoint 1: subtask 0 aborts flink-0-2, then flink-1-2 of the vanished subtask 1', () => {
    const down = crashedAfterCheckpoint1([...p2, 'faults.rescale=true']);
    expect(down.jm.parallelism).toBe(1);
    expect(model.describe(crashedAfterCheckpoint1(p2.concat('faults.rescale=true')), { type: 'Restart' })).toBe(
      'JobManager.Restart(from checkpoint 1)',
    );
    const { s, probed } = restarted(down);
    expect(probed).toEqual([
      'flink-0-2 used',
      'flink-0-3 unused',
      'flink-1-2 used',
      'flink-1-3 unused',
      // Subtask id 2 (0 + 2 * 1) was never used at its first id: the walk over subtask ids ends.
      'flink-2-2 unused',
    ]);
    expect(s.task!.otherWriters).toEqual([]);
    // flink-1-2's v4 is aborted (its InitProducerId retried past the abort leaves the id Empty at a new epoch).
    expect(s.kafka.txns.filter((t) => t.state === 'Ongoing')).toEqual([]);
    expect(s.kafka.partitions[0]!.log.filter((r) => r.kind === 'control').map((r) => r.marker)).toEqual([
      'COMMIT',
      'COMMIT',
      'ABORT',
      'ABORT',
    ]);
  });
  test('2 -> 1 without the lingering abort: nothing touches flink-1-2 again, it stays Ongoing till its timeout', () => {
    const down = crashedAfterCheckpoint1([
      ...p2,
      'faults.rescale=true',
      'safeguard.abort-lingering-transactions=false',
    ]);
    const { s, probed } = restarted(down);
    expect(probed).toEqual([]);
    expect(stateOf(s, 'flink-0-2')).toBe('Empty');
    expect(stateOf(s, 'flink-1-2')).toBe('Ongoing');
  });
  test('without a rescale subtask 1 re-initialises flink-1-2 itself (the abort off holds at parallelism 2)', () => {
    const pairs = [...p2, 'safeguard.abort-lingering-transactions=false'];
    const s0 = stateAfter(pairs, ...startOf(pairs), ...record(0), ...record(1), ...checkpoint1);
    const down = play(s0, ...record(0), ...record(1), { type: 'Crash' }).at(-1)!;
    const { s } = restarted(down);
    expect(stateOf(s, 'flink-1-2')).toBe('Empty');
    expect(s.task!.otherWriters[0]!.txn).toMatchObject({ name: 2 });
  });
  test('1 -> 2 from checkpoint 1: the new subtask 1 finds flink-1-2 unused and stops at once', () => {
    const pairs = ['input.records=4', 'faults.lost-notifications=0', 'faults.rescale=true'];
    const one: FlinkAction[] = [
      { type: 'AbortLingering' },
      { type: 'InitSink' },
      { type: 'Tick' },
      { type: 'Read', input: 0 },
      { type: 'Process', input: 0 },
      { type: 'Send' },
    ];
    const s0 = stateAfter(pairs, ...one, ...one.slice(2));
    const cp: FlinkAction[] = [
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'Notify' },
      { type: 'Commit', checkpoint: 1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ];
    const down = play(s0, ...cp, ...one.slice(2), { type: 'Crash' }, { type: 'Rescale' }).at(-1)!;
    expect(down.events).toContainEqual({ type: 'rescaled', from: 1, to: 2 });
    const { s, probed } = restarted(down);
    expect(probed).toEqual(['flink-0-2 used', 'flink-0-3 unused', 'flink-2-2 unused', 'flink-1-2 unused']);
    expect(s.task!.otherWriters[0]!.txn).toMatchObject({ name: 2 });
    // Every probed id is initialised, the unused ones included (epoch 0, which is what ends a walk).
    expect(s.kafka.txns.map((t) => [t.transactionalId, t.epoch])).toEqual([
      ['flink-0-1', 2],
      ['flink-0-2', 3],
      ['flink-0-3', 0],
      ['flink-2-2', 0],
      ['flink-1-2', 1],
    ]);
  });
});

describe('POOLING at parallelism.default=2: a pool and a LISTING abort per sink subtask', () => {
  const pooling = ['parallelism.default=2', 'input.records=4', 'sink.transaction-naming-strategy=POOLING'];
  test('each subtask pools <prefix>-<subtask>-<n>; restored, each lists only its own subtask id', () => {
    const s = stateAfter(
      pooling,
      ...start,
      ...record(0),
      ...record(1),
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      ...subtaskBarriers,
      { type: 'Ack' },
    );
    expect(s.task!.committables).toMatchObject([
      { checkpoint: 1, name: 0 },
      { checkpoint: 1, name: 0, subtask: 1 },
    ]);
    expect(s.task!.writer.txn).toMatchObject({ name: 1 });
    expect(s.task!.otherWriters[0]!.txn).toMatchObject({ name: 1 });
    // The notification lost, v3 into flink-0-1, a crash: the restore commits checkpoint 1's committables, then subtask
    // 0 lists flink-0-1 (open, not pre-committed) and aborts it (its InitProducerId is retried on
    // CONCURRENT_TRANSACTIONS while the abort completes); subtask 1 finds none of its own open.
    const down = play(s, { type: 'LoseNotification' }, ...record(0), { type: 'Crash' }).at(-1)!;
    let cur = down;
    const seen: string[] = [];
    for (let i = 0; i < 200 && !(cur.task?.status === 'running'); i++) {
      cur = model.step(cur, drain(cur)!);
      for (const e of cur.events) {
        if (e.type === 'txn-state' && e.to === 'PrepareAbort') seen.push(`abort ${e.txn}`);
        if (e.type === 'listed') seen.push(`listed, kept ${e.kept.join(' ') || 'none'}`);
        if (e.type === 'committed') seen.push(`commit ${e.transactionalId}`);
      }
    }
    expect(seen).toEqual([
      'commit flink-0-0',
      'commit flink-1-0',
      'abort flink-0-1',
      'listed, kept flink-0-0',
      'listed, kept flink-1-0',
    ]);
    // flink-0-0 and flink-1-0, the restored pre-committed ids, stay in flight until their TransactionFinished is
    // polled at the first snapshot (ProducerPoolImpl): each subtask takes its id 1, flink-0-1 initialised again.
    expect(stateOf(cur, 'flink-0-1')).toBe('Empty');
    expect(cur.task!.writer.txn).toMatchObject({ name: 1 });
    expect(cur.task!.otherWriters[0]!.txn).toMatchObject({ name: 1 });
    expect(cur.task!.writer.backchannel).toEqual([{ id: 'flink-0-0', success: true }]);
    expect(cur.task!.otherWriters[0]!.backchannel).toEqual([{ id: 'flink-1-0', success: true }]);
  });
  test('POOLING is accepted with a rescale (owned subtask ids kept in the writer state)', () => {
    expect(model.validate(flinkCfg('sink.transaction-naming-strategy=POOLING', 'faults.rescale=true'))).toBeNull();
    expect(model.validate(flinkCfg('sink.transaction-naming-strategy=POOLING', 'parallelism.default=3'))).toBeNull();
  });
});
