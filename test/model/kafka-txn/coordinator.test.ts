/**
 * The transaction coordinator's rules (model/kafka/transactions.ts and the offsets side of
 * model/kafka/groups.ts, driven through kafka-txn): KIP-98 states, KAFKA-6119, KIP-890.
 */
import { describe, expect, test } from 'vitest';
import { readPartition } from '../../../model/kafka/read.js';
import { act, config, group, init, inst, isEnabled, model, run, solo } from './helpers.js';

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
    // The client's add comes first; then the leader (verification on by default since 3.6) verifies
    // the partition is in the transaction and parks the write under a guard.
    expect(s.events).toEqual([
      { type: 'txn-state', txn: 'app-0', from: 'Empty', to: 'Ongoing', epoch: 0 },
      { type: 'added', txn: 'app-0', partition: 0 },
      { type: 'verified', txn: 'app-0', partition: 0, added: false },
    ]);
  });

  test('transaction.version=2: TxnOffsetCommit adds the offsets partition itself and leaves the offset pending', () => {
    const s1 = run(solo(), act.init(1), act.begin(1), act.write(1));
    // No AddOffsetsToTxn under version 2 (KIP-890 part 2).
    expect(isEnabled(s1, act.addOffsets(1))).toBe(false);
    const s = run(s1, act.txnOffsetCommit(1));
    // The group's index (kafka-txn has one group, `app`, at index 0).
    expect(s.kafka.txns[0]!.offsetsGroup).toBe(0);
    // kafka-txn sends the group id only: no generation (-1), never stale. Its commit record is the
    // first of the group's __consumer_offsets partition.
    expect(group(s).pending).toEqual([
      {
        partition: 0,
        offset: 1,
        recordOffset: 0,
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
    expect(inst(s, 1).producer.transaction).toMatchObject({ offsetsAdded: false, offsetsSent: true });
  });

  // Why this test? Before KIP-890 part 2, sendOffsetsToTransaction is two requests to two
  // coordinators: AddOffsetsToTxn to the transaction coordinator, then TxnOffsetCommit to the group
  // coordinator; the second only after the first succeeded.
  test(
    'transaction.version=1: AddOffsetsToTxn adds the offsets partition, ' +
      'then TxnOffsetCommit leaves the offset pending',
    () => {
      const s1 = run(solo({ 'transaction.version': '1' }), act.init(1), act.begin(1), act.write(1));
      expect(isEnabled(s1, act.addOffsets(1))).toBe(true);
      expect(isEnabled(s1, act.txnOffsetCommit(1))).toBe(false);
      const s2 = run(s1, act.addOffsets(1));
      expect(s2.events).toEqual([{ type: 'added', txn: 'app-0', partition: 'offsets' }]);
      expect(s2.kafka.txns[0]!.offsetsGroup).toBe(0);
      expect(group(s2).pending).toEqual([]);
      expect(inst(s2, 1).producer.transaction).toMatchObject({ offsetsAdded: true, offsetsSent: false });
      // Once the offsets partition is in, no more records: the app's loop sends its offsets last.
      expect(isEnabled(s2, act.produce(1))).toBe(false);
      expect(isEnabled(s2, act.addOffsets(1))).toBe(false);
      expect(isEnabled(s2, act.commit(1))).toBe(false);
      const s3 = run(s2, act.txnOffsetCommit(1));
      expect(s3.events).toEqual([
        { type: 'offset', partition: 0, offset: 1, how: 'pending', generation: -1, stale: false },
      ]);
      expect(group(s3).pending).toMatchObject([{ partition: 0, offset: 1, recordOffset: 0, producerId: 1, epoch: 0 }]);
      expect(inst(s3, 1).producer.transaction).toMatchObject({ offsetsAdded: true, offsetsSent: true });
      expect(isEnabled(s3, act.commit(1))).toBe(true);
    },
  );

  test('EndTxn(COMMIT) goes to PrepareCommit with the bumped epoch; markers go out one target at a time', () => {
    const s1 = run(solo(), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1));
    expect(s1.kafka.txns[0]!.state).toBe('PrepareCommit');
    // transaction.version=2: Prepare* is written with the bumped epoch, which the markers carry.
    expect(s1.kafka.txns[0]!.pending).toEqual({
      marker: 'COMMIT',
      producerId: 1,
      epoch: 1,
      txnEpoch: 0,
      endedBy: 0,
      all: [0],
      partitions: [0],
      offsetsGroup: 0,
      allOffsetsGroup: 0,
      rotateTo: null,
    });
    expect(s1.events).toEqual([
      { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1, fresh: false },
      { type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareCommit', epoch: 1 },
      { type: 'client', instance: 1, status: 'ready' },
    ]);
    expect(s1.outcomes).toEqual([{ instance: 1, txn: 1, result: 'COMMIT' }]);
    // Partitions ascending, then __consumer_offsets.
    expect(model.enabled(s1).filter((a) => a.type === 'WriteTxnMarker')).toEqual([
      act.marker(0, 0),
      act.marker(0, '__consumer_offsets'),
    ]);

    const s2 = run(s1, act.marker(0, 0));
    expect(s2.events).toEqual([{ type: 'marker', partition: 0, offset: 1, marker: 'COMMIT', epoch: 1 }]);
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', pending: { partitions: [], offsetsGroup: 0 } });
    expect(model.enabled(s2).filter((a) => a.type === 'WriteTxnMarker')).toEqual([act.marker(0, '__consumer_offsets')]);

    const s3 = run(s2, act.marker(0, '__consumer_offsets'));
    expect(s3.kafka.txns[0]).toEqual({
      transactionalId: 'app-0',
      producerId: 1,
      epoch: 1,
      state: 'CompleteCommit',
      partitions: [],
      offsetsGroup: null,
      startMs: null,
      pending: null,
    });
    expect(group(s3).committed[0]).toEqual({
      offset: 1,
      recordOffset: 0,
      producerId: 1,
      epoch: 0,
      txnEpoch: 0,
      origin: { instance: 1, txn: 1 },
      generation: -1,
    });
    expect(group(s3).pending).toEqual([]);
    expect(group(s3).fates).toEqual([{ origin: { instance: 1, txn: 1 }, input: 0, fate: 'COMMIT' }]);
    expect(group(s3).producerEpochs).toEqual([{ producerId: 1, epoch: 1 }]);
    expect(s3.events).toEqual([
      { type: 'offset', partition: 0, offset: 1, how: 'committed', generation: -1, stale: false },
      { type: 'marker', partition: 'offsets', offset: null, marker: 'COMMIT', epoch: 1 },
      { type: 'txn-state', txn: 'app-0', from: 'PrepareCommit', to: 'CompleteCommit', epoch: 1 },
    ]);
    expect(model.enabled(s3).filter((a) => a.type === 'WriteTxnMarker')).toEqual([]);
  });

  test('EndTxn(ABORT) drops the pending offset at the marker', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.abort(1), act.markers(0));
    expect(s.kafka.txns[0]!.state).toBe('CompleteAbort');
    expect(group(s).committed[0]!.offset).toBe(0);
    expect(group(s).pending).toEqual([]);
    expect(group(s).fates).toEqual([{ origin: { instance: 1, txn: 1 }, input: 0, fate: 'ABORT' }]);
    expect(s.events).toEqual([
      { type: 'offset', partition: 0, offset: 1, how: 'dropped', generation: -1, stale: false },
      { type: 'marker', partition: 'offsets', offset: null, marker: 'ABORT', epoch: 1 },
      { type: 'txn-state', txn: 'app-0', from: 'PrepareAbort', to: 'CompleteAbort', epoch: 1 },
    ]);
  });
});

