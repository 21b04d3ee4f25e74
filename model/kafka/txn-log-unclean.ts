/**
 * An unclean election of the coordinator's `__transaction_state` partition (faults.txn-log-unclean-election):
 * the new leader lacks appends the old one acknowledged. Read at Kafka 3.9 and trunk (4.0):
 * TransactionStateManager appends every transition with TransactionLog.EnforcedRequiredAcks (-1), so an
 * append is acknowledged once the ISR has it, and with transaction.state.log.min.isr=1 (the topic's
 * min.insync.replicas, transactionTopicConfigs) an ISR of the leader alone takes it. The topic is created with
 * unclean.leader.election.enable=false (transactionTopicConfigs, whatever the broker default; since 0.11): its
 * partition then waits for an ISR member. An operator's kafka-configs --alter of the topic, or an
 * ElectLeaders request of type UNCLEAN (ReplicationControlManager.electLeader elects out of the ISR whatever
 * the topic's config), lets a replica that fell behind lead. Its broker's coordinator loads the partition
 * (loadTransactionsForTxnTopicPartition) from what that replica has: a transaction whose PrepareCommit is lost
 * is Ongoing again, the markers the old coordinator wrote are not in the log, and the timeout aborts it.
 */
import { castDraft, current, isDraft } from 'immer';
import { cloneState } from '../core/plain.js';
import { type Cluster, type Ctx, newTxn, type TxnMeta } from './cluster.js';
import { moveCoordinator } from './transactions.js';

/** Whether a follower of `__transaction_state` has fallen out of its ISR and was not elected yet. Pure. */
export function txnLogFollowerBehind(k: Cluster): boolean {
  return k.coordinator.behind !== undefined && k.coordinator.behind !== null;
}

/** Whether the fault already happened this run (a follower fell behind, elected or not). Pure. */
export function txnLogFollowerFell(k: Cluster): boolean {
  return k.coordinator.behind !== undefined;
}

/**
 * A follower stops fetching (replica.lag.time.max.ms) and leaves the ISR to the leader alone: it keeps the
 * transactions' metadata as the log had it now. With transaction.state.log.min.isr=1 the leader goes on
 * acknowledging appends the follower lacks. The follower stopping at a later point is the same step taken later.
 */
export function followerFallsBehind(x: Ctx): void {
  const txns = x.k.txns;
  // A copy: the fast path changes the state's own arrays in place after this step.
  x.k.coordinator.behind = castDraft(isDraft(txns) ? current(txns) : cloneState(txns));
}

/**
 * The leader's broker dies and the follower that fell behind is elected: the coordinator moves to its broker
 * (`moveCoordinator`: the next coordinator epoch, the load window) and the transactions' metadata is the
 * follower's. What the metadata holds in memory alone goes with it: a transaction Prepare* in the follower's
 * log gets all its markers from the load (`loadCoordinator`). The producer ids the coordinator hands out come
 * from the controller's blocks (ProducerIdManager), not from this log: they are not handed out again.
 */
export function electFollowerUncleanly(x: Ctx): void {
  const c = x.k.coordinator;
  const behind = c.behind;
  if (behind === undefined || behind === null) return;
  const kept: readonly TxnMeta[] = isDraft(behind) ? current(behind) : behind;
  moveCoordinator(x);
  // A transactional.id first used since (a Flink writer's, a Streams task's next) is unknown to the log: as
  // one the coordinator forgot, its producer's requests are INVALID_PRODUCER_ID_MAPPING.
  const ids = x.k.txns.map((t) => t.transactionalId);
  x.k.txns = castDraft(
    ids.map((id, i) => {
      const t = kept[i];
      if (t === undefined) return newTxn(id, -1);
      if (t.pending?.written === undefined) return t;
      const { written: _, ...pending } = t.pending;
      return { ...t, pending };
    }),
  );
  c.behind = null;
  x.events.push({
    type: 'forgotten',
    partition: null,
    what: '__transaction_state lost the appends made since its follower fell behind (unclean election)',
  });
}
