/**
 * `jobs=2`: a second, independent Flink job writing to `out`. With
 * `safeguard.unique-transactional-id-prefix=false` both sinks use `flink-0-<checkpoint>` and fence
 * each other; with the safeguard job 2 uses `flink-job2-0-<checkpoint>`.
 */
import { describe, expect, test } from 'vitest';
import type { FlinkAction } from '../../../model/flink/actions.js';
import type { FlinkState } from '../../../model/flink/state.js';
import { flinkInvariants } from '../../../properties/flink/invariants.js';
import { flinkInputs } from '../../../properties/flink/outputs.js';
import { flinkCfg, model, outValues, play, stateAfter } from './helpers.js';

const flinkNoLoss = flinkInvariants.find((i) => i.name === 'no-loss')!;

const shared = [
  'jobs=2',
  'safeguard.unique-transactional-id-prefix=false',
  'safeguard.abort-lingering-transactions=false',
  'faults.lost-notifications=0',
  'input.records=2',
];
const unique = shared.filter((p) => !p.startsWith('safeguard.unique'));

/** Job 1 opens flink-0-1 and writes v1 while job 2 is down; job 2 restarts and takes the same transactional.id. */
const fence: FlinkAction[] = [
  { type: 'InitSink' },
  { type: 'Crash', job: 2 },
  { type: 'Tick' },
  { type: 'Read', input: 0 },
  { type: 'Process', input: 0 },
  { type: 'Send' },
  { type: 'Restart', job: 2 },
  { type: 'InitSink', job: 2 },
];

/** Runs the fault-free drain to quiescence. */
function drain(s: FlinkState): FlinkState {
  let cur = s;
  for (let i = 0; i < 500; i++) {
    const a = model.drain(cur);
    if (!a) return cur;
    cur = model.step(cur, a);
  }
  throw new Error('the drain did not finish in 500 steps');
}

describe('jobs=2: the second job', () => {
  test(
    'job 2 reads its own input in-1 (values 3, 4), ' + 'has its own JobManager and task; its actions carry job: 2',
    () => {
      const s = model.init(flinkCfg(...unique));
      expect(s.second).toMatchObject({
        jm: { job: 1, nextCheckpointId: 1 },
        task: { attempt: 1, splits: [0], count: 0 },
      });
      expect(flinkInputs(s)).toEqual([1, 2, 3, 4]);
      expect(model.enabled(s)).toEqual([
        { type: 'InitSink' },
        { type: 'InitSink', job: 2 },
        { type: 'Crash' },
        { type: 'Crash', job: 2 },
      ]);
      const t = stateAfter(
        unique,
        { type: 'InitSink' },
        { type: 'InitSink', job: 2 },
        { type: 'Tick' },
        { type: 'Read', input: 0, job: 2 },
      );
      expect(t.events).toEqual([{ type: 'read', input: 1, offset: 0, value: 3 }]);
      expect(t.kafka.txns.map((x) => x.transactionalId)).toEqual(['flink-0-1', 'flink-job2-0-1']);
      expect(model.describe(t, { type: 'Read', input: 0, job: 2 })).toBe('job2.source[in-1].Read(offset 1)');
    },
  );
  test('jobs=1 has no second job', () => {
    expect(model.init(flinkCfg()).second).toBeNull();
  });
});

