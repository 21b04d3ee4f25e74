/**
 * The partition leader's rules (model/kafka/partition.ts, driven through kafka-txn): offsets, high
 * watermark, markers, LSO, sequences, fencing.
 */
import { describe, expect, test } from 'vitest';
import { readPartition } from '../../../model/kafka/read.js';
import { act, init, inst, run, solo } from './helpers.js';

describe('append', () => {
  test('data records take consecutive offsets and the high watermark is the log end', () => {
    // The first write parks for the coordinator's check (KIP-890) and is appended by the leader's
    // next step; the second goes straight in: the producer's transaction is open on out-0 at its epoch.
    const s = run(solo({ 'input.records': '3' }), act.init(1), act.begin(1), act.write(1), act.produce(1));
    const p = s.kafka.partitions[0]!;
    expect(p.log).toEqual([
      {
        kind: 'data',
        offset: 0,
        producerId: 1,
        epoch: 0,
        sequence: 0,
        value: 1,
        transactional: true,
        origin: { instance: 1, txn: 1 },
      },
      {
        kind: 'data',
        offset: 1,
        producerId: 1,
        epoch: 0,
        sequence: 1,
        value: 2,
        transactional: true,
        origin: { instance: 1, txn: 1 },
      },
    ]);
    expect(p.highWatermark).toBe(2);
    expect(p.producers).toEqual([
      {
        producerId: 1,
        epoch: 0,
        lastSequence: 1,
        firstOpenOffset: 0,
        batches: [
          { sequence: 0, offset: 0 },
          { sequence: 1, offset: 1 },
        ],
        coordinatorEpoch: -1,
      },
    ]);
    // The second produce only appends: the partition is already in the transaction.
    expect(s.events).toEqual([{ type: 'appended', partition: 0, offset: 1 }]);
  });

  // KIP-890 part 2: the leader adds the partition to the transaction with the coordinator, then
  // appends under the verification guard it holds; the two are separate steps.
  test(
    'the first produce of a transaction is added at the coordinator by the leader, ' +
      'then appended in a later step (transaction.version=2)',
    () => {
      const s1 = run(solo(), act.init(1), act.begin(1), act.produce(1));
      expect(s1.events).toEqual([
        { type: 'txn-state', txn: 'app-0', from: 'Empty', to: 'Ongoing', epoch: 0 },
        { type: 'added', txn: 'app-0', partition: 0 },
        { type: 'verified', txn: 'app-0', partition: 0, added: true },
      ]);
      expect(s1.kafka.partitions[0]!.log).toEqual([]);
      expect(s1.kafka.parked).toHaveLength(1);
      // The guard is the leader's verification state, kept apart: the producer has no entry yet.
      expect(s1.kafka.partitions[0]!.producers).toEqual([]);
      expect(s1.kafka.partitions[0]!.guards).toEqual([{ producerId: 1, guard: 1 }]);
      expect(inst(s1, 1).awaiting).toEqual({ request: 1, partition: 0, sequence: 0 });
      const s2 = run(s1, act.append(1));
      expect(s2.events).toEqual([{ type: 'appended', partition: 0, offset: 0 }]);
      expect(s2.kafka.parked).toEqual([]);
      expect(s2.kafka.partitions[0]!.producers[0]).toMatchObject({ firstOpenOffset: 0 });
      expect(s2.kafka.partitions[0]!.guards).toEqual([]);
      expect(inst(s2, 1)).toMatchObject({ awaiting: null, position: 1 });
    },
  );

  test('a record goes to the partition the action names', () => {
    const s = run(init({ producers: '1', partitions: '2' }), act.init(1), act.begin(1), act.write(1, 1));
    expect(s.kafka.partitions[0]!.log).toEqual([]);
    expect(s.kafka.partitions[0]!.highWatermark).toBe(0);
    expect(s.kafka.partitions[1]!.log.map((e) => e.offset)).toEqual([0]);
    expect(s.kafka.partitions[1]!.highWatermark).toBe(1);
    expect(inst(s, 1).producer.sequences).toEqual([0, 1]);
  });
});

