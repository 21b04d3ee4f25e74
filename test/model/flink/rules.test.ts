/**
 * The rules of `flink-kafka`, one at a time: checkpoints, alignment, the sink's guarantees, the source's offsets,
 * restores, failures, time.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import type { FlinkConfig } from '../../../model/flink/config.js';
import { type FlinkState, SOURCE_GROUP } from '../../../model/flink/state.js';
import { eosCheckpoint, eosStart, flinkCfg, model, oneRecord, outValues, play, stateAfter } from './helpers.js';

const types = (as: FlinkAction[]) => as.map((a) => a.type);
const enabled = (s: FlinkState) => model.enabled(s);
const initialState = (c: FlinkConfig) => model.init(c);
const eosTwo: FlinkAction[] = [...eosStart, ...oneRecord, ...oneRecord]; // v1 at 1 s, v2 at 2 s (trigger due)

describe('exactly-once sink: one transaction per checkpoint, committed on the completion notice', () => {
  test('records are invisible to read_committed until the commit; the transactional.id names the checkpoint', () => {
    const states = play(initialState(flinkCfg()), ...eosTwo, ...eosCheckpoint(1, 0));
    const beforeCommit = states[eosTwo.length + 5]!; // after Notify
    expect(outValues(beforeCommit, 'read_committed')).toEqual([]);
    expect(outValues(beforeCommit, 'read_uncommitted')).toEqual([1, 2]);
    const last = states.at(-1)!;
    expect(outValues(last, 'read_committed')).toEqual([1, 2]);
    expect(last.kafka.txns.map((t) => [t.transactionalId, t.state])).toEqual([
      ['flink-0-1', 'CompleteCommit'],
      ['flink-0-2', 'Empty'],
    ]);
    expect(last.task!.writer.txn).toMatchObject({ name: 2, producer: { transaction: { records: 0 } } });
    expect(last.ghost).toEqual({
      completed: [{ job: 1, checkpoint: 1 }],
      commits: [{ job: 1, checkpoint: 1, name: 1 }],
    });
  });
  test('the source commits its offsets to the consumer group only on the notification', () => {
    const states = play(initialState(flinkCfg()), ...eosTwo, ...eosCheckpoint(1, 0));
    const afterAck = states[eosTwo.length + 4]!;
    expect(afterAck.jm.latest).toMatchObject({ id: 1, offsets: [2], count: 2 });
    expect(afterAck.kafka.groups[SOURCE_GROUP]!.committed[0]!.offset).toBe(0);
    expect(states[eosTwo.length + 5]!.kafka.groups[SOURCE_GROUP]!.committed[0]!.offset).toBe(2);
  });
  test('a lost notification: nothing is committed until the next checkpoint, then the lower checkpoint first', () => {
    const s = stateAfter(
      [],
      ...eosTwo,
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'LoseNotification' },
      ...oneRecord,
    );
    expect(types(enabled(s))).not.toContain('Commit');
    const t = stateAfter(
      [],
      ...eosTwo,
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'LoseNotification' },
      ...oneRecord,
      { type: 'Tick' },
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'Notify' },
    );
    expect(t.task!.committables.map((c) => c.checkpoint)).toEqual([1, 2]);
    expect(enabled(t).filter((a) => a.type === 'Commit')).toEqual([{ type: 'Commit', checkpoint: 1 }]);
  });
});

describe('at-least-once and none', () => {
  const buffered: FlinkAction[] = [
    { type: 'Tick' },
    { type: 'Read', input: 0 },
    { type: 'Process', input: 0 },
    { type: 'Tick' },
    { type: 'Trigger' },
    { type: 'Process', input: 0 },
  ];
  test('at-least-once flushes the buffer at the barrier, before the checkpoint completes', () => {
    const s = stateAfter(['sink.delivery-guarantee=at-least-once'], ...buffered);
    expect(s.task!.writer.buffer).toEqual([]);
    expect(outValues(s, 'read_committed')).toEqual([1]);
  });
  test('none does not flush: a crash after the checkpoint loses the buffered record for good', () => {
    const s = stateAfter(['sink.delivery-guarantee=none'], ...buffered);
    expect(s.task!.writer.buffer).toEqual([1]);
    const t = stateAfter(
      ['sink.delivery-guarantee=none'],
      ...buffered,
      { type: 'Ack' },
      { type: 'Crash' },
      { type: 'Tick' },
      { type: 'Restart' },
    );
    expect(t.task!.splits).toEqual([1]);
    expect(outValues(t, 'read_uncommitted')).toEqual([]);
  });
});

describe('barriers and alignment (job.inputs=2)', () => {
  const prefix: FlinkAction[] = [
    { type: 'Tick' },
    { type: 'Read', input: 0 },
    { type: 'Read', input: 1 },
    { type: 'Tick' },
    { type: 'Trigger' },
    { type: 'Read', input: 0 },
    { type: 'Process', input: 0 },
    { type: 'Process', input: 0 },
  ];
  test('EXACTLY_ONCE: the input that delivered its barrier is blocked until the other one does', () => {
    const s = stateAfter(['job.inputs=2', 'sink.delivery-guarantee=at-least-once'], ...prefix);
    expect(s.task!.aligned).toEqual([true, false]);
    expect(enabled(s)).not.toContainEqual({ type: 'Process', input: 0 });
    const t = stateAfter(
      ['job.inputs=2', 'sink.delivery-guarantee=at-least-once'],
      ...prefix,
      { type: 'Process', input: 1 },
      { type: 'Process', input: 1 },
    );
    expect(t.jm.pending).toMatchObject({ id: 1, offsets: [1, 1], snapshot: { count: 2 } });
  });
  test('AT_LEAST_ONCE: records after the barrier on the fast input enter the snapshot', () => {
    const pairs = [
      'job.inputs=2',
      'sink.delivery-guarantee=at-least-once',
      'execution.checkpointing.mode=AT_LEAST_ONCE',
    ];
    const t = stateAfter(
      pairs,
      ...prefix,
      { type: 'Process', input: 0 },
      { type: 'Process', input: 1 },
      { type: 'Process', input: 1 },
    );
    expect(t.jm.pending).toMatchObject({ id: 1, offsets: [1, 1], snapshot: { count: 3 } });
  });
});

describe('restore and the lingering-transaction abort', () => {
  const crashAfterCp1: FlinkAction[] = [
    ...eosTwo,
    ...eosCheckpoint(1, 0),
    ...oneRecord,
    { type: 'Crash' },
    { type: 'Tick' },
    { type: 'Restart' },
  ];
  test(
    'the restart restores offsets and count of the latest checkpoint; ' + 'the scheduler restarts one interval later',
    () => {
      const s = stateAfter([], ...crashAfterCp1);
      expect(s.now).toBe(4000);
      expect(s.task).toMatchObject({
        attempt: 2,
        splits: [2],
        count: 2,
        restored: { checkpoint: 1, count: 2, expected: 2 },
        writer: { init: 'probe', probe: 2, name: 2 },
      });
      expect(s.jm.nextTriggerAt).toBe(6000);
    },
  );
  test(
    'safeguard on: InitProducerId on flink-0-2 aborts the transaction left open, then flink-0-3 is ' +
      'unused and ends the probe',
    () => {
      const s = stateAfter(
        [],
        ...crashAfterCp1,
        { type: 'AbortLingering' },
        { type: 'WriteTxnMarker', txn: 1, partition: 0 },
        { type: 'AbortLingering' },
        { type: 'AbortLingering' },
        { type: 'InitSink' },
      );
      // One `events` list per state: the coordinator's epoch bump (a Kafka event, by transactional.id), then the
      // writer's.
      expect(s.events).toEqual([
        { type: 'epoch', txn: 'flink-0-2', producerId: 2, epoch: 3, fresh: false },
        { type: 'writer', transactionalId: 'flink-0-2', epoch: 3 },
      ]);
      expect(s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker))).toEqual([
        'v1',
        'v2',
        'COMMIT',
        'v3',
        'ABORT',
      ]);
      expect(s.task!.status).toBe('running');
    },
  );
  test('safeguard off: the writer goes straight to InitProducerId of its own id', () => {
    const s = stateAfter(['safeguard.abort-lingering-transactions=false'], ...crashAfterCp1.slice(1));
    expect(s.task!.writer.init).toBe('init');
  });
  test('restored committables are committed at once (a notification lost before the crash)', () => {
    const s = stateAfter(
      [],
      ...eosTwo,
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'LoseNotification' },
      { type: 'Crash' },
      { type: 'Tick' },
      { type: 'Restart' },
    );
    expect(enabled(s)).toContainEqual({ type: 'Commit', checkpoint: 1 });
  });
});

describe('scan.startup.mode applies only without a checkpoint (JobManager failure)', () => {
  const jmFail: FlinkAction[] = [
    ...eosTwo,
    ...eosCheckpoint(1, 0),
    { type: 'JobManagerFail' },
    { type: 'Tick' },
    { type: 'Restart' },
  ];
  for (const [mode, split] of [
    ['earliest-offset', 0],
    ['latest-offset', 3],
    ['group-offsets', 2],
  ] as const) {
    test(`without HA the checkpoint is lost: ${mode} starts at ${split}, a new job with checkpoint ids from 1`, () => {
      const s = stateAfter(
        ['faults.jobmanager=1', 'high-availability.type=none', `scan.startup.mode=${mode}`],
        ...jmFail,
      );
      expect(s.task!.splits).toEqual([split]);
      expect(s.jm).toMatchObject({ job: 2, nextCheckpointId: 1, latest: null });
      expect(s.task!.writer).toMatchObject({ probe: 1, name: 1 });
    });
  }
  test('with HA the latest checkpoint is restored whatever the startup mode', () => {
    const s = stateAfter(['faults.jobmanager=1', 'scan.startup.mode=latest-offset'], ...jmFail);
    expect(s.task!.splits).toEqual([2]);
    expect(s.jm).toMatchObject({ job: 1, nextCheckpointId: 2 });
  });
});

describe('time and transaction timeouts', () => {
  test('the clock does not move while a checkpoint is due or pending', () => {
    const s = stateAfter([], ...eosTwo);
    expect(types(enabled(s))).toEqual(['Trigger', 'Crash']);
    const t = stateAfter([], ...eosTwo, { type: 'Trigger' });
    expect(types(enabled(t))).not.toContain('Tick');
  });
  test('Tick goes to the next event: a record arrival, a restart, a transaction deadline', () => {
    expect(stateAfter([], ...eosStart, { type: 'Tick' }).now).toBe(1000);
    expect(stateAfter(['transaction.timeout.ms=500'], ...eosStart, ...oneRecord, { type: 'Tick' }).now).toBe(1500);
  });
  test('a write into a transaction the coordinator expired is fenced and fails the task', () => {
    const s = stateAfter(
      ['transaction.timeout.ms=500'],
      ...eosStart,
      ...oneRecord,
      { type: 'Tick' },
      { type: 'ExpireTxn', txn: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'Tick' },
      { type: 'Read', input: 0 },
      { type: 'Process', input: 0 },
      { type: 'Send' },
    );
    expect(s.task).toBeNull();
    expect(s.jm.restartAt).toBe(3000);
    expect(s.events.map((e) => e.type)).toEqual(['rejected', 'failed']);
    // transaction.version=2: the partition leader adds out-0 for the stale epoch and the coordinator's
    // PRODUCER_FENCED reaches the producer as the produce's INVALID_PRODUCER_EPOCH (KIP-890): the writer fails.
    expect(s.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'INVALID_PRODUCER_EPOCH',
      request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
    });
  });
  // The coordinator's timeout abort bumped the epoch (KAFKA-6119); the commit's EndTxn still carries epoch 0.
  // transaction.version=1 (3.9): not the current epoch, PRODUCER_FENCED (KAFKA-9600). transaction.version=2
  // (4.1): epoch 0 is a retry of the bumped epoch, and a COMMIT retry of a CompleteAbort is INVALID_TXN_STATE.
  // Either way the committer drops the committable (KafkaCommitter) and its records are lost.
  for (const [version, error] of [
    ['4.1', 'INVALID_TXN_STATE'],
    ['3.9', 'PRODUCER_FENCED'],
  ] as const)
    test(`an expired checkpointed transaction: the commit fails (${version}: ${error}), its records lost`, () => {
      const expiredCp1: FlinkAction[] = [
        ...eosTwo,
        { type: 'Trigger' },
        { type: 'Process', input: 0 },
        { type: 'InitSink' },
        { type: 'Ack' },
        { type: 'LoseNotification' },
        { type: 'Tick' },
        { type: 'ExpireTxn', txn: 0 },
        { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      ];
      const pairs = ['transaction.timeout.ms=1500', `kafka.version=${version}`];
      const s = stateAfter(pairs, ...expiredCp1);
      expect(s.now).toBe(2500);
      expect(s.kafka.txns[0]!.state).toBe('CompleteAbort');
      const t = stateAfter(
        pairs,
        ...expiredCp1,
        ...oneRecord,
        { type: 'Tick' },
        { type: 'Trigger' },
        { type: 'Process', input: 0 },
        { type: 'InitSink' },
        { type: 'Ack' },
        { type: 'Notify' },
        { type: 'Commit', checkpoint: 1 },
      );
      expect(t.events).toEqual([
        { type: 'rejected', by: 'coordinator', error, request: 'EndTxn(COMMIT, flink-0-1, epoch=0)' },
        { type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1', error },
      ]);
      expect(t.task!.committables.map((c) => c.checkpoint)).toEqual([2]);
      expect(outValues(t, 'read_committed')).toEqual([]);
    });
});
