/**
 * `lso-blocking` (seed 001): app-0 opens a transaction on the partition and leaves it open; app-1
 * commits a transaction after it on the same partition. read_committed readers stop at the LSO,
 * so app-1's committed record stays invisible until app-0's transaction ends: by
 * transaction.timeout.ms (the coordinator aborts it), or by app-0 committing or aborting.
 */
import type { KafkaAction } from '../model/kafka/index.js';
import type { Scenario } from './scenario.js';

export const lsoBlocking: Scenario<KafkaAction> = {
  name: 'lso-blocking',
  seed: '001',
  model: 'kafka-txn',
  summary: 'an open transaction holds back the LSO: a later committed transaction is invisible to read_committed until it ends or times out',
  keys: [
    { kind: 'enum', name: 'open.txn.ends', default: 'timeout', values: ['timeout', 'commit', 'abort'], meaning: 'how the blocking transaction ends: the coordinator aborts it after transaction.timeout.ms, or app-0 commits or aborts it' },
  ],
  fixed: () => ({ producers: 2, partitions: 1, 'input.records': 1 }),
  defaults: { 'faults.crashes': 0, 'faults.zombies': false },
  script(sc) {
    const a0 = 1;
    const a1 = 2;
    const head: KafkaAction[] = [
      { type: 'InitProducerId', instance: a0 },
      { type: 'InitProducerId', instance: a1 },
      { type: 'BeginTxn', instance: a0 },
      { type: 'Produce', instance: a0, partition: 0 },
      { type: 'BeginTxn', instance: a1 },
      { type: 'Produce', instance: a1, partition: 0 },
      { type: 'SendOffsets', instance: a1 },
      { type: 'CommitTxn', instance: a1 },
      { type: 'WriteTxnMarkers', app: 1 },
    ];
    const end = sc['open.txn.ends'];
    const tail: KafkaAction[] =
      end === 'commit'
        ? [{ type: 'SendOffsets', instance: a0 }, { type: 'CommitTxn', instance: a0 }, { type: 'WriteTxnMarkers', app: 0 }]
        : end === 'abort'
          ? [{ type: 'AbortTxn', instance: a0 }, { type: 'WriteTxnMarkers', app: 0 }]
          : [{ type: 'Tick' }, { type: 'ExpireTxn', app: 0 }, { type: 'WriteTxnMarkers', app: 0 }];
    return [...head, ...tail];
  },
};
