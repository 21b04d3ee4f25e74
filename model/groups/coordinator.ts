/**
 * The group coordinator's rules over an immer draft: membership changes and the rebalance they
 * trigger (a new generation, a sticky assignment), OffsetFetch with KIP-447's stable-offsets
 * rule, OffsetCommit, TxnOffsetCommit with the generation check (KIP-447), and the transaction
 * marker reaching `__consumer_offsets`. Clients learn the new assignment in the caller (SyncGroup).
 */
import type { Draft } from 'immer';
import { note } from '../ctp/notes.js';
import type { AppError, AppState } from '../ctp/state.js';
import type { Marker, Origin } from '../kafka/state.js';

type D = Draft<AppState>;

/**
 * A new generation: partitions keep their owner while it is still a member (sticky), the rest go
 * to the member owning fewest (lowest id first). Returns the partitions that changed owner.
 */
export function rebalance(d: D, reason: string): number[] {
  const g = d.group;
  g.generation += 1;
  const moved: number[] = [];
  const load = new Map<number, number>(g.members.map((m) => [m, 0]));
  for (const o of g.owners) if (o !== null && load.has(o)) load.set(o, load.get(o)! + 1);
  for (let p = 0; p < g.owners.length; p++) {
    const o = g.owners[p]!;
    if (o !== null && load.has(o)) continue;
    let best: number | null = null;
    for (const m of g.members) if (best === null || load.get(m)! < load.get(best)!) best = m;
    g.owners[p] = best;
    if (best !== null) load.set(best, load.get(best)! + 1);
    moved.push(p);
  }
  note(d, { type: 'rebalance', generation: g.generation, owners: [...g.owners], reason });
  return moved;
}

/** JoinGroup of a new member. */
export function addMember(d: D, id: number): void {
  if (!d.group.members.includes(id)) d.group.members.push(id);
  d.group.members.sort((a, b) => a - b);
}

/** The member leaves (LeaveGroup, session timeout, or max.poll.interval.ms exceeded). Whether it was a member. */
export function removeMember(d: D, id: number): boolean {
  const g = d.group;
  const at = g.members.indexOf(id);
  if (at < 0) return false;
  g.members.splice(at, 1);
  for (let p = 0; p < g.owners.length; p++) if (g.owners[p] === id) g.owners[p] = null;
  return true;
}

/** Whether `id` is a member of the current generation `generation`. */
export function currentMember(s: AppState, id: number, generation: number): boolean {
  return s.group.members.includes(id) && generation === s.group.generation;
}

/** Whether a transactional offset commit of partition `p` is pending (the offset is unstable). */
export function unstable(s: AppState, p: number): boolean {
  return s.group.pending.some((po) => po.partition === p);
}

/**
 * OffsetFetch of partition `p`: the committed offset, or UNSTABLE_OFFSET_COMMIT while a
 * transactional commit of it is pending and `safeguard.require-stable-offsets` is on (KIP-447).
 */
export function offsetFetch(s: AppState, p: number): { offset: number } | { error: AppError } {
  if (s.config.requireStableOffsets && unstable(s, p)) return { error: 'UNSTABLE_OFFSET_COMMIT' };
  return { offset: s.offsets.committed[p]?.offset ?? 0 };
}

/** OffsetCommit: a member of an old generation gets ILLEGAL_GENERATION (the consumer's CommitFailedException). */
export function offsetCommit(d: D, instance: number, generation: number, p: number, offset: number): AppError | null {
  if (!currentMember(d, instance, generation)) return 'ILLEGAL_GENERATION';
  d.offsets.committed[p] = { offset, producerId: -1, epoch: -1, txnEpoch: null, origin: { instance, txn: null } };
  d.group.commitGenerations[p] = generation;
  note(d, { type: 'committed', instance, partition: p, offset, generation });
  return null;
}

/**
 * TxnOffsetCommit: fenced by a producer epoch older than the offsets partition has seen (KIP-98),
 * and, with `safeguard.generation-fencing`, by an old group generation (KIP-447). The offset waits
 * for the transaction's marker; a new one of the same producer and partition replaces it.
 */
export function txnOffsetCommit(d: D, p: number, offset: number, producerId: number, epoch: number, generation: number, origin: Origin): AppError | null {
  const seen = d.offsets.producerEpochs.find((e) => e.producerId === producerId);
  if (seen && epoch < seen.epoch && d.config.epochFencing) return 'PRODUCER_FENCED';
  const stale = !currentMember(d, origin.instance, generation);
  if (stale && d.config.generationFencing) return 'ILLEGAL_GENERATION';
  d.group.pending = d.group.pending.filter((po) => !(po.producerId === producerId && po.partition === p));
  d.group.pending.push({ partition: p, offset, producerId, epoch, generation, stale, origin: { instance: origin.instance, txn: origin.txn } });
  note(d, { type: 'pending-offset', instance: origin.instance, partition: p, offset, generation, stale });
  return null;
}

/**
 * The transaction marker reaches `__consumer_offsets`: the producer's pending offsets become
 * committed (COMMIT) or are dropped (ABORT); `txnEpoch` is the ended transaction's epoch.
 */
export function completeTxnOffsets(d: D, producerId: number, marker: Marker, txnEpoch: number): void {
  const g = d.group;
  const keep = [];
  for (const po of g.pending) {
    if (po.producerId !== producerId) {
      keep.push(po);
      continue;
    }
    if (marker === 'COMMIT') {
      d.offsets.committed[po.partition] = { offset: po.offset, producerId, epoch: po.epoch, txnEpoch, origin: { instance: po.origin.instance, txn: po.origin.txn } };
      g.commitGenerations[po.partition] = po.generation;
      if (po.stale) g.staleCommits.push({ partition: po.partition, offset: po.offset, instance: po.origin.instance, generation: po.generation, current: g.generation });
    }
    d.offsets.fates.push({ origin: { instance: po.origin.instance, txn: po.origin.txn }, input: po.partition, fate: marker });
    note(d, { type: 'offset-fate', partition: po.partition, offset: po.offset, fate: marker });
  }
  g.pending = keep;
}
