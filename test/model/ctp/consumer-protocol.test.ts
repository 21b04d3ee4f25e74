/**
 * group.protocol=consumer (KIP-848) in consume-transform-produce: a member epoch per member, a partition revoked at
 * its owner's poll() before its new owner gets it, TxnOffsetCommit checked against the member epoch
 * (UNKNOWN_MEMBER_ID for a member the group no longer has, ILLEGAL_GENERATION for a stale epoch), and the key refused
 * before 3.7.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { checkGroupProtocol } from '../../../model/ctp/model.js';
import { type AppState, GROUP } from '../../../model/ctp/state.js';
import { cfg, check, exhaustive, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, 'group.protocol=consumer', ...pairs);
const script = (config: ReturnType<typeof ctp>, actions: AppAction[], drain = false) =>
  scripted(ctpEntry, config, actions, drain);
const group = (s: AppState) => s.kafka.groups[GROUP]!;
const enabled = (s: AppState) => ctpEntry.model.enabled(s).map((a) => `${a.type}${'instance' in a ? a.instance : ''}`);

const A = 1; // i0#1
const B = 2; // i1#1

describe('group.protocol: the release that accepts it', () => {
  test('consumer is refused before 3.7 with one line naming the value and what is accepted', () => {
    expect(checkGroupProtocol(cfg(ctpKeys, 'group.protocol=consumer', 'kafka.version=3.6'))).toBe(
      'group.protocol=consumer needs kafka.version 3.7 or later (KIP-848: a preview in 3.7, GA in 4.0); ' +
        'kafka.version=3.6 accepts group.protocol=classic',
    );
    expect(checkGroupProtocol(cfg(ctpKeys, 'group.protocol=consumer', 'kafka.version=3.7'))).toBeNull();
    expect(checkGroupProtocol(cfg(ctpKeys, 'kafka.version=2.4'))).toBeNull();
  });
  test('classic is the default on every release, 4.1 included', () => {
    expect(cfg(ctpKeys).groupProtocol).toBe('classic');
    expect(cfg(ctpKeys, 'kafka.version=4.1').groupProtocol).toBe('classic');
  });
});

describe('member epochs and a partition moved without a stop-the-world rebalance', () => {
  const joined: AppAction[] = [
    { type: 'Join', instance: A },
    { type: 'InitProducerId', instance: A },
    { type: 'FetchOffset', instance: A, partition: 0 },
    { type: 'FetchOffset', instance: A, partition: 1 },
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'Join', instance: B },
  ];
  test('a joiner starts at the new group epoch; the owner keeps its epoch and both partitions mid-transaction', () => {
    const s = script(ctp('input.partitions=2'), joined).last;
    expect(group(s).generation).toBe(2);
    expect(group(s).members).toEqual([A, B]);
    expect(group(s).memberEpochs).toEqual([1, 2]);
    expect(group(s).owners).toEqual([A, A]);
    expect(s.apps.map((i) => [i.generation, i.owned])).toEqual([
      [1, [0, 1]],
      [2, []],
    ]);
    // The revocation waits for A's poll(): no heartbeat of A while its transaction is open, none of B (nothing free).
    expect(enabled(s).filter((a) => a.startsWith('Heartbeat'))).toEqual([]);
  });
  test('A revokes in-1 once its transaction is committed, reaching epoch 2; then B gets in-1 at epoch 2', () => {
    const r = script(ctp('input.partitions=2'), [
      ...joined,
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
      { type: 'Heartbeat', instance: A },
      { type: 'Heartbeat', instance: B },
      { type: 'InitProducerId', instance: B },
      // in-1's offset is pending until the marker lands (require_stable): the fetch is refused, then answered.
      { type: 'FetchOffset', instance: B, partition: 1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
      { type: 'FetchOffset', instance: B, partition: 1 },
    ]);
    expect(r.states[13]!.events).toContainEqual(
      expect.objectContaining({ type: 'rejected', error: 'UNSTABLE_OFFSET_COMMIT' }),
    );
    const s = r.last;
    expect(group(s).memberEpochs).toEqual([2, 2]);
    expect(group(s).owners).toEqual([A, B]);
    expect(s.apps.map((i) => [i.generation, i.owned, i.positions])).toEqual([
      [2, [0], [1, null]],
      [2, [1], [null, 0]],
    ]);
    expect([9, 10].map((k) => ctpEntry.model.describe(r.states[k]!, r.steps[k]!.action))).toEqual([
      'i0#1.ConsumerGroupHeartbeat(epoch 1, revokes in-1 in poll(), then epoch 2)',
      'i1#1.ConsumerGroupHeartbeat(epoch 2, gets in-1)',
    ]);
  });
  test('a member whose epoch alone moves takes it at once, mid-transaction (the background heartbeat)', () => {
    const s = script(ctp(), [
      { type: 'Join', instance: A },
      { type: 'InitProducerId', instance: A },
      { type: 'FetchOffset', instance: A, partition: 0 },
      { type: 'BeginTxn', instance: A },
      { type: 'Process', instance: A, partition: 0 },
      { type: 'Join', instance: B },
      { type: 'Heartbeat', instance: A },
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
    ]).last;
    expect(group(s).memberEpochs).toEqual([2, 2]);
    expect(s.apps[0]!.generation).toBe(2);
    expect(s.outcomes).toEqual([{ instance: A, txn: 1, result: 'COMMIT' }]);
  });
});

describe('a zombie fenced by its member epoch', () => {
  const zombie: AppAction[] = [
    { type: 'Join', instance: A },
    { type: 'Join', instance: B },
    { type: 'InitProducerId', instance: A },
    { type: 'InitProducerId', instance: B },
    { type: 'FetchOffset', instance: A, partition: 0 },
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'Pause', instance: A },
    { type: 'Resume', instance: A },
    { type: 'SendOffsets', instance: A },
  ];
  test('removed from the group, its TxnOffsetCommit gets UNKNOWN_MEMBER_ID; it aborts, rejoins at a new epoch', () => {
    const r = script(ctp(), [...zombie, { type: 'AbortTxn', instance: A }, { type: 'Join', instance: A }]);
    const sent = r.states[zombie.length]!;
    expect(sent.apps[0]!.producer.transaction!.error).toBe('UNKNOWN_MEMBER_ID');
    expect(group(sent).pending).toEqual([]);
    expect(group(sent).members).toEqual([B]);
    expect(group(r.last).members).toEqual([A, B]);
    expect(group(r.last).memberEpochs).toEqual([4, 2]);
    expect(r.last.apps[0]!.generation).toBe(4);
  });
  test('a late copy of a TxnOffsetCommit from an epoch the member has left is refused with ILLEGAL_GENERATION', () => {
    const r = script(ctp('faults.network=true'), [
      { type: 'Join', instance: A },
      { type: 'InitProducerId', instance: A },
      { type: 'FetchOffset', instance: A, partition: 0 },
      { type: 'BeginTxn', instance: A },
      { type: 'Process', instance: A, partition: 0 },
      { type: 'SendOffsetsDelayed', instance: A },
      { type: 'Join', instance: B },
      { type: 'Heartbeat', instance: A },
      { type: 'Deliver', request: 1 },
    ]);
    expect(r.last.events).toContainEqual(expect.objectContaining({ type: 'rejected', error: 'ILLEGAL_GENERATION' }));
    expect(group(r.last).memberEpochs).toEqual([2, 2]);
  });
  test('generation-fencing=false: the zombie commits its offset (zombie-fenced) in 10 steps, the fewest', () => {
    const e = check(ctpEntry, ['group.protocol=consumer', 'safeguard.generation-fencing=false'], exhaustive(10));
    expect(e.violations[0]?.invariant).toBe('zombie-fenced');
    expect(e.trace).toHaveLength(10);
    expect(e.trace?.map((x) => x.action.type)).toEqual([
      'Join',
      'InitProducerId',
      'FetchOffset',
      'BeginTxn',
      'Process',
      'Pause',
      'Resume',
      'SendOffsets',
      'CommitTxn',
      'WriteTxnMarker',
    ]);
  });
  test('with it every invariant holds to depth 10', () => {
    const e = check(ctpEntry, ['group.protocol=consumer'], exhaustive(10));
    expect(e.status).toBe('ok');
  });
});
