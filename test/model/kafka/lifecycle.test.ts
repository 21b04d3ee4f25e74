/**
 * The producer-state lifecycle (faults.producer-state-loss, faults.epoch-exhaustion): a partition
 * leader forgetting an idle producer (ProducerStateManager.removeExpiredProducers), the coordinator
 * forgetting an idle transactional.id (TransactionStateManager.removeExpiredTransactionalIds), and
 * the 16-bit epoch running out (TransactionMetadata.isEpochExhausted, producer-id rotation).
 * Scripted through kafka-txn.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { cfg, scripted } from '../../helpers/check.js';

const i1 = 1;
const one = (version: string, ...more: string[]) =>
  cfg(
    entry.model.keys,
    `kafka.version=${version}`,
    'producers=1',
    'partitions=1',
    'input.records=3',
    'faults.zombies=false',
    'faults.crashes=0',
    ...more,
  );

/**
 * A committed transaction of one record, its markers written. `Append` is the leader's second
 * step when it checked the write with the coordinator (version 2, or version 1 with verification);
 * AddOffsetsToTxn is version 1's own request.
 */
const firstTxn: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: i1 },
  { type: 'BeginTxn', instance: i1 },
  { type: 'Produce', instance: i1, partition: 0 },
  { type: 'Append', instance: i1 },
  { type: 'AddOffsetsToTxn', instance: i1 },
  { type: 'TxnOffsetCommit', instance: i1 },
  { type: 'CommitTxn', instance: i1 },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
];

/** `actions` at `config`, without the steps its protocol version does not take (scripted throws on any other). */
function run(config: ReturnType<typeof one>, actions: KafkaTxnAction[]) {
  const v2 = config.transactionVersion === 2;
  return scripted(
    entry,
    config,
    actions.filter((a) => (a.type !== 'Append' || v2 || config.verification) && (a.type !== 'AddOffsetsToTxn' || !v2)),
  );
}

describe('a leader forgets an idle producer', () => {
  const forget: KafkaTxnAction = { type: 'LoseProducerState', partition: 0, producerId: 1 };
  const next: KafkaTxnAction[] = [
    { type: 'BeginTxn', instance: i1 },
    { type: 'Produce', instance: i1, partition: 0 },
  ];

  test('2.4: the next write past sequence 0 is UNKNOWN_PRODUCER_ID, fatal at the client (no KIP-360)', () => {
    const r = run(one('2.4', 'faults.producer-state-loss=true'), [...firstTxn, forget, ...next]);
    expect(r.last.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'UNKNOWN_PRODUCER_ID',
      request: 'Produce(v2)',
    });
    expect(r.last.instances[0]!.status).toBe('failed');
  });

  test('2.5 (KAFKA-8710): the write is accepted at its sequence, the state rebuilt from it', () => {
    const r = run(one('2.5', 'faults.producer-state-loss=true'), [...firstTxn, forget, ...next]);
    const p = r.last.kafka.partitions[0]!;
    expect(p.log.map((e) => (e.kind === 'data' ? `v${e.value}@seq${e.sequence}` : e.marker))).toEqual([
      'v1@seq0',
      'COMMIT',
      'v2@seq1',
    ]);
    expect(p.producers).toEqual([
      expect.objectContaining({ producerId: 1, epoch: 0, lastSequence: 1, firstOpenOffset: 2 }),
    ]);
  });

  test('the fault waits while a batch of the producer to that partition may still arrive', () => {
    const r = run(one('3.5', 'faults.producer-state-loss=true', 'faults.network=true'), [
      { type: 'InitProducerId', instance: i1 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'ProduceDelayed', instance: i1, partition: 0 },
    ]);
    expect(entry.model.enabled(r.last).some((a) => a.type === 'LoseProducerState')).toBe(false);
  });
});

