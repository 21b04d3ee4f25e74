/**
 * The transaction coordinator while it loads its `__transaction_state` partition after a move
 * (faults.coordinator-failover): what it refuses. Read at Kafka 3.9 (TransactionStateManager,
 * TransactionCoordinator, the Java client's TransactionManager); the same from 0.11 to 4.1.
 */
import type { Cluster, Ctx } from './cluster.js';
import { refuse } from './coordinator-refusal.js';

/** Whether the transaction coordinator is loading its partition after a move. Pure. */
export function txnLogLoading(k: Cluster): boolean {
  return k.coordinator.loading === true;
}

/**
 * Every request to the coordinator goes through here. While the partition is in loadingPartitions,
 * TransactionStateManager.getTransactionState answers COORDINATOR_LOAD_IN_PROGRESS for InitProducerId,
 * AddPartitionsToTxn (the client's, and a partition leader's verification or KIP-890 add), AddOffsetsToTxn
 * and EndTxn; the Java client re-enqueues each (TransactionManager: CoordinatorLoadInProgressException is a
 * RetriableException), a leader answers its produce NOT_ENOUGH_REPLICAS (ReplicaManager maps the
 * coordinator's retriable errors so, KAFKA-15459) and the producer retries it, so the refusal changes nothing
 * and the request is taken once the load is done. The old coordinator answers NOT_COORDINATOR (its cache entry is
 * gone, TransactionStateManager.removeTransactionsForTxnTopicPartition): the client looks the coordinator up
 * again and retries, reaching the new one. Its own work waits too: markers are sent from the load's callback
 * (loadTransactionsForTxnTopicPartition's sendTxnMarkers), and timedOutTransactions and the transactional.id
 * expiry read only the loaded cache, so a transaction past transaction.timeout.ms is aborted once loaded.
 */
export function refuseWhileLoading(x: Ctx): void {
  if (x.k.coordinator.loading === true) refuse();
}
