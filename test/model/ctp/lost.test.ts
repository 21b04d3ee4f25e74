/**
 * A member the group coordinator removed while its process ran on (a stall past its session) learns it from its next
 * heartbeat: UNKNOWN_MEMBER_ID. At its poll() it gives up its partitions as lost and joins again: under the consumer
 * protocol at member epoch 0, under the classic one with an empty member.id, handed a new one, so a request it sent
 * under the old id and still in the network is refused as from an unknown member. Kafka Streams closes its tasks
 * dirty and, under exactly_once_v2, replaces its thread's producer, which bumps its epoch. Mid-transaction the answer
 * waits for the poll(): the transaction goes on and its offsets are refused, as before.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { type AppState, GROUP } from '../../../model/ctp/state.js';
import { streamsKeys } from '../../../model/streams/config.js';
import { cfg, type Scripted, scripted as scriptedOf } from '../../helpers/check.js';

const A = 1; // i0#1
const B = 2; // i1#1
const scripted = (
  entry: typeof ctpEntry,
  config: Parameters<typeof ctpEntry.model.init>[0],
  actions: AppAction[],
): Scripted<AppState, AppAction> => scriptedOf(entry, config, actions);
const group = (s: AppState) => s.kafka.groups[GROUP]!;
const enabled = (s: AppState) => ctpEntry.model.enabled(s).map((a) => `${a.type}${'instance' in a ? a.instance : ''}`);
const calls = (r: Scripted<AppState, AppAction>, from: number) =>
  r.steps.slice(from).map((st, k) => ctpEntry.model.describe(r.states[from + k]!, st.action));
const apps = (s: AppState) => s.apps.map((i) => [i.id, i.life, i.generation, i.owned]);

/** Both join, A fetches in-0, then stalls whole past its session (removed at once without the clock) and resumes. */
const stalled: AppAction[] = [
  { type: 'Join', instance: A },
  { type: 'Join', instance: B },
  { type: 'InitProducerId', instance: A },
  { type: 'InitProducerId', instance: B },
  { type: 'FetchOffset', instance: A, partition: 0 },
  { type: 'Pause', instance: A },
  { type: 'Resume', instance: A },
];

describe('group.protocol=consumer: the fenced member heartbeats', () => {
  const config = cfg(ctpKeys, 'group.protocol=consumer');
  test('at its poll() the heartbeat or a new batch (the answer may come later): both are enabled', () => {
    const s = scripted(ctpEntry, config, stalled).last;
    expect(group(s).members).toEqual([B]);
    expect(enabled(s).filter((a) => a.endsWith(`${A}`) && !a.startsWith('Crash'))).toEqual(['Lost1', 'BeginTxn1']);
  });
  test('UNKNOWN_MEMBER_ID: it loses in-0 and joins again at epoch 0, reaching the group epoch 4 with in-0', () => {
    const r = scripted(ctpEntry, config, [...stalled, { type: 'Lost', instance: A }]);
    expect(calls(r, stalled.length)).toEqual([
      'i0#1.ConsumerGroupHeartbeat(member epoch 1) -> UNKNOWN_MEMBER_ID; poll(): onPartitionsLost(in-0), ' +
        'ConsumerGroupHeartbeat(member epoch 0)',
    ]);
    expect(r.last.events.map((e) => (e.type === 'life' ? e.status : e.type))).toEqual([
      'heartbeat: UNKNOWN_MEMBER_ID (fenced); poll(): onPartitionsLost(in-0), joins again',
      'unjoined',
      'member',
      'rebalance',
    ]);
    expect([group(r.last).members, group(r.last).memberEpochs, group(r.last).owners]).toEqual([[A, B], [4, 2], [A]]);
    // It fetches in-0's offset again: its position was dropped with the partition.
    expect(apps(r.last)).toEqual([
      [A, 'member', 4, [0]],
      [B, 'member', 2, []],
    ]);
    expect(r.last.apps[0]!.positions).toEqual([null]);
  });
  test('mid-transaction nothing is answered before its poll(): its offsets are refused, it aborts and joins', () => {
    const mid: AppAction[] = [
      ...stalled.slice(0, 5),
      { type: 'BeginTxn', instance: A },
      { type: 'Process', instance: A, partition: 0 },
      { type: 'Pause', instance: A },
      { type: 'Resume', instance: A },
    ];
    const at = scripted(ctpEntry, config, mid).last;
    expect(enabled(at)).not.toContain('Lost1');
    const r = scripted(ctpEntry, config, [
      ...mid,
      { type: 'SendOffsets', instance: A },
      { type: 'AbortTxn', instance: A },
      { type: 'Join', instance: A },
    ]);
    expect(r.states[mid.length + 1]!.apps[0]!.producer.transaction!.error).toBe('UNKNOWN_MEMBER_ID');
    expect(r.last.outcomes).toEqual([{ instance: A, txn: 1, result: 'ABORT' }]);
    expect(group(r.last).memberEpochs).toEqual([4, 2]);
  });
});

