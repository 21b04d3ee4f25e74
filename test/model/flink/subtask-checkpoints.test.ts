/**
 * Parallelism 2: each sink subtask takes a checkpoint's barrier, pre-commits and acknowledges in a step of its own
 * (SubtaskCheckpointCoordinatorImpl per task, CheckpointCoordinator.receiveAcknowledgeMessage completing once every
 * task acknowledged), and each is notified on its own (Execution.notifyCheckpointOnComplete per task, an RPC without
 * retry), its CommitterOperator committing every committable up to the checkpoint it was told of.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../model/flink/actions.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { readTopic } from '../../../model/kafka/read.js';
import { scripted } from '../../helpers/check.js';
import { flinkCfg, model, play, stateAfter } from './helpers.js';

const p2 = ['parallelism.default=2', 'input.records=4', 'faults.lost-notifications=0'];
/** Both sink subtasks probe and open their first ids at t=0. */
const start: FlinkAction[] = [
  { type: 'AbortLingering' },
  { type: 'AbortLingering', subtask: 1 },
  { type: 'InitSink' },
  { type: 'InitSink', subtask: 1 },
];
/** The next record arrives, is read and counted; the keyed exchange hands v to sink subtask (v - 1) mod 2. */
const record = (sub: 0 | 1): FlinkAction[] => [
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  sub === 1 ? { type: 'Send', subtask: 1 } : { type: 'Send' },
];
/** Checkpoint `id` triggered and aligned at the count operator; subtask 0 takes its barrier and opens its next id. */
const firstHalf: FlinkAction[] = [
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'SinkSnapshot' },
  { type: 'InitSink' },
];
/** Subtask 1 takes the barrier too, and the checkpoint completes. */
const secondHalf: FlinkAction[] = [
  { type: 'SinkSnapshot', subtask: 1 },
  { type: 'InitSink', subtask: 1 },
  { type: 'Ack' },
];
/** v1 to subtask 0, v2 to subtask 1, checkpoint 1 completed, notified to both and committed. */
const checkpoint1: FlinkAction[] = [
  ...start,
  ...record(0),
  ...record(1),
  ...firstHalf,
  ...secondHalf,
  { type: 'Notify' },
  { type: 'Notify', subtask: 1 },
  { type: 'Commit', checkpoint: 1 },
  { type: 'Commit', checkpoint: 1, subtask: 1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'WriteTxnMarker', txn: 1, partition: 0 },
];

/** Each value at read_committed and how often it appears. */
function committedOnce(s: FlinkState): number[] {
  return readTopic(s.kafka.partitions, 'read_committed').values.toSorted((a, b) => a - b);
}

describe('a checkpoint acknowledged sink subtask by sink subtask', () => {
  test('between the two snapshots checkpoint 2 is pending: subtask 1 owes its barrier, v4 waits behind it', () => {
    const s = stateAfter(
      p2,
      ...checkpoint1,
      ...record(0),
      { type: 'Tick' },
      { type: 'Trigger' },
      { type: 'Read', input: 0 },
      ...firstHalf.slice(1),
    );
    expect(s.jm.pending).toMatchObject([{ id: 2, snapshot: { count: 3, waiting: [1] } }]);
    // Subtask 0 pre-committed flink-0-2 (v3) and opened flink-0-3; its committable is in the checkpoint's state.
    expect(s.jm.pending[0]!.snapshot!.committables).toMatchObject([{ checkpoint: 2, name: 2 }]);
    expect(s.task!.writer.txn).toMatchObject({ name: 3 });
    expect(s.task!.otherWriters[0]!.txn).toMatchObject({ name: 2 });
    // v4 was read after the trigger, so after the barrier: it is for subtask 1, which has not taken the barrier yet.
    expect(s.task!.channels[0]).toEqual([{ kind: 'record', value: 4, offset: 3 }]);
    const enabled = model.enabled(s).map((a) => a.type);
    expect(enabled).toContain('SinkSnapshot');
    expect(enabled).not.toContain('Process');
    expect(enabled).not.toContain('Ack');
    expect(model.describe(s, { type: 'SinkSnapshot', subtask: 1 })).toBe(
      'sink[1].snapshotState(checkpoint 2: flush, pre-commit, acknowledge)',
    );
  });

  test(
    'a crash between the two snapshots fails checkpoint 2: the restore from checkpoint 1 aborts the pre-committed ' +
      'flink-0-2 as a lingering transaction, v3 and v4 are read again, and every value is committed once',
    () => {
      const actions = [...checkpoint1, ...record(0), ...record(1), ...firstHalf, { type: 'Crash' } as const];
      const r = scripted(flinkKafkaEntry, flinkCfg(...p2), actions, true);
      expect(r.violations).toEqual([]);
      const events = r.states.flatMap((x) => x.events);
      expect(events).toContainEqual({ type: 'precommitted', checkpoint: 2, transactionalId: 'flink-0-2' });
      expect(events).toContainEqual({ type: 'checkpoint-aborted', checkpoint: 2 });
      expect(events).toContainEqual({ type: 'probed', transactionalId: 'flink-0-2', used: true });
      expect(events).not.toContainEqual({ type: 'committed', checkpoint: 2, transactionalId: 'flink-0-2' });
      expect(committedOnce(r.last)).toEqual([1, 2, 3, 4]);
      // The first copy of v3 is in flink-0-2, aborted: visible to read_uncommitted only.
      expect(readTopic(r.last.kafka.partitions, 'read_uncommitted').values.filter((v) => v === 3)).toHaveLength(2);
    },
  );
});

