/**
 * The transaction coordinator's rules (model/kafka/transactions.ts and the offsets side of
 * model/kafka/groups.ts, driven through kafka-txn): KIP-98 states, KAFKA-6119, KIP-890.
 */
import { describe, expect, test } from 'vitest';
import { readPartition } from '../../../model/kafka/read.js';
import { act, group, inst, isEnabled, run, solo } from './helpers.js';

describe('transaction states', () => {
  test('BeginTxn is client-local; the first add moves Empty to Ongoing and starts the timeout clock', () => {
    const s1 = run(solo(), act.init(1), act.begin(1));
    expect(s1.kafka.txns[0]).toEqual({
      transactionalId: 'app-0',
      producerId: 1,
      epoch: 0,
      state: 'Empty',
      partitions: [],
      offsetsGroup: null,
      startMs: null,
      pending: null,
    });
    const s2 = run(s1, act.produce(1));
    expect(s2.kafka.txns[0]).toEqual({
      transactionalId: 'app-0',
      producerId: 1,
      epoch: 0,
      state: 'Ongoing',
      partitions: [0],
      offsetsGroup: null,
      startMs: 0,
      pending: null,
    });
    expect(s2.events[0]).toEqual({ type: 'txn-state', txn: 'app-0', from: 'Empty', to: 'Ongoing', epoch: 0 });
  });

  test('transaction.version=1: the client adds the partition (AddPartitionsToTxn) before its first write', () => {
    const s = run(solo({ 'transaction.version': '1' }), act.init(1), act.begin(1), act.produce(1));
    expect(s.kafka.txns[0]!.state).toBe('Ongoing');
    expect(s.kafka.txns[0]!.partitions).toEqual([0]);
    expect(inst(s, 1).producer.transaction!.partitions).toEqual([0]);
  });

  test('AddOffsetsToTxn adds the offsets partition and TxnOffsetCommit leaves the offset pending', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.produce(1), act.sendOffsets(1));
    // The group's index (kafka-txn has one group, `app`, at index 0).
    expect(s.kafka.txns[0]!.offsetsGroup).toBe(0);
    // kafka-txn sends the group id only: no generation (-1), never stale.
    expect(group(s).pending).toEqual([
      {
        partition: 0,
        offset: 1,
        producerId: 1,
        epoch: 0,
        generation: -1,
        stale: false,
        origin: { instance: 1, txn: 1 },
      },
    ]);
    expect(group(s).committed[0]!.offset).toBe(0);
    expect(s.events).toEqual([
      { type: 'added', txn: 'app-0', partition: 'offsets' },
      { type: 'offset', partition: 0, offset: 1, how: 'pending', generation: -1, stale: false },
    ]);
  });

  test('EndTxn(COMMIT) goes to PrepareCommit; WriteTxnMarkers writes the markers and completes the commit', () => {
    const s1 = run(solo(), act.init(1), act.begin(1), act.produce(1), act.sendOffsets(1), act.commit(1));
    expect(s1.kafka.txns[0]!.state).toBe('PrepareCommit');
    expect(s1.kafka.txns[0]!.pending).toEqual({ marker: 'COMMIT', txnEpoch: 0, endedBy: 0 });
    expect(s1.events).toEqual([
      { type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareCommit', epoch: 0 },
      { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1 },
      { type: 'client', instance: 1, status: 'ready' },
    ]);
    expect(s1.outcomes).toEqual([{ instance: 1, txn: 1, result: 'COMMIT' }]);
    expect(isEnabled(s1, act.markers(0))).toBe(true);

    const s2 = run(s1, act.markers(0));
    expect(s2.kafka.txns[0]).toEqual({
      transactionalId: 'app-0',
      producerId: 1,
      epoch: 1,
      state: 'CompleteCommit',
      partitions: [],
      offsetsGroup: null,
      startMs: null,
      pending: null,
    });
    expect(group(s2).committed[0]).toEqual({
      offset: 1,
      producerId: 1,
      epoch: 0,
      txnEpoch: 0,
      origin: { instance: 1, txn: 1 },
      generation: -1,
    });
    expect(group(s2).pending).toEqual([]);
    expect(group(s2).fates).toEqual([{ origin: { instance: 1, txn: 1 }, input: 0, fate: 'COMMIT' }]);
    expect(group(s2).producerEpochs).toEqual([{ producerId: 1, epoch: 1 }]);
    expect(s2.events).toEqual([
      { type: 'marker', partition: 0, offset: 1, marker: 'COMMIT', epoch: 1 },
      { type: 'offset', partition: 0, offset: 1, how: 'committed', generation: -1, stale: false },
      { type: 'marker', partition: 'offsets', offset: null, marker: 'COMMIT', epoch: 1 },
      { type: 'txn-state', txn: 'app-0', from: 'PrepareCommit', to: 'CompleteCommit', epoch: 1 },
    ]);
    expect(isEnabled(s2, act.markers(0))).toBe(false);
  });

  test('EndTxn(ABORT) drops the pending offset at the marker', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.produce(1), act.sendOffsets(1), act.abort(1), act.markers(0));
    expect(s.kafka.txns[0]!.state).toBe('CompleteAbort');
    expect(group(s).committed[0]!.offset).toBe(0);
    expect(group(s).pending).toEqual([]);
    expect(group(s).fates).toEqual([{ origin: { instance: 1, txn: 1 }, input: 0, fate: 'ABORT' }]);
    expect(s.events).toEqual([
      { type: 'marker', partition: 0, offset: 1, marker: 'ABORT', epoch: 1 },
      { type: 'offset', partition: 0, offset: 1, how: 'dropped', generation: -1, stale: false },
      { type: 'marker', partition: 'offsets', offset: null, marker: 'ABORT', epoch: 1 },
      { type: 'txn-state', txn: 'app-0', from: 'PrepareAbort', to: 'CompleteAbort', epoch: 1 },
    ]);
  });
});

