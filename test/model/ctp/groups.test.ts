/** Group coordinator and loop rules of consume-transform-produce, one scripted run each. */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { type AppState, GROUP } from '../../../model/ctp/state.js';
import { ctpBegun } from '../../helpers/app-scripts.js';
import { cfg, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, ...pairs);
const script = (config: ReturnType<typeof ctp>, actions: AppAction[], drain = false) =>
  scripted(ctpEntry, config, actions, drain);
const lastOf = (config: ReturnType<typeof ctp>, actions: AppAction[]): AppState => script(config, actions).last;
const group = (s: AppState) => s.kafka.groups[GROUP]!;

const A = 1; // i0#1
const B = 2; // i1#1
const joinBoth: AppAction[] = [
  { type: 'Join', instance: A },
  { type: 'Join', instance: B },
  { type: 'InitProducerId', instance: A },
  { type: 'InitProducerId', instance: B },
  { type: 'FetchOffset', instance: A, partition: 0 },
];

describe('groups: membership, generations, sticky assignment', () => {
  test('each join is a new generation; the first member keeps in-0 when the second joins', () => {
    const s = lastOf(ctp(), joinBoth);
    expect(group(s).generation).toBe(2);
    expect(group(s).members).toEqual([A, B]);
    expect(group(s).owners).toEqual([A]);
    expect(s.apps.map((i) => i.generation)).toEqual([2, 2]);
    expect(s.apps[0]!.positions).toEqual([0]);
  });
  test('the assignor never takes a partition from a live member: a joiner gets only orphaned partitions', () => {
    const both = lastOf(ctp('input.partitions=2'), [
      { type: 'Join', instance: A },
      { type: 'Join', instance: B },
    ]);
    expect(group(both).owners).toEqual([A, A]);
    const moved = lastOf(ctp('input.partitions=2'), [
      { type: 'Join', instance: A },
      { type: 'Join', instance: B },
      { type: 'Pause', instance: A },
    ]);
    expect(group(moved).owners).toEqual([B, B]);
  });
  test(
    'a member past max.poll.interval.ms (Pause) leaves: ' + 'in-0 moves and the new owner fetches the committed offset',
    () => {
      const s = lastOf(ctp(), [
        ...joinBoth,
        { type: 'Pause', instance: A },
        { type: 'FetchOffset', instance: B, partition: 0 },
      ]);
      expect(group(s).generation).toBe(3);
      expect(group(s).owners).toEqual([B]);
      expect(s.apps[0]!.generation).toBe(2); // the zombie still believes in generation 2
      expect(s.apps[1]!.positions).toEqual([0]);
    },
  );
  test('a crashed member leaves and its slot restarts as a new incarnation that rejoins', () => {
    const s = lastOf(ctp(), [
      ...joinBoth,
      { type: 'Crash', instance: A },
      { type: 'Restart', slot: 0 },
      { type: 'Join', instance: 3 },
    ]);
    expect(group(s).members).toEqual([B, 3]);
    expect(group(s).owners).toEqual([B]);
    expect(s.apps.map((i) => i.life)).toEqual(['crashed', 'member', 'member']);
  });
});

describe('KIP-447: stable offsets and generation fencing', () => {
  const sentThenPaused: AppAction[] = [
    ...joinBoth,
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'SendOffsets', instance: A },
    { type: 'Pause', instance: A },
    { type: 'FetchOffset', instance: B, partition: 0 },
  ];
  test('require-stable-offsets: OffsetFetch answers UNSTABLE_OFFSET_COMMIT while the offset is pending', () => {
    const s = lastOf(ctp(), sentThenPaused);
    expect(s.apps[1]!.positions).toEqual([null]);
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'rejected', error: 'UNSTABLE_OFFSET_COMMIT' }));
  });
  test('without it the new owner reads the old offset 0 and will process v1 again', () => {
    const s = lastOf(ctp('safeguard.require-stable-offsets=false'), sentThenPaused);
    expect(s.apps[1]!.positions).toEqual([0]);
  });
  const zombie: AppAction[] = [
    ...joinBoth,
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'Pause', instance: A },
    { type: 'Resume', instance: A },
    { type: 'SendOffsets', instance: A },
  ];
  test(
    "generation fencing: the removed zombie's TxnOffsetCommit of generation 2 is rejected with UNKNOWN_MEMBER_ID; " +
      'its abort makes it rejoin',
    () => {
      const ex = script(ctp(), [...zombie, { type: 'AbortTxn', instance: A }]);
      const mid = ex.states[ex.states.length - 2]!;
      expect(mid.apps[0]!.producer.transaction!.error).toBe('UNKNOWN_MEMBER_ID');
      expect(group(mid).pending).toEqual([]);
      expect(ex.last.apps[0]!.life).toBe('unjoined');
    },
  );
  test('without it the zombie offset commit takes effect: zombie-fenced', () => {
    const ex = script(ctp('safeguard.generation-fencing=false'), [
      ...zombie,
      { type: 'CommitTxn', instance: A },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
    expect(group(ex.last).committed[0]!.offset).toBe(1);
    expect(ex.violations.map((v) => v.invariant)).toContain('zombie-fenced');
  });
  test('a plain OffsetCommit from an old generation is always refused (CommitFailedException)', () => {
    const s = lastOf(ctp('commit.strategy=process-then-commit'), [
      { type: 'Join', instance: A },
      { type: 'Join', instance: B },
      { type: 'FetchOffset', instance: A, partition: 0 },
      { type: 'Process', instance: A, partition: 0 },
      { type: 'Pause', instance: A },
      { type: 'Resume', instance: A },
      { type: 'CommitOffsets', instance: A },
    ]);
    expect(group(s).committed[0]!.offset).toBe(0);
    expect(s.apps[0]!.life).toBe('unjoined');
  });
});

