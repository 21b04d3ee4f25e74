/**
 * The ISR of the coordinator's `__transaction_state` partition below transaction.state.log.min.isr
 * (faults.txn-log-isr-shrink): its appends fail. Read at Kafka 3.9 (TransactionStateManager
 * .appendTransactionToLog, TransactionMarkerChannelManager, the Java client's TransactionManager);
 * the error mapping is the same from 0.11 (KAFKA-5059) to 4.1.
 */
import type { Cluster, Ctx } from './cluster.js';
import { refuse } from './coordinator-refusal.js';

/** Whether the partition's ISR is below transaction.state.log.min.isr now. Pure. */
export function txnLogShrunk(k: Cluster): boolean {
  return k.coordinator.txnLog === 'shrunk';
}

/**
 * The coordinator appends a transition of a transactional.id's metadata to `__transaction_state`. With
 * the ISR below min.isr (2 of replication factor 3 by default) ReplicaManager answers NOT_ENOUGH_REPLICAS
 * (or NOT_ENOUGH_REPLICAS_AFTER_APPEND); appendTransactionToLog maps both to COORDINATOR_NOT_AVAILABLE and
 * resets the pending state (`metadata.pendingState = None`), so the metadata is as it was. The client's
 * InitProducerId, AddPartitionsToTxn, AddOffsetsToTxn and EndTxn handlers look the coordinator up again and
 * re-enqueue on COORDINATOR_NOT_AVAILABLE: the request is taken once the log takes appends again. The
 * coordinator's own appends are retried too: the abort of a timed-out transaction at its next check
 * (abortTimedOutTransactions), the transactional.id's tombstone at the next expiry pass, and the Complete*
 * transition after the markers (TransactionMarkerChannelManager's tryAppendToLog keeps the pending state on
 * COORDINATOR_NOT_AVAILABLE and appends again). The last is taken here as the last marker's step waiting:
 * the transaction stays Prepare* meanwhile, as in Kafka, but its last marker lands at the end of the wait.
 * Not modelled: a failed epoch fence (InitProducerId over an open transaction, the timeout abort) leaves the
 * bumped epoch in the coordinator's memory (TransactionCoordinator marks hasFailedEpochFence, 3.9), which fences
 * the old producer before the abort is written; here the fence waits with the abort, the more permissive order.
 */
export function appendToTxnLog(x: Ctx): void {
  if (x.k.coordinator.txnLog === 'shrunk') refuse();
}

/** The ISR shrinks below min.isr: a follower fell behind (replica.lag.time.max.ms) or its broker stopped. */
export function shrinkTxnLog(x: Ctx): void {
  x.k.coordinator.txnLog = 'shrunk';
}

/** A follower caught up: the ISR is back at min.isr and appends succeed again. */
export function restoreTxnLog(x: Ctx): void {
  x.k.coordinator.txnLog = 'restored';
}
