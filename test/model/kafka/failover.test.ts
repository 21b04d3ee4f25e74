/**
 * Transaction-coordinator failover (TransactionCoordinator.onElection, faults.coordinator-failover):
 * the new coordinator re-sends every marker of a Prepare* transaction with its own coordinator
 * epoch; a marker the old coordinator had queued may still arrive, and the partition leader fences
 * it by coordinator epoch (ProducerAppendInfo.checkCoordinatorEpoch,
 * safeguard.coordinator-epoch-fencing). Scripted through kafka-txn on kafka.version=3.5
 * (transaction.version=1, no verification), where a late marker of the same epoch would otherwise
 * land in the producer's next transaction; and on 4.1 with replicated partitions, where a marker
 * being replicated at the move is not a stale one, and a new partition leader keeps the coordinator
 * epoch its log's control records carry.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { replayTrace } from '../../../traces/replay.js';
import { cfg, scripted } from '../../helpers/check.js';
import { keptSteps, keptTrace } from '../../helpers/fixture-traces.js';

const base = ['kafka.version=3.5', 'producers=1', 'partitions=1', 'faults.coordinator-failover=1', 'input.records=2'];
const i1 = 1;

/** One committed transaction whose markers the coordinator decided before it moved. */
const commitThenMove: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: i1 },
  { type: 'BeginTxn', instance: i1 },
  { type: 'Produce', instance: i1, partition: 0 },
  { type: 'AddOffsetsToTxn', instance: i1 },
  { type: 'TxnOffsetCommit', instance: i1 },
  { type: 'CommitTxn', instance: i1 },
  { type: 'CoordinatorFailover' },
  { type: 'CoordinatorLoaded' },
];

describe('a coordinator move with markers decided', () => {
  test('the new coordinator re-sends every marker with its epoch; the old one is left on its way', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...base), commitThenMove);
    const k = r.last.kafka;
    expect(k.coordinator.epoch).toBe(1);
    expect(k.coordinator.staleMarkers).toEqual([
      {
        partition: 0,
        producerId: 1,
        epoch: 0,
        marker: 'COMMIT',
        coordinatorEpoch: 0,
        txnEpoch: 0,
        endedBy: 0,
      },
    ]);
    expect(k.txns[0]!.state).toBe('PrepareCommit');
    expect(k.txns[0]!.pending?.partitions).toEqual([0]);
    expect(k.txns[0]!.pending?.offsetsGroup).toBe(0);
    expect(r.last.events).toContainEqual({ type: 'coordinator-loaded', epoch: 1, resent: ['app-0'] });
  });

  test('the old coordinator marker arriving first is written (same decision), then the new one again', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...base), [
      ...commitThenMove,
      { type: 'StaleMarker', marker: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
    const log = r.last.kafka.partitions[0]!.log.map((e) => (e.kind === 'control' ? e.marker : `v${e.value}`));
    expect(log).toEqual(['v1', 'COMMIT', 'COMMIT']);
    expect(r.last.kafka.txns[0]!.state).toBe('CompleteCommit');
    expect(r.violations).toEqual([]);
  });

  /** The new coordinator completes, the producer opens its next transaction, then the stale marker lands. */
  const lateStale: KafkaTxnAction[] = [
    ...commitThenMove,
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    { type: 'BeginTxn', instance: i1 },
    { type: 'Produce', instance: i1, partition: 0 },
    { type: 'StaleMarker', marker: 0 },
    { type: 'AbortTxn', instance: i1 },
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  ];

  test('with the safeguard the leader fences the stale marker: TRANSACTION_COORDINATOR_FENCED', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...base), lateStale);
    const fenced = r.states[13]!.events.find((e) => e.type === 'rejected');
    expect(fenced).toEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'TRANSACTION_COORDINATOR_FENCED',
      request: 'WriteTxnMarkers(COMMIT, coordinator epoch 0)',
    });
    expect(r.violations).toEqual([]);
  });

  test('without it the stale COMMIT closes the next transaction on out-0: its record survives the abort', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...base, 'safeguard.coordinator-epoch-fencing=false'), lateStale);
    const log = r.last.kafka.partitions[0]!.log.map((e) => (e.kind === 'control' ? e.marker : `v${e.value}`));
    expect(log).toEqual(['v1', 'COMMIT', 'v2', 'COMMIT', 'ABORT']);
    // Judged when the client is told ABORT (step 14, index 13): v2 was already committed by the stale marker.
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['txn-atomicity', 13]]);
    expect(r.violations[0]!.message).toBe(
      'transaction 2 of app-0#1: v2 at out-0 offset 2 is committed, but the client was told ABORT',
    );
  });
});

