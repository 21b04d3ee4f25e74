/** kafka-streams rules: restore from the changelog, EOS v1 per-task producers, KIP-360 recovery. */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { streamsKeys } from '../../../model/streams/config.js';
import { cfg, scripted } from '../../helpers/check.js';

const streams = (...pairs: string[]) => cfg(streamsKeys, ...pairs);
const script = (config: ReturnType<typeof streams>, actions: AppAction[], drain = false) =>
  scripted(kafkaStreamsEntry, config, actions, drain);
const one = (guarantee: string, ...more: string[]) =>
  streams(`processing.guarantee=${guarantee}`, 'instances=1', ...more);

/** Task 0_0's start on `instance`: list the changelog end, restore the store, then fetch the committed offset. */
const start = (instance: number): AppAction[] => [
  { type: 'InitializeTask', instance },
  { type: 'RestoreStore', instance },
  { type: 'FetchOffset', instance, partition: 0 },
];

describe('count store and changelog', () => {
  const crashBeforeCommit = (txn: boolean): AppAction[] => [
    { type: 'Join', instance: 1 },
    ...(txn ? [{ type: 'InitProducerId', instance: 1 } as const] : []),
    ...start(1),
    ...(txn ? [{ type: 'BeginTxn', instance: 1 } as const] : []),
    { type: 'Process', instance: 1, partition: 0 },
    { type: 'Crash', instance: 1 },
    { type: 'Restart', slot: 0 },
    { type: 'Join', instance: 2 },
    ...(txn
      ? [
          { type: 'InitProducerId', instance: 2 } as const,
          { type: 'WriteTxnMarkers', txn: 0 } as const,
          { type: 'InitProducerId', instance: 2 } as const,
        ]
      : []),
    ...start(2),
  ];
  test('each record writes count + 1 to changelog-0 and the value to out-0 in the same transaction', () => {
    const s = script(one('exactly_once_v2'), [
      { type: 'Join', instance: 1 },
      { type: 'InitProducerId', instance: 1 },
      ...start(1),
      { type: 'BeginTxn', instance: 1 },
      { type: 'Process', instance: 1, partition: 0 },
    ]).last;
    expect(s.kafka.partitions.map((p) => p.log.map((e) => (e.kind === 'data' ? e.value : e.marker)))).toEqual([
      [1],
      [1],
    ]);
    expect(s.kafka.txns[0]!.partitions).toEqual([1, 0]);
    expect(s.apps[0]!.store).toBe(1);
  });
  test(
    'at_least_once: the restore reads the uncommitted count 1 while the offset is 0: ' + 'state-exactly-once violated',
    () => {
      const ex = script(one('at_least_once'), crashBeforeCommit(false));
      expect(ex.last.apps[1]!.store).toBe(1);
      expect(ex.violations.map((v) => v.invariant)).toContain('state-exactly-once');
    },
  );
  test('exactly_once_v2: the aborted changelog write is skipped by the read_committed restore', () => {
    const ex = script(one('exactly_once_v2'), crashBeforeCommit(true));
    expect(ex.last.apps[1]!.store).toBe(0);
    expect(ex.violations).toEqual([]);
  });
});

describe('EOS v1: a producer per task', () => {
  test('the task migrates to B, whose InitProducerId of streams-app-0_0 fences the paused owner A', () => {
    const ex = script(streams('processing.guarantee=exactly_once'), [
      { type: 'Join', instance: 1 },
      { type: 'Join', instance: 2 },
      { type: 'InitProducerId', instance: 1 },
      ...start(1),
      { type: 'BeginTxn', instance: 1 },
      { type: 'Process', instance: 1, partition: 0 },
      { type: 'Pause', instance: 1 },
      { type: 'InitProducerId', instance: 2 },
      { type: 'WriteTxnMarkers', txn: 0 },
      { type: 'InitProducerId', instance: 2 },
      { type: 'Resume', instance: 1 },
      { type: 'SendOffsets', instance: 1 },
    ]);
    const s = ex.last;
    expect(s.kafka.txns).toHaveLength(1);
    expect(s.kafka.txns[0]!.transactionalId).toBe('streams-app-0_0');
    expect(s.apps[0]!.life).toBe('fenced');
    expect(ex.violations).toEqual([]);
  });
});

describe('KIP-360: UNKNOWN_PRODUCER_ID', () => {
  const lost = (guarantee: string): AppAction[] => [
    { type: 'Join', instance: 1 },
    { type: 'InitProducerId', instance: 1 },
    ...start(1),
    { type: 'BeginTxn', instance: 1 },
    { type: 'Process', instance: 1, partition: 0 },
    { type: 'SendOffsets', instance: 1 },
    { type: 'CommitTxn', instance: 1 },
    { type: 'WriteTxnMarkers', txn: 0 },
    { type: 'LoseProducerState' },
    { type: 'BeginTxn', instance: 1 },
    { type: 'Process', instance: 1, partition: 0 },
    ...(guarantee === 'exactly_once_v2'
      ? [
          { type: 'AbortTxn', instance: 1 } as const,
          { type: 'WriteTxnMarkers', txn: 0 } as const,
          { type: 'InitProducerId', instance: 1 } as const,
        ]
      : [{ type: 'Restart', slot: 0 } as const]),
  ];
  const config = (g: string) => one(g, 'transaction.version=1', 'faults.unknown-producer-id=true', 'input.records=3');
  test('exactly_once_v2: abortable, the same instance bumps its epoch and goes on', () => {
    const ex = script(config('exactly_once_v2'), lost('exactly_once_v2'));
    const s = ex.last;
    expect(
      ex.states.some((st) => st.events.some((e) => e.type === 'rejected' && e.error === 'UNKNOWN_PRODUCER_ID')),
    ).toBe(true);
    expect(s.apps).toHaveLength(1);
    expect(s.apps[0]!.producerStatus).toBe('ready');
    expect(s.apps[0]!.producer.epoch).toBe(1);
    const done = script(config('exactly_once_v2'), lost('exactly_once_v2'), true);
    expect(done.violations).toEqual([]);
    expect(kafkaStreamsEntry.report.outputs(done.last)['out']!.read_committed.values).toEqual([1, 2, 3]);
  });
  test('exactly_once (v1): fatal, the thread dies and is restarted', () => {
    const ex = script(config('exactly_once'), lost('exactly_once'));
    expect(ex.last.apps.map((i) => i.life)).toEqual(['failed', 'unjoined']);
    const done = script(config('exactly_once'), lost('exactly_once'), true);
    expect(done.violations).toEqual([]);
  });
});
