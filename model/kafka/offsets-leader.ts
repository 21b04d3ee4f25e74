/**
 * The leader of a group's `__consumer_offsets` partition, which is its group coordinator
 * (faults.group-coordinator-failover): whether it is loading the partition after a move, and what it
 * answers meanwhile. Pure.
 */
import type { Cluster, Ctx, Group } from './cluster.js';

/** The moves of group `g`'s offsets partition so far. Pure. */
export function offsetsMoves(group: Group): number {
  return group.offsetsLeader?.moves ?? 0;
}

/**
 * Whether group `g`'s coordinator is loading its partition: the classic GroupMetadataManager answers
 * COORDINATOR_LOAD_IN_PROGRESS while the partition is in `loadingPartitions` (to 3.9), CoordinatorRuntime while
 * its context is LOADING (4.0+); the old leader answers NOT_COORDINATOR. A client retries either (after
 * FindCoordinator for the latter), so a request refused meanwhile changes nothing and is sent again. Pure.
 */
export function offsetsLoading(k: Cluster, g: number): boolean {
  return k.groups[g]?.offsetsLeader?.loading === true;
}

/**
 * Whether a transaction marker to group `g`'s offsets partition is refused now: with the new group coordinator
 * (4.0+) it is written through CoordinatorRuntime, which refuses it while loading (KafkaApis answers
 * NOT_LEADER_OR_FOLLOWER and TransactionMarkerChannelManager sends it again). The classic one (to 3.9) has the new
 * leader append it at once (ReplicaManager) and either the load reads it (doLoadGroupsAndOffsets' control batches)
 * or handleTxnCompletion, queued behind the load on GroupMetadataManager's one-thread scheduler, completes the
 * loaded group's pending offsets: never refused, and its effect is the append's. A marker sent to the old leader is
 * refused (NOT_LEADER_OR_FOLLOWER) and sent again to the new one after a metadata refresh: it changes nothing, so it
 * is the marker's later step. Pure.
 */
export function offsetsRefuseMarkers(k: Cluster, g: number): boolean {
  return k.rules.release.groupCoordinatorRuntime && offsetsLoading(k, g);
}

/**
 * The group's `__consumer_offsets` partition gets a new leader (the controller's election; the old one resigns,
 * GroupCoordinator.onResignation / CoordinatorRuntime.scheduleUnloadOperation, dropping its cache), which starts
 * loading it (GroupMetadataManager.scheduleLoadGroupAndOffsets, 3.9; CoordinatorRuntime.scheduleLoadOperation, 4.x).
 * A move during a load starts the load over (its coordinator epoch is newer).
 */
export function moveOffsetsLeader(x: Ctx, g: number): void {
  const group = x.k.groups[g]!;
  group.offsetsLeader = { moves: offsetsMoves(group) + 1, loading: true };
}

/**
 * The new leader has read the partition to its end and serves the group. It rebuilds what the log holds, which is
 * all the group's state here is: the group metadata record of its generation and members (their heartbeats
 * rescheduled), each partition's committed offset (the later commit record wins, GroupMetadataManager's
 * `olderThan` by record offset), the transactional offset commits with no marker yet keyed by their producer id
 * (`pendingTransactionalOffsetCommits`, GroupMetadata.prepareTxnOffsetCommit from the load; OffsetMetadataManager
 * .replay 4.x) and those a COMMIT marker in the log completed; the producer epochs are the log's own producer state.
 * So the group is as it was, pending offsets still unstable for OffsetFetch (KIP-447).
 */
export function loadOffsets(x: Ctx, g: number): void {
  const group = x.k.groups[g]!;
  group.offsetsLeader = { moves: offsetsMoves(group), loading: false };
}
