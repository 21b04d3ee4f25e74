/**
 * The producer app's client rules (model/kafka-txn/client.ts over the shared producer client of
 * model/kafka/producer.ts) and the supervisor/fault actions of the kafka-txn action table.
 */
import { describe, expect, test } from 'vitest';
import { readPartition } from '../../../model/kafka/read.js';
import { act, group, inst, isEnabled, model, run, solo } from './helpers.js';

describe('InitProducerId, BeginTxn, Produce', () => {
  test('InitProducerId gets epoch 0 of the app producer id and reads the committed input offset', () => {
    const s0 = solo();
    expect(inst(s0, 1)).toEqual({
      id: 1,
      app: 0,
      incarnation: 1,
      status: 'new',
      paused: false,
      producer: { txn: 0, producerId: -1, epoch: -1, sequences: [0], transaction: null, bumpEpoch: false },
      position: 0,
      committedPosition: 0,
      txnCount: 0,
      txnStart: null,
      unacked: [],
      awaiting: null,
    });
    const s = run(s0, act.init(1));
    expect(inst(s, 1)).toMatchObject({
      status: 'ready',
      position: 0,
      producer: { producerId: 1, epoch: 0, sequences: [0] },
    });
    expect(s.events).toEqual([
      { type: 'epoch', txn: 'app-0', producerId: 1, epoch: 0, fresh: true },
      { type: 'client', instance: 1, status: 'ready' },
    ]);
  });

  test('BeginTxn opens a client transaction at the current input position', () => {
    const s = run(solo(), act.init(1), act.begin(1));
    expect(inst(s, 1)).toMatchObject({
      status: 'in-txn',
      txnCount: 1,
      txnStart: 0,
      producer: {
        transaction: {
          no: 1,
          partitions: [],
          offsetsAdded: false,
          offsetsSent: false,
          records: 0,
          started: false,
          error: null,
        },
      },
    });
  });

  test('Produce sends the next input value and advances position, record count and sequence', () => {
    const s = run(solo({ 'input.records': '3' }), act.init(1), act.begin(1), act.write(1), act.write(1));
    expect(inst(s, 1)).toMatchObject({
      position: 2,
      producer: { sequences: [2], transaction: { records: 2, partitions: [0] } },
    });
    expect(s.nextRequest).toBe(3);
    expect(s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.value : null))).toEqual([1, 2]);
  });

  test('input values of app a are a * input.records + position + 1', () => {
    const s = run(solo({ producers: '2' }), act.init(2), act.begin(2), act.write(2));
    expect(s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? e.value : null))).toEqual([3]);
  });

  test('with the input exhausted the client may only send offsets or abort', () => {
    const s = run(solo({ 'input.records': '1' }), act.init(1), act.begin(1), act.write(1));
    expect(isEnabled(s, act.produce(1))).toBe(false);
    // transaction.version=2: TxnOffsetCommit adds __consumer_offsets itself; there is no AddOffsetsToTxn.
    expect(isEnabled(s, act.txnOffsetCommit(1))).toBe(true);
    expect(isEnabled(s, act.addOffsets(1))).toBe(false);
    expect(isEnabled(s, act.abort(1))).toBe(true);
  });

  // Why this test? KIP-890 part 1: the leader checks a producer's first transactional write to a
  // partition with the coordinator, then appends under a verification guard. The request waits at
  // the leader meanwhile; the client's send is not answered, so it sends nothing else and cannot
  // commit (the Java client flushes before EndTxn).
  test('while its produce is parked at the leader the instance neither produces, sends offsets nor commits', () => {
    const s = run(solo({ 'input.records': '3' }), act.init(1), act.begin(1), act.produce(1));
    expect(inst(s, 1)).toMatchObject({ status: 'in-txn', awaiting: { request: 1, partition: 0, sequence: 0 } });
    // The request was sent: the sequence has moved on; the record is not yet acknowledged.
    expect(inst(s, 1)).toMatchObject({ position: 0, producer: { sequences: [1], transaction: { records: 0 } } });
    expect(model.enabled(s).filter((a) => 'instance' in a && a.instance === 1)).toEqual([
      { type: 'Append', instance: 1 },
      { type: 'Crash', instance: 1 },
      { type: 'Pause', instance: 1 },
    ]);
    const s2 = run(s, act.append(1));
    expect(inst(s2, 1)).toMatchObject({ awaiting: null, position: 1, producer: { transaction: { records: 1 } } });
    expect(isEnabled(s2, act.produce(1))).toBe(true);
  });

  // transaction.version=2: the commit returned at PrepareCommit, so the leader's add for the next
  // transaction meets the pending CompleteCommit: CONCURRENT_TRANSACTIONS, which the produce answer
  // carries as the retriable NOT_ENOUGH_REPLICAS (ReplicaManager); the client sends the same batch again.
  test('a produce while the previous end is not yet written is refused as retriable and sent again later', () => {
    const s1 = run(solo(), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1), act.begin(1));
    const s2 = run(s1, act.produce(1));
    expect(s2.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'NOT_ENOUGH_REPLICAS',
        request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)',
      },
    ]);
    expect(inst(s2, 1)).toMatchObject({
      status: 'in-txn',
      position: 1,
      awaiting: null,
      producer: { sequences: [0], transaction: { records: 0, error: null } },
    });
    expect(s2.kafka.partitions[0]!.log).toHaveLength(1);
    expect(s2.kafka.parked).toEqual([]);
    const s3 = run(s2, act.markers(0), act.write(1));
    expect(s3.kafka.partitions[0]!.log[2]).toMatchObject({ kind: 'data', offset: 2, value: 2, epoch: 1, sequence: 0 });
  });

  test(
    "transaction.version=1: the client's AddPartitionsToTxn gets " + 'CONCURRENT_TRANSACTIONS and is retried later',
    () => {
      const config = { 'transaction.version': '1' };
      const s1 = run(
        solo(config),
        act.init(1),
        act.begin(1),
        act.write(1),
        act.sendOffsets(1),
        act.commit(1),
        act.begin(1),
      );
      const s2 = run(s1, act.produce(1));
      expect(s2.events).toEqual([
        { type: 'rejected', by: 'coordinator', error: 'CONCURRENT_TRANSACTIONS', request: 'AddPartitionsToTxn(out-0)' },
      ]);
      expect(inst(s2, 1)).toMatchObject({
        status: 'in-txn',
        position: 1,
        producer: { sequences: [1], transaction: { partitions: [], records: 0, error: null } },
      });
      expect(s2.kafka.partitions[0]!.log).toHaveLength(1);
      // transaction.version=1 keeps the epoch: the next transaction goes on with sequence 1.
      const s3 = run(s2, act.markers(0), act.write(1));
      expect(s3.kafka.partitions[0]!.log[2]).toMatchObject({
        kind: 'data',
        offset: 2,
        value: 2,
        epoch: 0,
        sequence: 1,
      });
    },
  );
});

