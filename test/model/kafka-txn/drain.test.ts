/**
 * The fault-free drain policy of kafka-txn (model/kafka-txn/drain.ts): reaches quiescence, finishing every input
 * exactly once.
 */
import { describe, expect, test } from 'vitest';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { violations } from '../../../properties/invariant.js';
import { kafkaTxnInvariants } from '../../../properties/kafka-txn/invariants.js';
import { outView } from '../../../properties/kafka-txn/outputs.js';
import { act, group, init, isEnabled, model, run, show, solo } from './helpers.js';

/** Runs the drain to quiescence (bounded), checking each action is enabled. */
function drain(s0: KafkaTxnState): { actions: KafkaTxnAction[]; state: KafkaTxnState } {
  const actions: KafkaTxnAction[] = [];
  let s = s0;
  for (let a = model.drain(s); a !== null; a = model.drain(s)) {
    if (actions.length >= 100)
      throw new Error(`drain did not stop within 100 steps: ${actions.slice(-5).map(show).join(', ')}`);
    if (!isEnabled(s, a)) throw new Error(`drain step ${actions.length + 1}: ${show(a)} is not enabled`);
    actions.push(a);
    s = model.step(s, a);
  }
  return { actions, state: s };
}

describe('drain from the initial state (defaults: 2 producers, 2 partitions, 2 inputs each)', () => {
  test(
    'takes exactly: per app in order, InitProducerId, BeginTxn, Produce and Append on p0, Produce and Append on p1, ' +
      'TxnOffsetCommit, CommitTxn, then each marker',
    () => {
      const { actions } = drain(init());
      // transaction.version=2: each first write to a partition parks for the leader's add (KIP-890),
      // the offsets go in with TxnOffsetCommit alone, markers go one target at a time.
      expect(actions).toEqual([
        act.init(1),
        act.begin(1),
        act.produce(1, 0),
        act.append(1),
        act.produce(1, 1),
        act.append(1),
        act.txnOffsetCommit(1),
        act.commit(1),
        // pending markers come before any app's next call: partitions ascending, then __consumer_offsets
        act.marker(0, 0),
        act.marker(0, 1),
        act.marker(0, '__consumer_offsets'),
        act.init(2),
        act.begin(2),
        act.produce(2, 0),
        act.append(2),
        act.produce(2, 1),
        act.append(2),
        act.txnOffsetCommit(2),
        act.commit(2),
        act.marker(1, 0),
        act.marker(1, 1),
        act.marker(1, '__consumer_offsets'),
      ]);
    },
  );

  test('transaction.version=1: AddOffsetsToTxn before TxnOffsetCommit', () => {
    const { actions } = drain(init({ producers: '1', partitions: '1', 'transaction.version': '1' }));
    expect(actions).toEqual([
      act.init(1),
      act.begin(1),
      act.produce(1, 0),
      act.append(1), // the first write verified (3.6+), then appended
      act.produce(1, 0), // the transaction is open on out-0: no verification
      act.addOffsets(1),
      act.txnOffsetCommit(1),
      act.commit(1),
      act.marker(0, 0),
      act.marker(0, '__consumer_offsets'),
    ]);
  });

  test('ends quiescent with every input committed exactly once at read_committed', () => {
    const { state } = drain(init());
    expect(model.drain(state)).toBeNull();
    expect(outView(state, 'read_committed')).toEqual({
      values: [1, 3, 2, 4],
      offsets: [0, 2, 0, 2],
      records: 4,
      distinct: 4,
      duplicates: 0,
      duplicateRanges: [],
      missing: 0,
      missingRanges: [],
    });
    expect(group(state).committed.map((c) => c.offset)).toEqual([2, 2]);
    expect(state.kafka.txns.map((t) => [t.state, t.epoch])).toEqual([
      ['CompleteCommit', 1],
      ['CompleteCommit', 1],
    ]);
    expect(state.kafka.partitions.map((p) => [p.highWatermark, p.lastStableOffset])).toEqual([
      [4, 4],
      [4, 4],
    ]);
    expect(violations(kafkaTxnInvariants, state, 'every-step', 0)).toEqual([]);
    expect(violations(kafkaTxnInvariants, state, 'quiescence', 0)).toEqual([]);
  });
});

describe('drain after a fault', () => {
  test('a crash mid-transaction: restart, fence-abort the open transaction, then redo the inputs', () => {
    const s0 = run(solo(), act.init(1), act.begin(1), act.write(1), act.crash(1));
    const { actions, state } = drain(s0);
    expect(actions).toEqual([
      act.restart(0),
      act.init(2), // CONCURRENT_TRANSACTIONS: the coordinator fences the open transaction
      act.marker(0, 0),
      act.init(2),
      act.begin(2),
      act.produce(2, 0),
      act.append(2),
      act.produce(2, 0),
      act.txnOffsetCommit(2),
      act.commit(2),
      act.marker(0, 0),
      act.marker(0, '__consumer_offsets'),
    ]);
    expect(state.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker))).toEqual([
      'v1',
      'ABORT',
      'v1',
      'v2',
      'COMMIT',
    ]);
    expect(outView(state, 'read_committed').offsets).toEqual([2, 3]);
    expect(violations(kafkaTxnInvariants, state, 'quiescence', 0)).toEqual([]);
  });

  test('a produce parked at its leader is appended first, before any marker', () => {
    const s0 = run(init({ partitions: '1' }), act.init(1), act.init(2), act.begin(1), act.begin(2));
    const s1 = run(s0, act.write(1), act.txnOffsetCommit(1), act.commit(1), act.produce(2));
    expect(s1.instances.map((i) => i.awaiting !== null)).toEqual([false, true]);
    expect(model.drain(s1)).toEqual(act.append(2));
  });

  test('a plain producer: Produce by position modulo partitions, then CommitOffsets', () => {
    const { actions, state } = drain(init({ producers: '1', 'enable.idempotence': 'false' }));
    expect(actions).toEqual([act.produce(1, 0), act.produce(1, 1), act.commitOffsets(1)]);
    expect(outView(state, 'read_committed').values).toEqual([1, 2]);
  });
});