// Why these tests? TransactionMarkerChannelManager sends one marker per partition leader,
// asynchronously, and the coordinator writes CompleteCommit only once every one is acknowledged
// (TransactionMarkerRequestCompletionHandler, maybeWriteTxnCompletion). In between, a reader sees
// the transaction committed on one partition and still open on another.
describe('markers, one partition at a time', () => {
  const twoPartitions = { producers: '1', partitions: '2' };
  const decided = [act.init(1), act.begin(1), act.write(1, 0), act.write(1, 1), act.sendOffsets(1), act.commit(1)];

  test('a reader sees out-0 committed while out-1 is not yet; Complete only after the last marker', () => {
    const s1 = run(init(twoPartitions), ...decided);
    expect(model.enabled(s1).filter((a) => a.type === 'WriteTxnMarker')).toEqual([
      act.marker(0, 0),
      act.marker(0, 1),
      act.marker(0, '__consumer_offsets'),
    ]);
    const s2 = run(s1, act.marker(0, 0));
    const [out0, out1] = s2.kafka.partitions;
    expect(readPartition(out0!, 'read_committed').map((e) => e.value)).toEqual([1]);
    expect(readPartition(out1!, 'read_committed').map((e) => e.value)).toEqual([]);
    expect([out1!.lastStableOffset, out1!.highWatermark]).toEqual([0, 1]);
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', pending: { partitions: [1], offsetsGroup: 0 } });
    expect(group(s2).committed[0]!.offset).toBe(0);

    const s3 = run(s2, act.marker(0, 1));
    expect(readPartition(s3.kafka.partitions[1]!, 'read_committed').map((e) => e.value)).toEqual([2]);
    expect(s3.kafka.txns[0]!.state).toBe('PrepareCommit');
    expect(s3.events.filter((e) => e.type === 'txn-state')).toEqual([]);

    const s4 = run(s3, act.marker(0, '__consumer_offsets'));
    expect(s4.kafka.txns[0]!.state).toBe('CompleteCommit');
    expect(group(s4).committed[0]!.offset).toBe(2);
  });

  test('markers may land in any order; the offsets first, then out-1, then out-0', () => {
    const s = run(init(twoPartitions), ...decided, act.marker(0, '__consumer_offsets'), act.marker(0, 1));
    // The input offset is committed while v1 on out-0 is still unreadable at read_committed.
    expect(group(s).committed[0]!.offset).toBe(2);
    expect(readPartition(s.kafka.partitions[0]!, 'read_committed')).toEqual([]);
    expect(s.kafka.txns[0]!.state).toBe('PrepareCommit');
    const s2 = run(s, act.marker(0, 0));
    expect(s2.kafka.txns[0]!.state).toBe('CompleteCommit');
  });

  test('an abort or commit with nothing to mark completes at once', () => {
    // transaction.version=2 "empty abort": the record never reached its leader, the coordinator saw
    // nothing, yet the client sends EndTxn(ABORT) (the transaction started at its first send).
    const s = run(solo({ 'faults.network': 'true' }), act.init(1), act.begin(1), act.produceDelayed(1), act.abort(1));
    expect(s.events).toEqual([
      { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1, fresh: false },
      { type: 'txn-state', txn: 'app-0', from: 'Empty', to: 'PrepareAbort', epoch: 1 },
      { type: 'txn-state', txn: 'app-0', from: 'PrepareAbort', to: 'CompleteAbort', epoch: 1 },
      { type: 'client', instance: 1, status: 'ready' },
    ]);
    expect(s.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 1, pending: null });
    expect(model.enabled(s).filter((a) => a.type === 'WriteTxnMarker')).toEqual([]);
  });

  // faults.network: the leader writes the marker but the coordinator never hears back, so it sends
  // the marker again (TransactionMarkerRequestCompletionHandler re-enqueues on a disconnect); the
  // leader appends a second control record. Readers are not affected.
  test('MarkerAckLost: the marker is written, the coordinator sends it again, the leader writes it twice', () => {
    const s1 = run(
      solo({ 'faults.network': 'true' }),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.sendOffsets(1),
      act.commit(1),
    );
    expect(model.enabled(s1).filter((a) => a.type === 'MarkerAckLost')).toEqual([
      act.markerAckLost(0, 0),
      act.markerAckLost(0, '__consumer_offsets'),
    ]);
    const s2 = run(s1, act.markerAckLost(0, 0));
    expect(s2.events).toEqual([
      { type: 'marker', partition: 0, offset: 1, marker: 'COMMIT', epoch: 1 },
      { type: 'marker-acked', txn: 'app-0', partition: 0, lost: true },
    ]);
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', pending: { partitions: [0], offsetsGroup: 0 } });
    const s3 = run(s2, act.marker(0, 0), act.marker(0, '__consumer_offsets'));
    expect(s3.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker))).toEqual([
      'v1',
      'COMMIT',
      'COMMIT',
    ]);
    expect(readPartition(s3.kafka.partitions[0]!, 'read_committed').map((e) => e.value)).toEqual([1]);
    expect(s3.kafka.txns[0]!.state).toBe('CompleteCommit');
    expect(group(s3).committed[0]!.offset).toBe(1);
  });

  test('MarkerAckLost only with faults.network', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1));
    expect(model.enabled(s).filter((a) => a.type === 'MarkerAckLost')).toEqual([]);
  });
});

