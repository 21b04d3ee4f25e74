/**
 * The transaction coordinator while it loads its `__transaction_state` partition after a move
 * (faults.coordinator-failover): what it refuses, and how a model's action table leaves out the
 * steps it refuses. Read at Kafka 3.9 (TransactionStateManager, TransactionCoordinator, the Java
 * client's TransactionManager); the same from 0.11 to 4.1.
 */
import { produce } from 'immer';
import type { ActionSpec, AnyAction } from '../core/model.js';
import type { Cluster, Ctx } from './cluster.js';

/** Whether the transaction coordinator is loading its partition after a move. Pure. */
export function txnLogLoading(k: Cluster): boolean {
  return k.coordinator.loading === true;
}

/** Thrown by a coordinator rule asked while it loads: the step that asked is not taken (`answeredTable`). */
class LoadInProgress extends Error {}

/** Thrown at the end of a probe that got its answer, so the probe's draft is dropped unfinished. */
class Answered extends Error {}

const loadInProgress = new LoadInProgress('COORDINATOR_LOAD_IN_PROGRESS');
const answered = new Answered('answered');

/**
 * Every request to the coordinator goes through here. While the partition is in loadingPartitions,
 * TransactionStateManager.getTransactionState answers COORDINATOR_LOAD_IN_PROGRESS for InitProducerId,
 * AddPartitionsToTxn (the client's, and a partition leader's verification or KIP-890 add), AddOffsetsToTxn
 * and EndTxn; the Java client re-enqueues each (TransactionManager: CoordinatorLoadInProgressException is a
 * RetriableException), a leader answers its produce retriably, so the refusal changes nothing and the
 * request is taken once the load is done. The old coordinator answers NOT_COORDINATOR (its cache entry is
 * gone, TransactionStateManager.removeTransactionsForTxnTopicPartition): the client looks the coordinator up
 * again and retries, reaching the new one. Its own work waits too: markers are sent from the load's callback
 * (loadTransactionsForTxnTopicPartition's sendTxnMarkers), and timedOutTransactions and the transactional.id
 * expiry read only the loaded cache, so a transaction past transaction.timeout.ms is aborted once loaded.
 */
export function refuseWhileLoading(x: Ctx): void {
  if (x.k.coordinator.loading === true) throw loadInProgress;
}

/**
 * Whether action `a`, which `spec` emits at `s`, is taken while the coordinator loads: its effect is
 * tried on a draft dropped afterwards, and it is left out when it asks the coordinator. Pure.
 */
function takenWhileLoading<S, A extends AnyAction>(s: S, spec: ActionSpec<S, A>, a: A): boolean {
  try {
    produce(s, (d) => {
      spec.effect(d, a);
      throw answered;
    });
  } catch (e) {
    if (e === loadInProgress) return false;
    if (e === answered) return true;
    throw e;
  }
  return true;
}

/**
 * `table` whose entries leave out, while the coordinator loads, every action whose effect asks it
 * (`refuseWhileLoading`); as before otherwise, so a run without a coordinator move is unchanged.
 */
export function answeredTable<S, T extends object>(table: T, cluster: (s: S) => Cluster): T {
  const out: Record<string, ActionSpec<S, AnyAction>> = {};
  for (const [type, entry] of Object.entries(table)) {
    const spec = entry as ActionSpec<S, AnyAction>;
    out[type] = {
      ...spec,
      enabled(s, emit) {
        if (!txnLogLoading(cluster(s))) spec.enabled(s, emit);
        else
          spec.enabled(s, (a) => {
            if (takenWhileLoading(s, spec, a)) emit(a);
          });
      },
    };
  }
  return out as unknown as T;
}