describe('epoch at the end of a transaction', () => {
  const twoTxns = [
    act.init(1),
    act.begin(1),
    act.produce(1),
    act.sendOffsets(1),
    act.commit(1),
    act.markers(0),
    act.begin(1),
    act.produce(1),
    act.sendOffsets(1),
    act.commit(1),
    act.markers(0),
  ];

  test('transaction.version=2 bumps the epoch at every end and the client follows', () => {
    const s0 = solo();
    const afterFirst = run(s0, ...twoTxns.slice(0, 5));
    expect([afterFirst.kafka.txns[0]!.epoch, inst(afterFirst, 1).producer.epoch]).toEqual([1, 1]);
    const s = run(s0, ...twoTxns);
    expect([s.kafka.txns[0]!.epoch, inst(s, 1).producer.epoch]).toEqual([2, 2]);
    expect(s.kafka.partitions[0]!.log.map((e) => e.epoch)).toEqual([0, 1, 1, 2]);
  });

  test('transaction.version=1 keeps the epoch', () => {
    const s = run(solo({ 'transaction.version': '1' }), ...twoTxns);
    expect([s.kafka.txns[0]!.epoch, inst(s, 1).producer.epoch]).toEqual([0, 0]);
    expect(s.kafka.partitions[0]!.log.map((e) => e.epoch)).toEqual([0, 0, 0, 0]);
    expect(s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.sequence : e.marker))).toEqual([
      0,
      'COMMIT',
      1,
      'COMMIT',
    ]);
  });
});