describe('epoch at the end of a transaction', () => {
  const twoTxns = [
    act.init(1),
    act.begin(1),
    act.write(1),
    act.sendOffsets(1),
    act.commit(1),
    act.markers(0),
    act.begin(1),
    act.write(1),
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
  const open = [act.init(1), act.begin(1), act.write(1), act.pause(1)];

  test(
    'fences the old epoch: PrepareEpochFence, epoch bump, PrepareAbort; CONCURRENT_TRANSACTIONS until the markers; ' +
      'then a higher epoch',
    () => {
      const s1 = run(solo(), ...open, act.init(2));
      // One bump under transaction.version=2 as well (KAFKA-19367, 4.1).
      expect(s1.events).toEqual([
        { type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareEpochFence', epoch: 0 },
        { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1, fresh: false },
        { type: 'txn-state', txn: 'app-0', from: 'PrepareEpochFence', to: 'PrepareAbort', epoch: 1 },
        { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'InitProducerId(app-0)' },
      ]);
      expect(s1.kafka.txns[0]!.pending).toEqual({
        marker: 'ABORT',
        producerId: 1,
        epoch: 1,
        txnEpoch: 0,
        endedBy: null,
        all: [0],
        partitions: [0],
        offsetsGroup: null,
        allOffsetsGroup: null,
        rotateTo: null,
      });
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
        coordinatorEpoch: 0,
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
      act.write(1),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
      act.crash(1),
      act.restart(0),
      act.init(2),
    );
    expect([s.kafka.txns[0]!.state, s.kafka.txns[0]!.epoch]).toEqual(['Empty', 2]);
    expect(s.events).toEqual([
      { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 2, fresh: false },
      { type: 'txn-state', txn: 'app-0', from: 'CompleteCommit', to: 'Empty', epoch: 2 },
      { type: 'client', instance: 2, status: 'ready' },
    ]);
    expect(inst(s, 2).position).toBe(1);
  });
});

describe('transaction timeout', () => {
  const timedOut = [act.init(1), act.begin(1), act.write(1), act.tick()];

  test('Tick moves the clock to the deadline; only then is ExpireTxn enabled', () => {
    const s0 = run(solo(), act.init(1), act.begin(1), act.write(1));
    expect(isEnabled(s0, act.expire(0))).toBe(false);
    const s1 = run(s0, act.tick());
    expect(s1.now).toBe(60000);
    expect(s1.events).toEqual([{ type: 'clock', now: 60000 }]);
    expect(isEnabled(s1, act.expire(0))).toBe(true);
    expect(isEnabled(s1, act.tick())).toBe(false);
  });

  // transaction.version=2: the timeout abort is a version-2 end, one epoch bump (KAFKA-19367).
  test(
    'ExpireTxn aborts with a bumped epoch (transaction.version=2) and the timed-out client is fenced at its next ' +
      'coordinator call',
    () => {
      const s1 = run(solo(), ...timedOut, act.expire(0));
      expect(s1.events).toEqual([
        { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 1, fresh: false },
        { type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareAbort', epoch: 1 },
      ]);
      expect(s1.kafka.txns[0]!.pending).toMatchObject({ marker: 'ABORT', epoch: 1, txnEpoch: 0, endedBy: null });
      const s2 = run(s1, act.markers(0));
      // TxnOffsetCommit adds __consumer_offsets with the old epoch: PRODUCER_FENCED, fatal.
      const s3 = run(s2, act.txnOffsetCommit(1));
      expect(s3.events).toEqual([
        { type: 'rejected', by: 'group coordinator', error: 'PRODUCER_FENCED', request: 'TxnOffsetCommit(in-0 -> 1)' },
        { type: 'client', instance: 1, status: 'fenced' },
      ]);
      expect(inst(s3, 1).status).toBe('fenced');
      expect(s3.kafka.partitions[0]!.log.map((e) => e.kind)).toEqual(['data', 'control']);
      expect(s3.kafka.txns[0]!.state).toBe('CompleteAbort');
    },
  );

  // The produce path: the leader's add answers PRODUCER_FENCED, which the produce response carries as
  // INVALID_PRODUCER_EPOCH, abortable at a 2.7+ client. Its EndTxn(ABORT) at the old epoch is, for the
  // version-2 coordinator, a retry of the abort that bumped the epoch (stored epoch = request epoch + 1,
  // CompleteAbort): answered without effect with the current pair, which the client adopts.
  test(
    "transaction.version=2: the timed-out client's produce is refused, its " + "abort is a retry of the coordinator's",
    () => {
      const s1 = run(solo(), ...timedOut, act.expire(0), act.markers(0), act.produce(1));
      expect(s1.events).toEqual([
        {
          type: 'rejected',
          by: 'out-0',
          error: 'INVALID_PRODUCER_EPOCH',
          request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
        },
      ]);
      expect(inst(s1, 1)).toMatchObject({
        status: 'in-txn',
        producer: { transaction: { error: 'INVALID_PRODUCER_EPOCH' } },
      });
      const s2 = run(s1, act.abort(1));
      expect(s2.events).toEqual([{ type: 'client', instance: 1, status: 'ready' }]);
      expect(s2.outcomes).toEqual([{ instance: 1, txn: 1, result: 'ABORT' }]);
      expect(inst(s2, 1)).toMatchObject({ position: 0, producer: { epoch: 1, sequences: [0], transaction: null } });
      expect(s2.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 1 });
    },
  );

  test('with transaction.version=1 and no verification (3.5) the fenced epoch is caught by the leader', () => {
    const s1 = run(solo({ 'kafka.version': '3.5' }), ...timedOut, act.expire(0), act.markers(0), act.produce(1));
    expect(s1.events).toEqual([
      { type: 'rejected', by: 'out-0', error: 'INVALID_PRODUCER_EPOCH', request: 'Produce(v2)' },
    ]);
    // Abortable (2.7+); the abort carries the old epoch: PRODUCER_FENCED (KAFKA-6119: the timeout fenced it).
    const s2 = run(s1, act.abort(1));
    expect(s2.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'EndTxn(ABORT)' },
      { type: 'client', instance: 1, status: 'fenced' },
    ]);
    expect(s2.outcomes).toEqual([]);
  });

  // Before KAFKA-9600 (2.6) the coordinator fences an older EndTxn epoch with INVALID_PRODUCER_EPOCH.
  test("kafka.version=2.5: the timed-out client's abort is fenced with INVALID_PRODUCER_EPOCH", () => {
    const s = run(solo({ 'kafka.version': '2.5' }), ...timedOut, act.expire(0), act.markers(0), act.abort(1));
    expect(s.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'INVALID_PRODUCER_EPOCH', request: 'EndTxn(ABORT)' },
      { type: 'client', instance: 1, status: 'fenced' },
    ]);
  });

  test('safeguard.epoch-bump-on-timeout=false goes with transaction.version=1 only', () => {
    expect(model.validate(config({ 'safeguard.epoch-bump-on-timeout': 'false' }))).toBe(
      'safeguard.epoch-bump-on-timeout=false goes with transaction.version=1 only: under version 2 every ' +
        'abort, a timed-out one included, bumps the epoch (KIP-890 part 2)',
    );
    expect(model.validate(config({ 'kafka.version': '3.5', 'safeguard.epoch-bump-on-timeout': 'false' }))).toBeNull();
  });

  test('without the epoch bump (3.5) the next produce opens a transaction only the leader knows', () => {
    const s1 = run(
      solo({ 'kafka.version': '3.5', 'safeguard.epoch-bump-on-timeout': 'false' }),
      ...timedOut,
      act.expire(0),
    );
    expect(s1.events).toEqual([{ type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareAbort', epoch: 0 }]);
    const s2 = run(s1, act.markers(0));
    expect(s2.kafka.partitions[0]!.log[1]).toEqual({
      kind: 'control',
      offset: 1,
      producerId: 1,
      epoch: 0,
      marker: 'ABORT',
      coordinatorEpoch: 0,
      txnEpoch: 0,
      endedBy: null,
    });
    const s = run(s2, act.produce(1));
    expect(s.events).toEqual([{ type: 'appended', partition: 0, offset: 2 }]);
    expect(s.kafka.txns[0]!.state).toBe('CompleteAbort');
    expect(s.kafka.partitions[0]!.lastStableOffset).toBe(2);
    expect(s.kafka.partitions[0]!.highWatermark).toBe(3);
    // The client still believes it is in its first transaction.
    expect(inst(s, 1)).toMatchObject({ status: 'in-txn', producer: { transaction: { no: 1, records: 2 } } });
  });

  // KIP-890 part 1: the write finds no transaction of its producer open on out-0; the coordinator has
  // out-0 in none (CompleteAbort): TRANSACTION_ABORTABLE (3.8+), and nothing is appended.
  test('without the epoch bump, with verification (transaction.version=1 on 4.1) the next produce is refused', () => {
    const s = run(
      solo({ 'transaction.version': '1', 'safeguard.epoch-bump-on-timeout': 'false' }),
      ...timedOut,
      act.expire(0),
      act.markers(0),
      act.produce(1),
    );
    expect(s.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'TRANSACTION_ABORTABLE',
        request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
      },
    ]);
    expect(s.kafka.partitions[0]!.log.map((e) => e.kind)).toEqual(['data', 'control']);
    expect(inst(s, 1)).toMatchObject({
      status: 'in-txn',
      producer: { transaction: { error: 'TRANSACTION_ABORTABLE' } },
    });
  });
});

