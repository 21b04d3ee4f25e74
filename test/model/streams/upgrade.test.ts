/**
 * kafka-streams mid rolling upgrade from exactly_once to exactly_once_v2 (`upgrade.instances-on-v2`): the group holds
 * EOS v1 members (task 0_0's producer) and EOS v2 members (a producer per thread) and task 0_0 moves between them.
 * 2.6-2.8: EOS v1 sends the full group metadata, so the generation fences an EOS v1 zombie whose task went to an EOS v2
 * member; 3.0-3.9 (KAFKA-12574: the group id only) nothing fences it and its transaction commits the task's input a
 * second time.
 */
import { describe, expect, test } from 'vitest';
import { kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { appInitialState } from '../../../model/ctp/model.js';
import type { AppState } from '../../../model/ctp/state.js';
import { checkStreamsConfig, streamsKeys, streamsSettings } from '../../../model/streams/config.js';
import { streamsStarted } from '../../helpers/app-scripts.js';
import { cfg, check, exhaustive, explored, scripted } from '../../helpers/check.js';

const streams = (...pairs: string[]) => cfg(streamsKeys, ...pairs);
/** Two instances mid upgrade: i0 (instance 1) on exactly_once_v2, i1 (instance 2) still on exactly_once. */
const mixed = (version: string, ...more: string[]) =>
  streams('processing.guarantee=exactly_once', `kafka.version=${version}`, 'upgrade.instances-on-v2=1', ...more);

/**
 * The EOS v1 member i1 owns task 0_0, restores it and fetches offset 0, stalls past max.poll.interval.ms (the task
 * goes to the EOS v2 member i0) and resumes believing it still owns the task; the drain then runs i0 (which
 * restores, processes and commits both records) and then the zombie i1.
 */
const zombieV1: AppAction[] = [...streamsStarted(2), { type: 'Pause', instance: 2 }, { type: 'Resume', instance: 2 }];

/** The TxnOffsetCommits the group coordinator took (pending until their marker) or refused. */
const offsetEvents = (s: AppState) =>
  s.events.filter((e) => (e.type === 'offset' && e.how === 'pending') || e.type === 'rejected');

describe('the producers of a mixed group', () => {
  test('task 0_0 has a transactional.id, each thread one; the EOS v1 member creates its producer with the task', () => {
    const s = appInitialState(streamsSettings(mixed('3.9')));
    expect(s.kafka.txns.map((t) => t.transactionalId)).toEqual([
      'streams-app-0_0',
      'streams-app-thread-0',
      'streams-app-thread-1',
    ]);
    expect(s.apps.map((i) => [i.producer.txn, i.producerStatus])).toEqual([
      [1, 'new'],
      [0, 'none'],
    ]);
  });
  test('upgrade.instances-on-v2=0 (the default) is exactly_once as before: one producer, for task 0_0', () => {
    const plain = streamsSettings(streams('processing.guarantee=exactly_once', 'kafka.version=3.9'));
    const zero = streamsSettings(
      streams('processing.guarantee=exactly_once', 'kafka.version=3.9', 'upgrade.instances-on-v2=0'),
    );
    expect(zero).toEqual(plain);
    expect('eosV2Slots' in plain).toBe(false);
    expect(plain.producers).toBe(1);
  });
  test('every instance on v2: the thread producers only, task 0_0 idle', () => {
    const s = appInitialState(streamsSettings(mixed('3.9', 'upgrade.instances-on-v2=2')));
    expect(s.apps.map((i) => [i.producer.txn, i.producerStatus])).toEqual([
      [1, 'new'],
      [2, 'new'],
    ]);
  });
});

describe('kafka-streams without an upgrade under way: the same states as before the key', () => {
  // Distinct states and transitions breadth-first to depth 9, as before upgrade.instances-on-v2 existed.
  for (const [pairs, distinct, generated] of [
    [[], 3503, 5664],
    [['upgrade.instances-on-v2=0'], 3503, 5664],
    [['processing.guarantee=exactly_once', 'kafka.version=3.9'], 3117, 4878],
    [['processing.guarantee=exactly_once', 'kafka.version=3.9', 'upgrade.instances-on-v2=0'], 3117, 4878],
  ] as const)
    test(`${pairs.join(' ') || 'defaults'}: ${distinct} states, ${generated} transitions`, () => {
      const r = check(kafkaStreamsEntry, streams(...pairs), exhaustive(9));
      expect([r.status, r.distinct, r.generated]).toEqual(['ok', distinct, generated]);
    });
});

describe('an EOS v1 zombie whose task went to an EOS v2 member', () => {
  test('3.9: its TxnOffsetCommit carries the group id only (generation -1) and commits v1 and v2 again', () => {
    const ex = scripted(kafkaStreamsEntry, mixed('3.9'), zombieV1, true);
    // i0 never touches streams-app-0_0: the zombie's epoch is current, its writes and offsets are taken.
    expect(ex.last.kafka.txns[0]!.epoch).toBe(ex.last.apps[1]!.producer.epoch);
    expect(ex.violations.map((v) => v.invariant)[0]).toBe('no-duplicates');
    const pending = ex.states.flatMap((s) => offsetEvents(s));
    expect(pending).toEqual([
      { type: 'offset', partition: 0, offset: 2, how: 'pending', generation: 3, stale: false },
      { type: 'offset', partition: 0, offset: 2, how: 'pending', generation: -1, stale: false },
    ]);
  });
  for (const version of ['2.6', '2.8'])
    test(`${version}: its TxnOffsetCommit (generation 1, removed member): UNKNOWN_MEMBER_ID: aborts, rejoins`, () => {
      const ex = scripted(kafkaStreamsEntry, mixed(version), zombieV1, true);
      expect(ex.violations).toEqual([]);
      expect(ex.quiescent).toBe(true);
      expect(ex.states.flatMap((s) => offsetEvents(s))).toEqual([
        { type: 'offset', partition: 0, offset: 2, how: 'pending', generation: 3, stale: false },
        {
          type: 'rejected',
          by: 'group coordinator',
          error: 'UNKNOWN_MEMBER_ID',
          request: 'TxnOffsetCommit(in-0 -> 2, generation 1)',
        },
      ]);
    });
  test('3.9 without the upgrade (both on exactly_once): the new owner fences it by InitProducerId of 0_0', () => {
    const v1 = streams('processing.guarantee=exactly_once', 'kafka.version=3.9', 'faults.crashes=0');
    const ex = scripted(kafkaStreamsEntry, v1, zombieV1, true);
    expect(ex.violations).toEqual([]);
    expect(ex.last.apps[1]!.life).toBe('fenced');
  });
});

describe('an EOS v2 zombie whose task went to an EOS v1 member', () => {
  // i0 (EOS v2) owns task 0_0, stalls and resumes; the drain runs it first: it writes v1 and v2 and sends its offsets.
  const zombieV2: AppAction[] = [...streamsStarted(1), { type: 'Pause', instance: 1 }, { type: 'Resume', instance: 1 }];
  for (const version of ['2.8', '3.9'])
    test(`${version}: its offsets (generation 1, removed member; KIP-447): UNKNOWN_MEMBER_ID, it aborts`, () => {
      const ex = scripted(kafkaStreamsEntry, mixed(version), zombieV2, true);
      expect(ex.violations).toEqual([]);
      expect(ex.quiescent).toBe(true);
      expect(ex.states.flatMap((s) => offsetEvents(s))[0]).toEqual({
        type: 'rejected',
        by: 'group coordinator',
        error: 'UNKNOWN_MEMBER_ID',
        request: 'TxnOffsetCommit(in-0 -> 2, generation 1)',
      });
    });
});

describe("Kafka's own upgrade test (EosV2UpgradeIntegrationTest): an EOS v1 owner crashes inside its commit", () => {
  // i1 (EOS v1) has written v1 and sent its offsets in its transaction on streams-app-0_0 when it crashes; i0 (EOS v2)
  // gets task 0_0 and initialises streams-app-thread-0, which fences nothing of streams-app-0_0.
  const crashInCommit: AppAction[] = [
    { type: 'Join', instance: 2 },
    { type: 'Join', instance: 1 },
    { type: 'InitProducerId', instance: 2 },
    { type: 'InitializeTask', instance: 2 },
    { type: 'RestoreStore', instance: 2 },
    { type: 'FetchOffset', instance: 2, partition: 0 },
    { type: 'BeginTxn', instance: 2 },
    { type: 'Process', instance: 2, partition: 0 },
    { type: 'SendOffsets', instance: 2 },
    { type: 'Crash', instance: 2 },
    { type: 'InitProducerId', instance: 1 },
    { type: 'InitializeTask', instance: 1 },
  ];
  for (const version of ['2.8', '3.9'])
    test(`${version}: the EOS v2 owner waits for transaction.timeout.ms to abort it, then restores 0, offset 0`, () => {
      const at = scripted(kafkaStreamsEntry, mixed(version), crashInCommit);
      expect(at.last.kafka.txns[0]!.state).toBe('Ongoing');
      const enabled = kafkaStreamsEntry.model
        .enabled(at.last)
        .map((a) => `${a.type}:${'instance' in a ? a.instance : ''}`);
      expect(enabled).not.toContain('RestoreStore:1');
      const ex = scripted(kafkaStreamsEntry, mixed(version), crashInCommit, true);
      expect(ex.violations).toEqual([]);
      expect(ex.quiescent).toBe(true);
      const drained = ex.steps.filter((st) => st.phase === 'drain').map((st) => st.action);
      expect(drained).toContainEqual({ type: 'ExpireTxn', txn: 0 });
      const restored = ex.states.flatMap((s) => s.events).find((e) => e.type === 'restored' && e.instance === 1);
      expect(restored).toEqual({ type: 'restored', instance: 1, count: 0, records: 0 });
      const fetched = ex.states.flatMap((s) => s.events).find((e) => e.type === 'fetched' && e.instance === 1);
      expect(fetched).toMatchObject({ partition: 0, offset: 0 });
    });
});

describe('exhaustive search of the mixed group', () => {
  test('3.9: the EOS v1 zombie commits after the new owner restored and before it fetches: state-exactly-once', () => {
    const r = check(kafkaStreamsEntry, mixed('3.9'), exhaustive(7, 200_000));
    expect(r.violations.map((v) => v.invariant)).toEqual(['state-exactly-once']);
    // i0 lists the changelog end (0) while i1 is stalled, i1 resumes and commits v1, its count and offset 1; i0's
    // restore ends at 0 and its OffsetFetch returns 1: count 0 at position 1.
    expect(explored(r.trace)).toEqual([
      'Join',
      'Join',
      'InitProducerId',
      'InitProducerId',
      'InitializeTask',
      'RestoreStore',
      'FetchOffset',
      'BeginTxn',
      'Pause',
      'InitializeTask',
      'Resume',
      'Process',
      'SendOffsets',
      'RestoreStore',
      'CommitTxn',
      'WriteTxnMarker',
      'FetchOffset',
    ]);
    expect(r.violations[0]!.message).toBe(
      'i0#1, owner of task 0_0 in generation 3: the count store holds 0 at input position 1 of in-0 ' +
        '(it should count inputs 1..1 once: 1)',
    );
  });
  for (const version of ['2.6', '2.8'])
    test(`${version}: the whole bounded space holds (depth 8)`, () => {
      const r = check(kafkaStreamsEntry, mixed(version), exhaustive(8, 400_000));
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('depth');
      expect(r.coverage['Pause']).toBeGreaterThan(0);
    });
  test('2.8 with safeguard.generation-fencing=false: the EOS v1 zombie commits (zombie-fenced, 12 steps)', () => {
    const r = check(kafkaStreamsEntry, mixed('2.8', 'safeguard.generation-fencing=false'), exhaustive(7, 200_000));
    expect(r.violations.map((v) => v.invariant)).toEqual(['zombie-fenced']);
    expect(explored(r.trace)).toEqual([
      'Join',
      'InitProducerId',
      'InitializeTask',
      'RestoreStore',
      'FetchOffset',
      'BeginTxn',
      'Process',
      'Pause',
      'Resume',
      'SendOffsets',
      'CommitTxn',
      'WriteTxnMarker',
    ]);
    expect(r.shortest).toBe(true);
  });
});

describe('what Streams refuses', () => {
  const refusal = (...pairs: string[]) => checkStreamsConfig(streams(...pairs));
  test('a mixed group needs exactly_once as the guarantee upgraded from', () => {
    expect(refusal('processing.guarantee=exactly_once_v2', 'upgrade.instances-on-v2=1')).toBe(
      'upgrade.instances-on-v2=1 is a rolling upgrade from processing.guarantee=exactly_once; ' +
        'processing.guarantee=exactly_once_v2 accepts upgrade.instances-on-v2=0',
    );
  });
  test('no more instances on v2 than instances', () => {
    expect(
      refusal('processing.guarantee=exactly_once', 'kafka.version=3.9', 'instances=2', 'upgrade.instances-on-v2=3'),
    ).toBe('upgrade.instances-on-v2=3 is more than instances=2; accepts 0..2');
  });
  test('2.5 has no EOS v2; 4.0 no EOS v1 (the guarantee itself is refused)', () => {
    expect(refusal('processing.guarantee=exactly_once', 'kafka.version=2.5', 'upgrade.instances-on-v2=1')).toBe(
      'upgrade.instances-on-v2=1 needs exactly_once_v2, from kafka.version 2.6 (exactly_once_beta, KIP-447); ' +
        'kafka.version=2.5 accepts upgrade.instances-on-v2=0',
    );
    expect(refusal('processing.guarantee=exactly_once', 'kafka.version=4.0', 'upgrade.instances-on-v2=1')).toContain(
      'processing.guarantee=exactly_once was removed in Kafka Streams 4.0 (KAFKA-16331)',
    );
  });
});
