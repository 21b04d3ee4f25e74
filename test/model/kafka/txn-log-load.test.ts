/**
 * The transaction coordinator's load window after a move (faults.coordinator-failover): until
 * CoordinatorLoaded the new coordinator answers InitProducerId, AddPartitionsToTxn,
 * AddOffsetsToTxn and EndTxn with COORDINATOR_LOAD_IN_PROGRESS, which the client retries (the
 * request is taken once loaded), sends no marker and aborts no timed-out transaction
 * (TransactionStateManager.loadTransactionsForTxnTopicPartition, Kafka 3.9). Scripted through
 * kafka-txn on kafka.version=3.5 (transaction.version=1, the client adds its partitions).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { cfg, scripted } from '../../helpers/check.js';

const base = ['kafka.version=3.5', 'producers=1', 'partitions=1', 'faults.coordinator-failover=1', 'input.records=2'];
const i1 = 1;
const model = entry.model;
const conf = cfg(model.keys, ...base);

const types = (s: KafkaTxnState): string[] => model.enabled(s).map((a) => a.type);
/** The steps of a script as the trace prints them. */
const lines = (r: {
  readonly steps: readonly { readonly action: { readonly type: string } }[];
  readonly states: readonly KafkaTxnState[];
}): string[] => r.steps.map((st, n) => model.describe(r.states[n]!, st.action as KafkaTxnAction));

const opened: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: i1 },
  { type: 'BeginTxn', instance: i1 },
  { type: 'Produce', instance: i1, partition: 0 },
  { type: 'AddOffsetsToTxn', instance: i1 },
  { type: 'TxnOffsetCommit', instance: i1 },
];

describe('the new coordinator loads its partition before it answers', () => {
  test('InitProducerId waits for the load, then succeeds', () => {
    const moved = scripted(entry, conf, [{ type: 'CoordinatorFailover' }]);
    expect(moved.last.kafka.coordinator).toMatchObject({ epoch: 1, moves: 1, loading: true });
    // COORDINATOR_LOAD_IN_PROGRESS: the client re-enqueues the request; nothing changes until the load is done.
    expect(types(moved.last)).toEqual(['CoordinatorLoaded', 'Crash']);
    const r = scripted(entry, conf, [
      { type: 'CoordinatorFailover' },
      { type: 'CoordinatorLoaded' },
      { type: 'InitProducerId', instance: i1 },
    ]);
    expect(lines(r)).toEqual([
      'fault.CoordinatorFailover(coordinator epoch 0 -> 1; COORDINATOR_LOAD_IN_PROGRESS until loaded)',
      'coordinator.CoordinatorLoaded(__transaction_state at coordinator epoch 1)',
      'app-0#1.InitProducerId()',
    ]);
    expect(r.last.kafka.coordinator.loading).toBeUndefined();
    expect(r.last.kafka.txns[0]).toMatchObject({ producerId: 1, epoch: 0, state: 'Empty' });
  });

  test('EndTxn waits for the load; the commit then goes through with the new coordinator epoch', () => {
    const moved = scripted(entry, conf, [...opened, { type: 'CoordinatorFailover' }]);
    const waiting = types(moved.last);
    expect(waiting).not.toContain('CommitTxn');
    expect(waiting).not.toContain('AbortTxn');
    expect(waiting).toContain('CoordinatorLoaded');
    const r = scripted(entry, conf, [
      ...opened,
      { type: 'CoordinatorFailover' },
      { type: 'CoordinatorLoaded' },
      { type: 'CommitTxn', instance: i1 },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
    expect(r.last.kafka.txns[0]!.state).toBe('CompleteCommit');
    expect(r.last.kafka.partitions[0]!.log.at(-1)).toMatchObject({ kind: 'control', coordinatorEpoch: 1 });
    expect(r.last.outcomes).toEqual([{ instance: 1, txn: 1, result: 'COMMIT' }]);
    expect(r.violations).toEqual([]);
  });

  test("the markers of a Prepare* transaction are re-sent from the load's callback, not before", () => {
    const decided: KafkaTxnAction[] = [...opened, { type: 'CommitTxn', instance: i1 }, { type: 'CoordinatorFailover' }];
    const moved = scripted(entry, conf, decided);
    // The old coordinator's COMMIT to out-0 may still arrive; the new one sends nothing yet.
    expect(types(moved.last).filter((t) => t.includes('Marker'))).toEqual(['StaleMarker']);
    expect(moved.last.events).toEqual([{ type: 'coordinator-moved', epoch: 1 }]);
    const r = scripted(entry, conf, [...decided, { type: 'CoordinatorLoaded' } as const]);
    expect(lines(r).at(-1)).toBe(
      'coordinator.CoordinatorLoaded(__transaction_state at coordinator epoch 1: markers of app-0 re-sent)',
    );
    expect(r.last.events).toEqual([{ type: 'coordinator-loaded', epoch: 1, resent: ['app-0'] }]);
    expect(model.enabled(r.last).filter((a) => a.type === 'WriteTxnMarker')).toEqual([
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
  });

  test('a transaction past its timeout while the coordinator loads is aborted once it is loaded', () => {
    const r = scripted(entry, conf, [...opened, { type: 'CoordinatorFailover' }, { type: 'Tick' }]);
    expect(r.last.now).toBe(60000);
    expect(r.last.kafka.txns[0]!.state).toBe('Ongoing');
    expect(types(r.last)).not.toContain('ExpireTxn');
    const loaded = scripted(entry, conf, [
      ...opened,
      { type: 'CoordinatorFailover' },
      { type: 'Tick' },
      { type: 'CoordinatorLoaded' },
      { type: 'ExpireTxn', txn: 0 },
    ]);
    expect(loaded.last.kafka.txns[0]).toMatchObject({ state: 'PrepareAbort', epoch: 1 });
  });

  test('the fault-free drain finishes the load first, and the run completes', () => {
    const r = scripted(entry, conf, [...opened, { type: 'CoordinatorFailover' }], true);
    expect(r.steps[opened.length + 1]).toEqual({ action: { type: 'CoordinatorLoaded' }, phase: 'drain' });
    expect(r.quiescent).toBe(true);
    expect(r.violations).toEqual([]);
  });
});