describe('a late EndTxn', () => {
  // CommitTxnDelayed: the first EndTxn(COMMIT) is stuck in the network (request 2; the produce
  // was request 1) and the client's retry lands at once. Then a new transaction starts, and the
  // stuck EndTxn lands in it.
  const late = [
    act.init(1),
    act.begin(1),
    act.write(1),
    act.sendOffsets(1),
    act.commitDelayed(1),
    act.markers(0),
    act.begin(1),
    act.write(1),
  ];

  test('transaction.version=1: it commits the new transaction prematurely', () => {
    const s1 = run(solo({ 'transaction.version': '1', 'faults.network': 'true' }), ...late);
    expect(s1.network).toEqual([
      {
        type: 'EndTxn',
        id: 2,
        instance: 1,
        txn: 0,
        producerId: 1,
        epoch: 0,
        result: 'COMMIT',
        origin: { instance: 1, txn: 1 },
      },
    ]);
    expect(s1.kafka.txns[0]!.state).toBe('Ongoing');
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([{ type: 'txn-state', txn: 'app-0', from: 'Ongoing', to: 'PrepareCommit', epoch: 0 }]);
    expect(s2.kafka.txns[0]!.pending).toMatchObject({ marker: 'COMMIT', epoch: 0, txnEpoch: 0, endedBy: 0 });
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

// The EndTxn tables (TransactionCoordinator.endTransaction), reached with EndTxn requests stuck in
// the network (CommitTxnDelayed, AbortTxnDelayed, CommitTimedOut) and delivered in a chosen state.
describe('EndTxn under transaction.version=2 (KIP-890 part 2, KAFKA-18464)', () => {
  const net = { 'faults.network': 'true' };

  // KAFKA-18464 (4.0): the pending-state check comes before the epoch check, so an EndTxn of any
  // epoch meets CONCURRENT_TRANSACTIONS while the markers are out.
  test('Prepare*: CONCURRENT_TRANSACTIONS before any epoch check, even for an epoch that would be fenced', () => {
    const s1 = run(solo(net), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commitDelayed(1));
    expect(s1.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', epoch: 1 });
    // The stuck EndTxn(COMMIT) of epoch 0 is a retry here (stored epoch 1).
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'EndTxn(COMMIT) late' },
    ]);
    expect(s2.kafka.txns).toEqual(s1.kafka.txns);
    // A second transaction ends with the stuck request still out: stored epoch 2, request epoch 0 is
    // neither current nor a retry, yet the answer is CONCURRENT_TRANSACTIONS, not PRODUCER_FENCED.
    const s3 = run(s1, act.markers(0), act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1));
    expect(s3.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', epoch: 2 });
    const s4 = run(s3, act.deliver(2));
    expect(s4.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'EndTxn(COMMIT) late' },
    ]);
    expect(s4.kafka.txns).toEqual(s3.kafka.txns);
  });

  test('CompleteAbort: an abort retry is answered without effect', () => {
    const s1 = run(solo(net), act.init(1), act.begin(1), act.write(1), act.abortDelayed(1), act.markers(0));
    expect(s1.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 1 });
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([]);
    expect(s2.kafka.txns).toEqual(s1.kafka.txns);
  });

  // CommitTimedOut: the app's commit times out and it closes the producer; the EndTxn(COMMIT) of
  // epoch 0 is still in the network. The restarted instance's InitProducerId fences and aborts the
  // open transaction (epoch 1). The stuck commit is then a commit retry at CompleteAbort.
  test('CompleteAbort: a commit retry is INVALID_TXN_STATE (the timed-out commit after the fence)', () => {
    const s1 = run(solo(net), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commitTimedOut(1));
    expect(inst(s1, 1).status).toBe('failed');
    expect(s1.outcomes).toEqual([]);
    expect(s1.network).toMatchObject([{ type: 'EndTxn', id: 2, epoch: 0, result: 'COMMIT' }]);
    const s2 = run(s1, act.restart(0), act.init(2), act.markers(0));
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 1 });
    const s3 = run(s2, act.deliver(2));
    expect(s3.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'INVALID_TXN_STATE', request: 'EndTxn(COMMIT) late' },
    ]);
    expect(s3.kafka.txns).toEqual(s2.kafka.txns);
    expect(readPartition(s3.kafka.partitions[0]!, 'read_committed')).toEqual([]);
  });

  // The empty abort: EndTxn(ABORT) at the current epoch of a transaction the coordinator never saw
  // bumps the epoch all the same, so a produce still in flight is fenced when it lands.
  test('Empty: an abort at the current epoch bumps the epoch and fences the produce still in flight', () => {
    const s1 = run(solo(net), act.init(1), act.begin(1), act.produceDelayed(1), act.abort(1));
    expect(s1.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 1, partitions: [] });
    expect(inst(s1, 1)).toMatchObject({ status: 'ready', producer: { epoch: 1 } });
    const s2 = run(s1, act.deliver(1));
    expect(s2.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'INVALID_PRODUCER_EPOCH',
        request: 'Produce(v1) after AddPartitionsToTxn(out-0, verify)',
      },
    ]);
    expect(s2.kafka.partitions[0]!.log).toEqual([]);
    expect(s2.kafka.txns).toEqual(s1.kafka.txns);
  });

  test('Ongoing: an EndTxn of an older epoch is PRODUCER_FENCED', () => {
    const s = run(
      solo(net),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.abortDelayed(1),
      act.markers(0),
      act.begin(1),
      act.write(1),
      act.deliver(2),
    );
    expect(s.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'EndTxn(ABORT) late' },
    ]);
    expect(s.kafka.txns[0]).toMatchObject({ state: 'Ongoing', epoch: 1 });
  });
});