// Why this test? A replicated leader appends a marker and answers once the high watermark passes it; a coordinator
// that moved in between left that append behind. The model took it as the new coordinator's answer (no marker of
// the new coordinator epoch written) and kept a stale copy of the marker that had already arrived, which then closed
// the producer's next transaction: txn-atomicity at 4.1, replication.factor=3, min.insync.replicas=2, acks=all, found
// by `check kafka-txn --set kafka.version=4.1 --set replication.factor=3 --set min.insync.replicas=2 --set acks=all
// --set unclean.leader.election.enable=false --set faults.broker=1 --set faults.coordinator-failover=1 --set
// producers=1 --set partitions=1` (the portfolio's pass, 23 steps).
describe('a coordinator move while a marker is being replicated', () => {
  const { keys, actions } = keptSteps<KafkaTxnAction>('resent-marker-stale-copy');
  // 1-10: a transaction aborted, its ABORT marker appended at out-0 offset 1 and not yet under the high watermark;
  // 11: the coordinator moves; 12: the new one has loaded its partition; 13-14: broker 1 fetches; 15: the new
  // coordinator's marker.
  const moved = actions.slice(0, 11);

  test('the appended marker is not on its way any more: no stale copy of it', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), moved);
    expect(r.last.kafka.coordinator.staleMarkers).toEqual([]);
    expect(r.last.kafka.txns[0]!.pending).toMatchObject({ partitions: [0], marker: 'ABORT' });
    expect(r.last.kafka.txns[0]!.pending?.written).toBeUndefined();
  });

  test('the new coordinator appends its own marker, with its coordinator epoch, and waits for it', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), actions.slice(0, 15));
    const out = r.last.kafka.partitions[0]!;
    expect(out.log.map((e) => (e.kind === 'control' ? `${e.marker}@${e.offset}` : `v${e.value}@${e.offset}`))).toEqual([
      'v1@0',
      'ABORT@1',
      'ABORT@2',
    ]);
    expect(out.producers).toEqual([expect.objectContaining({ producerId: 1, epoch: 1, coordinatorEpoch: 1 })]);
    expect(r.last.kafka.txns[0]!.state).toBe('PrepareAbort');
    expect(r.last.kafka.txns[0]!.pending?.written).toEqual([{ partition: 0, offset: 2, epoch: 0 }]);
  });

  test(
    'the rest of the trace no longer fits: the next write waits for the new marker ' +
      "(the coordinator's CONCURRENT_TRANSACTIONS, which the leader answers as NOT_ENOUGH_REPLICAS)",
    () => {
      const r = scripted(entry, cfg(entry.model.keys, ...keys), actions.slice(0, 17));
      expect(r.last.events).toContainEqual({
        type: 'rejected',
        by: 'out-0',
        error: 'NOT_ENOUGH_REPLICAS',
        request: 'Produce(v1) after AddPartitionsToTxn(out-0, verify)',
      });
      const replayed = replayTrace(entry, keptTrace('resent-marker-stale-copy'));
      expect(replayed.ok ? 'replayed' : replayed.error).toMatch(
        /^step 18 \(\{"type":"Append","instance":1\}\) is not enabled/,
      );
    },
  );
});

// Why this test? A new leader rebuilt its producer state from its log, whose control records carried no
// coordinator epoch, so every producer's coordinator epoch became -1 and a marker of a deposed coordinator was
// written: it closed the producer's next transaction (txn-atomicity, 24 steps) at 4.1 with replication.factor=2,
// min.insync.replicas=1, acks=all, unclean.leader.election.enable=false, found by `check kafka-txn --set
// kafka.version=4.1 --set replication.factor=2 --set min.insync.replicas=1 --set acks=all --set
// unclean.leader.election.enable=false --set faults.broker=1 --set faults.coordinator-failover=1 --set producers=1
// --set partitions=1 --max-seconds 90`. In Kafka the control record carries it (EndTransactionMarker), followers
// replay it into their ProducerStateManager and snapshots persist it, so the new leader fences the stale marker.
describe('a new leader keeps the coordinator epoch of every producer', () => {
  const { keys, actions } = keptSteps<KafkaTxnAction>('rebuilt-leader-forgets-coordinator-epoch');
  // 1-8: a transaction aborted (its producer epoch bumped to 1) and the next one begun; 9: the coordinator moves,
  // the old one's ABORT to out-0 still on its way; 10: the new one has loaded its partition; 11: the new
  // coordinator's ABORT; 12-13: the next transaction writes out-0; 14-15: broker 0, out-0's only ISR member, crashes
  // and comes back as its leader; 16: the stale ABORT.
  const upToStale = actions.slice(0, 16);

  test('the control record carries the coordinator epoch, and the rebuilt producer state keeps it', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), upToStale.slice(0, 15));
    const out = r.last.kafka.partitions[0]!;
    expect(r.last.events).toContainEqual({ type: 'leader', partition: 0, broker: 0, epoch: 1, how: 'clean' });
    expect(out.log[1]).toMatchObject({ kind: 'control', marker: 'ABORT', epoch: 1, coordinatorEpoch: 1 });
    expect(out.producers).toEqual([
      {
        producerId: 1,
        epoch: 1,
        lastSequence: 0,
        firstOpenOffset: 2,
        batches: [{ sequence: 0, offset: 2 }],
        coordinatorEpoch: 1,
      },
    ]);
  });

  test("so the deposed coordinator's marker is refused: TRANSACTION_COORDINATOR_FENCED, the log unchanged", () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), upToStale);
    expect(r.last.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'TRANSACTION_COORDINATOR_FENCED',
        request: 'WriteTxnMarkers(ABORT, coordinator epoch 0)',
      },
    ]);
    expect(r.last.kafka.partitions[0]!.log).toHaveLength(3);
    expect(r.last.kafka.coordinator.staleMarkers).toEqual([]);
  });

  test('and the run goes on to hold: the next transaction commits whole', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), upToStale, true);
    expect(r.violations).toEqual([]);
    expect(r.quiescent).toBe(true);
    expect(r.last.outcomes).toEqual([
      { instance: 1, txn: 1, result: 'ABORT' },
      { instance: 1, txn: 2, result: 'COMMIT' },
    ]);
  });

  test('with safeguard.coordinator-epoch-fencing=false the trace replays as found and breaks txn-atomicity', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys, 'safeguard.coordinator-epoch-fencing=false'), actions);
    expect(r.states[16]!.kafka.partitions[0]!.log[3]).toMatchObject({ kind: 'control', coordinatorEpoch: 0 });
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['txn-atomicity', 24]]);
  });

  test('the trace as found no longer fits: with the marker refused, the next write needs no verification', () => {
    const replayed = replayTrace(entry, keptTrace('rebuilt-leader-forgets-coordinator-epoch'));
    expect(replayed.ok ? 'replayed' : replayed.error).toMatch(
      /^step 20 \(\{"type":"Append","instance":1\}\) is not enabled/,
    );
  });
});

