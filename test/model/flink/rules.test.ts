/**
 * The rules of `flink-kafka`, one at a time: checkpoints, alignment, the sink's guarantees, the source's offsets,
 * restores, failures, time.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import type { FlinkConfig } from '../../../model/flink/config.js';
import { drain } from '../../../model/flink/drain.js';
import { type FlinkState, SOURCE_GROUP } from '../../../model/flink/state.js';
import { checkpointAlignment } from '../../../scenarios/checkpoint-alignment.js';
import { playFlink } from '../../scenarios/flink-helpers.js';
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
      timedOut: [],
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
    expect(t.jm.pending).toMatchObject([{ id: 1, offsets: [1, 1], snapshot: { count: 2 } }]);
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
    expect(t.jm.pending).toMatchObject([{ id: 1, offsets: [1, 1], snapshot: { count: 3 } }]);
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

describe('transactional-id gap filling (connector 3.x KafkaWriter.getTransactionalProducer)', () => {
  test(
    'checkpoint 1 aborted before its barrier reached the sink: at checkpoint 2 the writer initialises flink-0-2 ' +
      '(left empty) before it opens flink-0-3, so ids stay consecutive for the probe',
    () => {
      let s = stateAfter([], ...eosTwo, { type: 'Trigger' }, { type: 'Crash' }, { type: 'Tick' }, { type: 'Restart' });
      // Drain until checkpoint 2's barrier reached the sink (the writer then has ids to initialise).
      while (!(s.task!.writer.init === 'init' && s.task!.writer.name === 3)) s = model.step(s, drain(s)!);
      expect(s.task!.writer).toMatchObject({ fill: 2, name: 3 });
      expect(model.describe(s, { type: 'InitSink' })).toBe('sink.InitProducerId(flink-0-2, gap: left empty)');
      const gap = model.step(s, { type: 'InitSink' });
      // The restart's probe initialised flink-0-2 already (epoch 0, unused): the gap fill's InitProducerId bumps it.
      expect(gap.events).toContainEqual({ type: 'writer', transactionalId: 'flink-0-2', epoch: 1 });
      expect(gap.task!.writer).toMatchObject({ init: 'init', fill: 3, name: 3, txn: null });
      const open = model.step(gap, { type: 'InitSink' });
      expect(open.task!.writer).toMatchObject({ init: 'ready', txn: { name: 3 } });
      expect(open.kafka.txns.map((t) => [t.transactionalId, t.state])).toEqual([
        ['flink-0-1', 'Ongoing'],
        ['flink-0-2', 'Empty'],
        ['flink-0-3', 'Empty'],
      ]);
    },
  );
});

describe('checkpoints that take time (execution.checkpointing.timeout, tolerable-failed-checkpoints)', () => {
  const slow = [
    'faults.slow-checkpoints=1',
    'faults.slow-checkpoint.ms=70000',
    'execution.checkpointing.timeout=30000',
  ];
  const slowed: FlinkAction[] = [
    ...eosStart,
    ...oneRecord,
    ...oneRecord,
    { type: 'Trigger' },
    { type: 'SlowCheckpoint' },
  ];
  test('a slowed checkpoint is acknowledged only at its time; the clock runs meanwhile', () => {
    const s = stateAfter(slow, ...slowed, { type: 'Process', input: 0 }, { type: 'InitSink' });
    expect(s.jm.pending).toMatchObject([{ id: 1, triggeredAt: 2000, ackAt: 72_000 }]);
    expect(types(enabled(s))).not.toContain('Ack');
    expect(types(enabled(s))).toContain('Tick');
  });
  test('past the timeout it expires; 0 tolerable failed checkpoints fail the job, 1 keeps it running', () => {
    let s = stateAfter(slow, ...slowed, { type: 'Process', input: 0 }, { type: 'InitSink' });
    while (s.now < 32_000) s = model.step(s, { type: 'Tick' });
    expect(enabled(s)).toContainEqual({ type: 'ExpireCheckpoint' });
    const failed = model.step(s, { type: 'ExpireCheckpoint' });
    expect(failed.events[0]).toEqual({ type: 'checkpoint-expired', checkpoint: 1, failed: 1, tolerable: 0 });
    expect(failed.task).toBeNull();
    expect(failed.jm).toMatchObject({ pending: [], failedCheckpoints: 0, restartAt: 33_000 });
    let t = stateAfter(
      [...slow, 'execution.checkpointing.tolerable-failed-checkpoints=1'],
      ...slowed,
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
    );
    while (t.now < 32_000) t = model.step(t, { type: 'Tick' });
    const kept = model.step(t, { type: 'ExpireCheckpoint' });
    expect(kept.task).not.toBeNull();
    // Its committable stays with the committer: the next completion commits it.
    expect(kept.task!.committables).toMatchObject([{ checkpoint: 1, name: 1 }]);
    expect(kept.jm).toMatchObject({ pending: [], failedCheckpoints: 1, restartAt: null });
  });
});

describe('POOLING naming (connector 4.x ProducerPoolImpl, TransactionNamingStrategyImpl.POOLING)', () => {
  test('the lowest free id: flink-0-0, then flink-0-1 while flink-0-0 is pre-committed, then flink-0-0 again', () => {
    const pooling = ['sink.transaction-naming-strategy=POOLING', 'input.records=5'];
    const s = stateAfter(pooling, ...eosStart, ...oneRecord, ...oneRecord, ...eosCheckpoint(1, 0));
    expect(s.task!.writer.txn).toMatchObject({ name: 1 });
    expect(s.kafka.txns.map((t) => t.transactionalId)).toEqual(['flink-0-0', 'flink-0-1']);
    let t = s;
    while (!(t.task!.writer.init === 'init')) t = model.step(t, drain(t)!);
    // At checkpoint 2 flink-0-1 is pre-committed: flink-0-0, finished, is free again.
    expect(model.describe(t, { type: 'InitSink' })).toBe('sink.InitProducerId(flink-0-0, pooled)');
  });
});

describe('faults.restore=savepoint', () => {
  test('the job down restores the checkpoint before the latest; the counter resets to its id + 1', () => {
    const s = stateAfter(
      ['faults.restore=savepoint', 'input.records=5'],
      ...eosStart,
      ...oneRecord,
      ...oneRecord,
      ...eosCheckpoint(1, 0),
      ...oneRecord,
      ...oneRecord,
    );
    let t = s;
    while (t.jm.latest?.id !== 2) t = model.step(t, drain(t)!);
    const down = model.step(t, { type: 'Crash' });
    expect(enabled(down)).toContainEqual({ type: 'RestoreSavepoint' });
    const back = model.step(down, { type: 'RestoreSavepoint' });
    expect(back.jm).toMatchObject({ latest: { id: 1 }, previous: null, nextCheckpointId: 2 });
    expect(model.describe(down, { type: 'RestoreSavepoint' })).toBe(
      'fault.RestoreSavepoint(checkpoint 1 instead of 2)',
    );
  });
});

describe('unaligned checkpoints (execution.checkpointing.unaligned.enabled)', () => {
  test(
    "checkpoint-alignment's schedule: in-0's barrier snapshots at once (count 2) with in-1's b1-b4 as channel " +
      'state; the restore replays them: exact',
    () => {
      const ex = playFlink(checkpointAlignment, ['execution.checkpointing.unaligned.enabled', 'true']);
      expect(ex.violations).toEqual([]);
      const snap = ex.states.find((s) => s.jm.latest?.id === 1)!.jm.latest!;
      expect(snap).toMatchObject({ count: 2, offsets: [2, 4] });
      expect(snap.inflight.map((ch) => ch.map((x) => (x.kind === 'record' ? x.value : 0)))).toEqual([[], [5, 6, 7, 8]]);
      const restored = ex.states.find((s) => s.task?.restored)!.task!;
      expect(restored.restored).toEqual({ checkpoint: 1, count: 2, expected: 2 });
      expect(restored.channels[1]!.length).toBe(4);
    },
  );
  test(
    'with AT_LEAST_ONCE it is accepted and switched off, as StreamJobGraphGenerator does, with a note; either way ' +
      'with max-concurrent-checkpoints=2 the AT_LEAST_ONCE two-input refusal is what applies',
    () => {
      const pairs = ['execution.checkpointing.mode=AT_LEAST_ONCE', 'job.inputs=2', 'input.records=2'];
      const c = flinkCfg('execution.checkpointing.unaligned.enabled=true', ...pairs);
      expect(model.validate(c)).toBeNull();
      expect(model.notes(c)).toEqual([
        'execution.checkpointing.unaligned.enabled=true with execution.checkpointing.mode=AT_LEAST_ONCE: Flink ' +
          'warns "Unaligned checkpoints can only be used with checkpointing mode EXACTLY_ONCE" and switches them ' +
          "off (StreamJobGraphGenerator): checked as Flink runs it, AT_LEAST_ONCE's barrier tracking without channel " +
          'state',
      ]);
      expect(model.notes(flinkCfg(...pairs))).toEqual([]);
      expect(model.notes(flinkCfg('execution.checkpointing.unaligned.enabled=true'))).toEqual([]);
      // The same run as AT_LEAST_ONCE alone: the same states, the double count after a restore.
      const mode: [string, string] = ['execution.checkpointing.mode', 'AT_LEAST_ONCE'];
      const on = playFlink(checkpointAlignment, mode, ['execution.checkpointing.unaligned.enabled', 'true']);
      const off = playFlink(checkpointAlignment, mode);
      expect(on.states.map((x) => model.key(x))).toEqual(off.states.map((x) => model.key(x)));
      expect(on.violations.map((v) => v.invariant)).toEqual(off.violations.map((v) => v.invariant));
      expect(on.violations.length).toBeGreaterThan(0);
      const twice = flinkCfg(
        'execution.checkpointing.unaligned.enabled=true',
        ...pairs,
        'execution.checkpointing.max-concurrent-checkpoints=2',
      );
      expect(model.validate(twice)).toMatch(/^execution.checkpointing.max-concurrent-checkpoints above 1 is modelled/);
    },
  );
});

describe('faults.prefix-change: the probe walks the current prefix, then the one in the restored writer state', () => {
  test('restored from checkpoint 1 under flink-v2: flink-v2-0-2 unused, then flink-0-2 (left open) is aborted', () => {
    let s = stateAfter(['faults.prefix-change=true'], ...eosStart, ...oneRecord, ...oneRecord, ...eosCheckpoint(1, 0));
    s = model.step(play(s, ...oneRecord).at(-1)!, { type: 'Crash' });
    s = model.step(s, { type: 'ChangePrefix' });
    while (s.task === null) s = model.step(s, drain(s)!);
    expect(s.task.writer).toMatchObject({ init: 'probe', probe: 2, probeGen: 1, oldGen: 0 });
    expect(model.describe(s, { type: 'AbortLingering' })).toBe('sink.AbortLingering(InitProducerId flink-v2-0-2)');
    s = model.step(s, { type: 'AbortLingering' });
    expect(s.task!.writer).toMatchObject({ probe: 2, probeGen: 0, oldGen: null });
    expect(model.describe(s, { type: 'AbortLingering' })).toBe('sink.AbortLingering(InitProducerId flink-0-2)');
  });
});

describe('execution.checkpointing.min-pause', () => {
  test('a 3 s pause above the 2 s interval: checkpoints at 3 s and 6 s, not 2 s and 4 s (baseInterval)', () => {
    const triggers = (pairs: string[]) => {
      let s = stateAfter(pairs, ...eosStart);
      const at: number[] = [];
      while (at.length < 2) {
        const a = drain(s)!;
        if (a.type === 'Trigger') at.push(s.now);
        s = model.step(s, a);
      }
      return at;
    };
    expect(triggers(['input.records=5'])).toEqual([2000, 4000]);
    expect(triggers(['input.records=5', 'execution.checkpointing.min-pause=3000'])).toEqual([3000, 6000]);
  });
});

describe('the coordinator aborts a timed-out transaction at its expiry scan', () => {
  test(
    'flink-0-1 (v1 at 1.0 s, timeout 2 s, its notification lost) is due at 3.0 s: aborted then at a 1 ms scan, ' +
      'still open and committed at 4.0 s with a 10 s scan',
    () => {
      const lost: FlinkAction[] = [
        ...eosStart,
        ...oneRecord,
        { type: 'Tick' },
        { type: 'Trigger' },
        { type: 'Process', input: 0 },
        { type: 'InitSink' },
        { type: 'Ack' },
        { type: 'LoseNotification' },
      ];
      const run = (interval: number) => {
        let s = stateAfter(
          ['transaction.timeout.ms=2000', `transactions.abort.timed.out.transaction.cleanup.interval.ms=${interval}`],
          ...lost,
        );
        const seen: string[] = [];
        while (s.now <= 4000 && drain(s) !== null) {
          const a = drain(s)!;
          if (a.type === 'ExpireTxn' || a.type === 'Commit') seen.push(`${a.type}@${s.now}`);
          s = model.step(s, a);
        }
        return { seen, state: s.kafka.txns[0]!.state };
      };
      const exact = run(1);
      expect(exact.seen[0]).toBe('ExpireTxn@3000');
      expect(exact.state).toBe('CompleteAbort');
      // Checkpoint 2 completes at 4.0 s: the committer commits checkpoint 1's transaction, then its own.
      expect(run(10_000)).toEqual({ seen: ['Commit@4000', 'Commit@4000'], state: 'CompleteCommit' });
    },
  );
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
    // The first start needs a position too: committedOffsets(EARLIEST) for group-offsets.
    const reset = 'properties.auto.offset.reset=earliest';
    test(`without HA the checkpoint is lost: ${mode} starts at ${split}, a new job with checkpoint ids from 1`, () => {
      const s = stateAfter(
        ['faults.jobmanager=1', 'high-availability.type=none', `scan.startup.mode=${mode}`, reset],
        ...jmFail,
      );
      expect(s.task!.splits).toEqual([split]);
      expect(s.jm).toMatchObject({ job: 2, nextCheckpointId: 1, latest: null });
      expect(s.task!.writer).toMatchObject({ probe: 1, name: 1 });
    });
  }
  test(
    'group-offsets with no committed offset and no reset policy fails the task at its start and at every restart ' +
      '(NoOffsetForPartitionException)',
    () => {
      const s = model.init(flinkCfg('scan.startup.mode=group-offsets'));
      expect(s.task).toBeNull();
      expect(s.jm.restartAt).toBe(1000);
      const t = stateAfter(['scan.startup.mode=group-offsets'], { type: 'Tick' }, { type: 'Restart' });
      expect(t.task).toBeNull();
      expect(t.jm).toMatchObject({ attempts: 2, restartAt: 2000 });
      expect(t.events).toContainEqual(
        expect.objectContaining({
          type: 'failed',
          reason: expect.stringMatching(/^NoOffsetForPartitionException: in-0/),
        }),
      );
    },
  );
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
        { type: 'rejected', by: 'coordinator', error, request: 'EndTxn(COMMIT, flink-0-1, epoch=1)' },
        { type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1', error },
      ]);
      expect(t.task!.committables.map((c) => c.checkpoint)).toEqual([2]);
      expect(outValues(t, 'read_committed')).toEqual([]);
    });
});