describe('classic: a new member.id, the old one refused', () => {
  // transaction.version=1 without verification: the late TxnOffsetCommit meets the member check itself.
  const config = cfg(ctpKeys, 'faults.network=true', 'kafka.version=3.5');
  const sent: AppAction[] = [
    ...stalled.slice(0, 5),
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'SendOffsetsDelayed', instance: A },
    { type: 'CommitTxn', instance: A },
    ...stalled.slice(5),
    { type: 'Lost', instance: A },
    { type: 'Deliver', request: 1 },
  ];
  test('its heartbeat resets generation and member.id; it joins as a new member (generation 4); B keeps in-0', () => {
    const r = scripted(ctpEntry, config, sent);
    expect(calls(r, sent.length - 2)).toEqual([
      'i0#1.Heartbeat(generation 2) -> UNKNOWN_MEMBER_ID; poll(): onPartitionsLost(in-0), JoinGroup(member.id "")',
      'network.Deliver(#1 TxnOffsetCommit(in-0 -> 1, epoch=0, generation 2))',
    ]);
    const joined = r.states[sent.length - 1]!;
    expect([group(joined).generation, group(joined).members, group(joined).owners]).toEqual([4, [A, B], [B]]);
    expect(group(joined).formerIds).toEqual([{ instance: A, generation: 3 }]);
    expect(apps(joined)).toEqual([
      [A, 'member', 4, []],
      [B, 'member', 4, [0]],
    ]);
  });
  test('the TxnOffsetCommit it sent under the old member.id lands: UNKNOWN_MEMBER_ID', () => {
    const r = scripted(ctpEntry, config, sent);
    expect(r.last.events).toEqual([
      {
        type: 'rejected',
        by: 'group coordinator',
        error: 'UNKNOWN_MEMBER_ID',
        request: 'TxnOffsetCommit(in-0 -> 1) late',
      },
    ]);
  });
  test('with nothing of it in the network, the old member.id is not kept', () => {
    const r = scripted(ctpEntry, cfg(ctpKeys), [...stalled, { type: 'Lost', instance: A }]);
    expect(group(r.last).formerIds).toEqual([]);
    expect(group(r.last).generation).toBe(4);
  });
});

describe('kafka-streams (exactly_once_v2): the lost task closed dirty, the thread producer replaced', () => {
  test("it joins again with a new producer, whose InitProducerId bumps streams-app-thread-0's epoch to 1", () => {
    const r = scriptedOf(kafkaStreamsEntry, cfg(streamsKeys), [
      ...stalled.filter((a) => a.type !== 'FetchOffset'),
      { type: 'Lost', instance: A },
    ]);
    const i = r.last.apps[0]!;
    expect([i.life, i.generation, i.producerStatus, i.producer.epoch, i.store]).toEqual(['member', 4, 'new', -1, null]);
    const next = scriptedOf(kafkaStreamsEntry, cfg(streamsKeys), [
      ...stalled.filter((a) => a.type !== 'FetchOffset'),
      { type: 'Lost', instance: A },
      { type: 'InitProducerId', instance: A },
    ]).last;
    expect(next.events).toEqual([
      { type: 'epoch', txn: 'streams-app-thread-0', producerId: 1, epoch: 1, fresh: false },
    ]);
  });
});
