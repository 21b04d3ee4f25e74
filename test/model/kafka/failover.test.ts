/**
 * Transaction-coordinator failover (TransactionCoordinator.onElection, faults.coordinator-failover):
 * the new coordinator re-sends every marker of a Prepare* transaction with its own coordinator
 * epoch; a marker the old coordinator had queued may still arrive, and the partition leader fences
 * it by coordinator epoch (ProducerAppendInfo.checkCoordinatorEpoch,
 * safeguard.coordinator-epoch-fencing). Scripted through kafka-txn on kafka.version=3.5
 * (transaction.version=1, no verification), where a late marker of the same epoch would otherwise
 * land in the producer's next transaction.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { cfg, scripted } from '../../helpers/check.js';

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
    expect(r.last.events).toContainEqual({ type: 'coordinator-moved', epoch: 1, resent: ['app-0'] });
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
    const fenced = r.states[12]!.events.find((e) => e.type === 'rejected');
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
    // Judged when the client is told ABORT (step 13, index 12): v2 was already committed by the stale marker.
    expect(r.violations.map((v) => [v.invariant, v.step])).toEqual([['txn-atomicity', 12]]);
    expect(r.violations[0]!.message).toBe(
      'transaction 2 of app-0#1: v2 at out-0 offset 2 is committed, but the client was told ABORT',
    );
  });
});