describe('CommitTxn and AbortTxn', () => {
  test('CommitTxn records the outcome the client was told and ends the client transaction', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.write(1), act.sendOffsets(1), act.commit(1));
    expect(s.outcomes).toEqual([{ instance: 1, txn: 1, result: 'COMMIT' }]);
    expect(inst(s, 1)).toMatchObject({
      status: 'ready',
      position: 1,
      producer: { transaction: null, epoch: 1, sequences: [0] },
    });
  });

  test('AbortTxn seeks back to the first input of the transaction', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.write(1), act.write(1), act.abort(1));
    expect(s.outcomes).toEqual([{ instance: 1, txn: 1, result: 'ABORT' }]);
    expect(inst(s, 1)).toMatchObject({
      status: 'ready',
      position: 0,
      producer: { transaction: null, epoch: 1, sequences: [0] },
    });
    // transaction.version=2: the markers carry the epoch bumped at EndTxn (1); one is due to out-0.
    expect([s.kafka.txns[0]!.state, s.kafka.txns[0]!.pending]).toEqual([
      'PrepareAbort',
      {
        marker: 'ABORT',
        producerId: 1,
        epoch: 1,
        txnEpoch: 0,
        endedBy: 0,
        all: [0],
        partitions: [0],
        offsetsGroup: null,
        allOffsetsGroup: null,
        rotateTo: null,
      },
    ]);
  });

  test('AbortTxn drops timed-out batches; transaction.version=2 restarts sequences under the bumped epoch', () => {
    const s1 = run(solo({ 'faults.network': 'true' }), act.init(1), act.begin(1), act.write(1), act.produceDelayed(1));
    expect(inst(s1, 1)).toMatchObject({
      producer: { sequences: [2] },
      unacked: [{ request: 2, partition: 0, value: 2, sequence: 1 }],
    });
    const s2 = run(s1, act.abort(1));
    // No client-side epoch bump under version 2 (the abort bumped it): the instance goes on at once.
    expect(inst(s2, 1)).toMatchObject({
      status: 'ready',
      unacked: [],
      position: 0,
      producer: { sequences: [0], epoch: 1, bumpEpoch: false },
    });
  });

  // Why this test? A batch that timed out may still land after the abort. Since KIP-360 (Kafka 2.5)
  // the Java client bumps the epoch after aborting a transaction that had a timed-out batch
  // (TransactionManager.maybeResolveSequences, epochBumpRequired, then InitProducerId with the
  // current id and epoch), so its sequences restart at 0 under the new epoch and a new batch is
  // never acknowledged as the old one. Under transaction.version=1 without partition verification
  // (3.5: KIP-890 part 1 came in 3.6) the late batch still opens a transaction of the old epoch on
  // the partition, which the next COMMIT marker of the producer id closes: the late record of the
  // aborted transaction is committed with the later one (KAFKA-12671).
  const lateBatch = [
    act.init(1),
    act.begin(1),
    act.write(1), // v1, sequence 0, at 0
    act.produceDelayed(1), // v2, sequence 1, stuck (request 2)
    act.abort(1),
  ];

  test(
    'kafka.version=3.5: after an abort with a timed-out batch the client re-initialises; ' +
      'the late batch lands in the next transaction',
    () => {
      const s1 = run(solo({ 'kafka.version': '3.5', 'faults.network': 'true' }), ...lateBatch);
      expect(inst(s1, 1)).toMatchObject({ status: 'new', position: 0, unacked: [], producer: { bumpEpoch: true } });
      // ABORT at 1, late v2 at 2, v1 again at 3
      const s2 = run(s1, act.markers(0), act.deliver(2), act.init(1), act.begin(1), act.write(1));
      expect(inst(s2, 1).producer.epoch).toBe(1);
      expect(s2.events.filter((e) => e.type === 'duplicate')).toEqual([]);
      expect(s2.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}@${e.epoch}` : e.marker))).toEqual(
        ['v1@0', 'ABORT', 'v2@0', 'v1@1'],
      );
      const s3 = run(s2, act.write(1), act.sendOffsets(1), act.commit(1), act.markers(0));
      expect(readPartition(s3.kafka.partitions[0]!, 'read_committed').map((e) => e.value)).toEqual([2, 1, 2]);
    },
  );

  // KIP-890 part 1: the late batch finds no transaction of its producer open on the partition, so the
  // leader verifies it; the coordinator has it in none: INVALID_TXN_STATE (3.6, 3.7),
  // TRANSACTION_ABORTABLE from 3.8. Nothing is appended.
  for (const [version, error] of [
    ['3.6', 'INVALID_TXN_STATE'],
    ['3.9', 'TRANSACTION_ABORTABLE'],
  ] as const) {
    test(
      `kafka.version=${version} (transaction.version=1, verification): the ` + `late batch is refused with ${error}`,
      () => {
        const s = run(
          solo({ 'kafka.version': version, 'faults.network': 'true' }),
          ...lateBatch,
          act.markers(0),
          act.deliver(2),
        );
        expect(s.events).toEqual([
          { type: 'rejected', by: 'out-0', error, request: 'Produce(v2) after AddPartitionsToTxn(out-0, verify)' },
        ]);
        expect(s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker))).toEqual([
          'v1',
          'ABORT',
        ]);
        expect(s.kafka.partitions[0]!.lastStableOffset).toBe(2);
      },
    );
  }

  test('Retry resends the oldest timed-out batch and clears it once acknowledged', () => {
    const s1 = run(solo({ 'faults.network': 'true' }), act.init(1), act.begin(1), act.produceDelayed(1));
    expect(s1.events).toEqual([{ type: 'delayed', request: 1, what: 'Produce(v1)' }]);
    expect(inst(s1, 1)).toMatchObject({
      position: 1,
      producer: { sequences: [1] },
      unacked: [{ request: 1, partition: 0, value: 1, sequence: 0 }],
    });
    // transaction.version=2: the delayed request has not reached the leader, so the coordinator knows nothing yet.
    expect(s1.kafka.txns[0]!.state).toBe('Empty');
    const s2 = run(s1, act.retry(1));
    expect(s2.kafka.partitions[0]!.log[0]).toMatchObject({ offset: 0, value: 1, sequence: 0 });
    expect(inst(s2, 1).unacked).toEqual([]);
    expect(s2.nextRequest).toBe(3);
  });
});

describe('abort of a transaction nothing was added to', () => {
  // Why this test? The Java client sends no EndTxn when no partition or offsets were added to the
  // transaction: TransactionManager completes it locally ("Not sending EndTxn for completed
  // transaction since no partitions or offsets were successfully added"; with transaction.version=2,
  // "since no send or sendOffsetsToTransaction were triggered"). The model once sent EndTxn anyway
  // and the instance failed on INVALID_TXN_STATE.
  for (const version of ['1', '2']) {
    test(
      `completes at the client: the instance is ready again and the coordinator is untouched ` +
        `(transaction.version=${version})`,
      () => {
        const s1 = run(solo({ 'transaction.version': version }), act.init(1), act.begin(1));
        expect(isEnabled(s1, act.abort(1))).toBe(true);
        const s = run(s1, act.abort(1));
        expect(s.events.filter((e) => e.type === 'rejected')).toEqual([]);
        expect(inst(s, 1)).toMatchObject({ status: 'ready', position: 0, producer: { transaction: null } });
        expect(s.kafka.txns[0]!.state).toBe('Empty');
      },
    );
  }
});

describe('plain producer (enable.idempotence=false)', () => {
  test('starts ready without InitProducerId, writes non-transactional records and commits offsets directly', () => {
    const s0 = solo({ 'enable.idempotence': 'false' });
    expect(inst(s0, 1).status).toBe('ready');
    const s1 = run(s0, act.produce(1));
    expect(s1.kafka.partitions[0]!.log).toEqual([
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
    ]);
    expect(s1.kafka.partitions[0]!.lastStableOffset).toBe(1);
    expect(s1.kafka.txns[0]!.state).toBe('Empty');
    const s2 = run(s1, act.commitOffsets(1));
    // A simple commit (no group generation: -1).
    expect(group(s2).committed[0]).toEqual({
      offset: 1,
      recordOffset: 0,
      producerId: -1,
      epoch: -1,
      txnEpoch: null,
      origin: { instance: 1, txn: null },
      generation: -1,
    });
    expect(inst(s2, 1).committedPosition).toBe(1);
    expect(s2.events).toEqual([
      { type: 'offset', partition: 0, offset: 1, how: 'committed', generation: -1, stale: false },
    ]);
    expect(isEnabled(s2, act.commitOffsets(1))).toBe(false);
  });
});

describe('crash, restart, pause, resume', () => {
  test('Crash marks the instance crashed; Restart starts a new instance from the committed offset', () => {
    const s1 = run(
      solo({ 'input.records': '3' }),
      act.init(1),
      act.begin(1),
      act.write(1),
      act.sendOffsets(1),
      act.commit(1),
      act.markers(0),
      act.begin(1),
      act.write(1),
      act.crash(1),
    );
    expect(s1.faults).toEqual({ crashes: 1, pauses: 0 });
    expect(inst(s1, 1).status).toBe('crashed');
    expect(s1.events).toEqual([{ type: 'client', instance: 1, status: 'crashed' }]);
    const s2 = run(s1, act.restart(0));
    expect(s2.events).toEqual([{ type: 'client', instance: 2, status: 'started' }]);
    expect(inst(s2, 2)).toEqual({
      id: 2,
      app: 0,
      incarnation: 2,
      status: 'new',
      paused: false,
      producer: { txn: 0, producerId: -1, epoch: -1, sequences: [0], transaction: null, bumpEpoch: false },
      position: 1,
      committedPosition: 1,
      txnCount: 0,
      txnStart: null,
      unacked: [],
      awaiting: null,
    });
  });

  test('Pause starts a replacement at once; Resume lets the old instance act again', () => {
    const s1 = run(solo(), act.init(1), act.pause(1));
    expect(s1.faults).toEqual({ crashes: 0, pauses: 1 });
    expect(inst(s1, 1)).toMatchObject({ paused: true, status: 'ready' });
    expect(s1.events).toEqual([
      { type: 'client', instance: 1, status: 'paused' },
      { type: 'client', instance: 2, status: 'started' },
    ]);
    expect(isEnabled(s1, act.begin(1))).toBe(false);
    const s2 = run(s1, act.init(2), act.resume(1));
    expect(s2.events).toEqual([{ type: 'client', instance: 1, status: 'resumed' }]);
    expect(inst(s2, 1).paused).toBe(false);
    expect(isEnabled(s2, act.begin(1))).toBe(true);
  });
});
