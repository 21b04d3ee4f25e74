/** The three Kafka scenarios reproduce their seed documents' claims, exactly. */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { readPartition } from '../../model/kafka/read.js';
import type { KafkaTxnAction } from '../../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../../model/kafka-txn/config.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import { lsoBlocking } from '../../scenarios/lso-blocking.js';
import { runScenario } from '../../scenarios/run.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { txnLog } from '../../scenarios/txn-log.js';
import { zombieFencing } from '../../scenarios/zombie-fencing.js';

function play(sc: Scenario<KafkaTxnAction, typeof kafkaTxnKeys>, ...pairs: [string, string][]) {
  const r = runScenario(kafkaTxnEntry, sc, pairs);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const logOf = (s: KafkaTxnState) =>
  s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `${e.offset}:v${e.value}` : `${e.offset}:${e.marker}`));
const committed = (s: KafkaTxnState) => readPartition(s.kafka.partitions[0]!, 'read_committed').map((e) => e.value);
const uncommitted = (s: KafkaTxnState) => readPartition(s.kafka.partitions[0]!, 'read_uncommitted').map((e) => e.value);

describe('txn-log (seed 003)', () => {
  test('commit:3,abort:2,commit:2 leaves data 0-2, COMMIT 3, data 4-5, ABORT 6, data 7-8, COMMIT 9', () => {
    const ex = play(txnLog);
    const last = ex.states[ex.states.length - 1]!;
    expect(logOf(last)).toEqual([
      '0:v1',
      '1:v2',
      '2:v3',
      '3:COMMIT',
      '4:v4',
      '5:v5',
      '6:ABORT',
      '7:v4',
      '8:v5',
      '9:COMMIT',
    ]);
    expect(readPartition(last.kafka.partitions[0]!, 'read_uncommitted').map((e) => e.offset)).toEqual([
      0, 1, 2, 4, 5, 7, 8,
    ]);
    expect(readPartition(last.kafka.partitions[0]!, 'read_committed').map((e) => e.offset)).toEqual([0, 1, 2, 7, 8]);
    expect(ex.violations).toEqual([]);
    expect(ex.quiescent).toBe(true);
    expect(ex.steps.every((s) => s.phase === 'script')).toBe(true);
  });
  test(
    'abort:2,commit:1: the aborted inputs are redone, ' + 'markers still take offsets, the drain finishes input 2',
    () => {
      const ex = play(txnLog, ['transactions', 'abort:2,commit:1']);
      expect(logOf(ex.states.at(-1)!)).toEqual(['0:v1', '1:v2', '2:ABORT', '3:v1', '4:COMMIT', '5:v2', '6:COMMIT']);
      expect(logOf(ex.states[ex.steps.findIndex((s) => s.phase === 'drain')]!)).toEqual([
        '0:v1',
        '1:v2',
        '2:ABORT',
        '3:v1',
        '4:COMMIT',
      ]);
      expect(committed(ex.states.at(-1)!)).toEqual([1, 2]);
    },
  );
  test('a trailing abort leaves the run unfinished: not quiescent, so no-loss is not judged', () => {
    const ex = play(txnLog, ['transactions', 'commit:1,abort:1']);
    // transaction.version=2: the first write at the new epoch waits parked for the leader's AddPartitionsToTxn
    // (Append), TxnOffsetCommit adds __consumer_offsets itself, and the markers go one partition at a time.
    expect(ex.steps.filter((s) => s.phase === 'drain').map((s) => s.action.type)).toEqual([
      'BeginTxn',
      'Produce',
      'Append',
      'TxnOffsetCommit',
      'CommitTxn',
      'WriteTxnMarker',
      'WriteTxnMarker',
    ]);
    expect(committed(ex.states.at(-1)!)).toEqual([1, 2]);
  });
});

