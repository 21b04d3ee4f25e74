/**
 * `zombie-fencing` (seed 004): instance #1 of app-0 pauses (a long GC) inside a transaction; its
 * replacement #2 calls InitProducerId, which fences #1 by aborting its transaction and bumping the
 * epoch; #1 resumes and tries to go on. With `safeguard.epoch-fencing=false` nothing stops it and
 * its write and commit land in the committed output.
 */
import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../model/kafka-txn/config.js';
import { scenario } from './scenario.js';

export const zombieFencing = scenario<KafkaTxnAction, typeof kafkaTxnKeys, Record<never, never>>({
  name: 'zombie-fencing',
  seed: '004',
  summary:
    'a paused instance resumes after its replacement called InitProducerId: fenced, or (safeguard off) a ' +
    'zombie write committed',
  keys: {},
  fixed: () => ({ producers: 1, partitions: 1, 'input.records': 2, 'faults.zombies': true }),
  defaults: { 'faults.crashes': 0 },
  script() {
    const zombie = 1;
    const next = 2;
    return [
      { type: 'InitProducerId', instance: zombie },
      { type: 'BeginTxn', instance: zombie },
      { type: 'Produce', instance: zombie, partition: 0 },
      { type: 'Pause', instance: zombie },
      { type: 'InitProducerId', instance: next },
      { type: 'WriteTxnMarkers', txn: 0 },
      { type: 'InitProducerId', instance: next },
      { type: 'BeginTxn', instance: next },
      { type: 'Produce', instance: next, partition: 0 },
      { type: 'Resume', instance: zombie },
      { type: 'Produce', instance: zombie, partition: 0 },
      { type: 'SendOffsets', instance: zombie },
      { type: 'CommitTxn', instance: zombie },
      { type: 'WriteTxnMarkers', txn: 0 },
      { type: 'Produce', instance: next, partition: 0 },
      { type: 'SendOffsets', instance: next },
      { type: 'CommitTxn', instance: next },
      { type: 'WriteTxnMarkers', txn: 0 },
    ];
  },
});
