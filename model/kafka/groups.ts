/**
 * The group coordinator's rules over a draft of the cluster: membership changes and the rebalance
 * they trigger (a new generation, a sticky assignment), OffsetFetch with KIP-447's stable-offsets
 * rule, OffsetCommit, TxnOffsetCommit with the producer-epoch and generation checks (KIP-98,
 * KIP-447); the transaction marker reaching `__consumer_offsets` is offsets-marker.ts. `g` is the
 * group's index. Clients learn a new assignment in their own rules (SyncGroup).
 */
import type { Cluster, Ctx, Group } from './cluster.js';
import { isConsumerGroup, memberEpoch } from './consumer-group.js';
import type { ErrorCode, Origin } from './records.js';
import { addToTxn, verifyInTxn } from './transactions.js';

/**
 * A new generation: partitions keep their owner while it is still a member (sticky), the rest go
 * to the member owning fewest (lowest id first). Returns the partitions that changed owner.
 */
export function rebalance(x: Ctx, g: number, reason: string): number[] {
  const group = x.k.groups[g]!;
  group.generation += 1;
  const moved: number[] = [];
  const load = new Map<number, number>(group.members.map((m) => [m, 0]));
  for (const o of group.owners) if (o !== null && load.has(o)) load.set(o, load.get(o)! + 1);
  for (let p = 0; p < group.owners.length; p++) {
    const o = group.owners[p]!;
    if (o !== null && load.has(o)) continue;
    let best: number | null = null;
    for (const m of group.members) if (best === null || load.get(m)! < load.get(best)!) best = m;
    group.owners[p] = best;
    if (best !== null) load.set(best, load.get(best)! + 1);
    moved.push(p);
  }
  x.events.push({ type: 'rebalance', generation: group.generation, owners: [...group.owners], reason });
  return moved;
}

/**
 * JoinGroup of a new member. One the group does not have joins with an empty member.id and is handed a new one
 * (MEMBER_ID_REQUIRED, KIP-394 / KAFKA-7824 in 2.2.0: GroupCoordinator.doUnknownJoinGroup, doDynamicNewMemberJoinGroup
 * from 3.0; GroupMetadataManager.classicGroupJoinNewDynamicMember in 4.0), which the coordinator keeps pending
 * (ClassicGroup.addPendingMember) until a JoinGroup names it or its session timeout expires it. `sentBefore`:
 * a request it sent under a former member.id is still in the network, so a group that keeps member ids
 * (`Group.formerIds`) records that id as ending at the generation before this join; with none left to land, the
 * former id can change no answer and is not kept (it would only tell apart states that behave alike).
 */
export function addMember(x: Ctx, g: number, id: number, sentBefore = false): void {
  const group = x.k.groups[g]!;
  if (group.members.includes(id)) return;
  group.members.push(id);
  group.members.sort((a, b) => a - b);
  if (!group.formerIds) return;
  group.formerIds = group.formerIds.filter((f) => f.instance !== id);
  if (sentBefore) group.formerIds.push({ instance: id, generation: group.generation });
}

/** The member leaves (LeaveGroup, session timeout, or max.poll.interval.ms exceeded). Whether it was a member. */
export function removeMember(x: Ctx, g: number, id: number): boolean {
  const group = x.k.groups[g]!;
  const at = group.members.indexOf(id);
  if (at < 0) return false;
  group.members.splice(at, 1);
  group.memberEpochs?.splice(at, 1);
  for (let p = 0; p < group.owners.length; p++) if (group.owners[p] === id) group.owners[p] = null;
  return true;
}

/**
 * Whether `id` is a member of the group's current generation `generation`; in a consumer group (KIP-848) whether
 * `generation` is its member epoch (ConsumerGroup.validateOffsetCommit: the epoch must match exactly). Pure.
 */
export function currentMember(group: Group, id: number, generation: number): boolean {
  if (isConsumerGroup(group)) return memberEpoch(group, id) === generation;
  return group.members.includes(id) && generation === group.generation;
}

/**
 * The error of a commit from a member outside the current generation. A member the group no longer has gets
 * UNKNOWN_MEMBER_ID, checked before the generation: in a classic group GroupCoordinator.doTxnCommitOffsets and
 * doCommitOffsets (2.4 for OffsetCommit, 2.5 for TxnOffsetCommit with KIP-447), validateCurrentMember (3.0-3.9),
 * ClassicGroup.validateOffsetCommit (4.0+); in a consumer group ConsumerGroup.getOrMaybeCreateMember. A member of
 * another generation gets ILLEGAL_GENERATION in a classic group; in a consumer group `stale`: STALE_MEMBER_EPOCH for
 * an OffsetCommit, ILLEGAL_GENERATION for a TxnOffsetCommit, which OffsetMetadataManager
 * .validateTransactionalOffsetCommit maps it to for the producer's sake (3.7 to 4.1). The producer's
 * TxnOffsetCommitHandler aborts on either (CommitFailedException, 2.5 to 4.1). A classic member removed that joined
 * again has a new member.id (`addMember`): a commit of `generation` no later than its former id's last was sent under
 * that id, which the group no longer has. Pure.
 */
