/**
 * `txn-log` (seed 003): one transactional producer writes transactions such as
 * `commit:3,abort:2,commit:2` to one partition; the log shows data records, COMMIT and ABORT
 * markers taking offsets, and what read_uncommitted and read_committed readers return. The app
 * re-processes the inputs of an aborted transaction, as an exactly-once app does.
 */

import { text } from '../model/core/keys.js';
import { allMarkers } from '../model/kafka/actions.js';
import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../model/kafka-txn/config.js';
import { produce, sendOffsets } from './kafka-steps.js';
import { scenario } from './scenario.js';

/** Parses `commit:3,abort:2` into its transactions. */
export function parseTransactions(list: string): { end: 'commit' | 'abort'; records: number }[] {
  return list.split(',').map((part) => {
    const [end, n] = part.split(':');
    return { end: end === 'abort' ? 'abort' : 'commit', records: Number(n) };
  });
}

/** Inputs the app needs: the furthest position any transaction reaches (aborted ones are redone). */
function inputsNeeded(list: string): number {
  let committed = 0;
  let most = 1;
  for (const t of parseTransactions(list)) {
    most = Math.max(most, committed + t.records);
    if (t.end === 'commit') committed += t.records;
  }
  return most;
}

const keys = {
  transactions: text('transactions', {
    default: 'commit:3,abort:2,commit:2',
    pattern: /^(commit|abort):([1-9]\d?)(,(commit|abort):([1-9]\d?))*$/,
    accepted: 'a list like commit:3,abort:2,commit:2 (1 to 99 records each)',
    meaning: 'the transactions in order, each ending in commit or abort',
  }),
};

export const txnLog = scenario<KafkaTxnAction, typeof kafkaTxnKeys, typeof keys>({
  name: 'txn-log',
  seed: '003',
  summary: 'one producer, one partition: a series of committed and aborted transactions and the log they leave',
  keys,
  fixed: (sc) => ({ producers: 1, partitions: 1, 'input.records': inputsNeeded(sc.transactions) }),
  defaults: { 'faults.crashes': 0, 'faults.zombies': false },
  script(sc) {
    const instance = 1;
    const out: KafkaTxnAction[] = [{ type: 'InitProducerId', instance }];
    for (const t of parseTransactions(sc.transactions)) {
      out.push({ type: 'BeginTxn', instance });
      for (let i = 0; i < t.records; i++) out.push(...produce(instance, 0));
      if (t.end === 'commit') out.push(...sendOffsets(instance), { type: 'CommitTxn', instance });
      else out.push({ type: 'AbortTxn', instance });
      out.push(...allMarkers(0, 1));
    }
    return out;
  },
});
