/**
 * `zombie-fencing` (seed 004): instance #1 of app-0 pauses (a long GC) inside a transaction; its
 * replacement #2 calls InitProducerId, which fences #1 by aborting its transaction and bumping the
 * epoch; #1 resumes and tries to go on. With `safeguard.epoch-fencing=false` nothing stops it and
 * its write and commit land in the committed output.
 */
import { allMarkers } from '../model/kafka/actions.js';
import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../model/kafka-txn/config.js';
import { produce, sendOffsets } from './kafka-steps.js';
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
      ...produce(zombie, 0),
      { type: 'Pause', instance: zombie },
      { type: 'InitProducerId', instance: next },
      ...allMarkers(0, 1),
      { type: 'InitProducerId', instance: next },
      { type: 'BeginTxn', instance: next },
      ...produce(next, 0),
      { type: 'Resume', instance: zombie },
      ...produce(zombie, 0),
      ...sendOffsets(zombie),
      { type: 'CommitTxn', instance: zombie },
      // Refused, its write leaves the zombie only an abort (abortable from 2.7), which the
      // coordinator fences: the zombie learns it was replaced.
      { type: 'AbortTxn', instance: zombie },
      ...allMarkers(0, 1),
      ...produce(next, 0),
      ...sendOffsets(next),
      { type: 'CommitTxn', instance: next },
      ...allMarkers(0, 1),
    ];
  },
});