describe('markers', () => {
  test('a COMMIT marker takes the next offset, so the next transaction leaves a gap for readers', () => {
    const s = run(
      solo({ 'input.records': '3' }),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.write(1),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
      act.begin(1),
      act.write(1),
    );
    const p = s.kafka.partitions[0]!;
    expect(p.log.map((e) => [e.offset, e.kind])).toEqual([
      [0, 'data'],
      [1, 'data'],
      [2, 'control'],
      [3, 'data'],
    ]);
    // transaction.version=2: the marker carries the epoch bumped at EndTxn; ghost fields name the transaction it ends.
    expect(p.log[2]).toEqual({
      kind: 'control',
      offset: 2,
      producerId: 1,
      epoch: 1,
      marker: 'COMMIT',
      coordinatorEpoch: 0,
      txnEpoch: 0,
      endedBy: 0,
    });
    expect(p.highWatermark).toBe(4);
    expect(p.lastStableOffset).toBe(3);
    expect(readPartition(p, 'read_uncommitted').map((e) => e.offset)).toEqual([0, 1, 3]);
    expect(readPartition(p, 'read_committed').map((e) => e.offset)).toEqual([0, 1]);
  });

  test('WriteTxnMarker reports the marker event with its offset and epoch; the leader adopts both epochs', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.write(1), act.abort(1), act.marker(0, 0));
    expect(s.events).toEqual([
      { type: 'marker', partition: 0, offset: 1, marker: 'ABORT', epoch: 1 },
      { type: 'txn-state', txn: 'app-0', from: 'PrepareAbort', to: 'CompleteAbort', epoch: 1 },
    ]);
    // The marker's producer epoch and coordinator epoch (the coordinator's first, 0) are kept for fencing.
    expect(s.kafka.partitions[0]!.producers).toEqual([
      {
        producerId: 1,
        epoch: 1,
        lastSequence: -1,
        firstOpenOffset: null,
        batches: [],
        coordinatorEpoch: 0,
      },
    ]);
  });
});

describe('last stable offset', () => {
  test('equals the high watermark when no transaction is open', () => {
    const s0 = solo();
    expect(s0.kafka.partitions[0]!.lastStableOffset).toBe(0);
    const s = run(s0, act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1), act.markers(0));
    expect(s.kafka.partitions[0]!.highWatermark).toBe(2);
    expect(s.kafka.partitions[0]!.lastStableOffset).toBe(2);
  });

  test('is the first offset of the earliest open transaction, and moves on as each one ends', () => {
    const s0 = init({ producers: '2', partitions: '1' });
    // app-0 (instance 1) writes v1 at 0, app-1 (instance 2) writes v3 at 1.
    const s1 = run(s0, act.init(1), act.init(2), act.begin(1), act.begin(2), act.write(1), act.write(2));
    expect(s1.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.value : e.marker))).toEqual([1, 3]);
    expect([s1.kafka.partitions[0]!.highWatermark, s1.kafka.partitions[0]!.lastStableOffset]).toEqual([2, 0]);
    const s2 = run(s1, act.sendOffsets(1), act.commit(1));
    // Decided but not written: still open on the partition.
    expect(s2.kafka.partitions[0]!.lastStableOffset).toBe(0);
    const s3 = run(s2, act.markers(0));
    expect([s3.kafka.partitions[0]!.highWatermark, s3.kafka.partitions[0]!.lastStableOffset]).toEqual([3, 1]);
    const s4 = run(s3, act.sendOffsets(2), act.commit(2), act.markers(1));
    expect([s4.kafka.partitions[0]!.highWatermark, s4.kafka.partitions[0]!.lastStableOffset]).toEqual([4, 4]);
  });
});

