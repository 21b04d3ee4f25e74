/**
 * Script steps of kafka-txn's client calls as they now run: a produce whose leader checks with the
 * coordinator first waits parked for its append (KIP-890), and the offsets go in as AddOffsetsToTxn
 * (transaction.version=1) then TxnOffsetCommit. A script lists both; the step that does not apply
 * is skipped when its turn comes.
 */
import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';

/** send() of instance `instance`'s next record to `partition`, and its append if it was parked. */
export function produce(instance: number, partition: number): KafkaTxnAction[] {
  return [
    { type: 'Produce', instance, partition },
    { type: 'Append', instance },
  ];
}

/** sendOffsetsToTransaction() of instance `instance`: AddOffsetsToTxn (version 1), then TxnOffsetCommit. */
export function sendOffsets(instance: number): KafkaTxnAction[] {
  return [
    { type: 'AddOffsetsToTxn', instance },
    { type: 'TxnOffsetCommit', instance },
  ];
}
