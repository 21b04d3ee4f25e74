/**
 * `lso-blocking` (seed 001): app-0 opens a transaction on the partition and leaves it open; app-1
 * commits a transaction after it on the same partition. read_committed readers stop at the LSO,
 * so app-1's committed record stays invisible until app-0's transaction ends: by
 * transaction.timeout.ms (the coordinator aborts it), or by app-0 committing or aborting.
 */

import { oneOf } from '../model/core/keys.js';
import { allMarkers } from '../model/kafka/actions.js';
import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../model/kafka-txn/config.js';
import { produce, sendOffsets } from './kafka-steps.js';
import { scenario } from './scenario.js';

const keys = {
  openTxnEnds: oneOf('open.txn.ends', ['timeout', 'commit', 'abort'], {
    default: 'timeout',
    meaning:
      'how the blocking transaction ends: the coordinator aborts it after transaction.timeout.ms, ' +
      'or app-0 commits or aborts it',
  }),
};

export const lsoBlocking = scenario<KafkaTxnAction, typeof kafkaTxnKeys, typeof keys>({
  name: 'lso-blocking',
  seed: '001',
  summary:
    'an open transaction holds back the LSO: a later committed transaction is invisible to read_committed until ' +
    'it ends or times out',
  keys,
  fixed: () => ({ producers: 2, partitions: 1, 'input.records': 1 }),
  defaults: { 'faults.crashes': 0, 'faults.zombies': false },
  script(sc) {
    const a0 = 1;
    const a1 = 2;
    const head: KafkaTxnAction[] = [
      { type: 'InitProducerId', instance: a0 },
      { type: 'InitProducerId', instance: a1 },
      { type: 'BeginTxn', instance: a0 },
      ...produce(a0, 0),
      { type: 'BeginTxn', instance: a1 },
      ...produce(a1, 0),
      ...sendOffsets(a1),
      { type: 'CommitTxn', instance: a1 },
      ...allMarkers(1, 1),
    ];
    const tails: Record<typeof sc.openTxnEnds, KafkaTxnAction[]> = {
      commit: [...sendOffsets(a0), { type: 'CommitTxn', instance: a0 }, ...allMarkers(0, 1)],
      abort: [{ type: 'AbortTxn', instance: a0 }, ...allMarkers(0, 1)],
      timeout: [{ type: 'Tick' }, { type: 'ExpireTxn', txn: 0 }, ...allMarkers(0, 1)],
    };
    return [...head, ...tails[sc.openTxnEnds]];
  },
});