describe('idempotent producer', () => {
  // ProduceDelayed: the request (sequence 0) is stuck in the network and the client times out;
  // Retry resends it with the same sequence; then the stuck copy lands.
  const delayedThenRetried = [act.init(1), act.begin(1), act.produceDelayed(1), act.retry(1)];

  test(
    'a retried batch is appended once; ' + 'the delayed copy with the same sequence is acknowledged as a duplicate',
    () => {
      const s1 = run(solo({ 'faults.network': 'true' }), ...delayedThenRetried);
      expect(s1.network).toEqual([
        {
          type: 'Produce',
          id: 1,
          instance: 1,
          txn: 0,
          req: {
            partition: 0,
            value: 1,
            producerId: 1,
            epoch: 0,
            sequence: 0,
            transactional: true,
            origin: { instance: 1, txn: 1 },
          },
        },
      ]);
      expect(inst(s1, 1).unacked).toEqual([]);
      expect(s1.kafka.partitions[0]!.log.map((e) => e.offset)).toEqual([0]);
      const s2 = run(s1, act.deliver(1));
      expect(s2.events).toEqual([{ type: 'duplicate', partition: 0, sequence: 0, offset: 0 }]);
      expect(s2.kafka.partitions[0]!.log).toHaveLength(1);
      expect(s2.kafka.partitions[0]!.highWatermark).toBe(1);
      expect(s2.network).toEqual([]);
    },
  );

  test('with enable.idempotence=false the delayed copy is appended a second time', () => {
    const s = run(
      solo({ 'faults.network': 'true', 'enable.idempotence': 'false' }),
      act.produceDelayed(1),
      act.retry(1),
      act.deliver(1),
    );
    expect(s.events).toEqual([{ type: 'appended', partition: 0, offset: 1 }]);
    expect(s.kafka.partitions[0]!.log).toEqual([
      {
        kind: 'data',
        offset: 0,
        producerId: -1,
        epoch: -1,
        sequence: -1,
        value: 1,
        transactional: false,
        origin: { instance: 1, txn: null },
      },
      {
        kind: 'data',
        offset: 1,
        producerId: -1,
        epoch: -1,
        sequence: -1,
        value: 1,
        transactional: false,
        origin: { instance: 1, txn: null },
      },
    ]);
    expect(s.kafka.partitions[0]!.producers).toEqual([]);
    expect(readPartition(s.kafka.partitions[0]!, 'read_committed').map((e) => e.value)).toEqual([1, 1]);
  });
});