// The same with three replicas: the new leader is another broker, whose producer state its fetches built.
describe('three replicas: a follower elected leader fences the deposed coordinator too', () => {
  const pairs = [
    'kafka.version=4.1',
    'replication.factor=3',
    'min.insync.replicas=2',
    'acks=all',
    'unclean.leader.election.enable=false',
    'faults.broker=1',
    'faults.coordinator-failover=1',
    'producers=1',
    'partitions=1',
  ];
  const fetchAll: KafkaTxnAction[] = [
    { type: 'Fetch', partition: 0, broker: 1 },
    { type: 'Fetch', partition: 0, broker: 2 },
    { type: 'Fetch', partition: 0, broker: 1 },
    { type: 'Fetch', partition: 0, broker: 2 },
  ];
  const steps: KafkaTxnAction[] = [
    { type: 'InitProducerId', instance: i1 },
    { type: 'BeginTxn', instance: i1 },
    { type: 'Produce', instance: i1, partition: 0 },
    { type: 'Append', instance: i1 },
    ...fetchAll,
    { type: 'AckProduce', instance: i1 },
    { type: 'AbortTxn', instance: i1 },
    { type: 'BeginTxn', instance: i1 },
    // The old coordinator's ABORT to out-0 is still to be sent: a stale marker of coordinator epoch 0.
    { type: 'CoordinatorFailover' },
    { type: 'CoordinatorLoaded' },
    // The new coordinator's ABORT (coordinator epoch 1), replicated to both followers, then answered.
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ...fetchAll,
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    // The next transaction writes out-0 and broker 1 fetches it; broker 0 crashes, broker 1 leads.
    { type: 'Produce', instance: i1, partition: 0 },
    { type: 'Append', instance: i1 },
    { type: 'Fetch', partition: 0, broker: 1 },
    { type: 'BrokerCrash', broker: 0 },
    { type: 'StaleMarker', marker: 0 },
  ];

  test('broker 1 leads with the coordinator epoch of the marker it replicated and refuses the stale ABORT', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...pairs), steps, true);
    const crashed = r.states[23]!;
    expect(crashed.kafka.replication!.partitions[0]).toMatchObject({ leader: 1, epoch: 1, isr: [1, 2] });
    expect(crashed.kafka.partitions[0]!.producers).toEqual([
      expect.objectContaining({ producerId: 1, epoch: 1, firstOpenOffset: 2, coordinatorEpoch: 1 }),
    ]);
    expect(r.states[24]!.events).toEqual([
      {
        type: 'rejected',
        by: 'out-0',
        error: 'TRANSACTION_COORDINATOR_FENCED',
        request: 'WriteTxnMarkers(ABORT, coordinator epoch 0)',
      },
    ]);
    expect(r.violations).toEqual([]);
    expect(r.last.outcomes).toEqual([
      { instance: 1, txn: 1, result: 'ABORT' },
      { instance: 1, txn: 2, result: 'COMMIT' },
    ]);
  });

  test('without safeguard.coordinator-epoch-fencing the stale ABORT ends the next transaction (txn-atomicity)', () => {
    const off = cfg(entry.model.keys, ...pairs, 'safeguard.coordinator-epoch-fencing=false');
    const r = scripted(entry, off, steps, true);
    expect(
      r.states[24]!.kafka.partitions[0]!.log.map((e) => (e.kind === 'control' ? e.marker : `v${e.value}`)),
    ).toEqual(['v1', 'ABORT', 'v1', 'ABORT']);
    expect(r.violations.map((v) => v.invariant)).toEqual(['txn-atomicity', 'no-loss']);
  });
});