describe('shared prefix: the jobs fence each other', () => {
  test("job 2's InitProducerId(flink-0-1) bumps the epoch and aborts job 1's open transaction", () => {
    const states = play(model.init(flinkCfg(...shared)), ...fence);
    const s = states.at(-1)!;
    // One `events` list per state; Kafka events name the transactional.id.
    expect(s.events).toEqual([
      { type: 'txn-state', txn: 'flink-0-1', from: 'Ongoing', to: 'PrepareEpochFence', epoch: 0 },
      { type: 'epoch', txn: 'flink-0-1', producerId: 1, epoch: 1, fresh: false },
      { type: 'txn-state', txn: 'flink-0-1', from: 'PrepareEpochFence', to: 'PrepareAbort', epoch: 1 },
      { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'InitProducerId(flink-0-1)' },
    ]);
    const t = play(s, { type: 'WriteTxnMarker', txn: 0, partition: 0 }, { type: 'InitSink', job: 2 }).at(-1)!;
    expect(t.events).toEqual([
      { type: 'epoch', txn: 'flink-0-1', producerId: 1, epoch: 2, fresh: false },
      { type: 'txn-state', txn: 'flink-0-1', from: 'CompleteAbort', to: 'Empty', epoch: 2 },
      { type: 'writer', transactionalId: 'flink-0-1', epoch: 2 },
    ]);
    expect(t.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker))).toEqual([
      'v1',
      'ABORT',
    ]);
    expect(outValues(t, 'read_committed')).toEqual([]);
  });
  test("job 1's next write is rejected with INVALID_PRODUCER_EPOCH and job 1's task fails", () => {
    const s = stateAfter(
      shared,
      ...fence,
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'InitSink', job: 2 },
      { type: 'Tick' },
      { type: 'Read', input: 0 },
      { type: 'Process', input: 0 },
      { type: 'Send' },
    );
    // transaction.version=2: the partition leader adds out-0 for the stale epoch; the coordinator's PRODUCER_FENCED
    // reaches the producer as the produce's INVALID_PRODUCER_EPOCH (KIP-890), which fails the writer.
    expect(s.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'INVALID_PRODUCER_EPOCH',
        request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
      },
      {
        type: 'failed',
        reason: "the sink's write of v2 was rejected with INVALID_PRODUCER_EPOCH: the task fails",
        restartAt: 3000,
      },
    ]);
    expect(s.task).toBeNull();
    expect(s.second!.task).not.toBeNull();
  });
  test(
    "job 1's commit of checkpoint 1 is rejected with PRODUCER_FENCED: the committable is dropped, " +
      'v1 is lost at quiescence',
    () => {
      const cp: FlinkAction[] = [
        { type: 'Tick' },
        { type: 'Trigger' },
        { type: 'Process', input: 0 },
        { type: 'InitSink' },
        { type: 'Ack' },
        { type: 'Notify' },
        { type: 'Commit', checkpoint: 1 },
      ];
      const s = stateAfter(
        shared,
        ...fence,
        { type: 'WriteTxnMarker', txn: 0, partition: 0 },
        { type: 'InitSink', job: 2 },
        ...cp,
      );
      expect(s.events).toEqual([
        {
          type: 'rejected',
          by: 'coordinator',
          error: 'PRODUCER_FENCED',
          request: 'EndTxn(COMMIT, flink-0-1, epoch=0)',
        },
        { type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1', error: 'PRODUCER_FENCED' },
      ]);
      expect(s.jm.latest).toMatchObject({ id: 1, offsets: [1], count: 1 });
      expect(s.task!.committables).toEqual([]);
      // The fault-free drain goes on fencing (both jobs move to flink-0-2 at their next checkpoint): v2 is lost too.
      const end = drain(s);
      expect(flinkNoLoss.check(end)).toBe('input 1-2 never reached out at read_committed (2 missing)');
      expect([...outValues(end, 'read_committed')].sort()).toEqual([3, 4]);
    },
  );
});

describe('unique prefix (the safeguard): the same steps do not fence', () => {
  test("job 2's InitProducerId is for flink-job2-0-1; job 1 commits flink-0-1 and no input is lost", () => {
    const s = stateAfter(unique, ...fence);
    expect(s.events).toEqual([
      { type: 'epoch', txn: 'flink-job2-0-1', producerId: 2, epoch: 0, fresh: true },
      { type: 'writer', transactionalId: 'flink-job2-0-1', epoch: 0 },
    ]);
    const t = stateAfter(
      unique,
      ...fence,
      { type: 'Tick' },
      { type: 'Trigger' },
      { type: 'Process', input: 0 },
      { type: 'InitSink' },
      { type: 'Ack' },
      { type: 'Notify' },
      { type: 'Commit', checkpoint: 1 },
    );
    expect(t.events).toEqual([
      // transaction.version=2: the end bumps the epoch and the PrepareCommit record already carries it (KIP-890).
      { type: 'epoch', txn: 'flink-0-1', producerId: 1, epoch: 1, fresh: false },
      { type: 'txn-state', txn: 'flink-0-1', from: 'Ongoing', to: 'PrepareCommit', epoch: 1 },
      { type: 'committed', checkpoint: 1, transactionalId: 'flink-0-1' },
    ]);
    const end = drain(t);
    expect(flinkNoLoss.check(end)).toBeNull();
    expect([...outValues(end, 'read_committed')].sort()).toEqual([1, 2, 3, 4]);
  });
});