describe('EndTxn under transaction.version=1', () => {
  const tv1 = { 'transaction.version': '1', 'faults.network': 'true' };
  const firstCommitted = [act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commitDelayed(1)];

  // While the markers are out the coordinator holds the pending CompleteCommit transition, so any end
  // meets CONCURRENT_TRANSACTIONS (TransactionCoordinator.endTransaction: "pending transition").
  test('Prepare*: CONCURRENT_TRANSACTIONS for either result', () => {
    const s1 = run(solo(tv1), ...firstCommitted);
    expect(s1.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', epoch: 0 });
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'EndTxn(COMMIT) late' },
    ]);
    expect(s2.kafka.txns).toEqual(s1.kafka.txns);
    // An abort of the same epoch stuck from the transaction before, landing while this one's commit is out.
    const s3 = run(
      solo(tv1),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.abortDelayed(1),
      act.markers(0),
      act.begin(1),
      act.write(1),
      act.sendOffsets(1),
      act.commit(1),
    );
    expect(s3.kafka.txns[0]).toMatchObject({ state: 'PrepareCommit', epoch: 0 });
    const s4 = run(s3, act.deliver(2));
    expect(s4.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'EndTxn(ABORT) late' },
    ]);
    expect(s4.kafka.txns).toEqual(s3.kafka.txns);
  });

  test('Complete*: the same result again succeeds without effect; the other is INVALID_TXN_STATE', () => {
    const s1 = run(solo(tv1), ...firstCommitted, act.markers(0));
    expect(s1.kafka.txns[0]).toMatchObject({ state: 'CompleteCommit', epoch: 0 });
    const s2 = run(s1, act.deliver(2));
    expect(s2.events).toEqual([]);
    expect(s2.kafka.txns).toEqual(s1.kafka.txns);
    const s3 = run(solo(tv1), act.init(1), act.begin(1), act.write(1), act.abortDelayed(1), act.markers(0));
    expect(s3.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 0 });
    // The stuck ABORT: same result, no effect.
    expect(run(s3, act.deliver(2)).events).toEqual([]);
    // The stuck ABORT of transaction 1 lands after transaction 2 (same epoch) committed.
    const s4 = run(s3, act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1), act.markers(0));
    expect(s4.kafka.txns[0]).toMatchObject({ state: 'CompleteCommit', epoch: 0 });
    const s5 = run(s4, act.deliver(2));
    expect(s5.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'INVALID_TXN_STATE', request: 'EndTxn(ABORT) late' },
    ]);
    expect(s5.kafka.txns).toEqual(s4.kafka.txns);
  });

  test('an EndTxn of an older epoch is PRODUCER_FENCED (KAFKA-9600): the timed-out commit after the fence', () => {
    // The commit timed out; the restarted instance fenced and aborted the transaction (epoch 1).
    const s1 = run(solo(tv1), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commitTimedOut(1));
    const s2 = run(s1, act.restart(0), act.init(2), act.markers(0));
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 1 });
    const s3 = run(s2, act.deliver(2));
    expect(s3.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'EndTxn(COMMIT) late' },
    ]);
  });

  // KIP-890 part 1's guard: the leader verified the write in the transaction, then, before the append,
  // an ABORT marker for the producer lands (here a stuck EndTxn(ABORT) of the same epoch aborted the
  // new transaction, and its marker was written). The marker clears the verification guard, so the
  // append is refused ("Record was not part of an ongoing transaction") instead of opening a
  // transaction no marker will end.
  test('a parked produce whose guard a marker cleared gets INVALID_TXN_STATE', () => {
    const s1 = run(
      solo({ ...tv1, 'input.records': '3' }),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.abortDelayed(1), // request 2: EndTxn(ABORT, epoch 0) stuck; the retry aborts transaction 1
      act.markers(0),
      act.begin(1),
      act.produce(1), // verified in transaction 2, parked under guard 3
    );
    expect(s1.kafka.partitions[0]!.guards).toEqual([{ producerId: 1, guard: 3 }]);
    expect(inst(s1, 1).awaiting).toEqual({ request: 3, partition: 0, sequence: 1 });
    const s2 = run(s1, act.deliver(2), act.marker(0, 0));
    expect(s2.kafka.txns[0]).toMatchObject({ state: 'CompleteAbort', epoch: 0 });
    expect(s2.kafka.partitions[0]!.guards).toEqual([]);
    const s3 = run(s2, act.append(1));
    expect(s3.events).toEqual([{ type: 'rejected', by: 'out-0', error: 'INVALID_TXN_STATE', request: 'Produce(v1)' }]);
    expect(s3.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker))).toEqual([
      'v1',
      'ABORT',
      'ABORT',
    ]);
    expect(s3.kafka.partitions[0]!.lastStableOffset).toBe(3);
    // Abortable at the client: it aborts (a retry of the same end, answered without effect) and bumps its epoch.
    expect(inst(s3, 1)).toMatchObject({ status: 'in-txn', producer: { transaction: { error: 'INVALID_TXN_STATE' } } });
    const s4 = run(s3, act.abort(1));
    expect(s4.outcomes).toEqual([
      { instance: 1, txn: 1, result: 'ABORT' },
      { instance: 1, txn: 2, result: 'ABORT' },
    ]);
    expect(inst(s4, 1)).toMatchObject({ status: 'new', producer: { bumpEpoch: true } });
  });
});