describe('the producer first: a transactional loop initializes its producer before it fetches offsets', () => {
  const enabledTypes = (config: ReturnType<typeof ctp>, actions: AppAction[]) =>
    ctpEntry.model.enabled(script(config, actions).last).map((a) => `${a.type}${'instance' in a ? a.instance : ''}`);
  test(
    'transactional: no OffsetFetch until InitProducerId (the previous owner is fenced and its transaction ended ' +
      'first)',
    () => {
      const config = ctp('instances=1');
      expect(enabledTypes(config, [{ type: 'Join', instance: 1 }])).not.toContain('FetchOffset1');
      expect(enabledTypes(config, [{ type: 'Join', instance: 1 }])).toContain('InitProducerId1');
      expect(
        enabledTypes(config, [
          { type: 'Join', instance: 1 },
          { type: 'InitProducerId', instance: 1 },
        ]),
      ).toContain('FetchOffset1');
    },
  );
  test('a plain loop has no producer to initialize: it fetches at once', () => {
    const config = ctp('instances=1', 'commit.strategy=process-then-commit');
    expect(enabledTypes(config, [{ type: 'Join', instance: 1 }])).toContain('FetchOffset1');
  });
});

describe('loops and sinks', () => {
  test('commit-then-process commits offset n + 1 before processing record n', () => {
    const s = lastOf(ctp('commit.strategy=commit-then-process', 'instances=1'), [
      { type: 'Join', instance: 1 },
      { type: 'FetchOffset', instance: 1, partition: 0 },
      { type: 'CommitOffsets', instance: 1 },
    ]);
    expect(group(s).committed[0]!.offset).toBe(1);
    expect(s.kafka.partitions[0]!.log).toEqual([]);
    expect(s.apps[0]!.ahead).toBe(0);
  });
  test('transactional output and offsets share a marker; a plain idempotent producer needs no InitProducerId', () => {
    const s = lastOf(ctp('instances=1'), [
      ...ctpBegun(1),
      { type: 'Process', instance: 1, partition: 0 },
      { type: 'SendOffsets', instance: 1 },
      { type: 'CommitTxn', instance: 1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
    expect(s.kafka.partitions[0]!.log.map((e) => e.kind)).toEqual(['data', 'control']);
    expect(group(s).committed[0]!.offset).toBe(1);
    const plain = ctpEntry.model.init(ctp('commit.strategy=process-then-commit'));
    expect(plain.apps[0]!.producerStatus).toBe('ready');
  });
  test('upsert collapses a re-processed key; a side effect counts every call; auto commit fires on its timer', () => {
    const steps: AppAction[] = [
      { type: 'Join', instance: 1 },
      { type: 'FetchOffset', instance: 1, partition: 0 },
      { type: 'Process', instance: 1, partition: 0 },
      { type: 'Crash', instance: 1 },
      { type: 'Restart', slot: 0 },
      { type: 'Join', instance: 2 },
      { type: 'FetchOffset', instance: 2, partition: 0 },
      { type: 'Process', instance: 2, partition: 0 },
    ];
    expect(lastOf(ctp('commit.strategy=process-then-commit', 'instances=1', 'sink=upsert'), steps).sink.table).toEqual([
      1,
    ]);
    expect(
      lastOf(ctp('commit.strategy=process-then-commit', 'instances=1', 'sink=side-effect'), steps).sink.calls,
    ).toEqual([1, 1]);
    const auto = ctp(
      'commit.strategy=process-then-commit',
      'instances=1',
      'enable.auto.commit=true',
      'auto.commit.interval.ms=1000',
      'input.records=3',
    );
    const s = lastOf(auto, [
      { type: 'Join', instance: 1 },
      { type: 'FetchOffset', instance: 1, partition: 0 },
      { type: 'Process', instance: 1, partition: 0 },
      { type: 'AutoCommit', instance: 1 },
    ]);
    expect(group(s).committed[0]!.offset).toBe(1);
    expect(s.now).toBe(1000);
  });
  test('a retried batch lands twice without idempotence, once with it', () => {
    const steps: AppAction[] = [
      { type: 'Join', instance: 1 },
      { type: 'FetchOffset', instance: 1, partition: 0 },
      { type: 'ProcessRetried', instance: 1, partition: 0 },
    ];
    const base = ['commit.strategy=process-then-commit', 'instances=1', 'faults.network=true'];
    expect(lastOf(ctp(...base, 'enable.idempotence=false'), steps).kafka.partitions[0]!.log).toHaveLength(2);
    expect(lastOf(ctp(...base), steps).kafka.partitions[0]!.log).toHaveLength(1);
  });
});