function outsideError(group: Group, id: number, generation: number, stale: ErrorCode): ErrorCode {
  const at = group.members.indexOf(id);
  if (at < 0) return 'UNKNOWN_MEMBER_ID';
  if (isConsumerGroup(group)) return stale;
  const former = group.formerIds?.find((f) => f.instance === id);
  return former && generation <= former.generation ? 'UNKNOWN_MEMBER_ID' : 'ILLEGAL_GENERATION';
}

/** Whether a transactional offset commit of partition `p` is pending (the offset is unstable). Pure. */
export function unstable(group: Group, p: number): boolean {
  return group.pending.some((po) => po.partition === p);
}

/**
 * OffsetFetch of partition `p`: the committed offset, or UNSTABLE_OFFSET_COMMIT while a
 * transactional commit of it is pending and `safeguard.require-stable-offsets` is on (KIP-447). Pure.
 */
export function offsetFetch(k: Cluster, g: number, p: number): { offset: number } | { error: ErrorCode } {
  const group = k.groups[g]!;
  if (k.rules.requireStableOffsets && unstable(group, p)) return { error: 'UNSTABLE_OFFSET_COMMIT' };
  return { offset: group.committed[p]?.offset ?? 0 };
}

/**
 * OffsetCommit of partition `p`. With a generation (group management), a member the group no longer has gets
 * UNKNOWN_MEMBER_ID and one of an old generation ILLEGAL_GENERATION (either is the consumer's
 * CommitFailedException); generation -1 is a simple commit of a consumer outside group management, accepted as is.
 */
export function offsetCommit(
  x: Ctx,
  g: number,
  p: number,
  offset: number,
  generation: number,
  origin: Origin | null,
): ErrorCode | null {
  const group = x.k.groups[g]!;
  if (generation >= 0 && (origin === null || !currentMember(group, origin.instance, generation)))
    return outsideError(group, origin?.instance ?? -1, generation, 'STALE_MEMBER_EPOCH');
  const recordOffset = group.logEnd;
  group.logEnd += 1;
  group.committed[p] = {
    offset,
    recordOffset,
    producerId: -1,
    epoch: -1,
    txnEpoch: null,
    origin: origin && { instance: origin.instance, txn: origin.txn },
    generation,
  };
  x.events.push({ type: 'offset', partition: p, offset, how: 'committed', generation, stale: false });
  return null;
}

/** A TxnOffsetCommit as the group coordinator receives it. */
export interface TxnOffsetRequest {
  /** The index of the producer's transactional.id. */
  readonly txn: number;
  readonly partition: number;
  readonly offset: number;
  readonly producerId: number;
  readonly epoch: number;
  /** The group generation the producer sent (KIP-447), or -1 when it sent the group id only. */
  readonly generation: number;
  readonly origin: Origin;
  /** Ghost: a copy landing after the client's retry of it (`PendingOffset.late`). */
  readonly late?: boolean;
}

/**
 * TxnOffsetCommit (GroupCoordinator.handleTxnCommitOffsets). Under transaction.version=2 it adds
 * the group's `__consumer_offsets` partition to the transaction itself (KIP-890 part 2: no
 * AddOffsetsToTxn); under 1 with verification (3.7+, KAFKA-15784) it first has the coordinator
 * verify the partition is in the transaction. A producer epoch older than the offsets partition
 * has seen from markers is fenced (KIP-98). With a generation (2.5+, KIP-447) a member the group no
 * longer has (UNKNOWN_MEMBER_ID) or of an old generation is refused with `safeguard.generation-fencing`.
 * The offset waits for the transaction's marker; a new one of the same producer and partition replaces
 * it. Its commit record takes the next offset of the group's `__consumer_offsets` partition.
 */
export function txnOffsetCommit(x: Ctx, g: number, req: TxnOffsetRequest): ErrorCode | null {
  const group = x.k.groups[g]!;
  const rules = x.k.rules;
  if (rules.transactionVersion === 2) {
    const err = addToTxn(x, req.txn, req.producerId, req.epoch, { group: g });
    if (err) return err;
  } else if (rules.verification && rules.release.offsetsVerification) {
    const err = verifyInTxn(x, req.txn, req.producerId, req.epoch, { group: g });
    if (err) return err;
  }
  const seen = group.producerEpochs.find((e) => e.producerId === req.producerId);
  if (seen && req.epoch < seen.epoch && rules.epochFencing) return 'INVALID_PRODUCER_EPOCH';
  const checked = req.generation >= 0 && rules.release.txnOffsetGenerationCheck;
  const stale = req.generation >= 0 && !currentMember(group, req.origin.instance, req.generation);
  if (checked && stale && rules.generationFencing)
    return outsideError(group, req.origin.instance, req.generation, 'ILLEGAL_GENERATION');
  group.pending = group.pending.filter((po) => !(po.producerId === req.producerId && po.partition === req.partition));
  const origin = { instance: req.origin.instance, txn: req.origin.txn };
  const recordOffset = group.logEnd;
  group.logEnd += 1;
  group.pending.push({
    partition: req.partition,
    offset: req.offset,
    recordOffset,
    producerId: req.producerId,
    epoch: req.epoch,
    generation: req.generation,
    stale,
    origin,
    ...(req.late === true ? { late: true } : {}),
  });
  x.events.push({
    type: 'offset',
    partition: req.partition,
    offset: req.offset,
    how: 'pending',
    generation: req.generation,
    stale,
  });
  return null;
}