describe('epoch fencing at the leader', () => {
  // kafka.version=3.5: transaction.version=1 and no partition verification (KIP-890 part 1 came in
  // 3.6), so the zombie's produce to a partition already in its transaction goes straight to the
  // leader: the leader's epoch check is what fences.
  const zombie = [
    act.init(1),
    act.begin(1),
    act.write(1), // v1 at 0, epoch 0
    act.pause(1), // instance 1 pauses; its replacement #2 starts
    act.init(2), // fences: PrepareEpochFence, epoch 1, PrepareAbort; #2 gets CONCURRENT_TRANSACTIONS
    act.markers(0), // ABORT at 1 with epoch 1: the leader adopts epoch 1
    act.init(2), // #2 gets epoch 2
    act.resume(1),
  ];
  const leaderOnly = { 'kafka.version': '3.5' };

  test('after the fence markers a stale epoch is rejected with INVALID_PRODUCER_EPOCH and nothing is appended', () => {
    const s1 = run(solo(leaderOnly), ...zombie);
    expect(s1.kafka.partitions[0]!.log[1]).toEqual({
      kind: 'control',
      offset: 1,
      producerId: 1,
      epoch: 1,
      marker: 'ABORT',
      coordinatorEpoch: 0,
      txnEpoch: 0,
      endedBy: null,
    });
    expect(s1.kafka.partitions[0]!.producers[0]!.epoch).toBe(1);
    // The produce API answers a stale epoch with INVALID_PRODUCER_EPOCH in every release (KAFKA-10687);
    // a 2.7+ client reads it as abortable (KIP-588): the transaction can only be aborted.
    const s2 = run(s1, act.produce(1));
    expect(s2.events).toEqual([
      { type: 'rejected', by: 'out-0', error: 'INVALID_PRODUCER_EPOCH', request: 'Produce(v2)' },
    ]);
    expect(s2.kafka.partitions[0]!.log).toHaveLength(2);
    expect(s2.kafka.partitions[0]!.highWatermark).toBe(2);
    expect(inst(s2, 1)).toMatchObject({
      status: 'in-txn',
      position: 1,
      producer: { transaction: { error: 'INVALID_PRODUCER_EPOCH' } },
    });
    // Its abort carries epoch 0; the coordinator is at 2: PRODUCER_FENCED, fatal.
    const s3 = run(s2, act.abort(1));
    expect(s3.events).toEqual([
      { type: 'rejected', by: 'coordinator', error: 'PRODUCER_FENCED', request: 'EndTxn(ABORT)' },
      { type: 'client', instance: 1, status: 'fenced' },
    ]);
    expect(s3.kafka.partitions[0]!.log).toHaveLength(2);
  });

  test('before 2.7 the client reads the stale-epoch produce as fatal (ProducerFencedException)', () => {
    const s = run(solo({ 'kafka.version': '2.5' }), ...zombie, act.produce(1));
    expect(s.events).toEqual([
      { type: 'rejected', by: 'out-0', error: 'INVALID_PRODUCER_EPOCH', request: 'Produce(v2)' },
      { type: 'client', instance: 1, status: 'fenced' },
    ]);
    expect(s.kafka.partitions[0]!.log).toHaveLength(2);
    expect(inst(s, 1)).toMatchObject({ status: 'fenced', position: 1 });
  });

  test(
    'with partition verification (3.6+) the leader asks the coordinator, ' +
      'whose PRODUCER_FENCED reaches the client as INVALID_PRODUCER_EPOCH',
    () => {
      const s = run(solo({ 'transaction.version': '1' }), ...zombie, act.produce(1));
      expect(s.events).toEqual([
        {
          type: 'rejected',
          by: 'out-0',
          error: 'INVALID_PRODUCER_EPOCH',
          request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
        },
      ]);
      expect(s.kafka.partitions[0]!.log).toHaveLength(2);
      expect(s.kafka.parked).toEqual([]);
    },
  );

  // Why this test? The leader's rejection is one event, but `deliverProduce` and the client's
  // error handling each used to push a `rejected` event for it, so a rendered timeline showed the
  // same rejection twice. One rejection, one event.
  test('a rejection is reported once in the step events', () => {
    const s = run(solo({ 'kafka.version': '2.5' }), ...zombie, act.produce(1));
    expect(s.events.filter((e) => e.type === 'rejected')).toEqual([
      { type: 'rejected', by: 'out-0', error: 'INVALID_PRODUCER_EPOCH', request: 'Produce(v2)' },
    ]);
  });

  test('with safeguard.epoch-fencing=false the leader accepts the stale epoch', () => {
    const s = run(
      solo({ 'kafka.version': '3.5', 'safeguard.epoch-fencing': 'false' }),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.pause(1),
      act.init(2), // epoch 1, the open transaction is left open
      act.begin(2),
      act.write(2), // v1 again at 1, epoch 1, sequence 0: the leader adopts epoch 1
      act.resume(1),
      act.write(1), // v2 at 2 with stale epoch 0: accepted
    );
    expect(
      s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? [e.offset, e.value, e.epoch, e.sequence] : null)),
    ).toEqual([
      [0, 1, 0, 0],
      [1, 1, 1, 0],
      [2, 2, 0, 1],
    ]);
    expect(s.kafka.partitions[0]!.producers).toEqual([
      {
        producerId: 1,
        epoch: 1,
        lastSequence: 0,
        firstOpenOffset: 0,
        batches: [{ sequence: 0, offset: 1 }],
        coordinatorEpoch: -1,
      },
    ]);
    expect(inst(s, 1).status).toBe('in-txn');
  });
});