describe('the coordinator forgets an idle transactional.id', () => {
  test('its next InitProducerId gets a new producer id; the old id is INVALID_PRODUCER_ID_MAPPING', () => {
    const r = run(one('3.9', 'faults.producer-state-loss=true'), [
      ...firstTxn,
      { type: 'ExpireTransactionalId', txn: 0 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
    ]);
    expect(r.states[10]!.kafka.txns[0]).toMatchObject({ producerId: -1, epoch: -1, state: 'Empty' });
    // transaction.version=1: the client's AddPartitionsToTxn names producer 1, which the coordinator no longer maps.
    expect(r.last.events).toContainEqual({
      type: 'rejected',
      by: 'coordinator',
      error: 'INVALID_PRODUCER_ID_MAPPING',
      request: 'AddPartitionsToTxn(out-0)',
    });
    // Abortable with KIP-360 until 4.0: the client ends the transaction locally and re-initialises.
    const after = run(one('3.9', 'faults.producer-state-loss=true'), [
      ...firstTxn,
      { type: 'ExpireTransactionalId', txn: 0 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'AbortTxn', instance: i1 },
      { type: 'InitProducerId', instance: i1 },
    ]);
    expect(after.last.instances[0]!.producer).toMatchObject({ producerId: 2, epoch: 0, bumpEpoch: false });
    expect(after.last.kafka.txns[0]).toMatchObject({ producerId: 2, epoch: 0 });
  });

  test('4.0: INVALID_PRODUCER_ID_MAPPING is fatal again (KAFKA-18019)', () => {
    const r = run(one('4.0', 'faults.producer-state-loss=true'), [
      ...firstTxn,
      { type: 'ExpireTransactionalId', txn: 0 },
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
    ]);
    expect(r.last.instances[0]!.status).toBe('failed');
  });
});

describe('epoch exhaustion (faults.epoch-exhaustion: epochs start at 32763)', () => {
  test('transaction.version=1: InitProducerId at epoch 32766 rotates to a new producer id at epoch 0', () => {
    const c = one('3.9', 'faults.epoch-exhaustion=true');
    const r = run(c, [{ type: 'InitProducerId', instance: i1 }]);
    expect(r.last.kafka.txns[0]).toMatchObject({ producerId: 1, epoch: 32763 });
    // Three InitProducerId calls of successive instances: 32764, 32765, 32766, then the rotation.
    const inits = run(one('3.9', 'faults.epoch-exhaustion=true', 'faults.crashes=4'), [
      { type: 'InitProducerId', instance: 1 },
      { type: 'Crash', instance: 1 },
      { type: 'Restart', app: 0 },
      { type: 'InitProducerId', instance: 2 },
      { type: 'Crash', instance: 2 },
      { type: 'Restart', app: 0 },
      { type: 'InitProducerId', instance: 3 },
      { type: 'Crash', instance: 3 },
      { type: 'Restart', app: 0 },
      { type: 'InitProducerId', instance: 4 },
      { type: 'Crash', instance: 4 },
      { type: 'Restart', app: 0 },
      { type: 'InitProducerId', instance: 5 },
    ]);
    const epochs = inits.states
      .filter((_, k) => k % 3 === 1)
      .map((s) => [s.kafka.txns[0]!.producerId, s.kafka.txns[0]!.epoch]);
    expect(epochs).toEqual([
      [1, 32763],
      [1, 32764],
      [1, 32765],
      [1, 32766],
      [2, 0],
    ]);
  });

  test(
    'transaction.version=2: the end at 32766 writes its markers at 32767, ' +
      'then the transaction completes to a new producer id',
    () => {
      const c = one('4.1', 'faults.epoch-exhaustion=true', 'input.records=4');
      const txn = (): KafkaTxnAction[] => [
        { type: 'BeginTxn', instance: i1 },
        { type: 'Produce', instance: i1, partition: 0 },
        { type: 'Append', instance: i1 },
        { type: 'TxnOffsetCommit', instance: i1 },
        { type: 'CommitTxn', instance: i1 },
        { type: 'WriteTxnMarker', txn: 0, partition: 0 },
        { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
      ];
      const r = run(c, [{ type: 'InitProducerId', instance: i1 }, ...txn(), ...txn(), ...txn()]);
      const markers = r.last.kafka.partitions[0]!.log.filter((e) => e.kind === 'control').map((e) => [
        e.producerId,
        e.epoch,
      ]);
      // 32763 -> end bumps to 32764, 32765, then the end at 32766 marks with 32767 and rotates.
      expect(markers).toEqual([
        [1, 32764],
        [1, 32765],
        [1, 32766],
      ]);
      const r4 = run(c, [{ type: 'InitProducerId', instance: i1 }, ...txn(), ...txn(), ...txn(), ...txn()]);
      const last = r4.last.kafka.partitions[0]!.log.filter((e) => e.kind === 'control').at(-1)!;
      expect([last.producerId, last.epoch]).toEqual([1, 32767]);
      expect(r4.last.kafka.txns[0]).toMatchObject({ producerId: 2, epoch: 0, state: 'CompleteCommit' });
      expect(r4.last.instances[0]!.producer).toMatchObject({ producerId: 1, epoch: 32767 });
      expect(r4.violations).toEqual([]);
    },
  );
});