describe('the same crash without the lingering-transaction probe', () => {
  test("subtask 0's restored writer re-initialises flink-0-2 itself (its next id), which aborts it: it holds", () => {
    const off = [...p2, 'safeguard.abort-lingering-transactions=false'];
    const actions = [...checkpoint1.slice(2), ...record(0), ...record(1), ...firstHalf, { type: 'Crash' } as const];
    const r = scripted(flinkKafkaEntry, flinkCfg(...off), actions, true);
    expect(r.violations).toEqual([]);
    const events = r.states.flatMap((x) => x.events);
    expect(events.filter((e) => e.type === 'probed')).toEqual([]);
    expect(events).toContainEqual({ type: 'writer', transactionalId: 'flink-0-2', epoch: 2 });
    expect(committedOnce(r.last)).toEqual([1, 2, 3, 4]);
  });
});

describe('notifyCheckpointComplete per sink subtask (faults.lost-subtask-notifications)', () => {
  const lossy = [...p2, 'faults.lost-subtask-notifications=1'];
  /** Checkpoint 1 completed; subtask 0 is notified and commits, subtask 1's notification is lost. */
  const lost: FlinkAction[] = [
    ...start,
    ...record(0),
    ...record(1),
    ...firstHalf,
    ...secondHalf,
    { type: 'Notify' },
    { type: 'LoseSubtaskNotification', subtask: 1 },
    { type: 'Commit', checkpoint: 1 },
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  ];

  test('the key is 0 by default: no notification of one subtask is ever lost', () => {
    const s = stateAfter(p2, ...start, ...record(0), ...record(1), ...firstHalf, ...secondHalf, { type: 'Notify' });
    expect(model.enabled(s).map((a) => a.type)).not.toContain('LoseSubtaskNotification');
    expect(s.jm).toMatchObject({ notify: 1, unnotified: [1] });
  });

  test('subtask 1 keeps its committable while subtask 0 commits: it is not notified of checkpoint 1', () => {
    const s = stateAfter(lossy, ...lost);
    expect(s.jm.notify).toBeNull();
    expect(s.task!.committables).toMatchObject([{ checkpoint: 1, name: 1, subtask: 1 }]);
    expect(s.task).toMatchObject({ commitUpTo: 0, subUpTo: [1, 0] });
    expect(model.enabled(s).filter((a) => a.type === 'Commit')).toEqual([]);
    expect(s.kafka.txns.map((t) => [t.transactionalId, t.state])).toEqual([
      ['flink-0-1', 'CompleteCommit'],
      ['flink-1-1', 'Ongoing'],
      ['flink-0-2', 'Empty'],
      ['flink-1-2', 'Empty'],
    ]);
  });

  test(
    "checkpoint 2's notification commits subtask 1's committables of checkpoints 1 and 2, oldest first " +
      '(CommitterOperator: every committable up to the notified checkpoint)',
    () => {
      const s0 = stateAfter(lossy, ...lost, ...record(0), ...record(1), ...firstHalf, ...secondHalf);
      // Checkpoint 2's state holds subtask 1's uncommitted committable of checkpoint 1 (its committer's state).
      expect(s0.jm.latest!.committables.map((c) => [c.checkpoint, c.subtask ?? 0])).toEqual([
        [1, 1],
        [2, 0],
        [2, 1],
      ]);
      const s = play(s0, { type: 'Notify', subtask: 1 }).at(-1)!;
      expect(model.enabled(s).filter((a) => a.type === 'Commit')).toEqual([
        { type: 'Commit', checkpoint: 1, subtask: 1 },
      ]);
      const r = scripted(
        flinkKafkaEntry,
        flinkCfg(...lossy),
        [
          ...lost,
          ...record(0),
          ...record(1),
          ...firstHalf,
          ...secondHalf,
          { type: 'Notify', subtask: 1 },
          { type: 'Commit', checkpoint: 1, subtask: 1 },
          { type: 'Commit', checkpoint: 2, subtask: 1 },
          { type: 'Notify' },
          { type: 'Commit', checkpoint: 2 },
        ],
        true,
      );
      expect(r.violations).toEqual([]);
      const commits = r.states.flatMap((x) => x.events).filter((e) => e.type === 'committed');
      expect(commits.map((e) => (e.type === 'committed' ? e.transactionalId : ''))).toEqual([
        'flink-0-1',
        'flink-1-1',
        'flink-1-2',
        'flink-0-2',
      ]);
      expect(committedOnce(r.last)).toEqual([1, 2, 3, 4]);
    },
  );

  test('a crash before any later notification: the restore from checkpoint 1 commits flink-1-1 at once', () => {
    const r = scripted(flinkKafkaEntry, flinkCfg(...lossy), [...lost, { type: 'Crash' }], true);
    expect(r.violations).toEqual([]);
    const events = r.states.flatMap((x) => x.events);
    const restoredAt = events.findIndex((e) => e.type === 'restored');
    expect(events.slice(restoredAt)).toContainEqual({ type: 'committed', checkpoint: 1, transactionalId: 'flink-1-1' });
    expect(committedOnce(r.last)).toEqual([1, 2, 3, 4]);
  });
});