describe('InitProducerId while a transaction is open', () => {
  const open = [act.init(1), act.begin(1), act.produce(1), act.pause(1)];

  test(
    'fences the old epoch: PrepareEpochFence, epoch bump, PrepareAbort; CONCURRENT_TRANSACTIONS until the markers; ' +
      'then a higher epoch',
    () => {
      const s1 = run(solo(), ...open, act.init(2));
      expect(s1.events).toEqual([
        { type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareEpochFence', epoch: 0 },
        { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1 },
        { type: 'txn-state', txn: 'app-0', from: 'PrepareEpochFence', to: 'PrepareAbort', epoch: 1 },
        { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'InitProducerId(app-0)' },
      ]);
      expect(s1.kafka.txns[0]!.pending).toEqual({ marker: 'ABORT', txnEpoch: 0, endedBy: null });
      expect(inst(s1, 2).status).toBe('new');
      expect(inst(s1, 2).producer.epoch).toBe(-1);

      // The new instance retries: still CONCURRENT_TRANSACTIONS, nothing else changes.
      const s2 = run(s1, act.init(2));
      expect(s2.events).toEqual([
        { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'InitProducerId(app-0)' },
      ]);
      expect([s2.kafka.txns[0]!.state, s2.kafka.txns[0]!.epoch]).toEqual(['PrepareAbort', 1]);

      const s3 = run(s2, act.markers(0));
      expect(s3.kafka.txns[0]!.state).toBe('CompleteAbort');
      expect(s3.kafka.partitions[0]!.log[1]).toEqual({
        kind: 'control',
        offset: 1,
        producerId: 1,
        epoch: 1,
        marker: 'ABORT',
        txnEpoch: 0,
        endedBy: null,
      });

      const s4 = run(s3, act.init(2));
      expect([s4.kafka.txns[0]!.state, s4.kafka.txns[0]!.epoch]).toEqual(['Empty', 2]);
      expect(inst(s4, 2)).toMatchObject({ status: 'ready', position: 0, producer: { producerId: 1, epoch: 2 } });
    },
  );

  test('with safeguard.epoch-fencing=false the transaction stays Ongoing and the old instance still writes', () => {
    const s1 = run(solo({ 'safeguard.epoch-fencing': 'false' }), ...open, act.init(2));
    expect([s1.kafka.txns[0]!.state, s1.kafka.txns[0]!.epoch, s1.kafka.txns[0]!.partitions]).toEqual([
      'Ongoing',
      1,
      [0],
    ]);
    expect(inst(s1, 2)).toMatchObject({ status: 'ready', producer: { epoch: 1 } });
    const s2 = run(s1, act.resume(1), act.produce(1));
    expect(s2.events).toEqual([{ type: 'appended', partition: 0, offset: 1 }]);
    expect(s2.kafka.partitions[0]!.log[1]).toMatchObject({
      kind: 'data',
      value: 2,
      epoch: 0,
      sequence: 1,
      origin: { instance: 1, txn: 1 },
    });
    expect(inst(s2, 1).status).toBe('in-txn');
  });

  test('after a completed transaction it just bumps the epoch and empties the state', () => {
    const s = run(
      solo(),
      act.init(1),
      act.begin(1),
      act.produce(1),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
      act.crash(1),
      act.restart(0),
      act.init(2),
    );
    expect([s.kafka.txns[0]!.state, s.kafka.txns[0]!.epoch]).toEqual(['Empty', 2]);
    expect(s.events).toEqual([
      { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 2 },
      { type: 'txn-state', txn: 'app-0', from: 'CompleteCommit', to: 'Empty', epoch: 2 },
      { type: 'client', instance: 2, status: 'ready' },
    ]);
    expect(inst(s, 2).position).toBe(1);
  });
});

describe('transaction timeout', () => {
  const timedOut = [act.init(1), act.begin(1), act.produce(1), act.tick()];

  test('Tick moves the clock to the deadline; only then is ExpireTxn enabled', () => {
    const s0 = run(solo(), act.init(1), act.begin(1), act.produce(1));
    expect(isEnabled(s0, act.expire(0))).toBe(false);
    const s1 = run(s0, act.tick());
    expect(s1.now).toBe(60000);
    expect(s1.events).toEqual([{ type: 'clock', now: 60000 }]);
    expect(isEnabled(s1, act.expire(0))).toBe(true);
    expect(isEnabled(s1, act.tick())).toBe(false);
  });

  test(
    'with safeguard.epoch-bump-on-timeout, ExpireTxn aborts with a bumped epoch and the timed-out client is ' +
      'fenced at its next call',
    () => {
      const s1 = run(solo(), ...timedOut, act.expire(0));
      expect(s1.events).toEqual([
        { type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareAbort', epoch: 0 },
        { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1 },
      ]);
      expect(s1.kafka.txns[0]!.pending).toEqual({ marker: 'ABORT', txnEpoch: 0, endedBy: null });
      const s2 = run(s1, act.markers(0), act.produce(1));
      expect(s2.events).toEqual([
        { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'AddPartitionsToTxn(out-0, verify)' },
        { type: 'client', instance: 1, status: 'fenced' },
      ]);
      expect(inst(s2, 1).status).toBe('fenced');
      expect(s2.kafka.partitions[0]!.log.map((e) => e.kind)).toEqual(['data', 'control']);
      expect(s2.kafka.txns[0]!.state).toBe('CompleteAbort');
    },
  );

  test('with transaction.version=1 the fenced epoch is caught by the leader', () => {
    const s = run(solo({ 'transaction.version': '1' }), ...timedOut, act.expire(0), act.markers(0), act.produce(1));
    expect(s.events).toEqual([
      { type: 'rejected', by: 'out-0', error: 'PRODUCER_FENCED', request: 'Produce(v2)' },
      { type: 'client', instance: 1, status: 'fenced' },
    ]);
    expect(inst(s, 1).status).toBe('fenced');
  });

  test(
    'without the epoch bump (transaction.version=2) the client is not fenced: its next produce ' +
      'starts a new transaction',
    () => {
      const s1 = run(solo({ 'safeguard.epoch-bump-on-timeout': 'false' }), ...timedOut, act.expire(0));
      expect(s1.events).toEqual([{ type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareAbort', epoch: 0 }]);
      const s2 = run(s1, act.markers(0));
      expect(s2.kafka.partitions[0]!.log[1]).toEqual({
        kind: 'control',
        offset: 1,
        producerId: 1,
        epoch: 0,
        marker: 'ABORT',
        txnEpoch: 0,
        endedBy: null,
      });
      const s3 = run(s2, act.produce(1));
      expect(s3.events).toEqual([
        { type: 'txn-state', txn: 'app-0', from: 'CompleteAbort', to: 'Ongoing', epoch: 0 },
        { type: 'added', txn: 'app-0', partition: 0 },
        { type: 'appended', partition: 0, offset: 2 },
      ]);
      expect(s3.kafka.txns[0]).toMatchObject({ state: 'Ongoing', epoch: 0, startMs: 60000, partitions: [0] });
      // The client still believes it is in its first transaction.
      expect(inst(s3, 1)).toMatchObject({ status: 'in-txn', producer: { transaction: { no: 1, records: 2 } } });
    },
  );

  test(
    'without the epoch bump (transaction.version=1) the ' + 'next produce opens a transaction only the leader knows',
    () => {
      const s = run(
        solo({ 'transaction.version': '1', 'safeguard.epoch-bump-on-timeout': 'false' }),
        ...timedOut,
        act.expire(0),
        act.markers(0),
        act.produce(1),
      );
      expect(s.events).toEqual([{ type: 'appended', partition: 0, offset: 2 }]);
      expect(s.kafka.txns[0]!.state).toBe('CompleteAbort');
      expect(s.kafka.partitions[0]!.lastStableOffset).toBe(2);
      expect(s.kafka.partitions[0]!.highWatermark).toBe(3);
    },
  );
});

describe('a late EndTxn', () => {
  // CommitTxnDelayed: the first EndTxn(COMMIT) is stuck in the network (request 2; the produce
  // was request 1) and the client's retry lands at once. Then a new transaction starts, and the
  // stuck EndTxn lands in it.
  const late = [
    act.init(1),
    act.begin(1),
    act.produce(1),
    act.sendOffsets(1),
    act.commitDelayed(1),
    act.markers(0),
    act.begin(1),
    act.produce(1),
  ];

  test('transaction.version=1: it commits the new transaction prematurely', () => {
    const s1 = run(solo({ 'transaction.version': '1', 'faults.network': 'true' }), ...late);
    expect(s1.network).toEqual([
      { type: 'EndTxn', id: 2, instance: 1, txn: 0, epoch: 0, result: 'COMMIT', origin: { instance: 1, txn: 1 } },
    ]);
    expect(s1.kafka.txns[0]!.state).toBe('Ongoing');
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([{ type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareCommit', epoch: 0 }]);
    expect(s2.kafka.txns[0]!.pending).toEqual({ marker: 'COMMIT', txnEpoch: 0, endedBy: 0 });
    const s3 = run(s2, act.markers(0));
    // v2 of the client's open second transaction is committed before the client committed it.
    expect(
      readPartition(s3.kafka.partitions[0]!, 'read_committed').map((e) => [e.offset, e.value, e.origin.txn]),
    ).toEqual([
      [0, 1, 1],
      [2, 2, 2],
    ]);
    expect(inst(s3, 1)).toMatchObject({ status: 'in-txn', producer: { transaction: { no: 2, offsetsSent: false } } });
  });

  test('transaction.version=2: it is rejected with PRODUCER_FENCED and the new transaction stays open', () => {
    const s1 = run(solo({ 'faults.network': 'true' }), ...late);
    expect([s1.kafka.txns[0]!.state, s1.kafka.txns[0]!.epoch, inst(s1, 1).producer.epoch]).toEqual(['Ongoing', 1, 1]);
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'EndTxn(COMMIT) late' },
    ]);
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'Ongoing', epoch: 1, pending: null });
    expect(s2.network).toEqual([]);
  });

  test('transaction.version=2: landing before the next transaction, it is a retry answered without effect', () => {
    const s1 = run(solo({ 'faults.network': 'true' }), ...late.slice(0, 6));
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([]);
    expect(s2.kafka.txns).toEqual(s1.kafka.txns);
    expect(s2.kafka.partitions).toEqual(s1.kafka.partitions);
  });
});
