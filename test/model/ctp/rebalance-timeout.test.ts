/**
 * group.protocol=consumer (KIP-848) with the clock running: a member that learned of a revocation and then stalled
 * is fenced when its rebalance timeout (its max.poll.interval.ms, GroupMetadataManager
 * .scheduleConsumerGroupRebalanceTimeout) runs out, before its session does; its partitions move, its
 * TxnOffsetCommit is refused with UNKNOWN_MEMBER_ID and it aborts and joins again at epoch 0. Without
 * `safeguard.generation-fencing` that TxnOffsetCommit lands (zombie-fenced).
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { type AppState, GROUP } from '../../../model/ctp/state.js';
import { cfg, scripted } from '../../helpers/check.js';

// A session (120000 ms) far longer than the rebalance timeout (10000 ms): the stalled member is removed by the latter.
const timed = [
  'group.protocol=consumer',
  'input.partitions=2',
  'record.processing.ms=1000',
  'max.poll.interval.ms=10000',
  'session.timeout.ms=120000',
];
const ctp = (...pairs: string[]) => cfg(ctpKeys, ...timed, ...pairs);
const script = (config: ReturnType<typeof ctp>, actions: AppAction[], drain = false) =>
  scripted(ctpEntry, config, actions, drain);
const group = (s: AppState) => s.kafka.groups[GROUP]!;

const A = 1; // i0#1
const B = 2; // i1#1

// i0#1 owns both partitions mid-transaction when i1#1 joins at 1000 ms: its background heartbeat learns it owes
// in-1 (its timer: 11000 ms); then it stalls whole.
const owing: AppAction[] = [
  { type: 'Join', instance: A },
  { type: 'InitProducerId', instance: A },
  { type: 'FetchOffset', instance: A, partition: 0 },
  { type: 'FetchOffset', instance: A, partition: 1 },
  { type: 'BeginTxn', instance: A },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'Join', instance: B },
  { type: 'Pause', instance: A },
];
const fenced: AppAction[] = [
  ...owing,
  { type: 'Tick' },
  { type: 'Heartbeat', instance: B },
  { type: 'Resume', instance: A },
  { type: 'SendOffsets', instance: A },
];

describe('a member stalled with a revocation owed is fenced at its rebalance timeout', () => {
  test('the exact trace: fenced at 11000 ms, its partitions move, UNKNOWN_MEMBER_ID, it aborts and rejoins', () => {
    const r = script(ctp(), [...fenced, { type: 'AbortTxn', instance: A }]);
    const said = r.steps.map((s, k) => ctpEntry.model.describe(r.states[k]!, s.action));
    expect(said).toEqual([
      'i0#1.JoinGroup()',
      'i0#1.InitProducerId(ctp-0)',
      'i0#1.OffsetFetch(in-0)',
      'i0#1.OffsetFetch(in-1)',
      'i0#1.BeginTxn()',
      'i0#1.Process(in-0@0 = v1)',
      'i1#1.JoinGroup()',
      'fault.Pause(i0#1)',
      'clock.Tick(-> 11000 ms)',
      'i1#1.ConsumerGroupHeartbeat(epoch 2 -> 3, gets in-0, gets in-1)',
      'fault.Resume(i0#1)',
      'i0#1.SendOffsetsToTransaction(member epoch 1)',
      'i0#1.AbortTxn()',
    ]);
    // The join: group epoch 2, i0#1 still at epoch 1 owing in-1, its timer started.
    const joined = r.states[7]!;
    expect(group(joined).memberEpochs).toEqual([1, 2]);
    expect(joined.apps.map((i) => i.revokeDueMs)).toEqual([11000, undefined]);
    expect(r.states[9]!.events).toEqual([
      { type: 'clock', now: 11000 },
      {
        type: 'life',
        instance: A,
        status: 'revocation not acknowledged within its rebalance timeout (max.poll.interval.ms): fenced',
      },
      {
        type: 'rebalance',
        generation: 3,
        owners: [null, null],
        reason: 'i0#1 did not revoke within its rebalance timeout',
        epochs: true,
      },
    ]);
    expect(group(r.states[10]!).owners).toEqual([B, B]);
    expect(r.states[12]!.events).toContainEqual({
      type: 'rejected',
      by: 'group coordinator',
      error: 'UNKNOWN_MEMBER_ID',
      request: 'TxnOffsetCommit(in-0 -> 1, generation 1)',
    });
    expect(r.last.apps[0]).toMatchObject({ life: 'unjoined', generation: -1, owned: [] });
    expect(r.last.outcomes).toEqual([{ instance: A, txn: 1, result: 'ABORT' }]);
  });

  test('the drain: i0#1 joins again at epoch 0, every record read once', () => {
    const r = script(ctp(), [...fenced, { type: 'AbortTxn', instance: A }], true);
    expect(r.violations).toEqual([]);
    expect(r.quiescent).toBe(true);
    const rejoin = r.steps.findIndex((s, k) => k >= fenced.length + 1 && s.action.type === 'Join');
    expect(r.steps[rejoin]!.action).toEqual({ type: 'Join', instance: A });
    expect(group(r.states[rejoin + 1]!).members).toEqual([A, B]);
    expect(r.last.outcomes.map((o) => [o.instance, o.result])).toEqual([
      [A, 'ABORT'],
      [A, 'COMMIT'],
      [B, 'COMMIT'],
    ]);
  });

  test('safeguard.generation-fencing=false: its offsets land with its commit (zombie-fenced)', () => {
    const r = script(ctp('safeguard.generation-fencing=false'), [
      ...fenced,
      { type: 'CommitTxn', instance: A },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
    expect(r.violations.map((v) => [v.invariant, v.step, v.message])).toEqual([
      [
        'zombie-fenced',
        14,
        'offset 1 of in-0 committed by i0#1 of generation 1, sent when the group was at generation 2 or later ' +
          '(it had left the group)',
      ],
    ]);
  });
});

describe('the timer starts only at a heartbeat and stops at the acknowledgement', () => {
  test('stalled before the join, it learns of no revocation: the clock goes to the transaction timeout', () => {
    const before: AppAction[] = [...owing.slice(0, 6), { type: 'Pause', instance: A }, { type: 'Join', instance: B }];
    const s = script(ctp(), before).last;
    expect(s.apps.map((i) => i.revokeDueMs)).toEqual([undefined, undefined]);
    expect(ctpEntry.model.describe(s, { type: 'Tick' })).toBe('clock.Tick(-> 60000 ms)');
  });

  test('a revocation acknowledged in poll() cancels it; the classic protocol has none', () => {
    const acked: AppAction[] = [
      ...owing.slice(0, 7),
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
      { type: 'Heartbeat', instance: A },
    ];
    const s = script(ctp(), acked).last;
    expect(group(s).owners).toEqual([A, null]);
    expect(s.apps.map((i) => i.revokeDueMs)).toEqual([undefined, undefined]);
    const classic = script(cfg(ctpKeys, ...timed.slice(1)), owing.slice(0, 7)).last;
    expect(classic.apps.map((i) => i.revokeDueMs)).toEqual([undefined, undefined]);
  });
});