describe('zombie-fencing (seed 004)', () => {
  test('the resumed instance is fenced: its write is rejected, the output is each input once', () => {
    const ex = play(zombieFencing);
    const rejected = ex.states.flatMap((s) => s.events).filter((e) => e.type === 'rejected');
    // transaction.version=2: the leader adds out-0 for the zombie's stale epoch; the coordinator's PRODUCER_FENCED
    // reaches it as the produce's INVALID_PRODUCER_EPOCH, abortable since 2.7 (KIP-588): only an abort is left.
    expect(rejected).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'INVALID_PRODUCER_EPOCH',
      request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
    });
    // The script's next step for the zombie is the abort it is left with: its EndTxn(ABORT) carries
    // the stale epoch, PRODUCER_FENCED, fatal: the zombie learns it was replaced.
    expect(rejected).toContainEqual({
      type: 'rejected',
      by: 'coordinator',
      error: 'PRODUCER_FENCED',
      request: 'EndTxn(ABORT)',
    });
    const last = ex.states.at(-1)!;
    expect(last.instances.find((i) => i.id === 1)!.status).toBe('fenced');
    expect(kafkaTxnEntry.model.enabled(last)).toEqual([]);
    expect(committed(last)).toEqual([1, 2]);
    expect(ex.violations).toEqual([]);
  });
  test('safeguard.epoch-fencing=false: the zombie ends the shared transaction and its write is committed', () => {
    const ex = play(zombieFencing, ['safeguard.epoch-fencing', 'false']);
    const last = ex.states.at(-1)!;
    const zombieWrites = last.kafka.partitions[0]!.log.filter((e) => e.kind === 'data' && e.origin.instance === 1).map(
      (e) => e.offset,
    );
    expect(zombieWrites).toEqual([0, 2]);
    expect(committed(last)).toEqual([1, 1, 2, 2]);
    expect(ex.violations.map((v) => v.invariant)).toEqual(['zombie-fenced', 'no-duplicates']);
  });
});

describe('lso-blocking (seed 001)', () => {
  // Steps 1-10: both InitProducerId, each writes (Produce, then Append: transaction.version=2 parks the first write
  // for the leader's AddPartitionsToTxn), app-1 commits its offsets and itself; 11-12: app-1's COMMIT markers.
  test('app-1 committed but invisible at read_committed while app-0 is open; visible after the timeout abort', () => {
    const ex = play(lsoBlocking);
    const afterCommit = ex.states[12]!; // after step 12: WriteTxnMarker(app-1: COMMIT -> __consumer_offsets)
    expect(ex.steps.slice(10, 12).map((s) => s.action)).toEqual([
      { type: 'WriteTxnMarker', txn: 1, partition: 0 },
      { type: 'WriteTxnMarker', txn: 1, partition: '__consumer_offsets' },
    ]);
    expect(logOf(afterCommit)).toEqual(['0:v1', '1:v2', '2:COMMIT']);
    expect(afterCommit.kafka.partitions[0]!.lastStableOffset).toBe(0);
    expect(committed(afterCommit)).toEqual([]);
    expect(uncommitted(afterCommit)).toEqual([1, 2]);
    const afterTimeout = ex.states[15]!;
    expect(ex.steps.slice(12, 15).map((s) => s.action)).toEqual([
      { type: 'Tick' },
      { type: 'ExpireTxn', txn: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ]);
    expect(afterTimeout.now).toBe(60_000);
    expect(committed(afterTimeout)).toEqual([2]);
    expect(committed(ex.states.at(-1)!)).toEqual([2, 1]);
    expect(ex.violations).toEqual([]);
  });
  test('transaction.timeout.ms sets when the blocked record appears', () => {
    const ex = play(lsoBlocking, ['transaction.timeout.ms', '15000']);
    expect(ex.states[15]!.now).toBe(15_000);
    expect(committed(ex.states[15]!)).toEqual([2]);
  });
  for (const end of ['commit', 'abort'] as const) {
    test(`open.txn.ends=${end}: the record appears once app-0's transaction ${end}s`, () => {
      const ex = play(lsoBlocking, ['open.txn.ends', end]);
      const i = ex.steps.findIndex((s) => s.action.type === 'WriteTxnMarker' && s.action.txn === 0);
      expect(ex.steps[i]!.action).toEqual({ type: 'WriteTxnMarker', txn: 0, partition: 0 });
      expect(committed(ex.states[i]!)).toEqual([]);
      expect(committed(ex.states[i + 1]!)).toEqual(end === 'commit' ? [1, 2] : [2]);
      expect(ex.violations).toEqual([]);
    });
  }
});
