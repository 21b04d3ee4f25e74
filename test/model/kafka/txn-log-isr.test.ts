/**
 * faults.txn-log-isr-shrink: the ISR of `__transaction_state` below transaction.state.log.min.isr.
 * Each append the coordinator makes fails (NOT_ENOUGH_REPLICAS, answered COORDINATOR_NOT_AVAILABLE by
 * TransactionStateManager.appendTransactionToLog, Kafka 3.9), the pending transition is dropped, and
 * the client retries after looking the coordinator up again: the request is taken once a follower
 * caught up (TxnLogIsrExpand). Scripted through kafka-txn on kafka.version=3.5.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { cfg, scripted } from '../../helpers/check.js';

const base = ['kafka.version=3.5', 'producers=1', 'partitions=1', 'input.records=2'];
const i1 = 1;
const model = entry.model;
const conf = cfg(model.keys, ...base, 'faults.txn-log-isr-shrink=true');
const types = (s: KafkaTxnState): string[] => model.enabled(s).map((a) => a.type);

const shrink: KafkaTxnAction = { type: 'TxnLogIsrShrink' };
const expand: KafkaTxnAction = { type: 'TxnLogIsrExpand' };
const opened: KafkaTxnAction[] = [
  { type: 'InitProducerId', instance: i1 },
  { type: 'BeginTxn', instance: i1 },
  { type: 'Produce', instance: i1, partition: 0 },
];

describe('faults.txn-log-isr-shrink', () => {
  test('off by default: the log never shrinks', () => {
    expect(types(model.init(cfg(model.keys, ...base)))).not.toContain('TxnLogIsrShrink');
    expect(types(model.init(conf))).toContain('TxnLogIsrShrink');
  });

  test('InitProducerId fails to append: refused (COORDINATOR_NOT_AVAILABLE), taken once a follower caught up', () => {
    const shrunk = scripted(entry, conf, [shrink]);
    expect(shrunk.last.kafka.coordinator.txnLog).toBe('shrunk');
    expect(types(shrunk.last)).toEqual(['TxnLogIsrExpand', 'Crash']);
    const r = scripted(entry, conf, [shrink, expand, { type: 'InitProducerId', instance: i1 }]);
    expect(r.last.kafka.txns[0]).toMatchObject({ producerId: 1, epoch: 0, state: 'Empty' });
    // Once a run.
    expect(types(r.last)).not.toContain('TxnLogIsrShrink');
  });

  test('EndTxn fails to append PrepareCommit: the transaction stays Ongoing, and commits after the expansion', () => {
    const shrunk = scripted(entry, conf, [...opened, shrink]);
    expect(types(shrunk.last)).not.toContain('CommitTxn');
    expect(types(shrunk.last)).not.toContain('AbortTxn');
    // An AddOffsetsToTxn adds __consumer_offsets: an append, refused as well.
    expect(types(shrunk.last)).not.toContain('AddOffsetsToTxn');
    expect(shrunk.last.kafka.txns[0]).toMatchObject({ state: 'Ongoing', pending: null });
    const r = scripted(
      entry,
      conf,
      [
        ...opened,
        shrink,
        expand,
        { type: 'AddOffsetsToTxn', instance: i1 },
        { type: 'TxnOffsetCommit', instance: i1 },
        { type: 'CommitTxn', instance: i1 },
      ],
      true,
    );
    // The drain runs on to the next transaction, which the log takes as well.
    expect(r.last.outcomes[0]).toEqual({ instance: 1, txn: 1, result: 'COMMIT' });
    expect(r.quiescent).toBe(true);
    expect(r.violations).toEqual([]);
  });

  test('a decided transaction: its markers are written, its completion waits for the log', () => {
    const decided: KafkaTxnAction[] = [
      ...opened,
      { type: 'AddOffsetsToTxn', instance: i1 },
      { type: 'TxnOffsetCommit', instance: i1 },
      { type: 'CommitTxn', instance: i1 },
      shrink,
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ];
    const r = scripted(entry, conf, decided);
    expect(r.last.kafka.partitions[0]!.log.at(-1)).toMatchObject({ kind: 'control', marker: 'COMMIT' });
    // The last marker's acknowledgement would complete the transaction (CompleteCommit, an append): it waits.
    expect(model.enabled(r.last).filter((a) => a.type === 'WriteTxnMarker')).toEqual([]);
    expect(r.last.kafka.txns[0]!.state).toBe('PrepareCommit');
    const done = scripted(entry, conf, [
      ...decided,
      expand,
      { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    ]);
    expect(done.last.kafka.txns[0]!.state).toBe('CompleteCommit');
  });

  test('a transaction past its timeout is aborted once the log takes appends again', () => {
    const r = scripted(entry, conf, [...opened, shrink, { type: 'Tick' }]);
    expect(r.last.now).toBe(60000);
    expect(types(r.last)).not.toContain('ExpireTxn');
    const aborted = scripted(entry, conf, [...opened, shrink, { type: 'Tick' }, expand, { type: 'ExpireTxn', txn: 0 }]);
    expect(aborted.last.kafka.txns[0]).toMatchObject({ state: 'PrepareAbort', epoch: 1 });
  });
});
