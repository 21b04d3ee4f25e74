/**
 * Transaction-coordinator failover (TransactionCoordinator.onElection, faults.coordinator-failover):
 * the new coordinator re-sends every marker of a Prepare* transaction with its own coordinator
 * epoch; a marker the old coordinator had queued may still arrive, and the partition leader fences
 * it by coordinator epoch (ProducerAppendInfo.checkCoordinatorEpoch,
 * safeguard.coordinator-epoch-fencing). Scripted through kafka-txn on kafka.version=3.5
 * (transaction.version=1, no verification), where a late marker of the same epoch would otherwise
 * land in the producer's next transaction.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import { replayTrace } from '../../../traces/replay.js';
import { decodeTrace, type Trace } from '../../../traces/trace.js';
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

/** A trace kept in test/fixtures/traces, as it was found. */
function decoded(name: string): Trace {
  const d = decodeTrace(
    readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'traces', `${name}.json`), 'utf8'),
  );
  if (!d.ok) throw new Error(d.error);
  return d.trace;
}

/** A kept trace's config as `key=value` pairs and its actions. */
function fixture(name: string): { keys: string[]; actions: KafkaTxnAction[] } {
  const t = decoded(name);
  return {
    keys: Object.entries(t.config).map(([k, v]) => `${k}=${String(v)}`),
    actions: t.steps.map((s) => s.action as KafkaTxnAction),
  };
}

// Why this test? A replicated leader appends a marker and answers once the high watermark passes it; a coordinator
// that moved in between left that append behind. The model took it as the new coordinator's answer (no marker of
// the new coordinator epoch written) and kept a stale copy of the marker that had already arrived, which then closed
// the producer's next transaction: txn-atomicity at 4.1, replication.factor=3, min.insync.replicas=2, acks=all, found
// by `check kafka-txn --set kafka.version=4.1 --set replication.factor=3 --set min.insync.replicas=2 --set acks=all
// --set unclean.leader.election.enable=false --set faults.broker=1 --set faults.coordinator-failover=1 --set
// producers=1 --set partitions=1` (the portfolio's pass, 23 steps).
describe('a coordinator move while a marker is being replicated', () => {
  const { keys, actions } = fixture('resent-marker-stale-copy');
  // 1-10: a transaction aborted, its ABORT marker appended at out-0 offset 1 and not yet under the high watermark;
  // 11: the coordinator moves; 12-13: broker 1 fetches; 14: the new coordinator's marker.
  const moved = actions.slice(0, 11);

  test('the appended marker is not on its way any more: no stale copy of it', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), moved);
    expect(r.last.kafka.coordinator.staleMarkers).toEqual([]);
    expect(r.last.kafka.txns[0]!.pending).toMatchObject({ partitions: [0], marker: 'ABORT' });
    expect(r.last.kafka.txns[0]!.pending?.written).toBeUndefined();
  });

  test('the new coordinator appends its own marker, with its coordinator epoch, and waits for it', () => {
    const r = scripted(entry, cfg(entry.model.keys, ...keys), actions.slice(0, 14));
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
      const r = scripted(entry, cfg(entry.model.keys, ...keys), actions.slice(0, 16));
      expect(r.last.events).toContainEqual({
        type: 'rejected',
        by: 'out-0',
        error: 'NOT_ENOUGH_REPLICAS',
        request: 'Produce(v1) after AddPartitionsToTxn(out-0, verify)',
      });
      const replayed = replayTrace(entry, decoded('resent-marker-stale-copy'));
      expect(replayed.ok ? 'replayed' : replayed.error).toMatch(
        /^step 17 \(\{"type":"Append","instance":1\}\) is not enabled/,
      );
    },
  );
});
