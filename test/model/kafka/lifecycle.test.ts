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
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { replayTrace } from '../../../traces/replay.js';
import { cfg, scripted } from '../../helpers/check.js';
import { keptSteps, keptTrace } from '../../helpers/fixture-traces.js';

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

describe('the leader expires a producer only after a day of its silence (isProducerExpired)', () => {
  const loss: KafkaTxnAction = { type: 'LoseProducerState', partition: 0, producerId: 1 };
  const losses = (st: KafkaTxnState) => entry.model.enabled(st).filter((a) => a.type === 'LoseProducerState');

  test('where Kafka expires it (no transaction open, idle): the clock moves on by producer.id.expiration.ms', () => {
    const r = run(one('4.1', 'faults.producer-state-loss=true'), [...firstTxn, loss]);
    const before = r.states.at(-2)!;
    expect(losses(before)).toEqual([loss]);
    expect(before.now).toBe(0);
    expect(r.last.now).toBe(86400000);
    expect(r.last.kafka.partitions[0]!.producers).toEqual([]);
    expect(r.last.events).toEqual([
      { type: 'clock', now: 86400000 },
      {
        type: 'forgotten',
        partition: 0,
        what: 'out-0 expired producer 1: no transaction open and idle past producer.id.expiration.ms',
      },
    ]);
    expect(entry.model.describe(before, loss)).toBe(
      'fault.LoseProducerState(out-0, producer 1: idle for producer.id.expiration.ms 86400000 ms, expired)',
    );
  });

  test('before 3.4 (KIP-854) the leader took transactional.id.expiration.ms: a week', () => {
    const r = run(one('3.3', 'faults.producer-state-loss=true'), [...firstTxn, loss]);
    expect(r.last.now).toBe(604800000);
    expect(r.last.events).toContainEqual({
      type: 'forgotten',
      partition: 0,
      what: 'out-0 expired producer 1: no transaction open and idle past transactional.id.expiration.ms',
    });
  });

  test('not while its transaction is open on the partition, nor while a live instance of it is in one', () => {
    const c = one('4.1', 'faults.producer-state-loss=true');
    const open = run(c, firstTxn.slice(0, 4));
    expect(open.last.kafka.partitions[0]!.producers[0]!.firstOpenOffset).toBe(0);
    expect(losses(open.last)).toEqual([]);
    // beginTransaction() alone, nothing sent yet: a live producer with input writes or ends it within its timeout.
    const begun = run(c, [...firstTxn, { type: 'BeginTxn', instance: i1 }]);
    expect(begun.last.kafka.txns[0]!.state).toBe('CompleteCommit');
    expect(losses(begun.last)).toEqual([]);
    // The same instance crashed: nothing of it writes again, the partition may go a day without a word.
    const crashed = run(one('4.1', 'faults.producer-state-loss=true', 'faults.crashes=1'), [
      ...firstTxn,
      { type: 'BeginTxn', instance: i1 },
      { type: 'Crash', instance: i1 },
    ]);
    expect(losses(crashed.last)).toEqual([loss]);
  });

  test('not while any transaction is open at the coordinator: its timeout ends it first, then the day may pass', () => {
    const c = one('4.1', 'faults.producer-state-loss=true', 'partitions=2', 'faults.crashes=1');
    // Producer 1 is idle on out-0; its next transaction writes out-1 and its process dies.
    const r = run(c, [
      ...firstTxn,
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 1 },
      { type: 'Append', instance: i1 },
      { type: 'Crash', instance: i1 },
    ]);
    expect(r.last.kafka.txns[0]!.state).toBe('Ongoing');
    expect(losses(r.last)).toEqual([]);
    const aborted = run(c, [
      ...firstTxn,
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 1 },
      { type: 'Append', instance: i1 },
      { type: 'Crash', instance: i1 },
      { type: 'Tick' },
      { type: 'ExpireTxn', txn: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: 1 },
    ]);
    expect(aborted.last.kafka.txns[0]!.state).toBe('CompleteAbort');
    expect(losses(aborted.last)).toEqual([loss, { type: 'LoseProducerState', partition: 1, producerId: 1 }]);
  });

  test("the previous coordinator's markers still on their way are gone by the time it lands", () => {
    const c = one('3.5', 'faults.producer-state-loss=true', 'faults.coordinator-failover=1');
    const moved: KafkaTxnAction[] = [
      ...firstTxn.slice(0, 7),
      { type: 'CoordinatorFailover' },
      { type: 'CoordinatorLoaded' },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ];
    const before = run(c, moved);
    expect(before.last.kafka.coordinator.staleMarkers).toHaveLength(1);
    expect(entry.model.enabled(before.last)).toContainEqual({ type: 'StaleMarker', marker: 0 });
    const r = run(c, [...moved, loss]);
    expect(r.last.kafka.coordinator.staleMarkers).toEqual([]);
    expect(r.last.events).toContainEqual({
      type: 'forgotten',
      partition: null,
      what: "the previous coordinator's undelivered markers are gone",
    });
    expect(entry.model.enabled(r.last).some((a) => a.type === 'StaleMarker')).toBe(false);
  });

  // Why this test? With no clock the loss came at any moment, beside what a day of silence rules out, and the
  // old coordinator's marker then ended the producer's next transaction (txn-atomicity): found by `check kafka-txn
  // --set kafka.version=3.9 --set faults.coordinator-failover=1 --set faults.producer-state-loss=true --exhaustive
  // --depth 12` (15 steps) and, at 4.1, `check kafka-txn --set faults.coordinator-failover=1 --set
  // faults.producer-state-loss=true --set producers=1 --exhaustive --depth 13` (14 steps).
  for (const [version, name] of [
    ['3.9', 'expiry-after-failover-3.9'],
    ['4.1', 'expiry-after-failover-4.1'],
  ] as const)
    test(`${version}: the trace found then does not fit: the loss came with the producer live in a transaction`, () => {
      const { keys, actions } = keptSteps<KafkaTxnAction>(name);
      const r = scripted(entry, cfg(entry.model.keys, ...keys), actions.slice(0, 9));
      // 6: beginTransaction(); 7: the coordinator moved with the ABORT to out-0 unsent; 8: the new one loaded its
      // partition; 9: it wrote the ABORT.
      expect(r.last.instances[0]).toMatchObject({ id: 1, status: 'in-txn', paused: false });
      expect(r.last.kafka.coordinator.staleMarkers).toHaveLength(1);
      expect(losses(r.last)).toEqual([]);
      const replayed = replayTrace(entry, keptTrace(name));
      expect(replayed.ok ? 'replayed' : replayed.error).toMatch(/^step 10 \(\{"type":"LoseProducerState",/);
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

  /**
   * Three committed transactions take the epoch to 32766; the fourth is open there when its producer crashes
   * and the restarted instance calls InitProducerId (TransactionCoordinator.handleInitProducerId fences it).
   */
  const hangAt32766 = (version: string) => {
    const c = one(version, 'faults.epoch-exhaustion=true', 'faults.crashes=1', 'input.records=4');
    const txn = (): KafkaTxnAction[] => [
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'Append', instance: i1 },
      { type: 'TxnOffsetCommit', instance: i1 },
      { type: 'CommitTxn', instance: i1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ];
    const trace: KafkaTxnAction[] = [
      { type: 'InitProducerId', instance: i1 },
      ...txn(),
      ...txn(),
      ...txn(),
      { type: 'BeginTxn', instance: i1 },
      { type: 'Produce', instance: i1, partition: 0 },
      { type: 'Append', instance: i1 },
      { type: 'Crash', instance: i1 },
      { type: 'Restart', app: 0 },
      { type: 'InitProducerId', instance: 2 },
    ];
    return scripted(entry, c, trace, true);
  };

  test('4.0.0 (KAFKA-19367): the fence of a transaction open at 32766 overflows; no instance starts again', () => {
    const r = hangAt32766('4.0.0');
    const afterInit = r.states[28]!;
    expect(afterInit.kafka.txns[0]).toMatchObject({ producerId: 1, epoch: 32767, state: 'Ongoing', pending: null });
    expect(afterInit.instances[1]!.status).toBe('failed');
    expect(afterInit.events).toContainEqual({
      type: 'rejected',
      by: 'coordinator',
      error: 'UNKNOWN_SERVER_ERROR',
      request: 'InitProducerId(app-0)',
    });
    // Every restarted instance fails the same way and the open transaction holds the partition's LSO.
    expect(r.violations).toEqual([
      { invariant: 'progress', message: 'the fault-free drain did not reach quiescence within 400 steps', step: 427 },
    ]);
    expect(r.last.kafka.partitions[0]!.lastStableOffset).toBe(6);
  });

  test('4.0.1 and 4.1: the same trace aborts at 32767, the next instance gets a new producer id', () => {
    for (const v of ['4.0.1', '4.1']) {
      const r = hangAt32766(v);
      expect(r.states[28]!.kafka.txns[0]).toMatchObject({ producerId: 1, epoch: 32767, state: 'PrepareAbort' });
      expect(r.violations).toEqual([]);
      expect(r.last.kafka.txns[0]).toMatchObject({ producerId: 2, state: 'CompleteCommit' });
    }
  });
});
