/**
 * KIP-848's consumer group protocol (group.protocol=consumer) at the group coordinator, over a draft of the
 * cluster: the group epoch (`Group.generation`) moves when a member joins or is removed, each member has an epoch
 * of its own (`Group.memberEpochs`) that reaches the group epoch at its next ConsumerGroupHeartbeat, and a partition
 * moves without a stop-the-world rebalance: its owner revokes it first and only then does its new owner get it.
 *
 * Read in group-coordinator/ (trunk of late 2024, as in 3.7-3.9): GroupMetadataManager.consumerGroupHeartbeat bumps
 * the group epoch on a membership change and computes the target assignment (UniformAssignor: sticky, balanced);
 * CurrentAssignmentBuilder keeps a member owing partitions at its epoch (UNREVOKED_PARTITIONS) until a heartbeat
 * acknowledges the revocation, then moves it to the target epoch with the partitions no other member still owns
 * (UNRELEASED_PARTITIONS until they are released). A member removed (LeaveGroup, a session or rebalance timeout)
 * frees its partitions at once.
 */
import type { Draft } from 'immer';
import type { Ctx, Group } from './cluster.js';

/** Whether the group runs KIP-848's protocol. Pure. */
export function isConsumerGroup(group: Group): boolean {
  return group.memberEpochs !== undefined;
}

/** The member epoch of member `id` at the coordinator, or null when it is no member. Pure. */
export function memberEpoch(group: Group, id: number): number | null {
  const at = group.members.indexOf(id);
  return at < 0 ? null : (group.memberEpochs?.[at] ?? group.generation);
}

/**
 * The target assignment (UniformAssignor, sticky and balanced): a member keeps the partitions it owns up to its
 * share (ceil of partitions over members), the rest go to the member with fewest (lowest id first). Pure.
 */
export function targetOwners(group: Group): (number | null)[] {
  const n = group.owners.length;
  const m = group.members.length;
  if (m === 0) return group.owners.map(() => null);
  const share = Math.ceil(n / m);
  const load = new Map<number, number>(group.members.map((id) => [id, 0]));
  const target: (number | null)[] = group.owners.map(() => null);
  for (let p = 0; p < n; p++) {
    const o = group.owners[p]!;
    if (o !== null && load.has(o) && load.get(o)! < share) {
      target[p] = o;
      load.set(o, load.get(o)! + 1);
    }
  }
  for (let p = 0; p < n; p++) {
    if (target[p] !== null) continue;
    let best: number | null = null;
    for (const id of group.members) if (best === null || load.get(id)! < load.get(best)!) best = id;
    target[p] = best;
    if (best !== null) load.set(best, load.get(best)! + 1);
  }
  return target;
}

/** What member `id`'s next heartbeat reconciles: its partitions to revoke, the free ones it gets, its new epoch. */
export interface Reconciliation {
  readonly revoke: readonly number[];
  readonly assign: readonly number[];
  readonly epoch: number;
}

/**
 * What member `id`'s next ConsumerGroupHeartbeat changes, or null when nothing: owed partitions are revoked first
 * (its epoch moves only with their release); then it reaches the group epoch and gets the partitions of its target
 * that no member owns. Pure.
 */
export function reconciliation(group: Group, id: number): Reconciliation | null {
  const epoch = memberEpoch(group, id);
  if (epoch === null || !isConsumerGroup(group)) return null;
  const target = targetOwners(group);
  const revoke: number[] = [];
  const assign: number[] = [];
  for (let p = 0; p < target.length; p++) {
    const o = group.owners[p];
    if (o === id && target[p] !== id) revoke.push(p);
    else if ((o === null || o === undefined) && target[p] === id) assign.push(p);
  }
  if (revoke.length === 0 && assign.length === 0 && epoch === group.generation) return null;
  return { revoke, assign, epoch: group.generation };
}

/** Emits the group's new epoch and owners. */
function epochEvent(x: Ctx, group: Draft<Group>, reason: string): void {
  x.events.push({ type: 'rebalance', generation: group.generation, owners: [...group.owners], reason, epochs: true });
}

/**
 * ConsumerGroupHeartbeat with member epoch 0: member `id` joins (again, replacing itself if it still was one), the
 * group epoch moves, and the member starts at it with the free partitions of its target. Returns those partitions.
 */
export function joinConsumerGroup(x: Ctx, g: number, id: number, reason: string): number[] {
  const group = x.k.groups[g]!;
  if (group.members.includes(id)) removeConsumerMember(x, g, id, `${reason} (its old membership fenced)`);
  let at = 0;
  while (at < group.members.length && group.members[at]! < id) at++;
  group.members.splice(at, 0, id);
  group.generation += 1;
  group.memberEpochs!.splice(at, 0, group.generation);
  const r = reconciliation(group, id);
  for (const p of r?.assign ?? []) group.owners[p] = id;
  epochEvent(x, group, reason);
  return [...(r?.assign ?? [])];
}

/**
 * The coordinator removes member `id` (LeaveGroup with epoch -1, or fenced: its session or its rebalance timeout
 * ran out): its partitions are free at once and the group epoch moves. Whether it was a member.
 */
export function removeConsumerMember(x: Ctx, g: number, id: number, reason: string): boolean {
  const group = x.k.groups[g]!;
  const at = group.members.indexOf(id);
  if (at < 0) return false;
  group.members.splice(at, 1);
  group.memberEpochs!.splice(at, 1);
  for (let p = 0; p < group.owners.length; p++) if (group.owners[p] === id) group.owners[p] = null;
  group.generation += 1;
  epochEvent(x, group, reason);
  return true;
}

/** The heartbeat that reconciles member `id` (`reconciliation`): revoked ones freed, its epoch and free ones taken. */
export function reconcile(x: Ctx, g: number, id: number): Reconciliation | null {
  const group = x.k.groups[g]!;
  const r = reconciliation(group, id);
  if (!r) return null;
  for (const p of r.revoke) group.owners[p] = null;
  const at = group.members.indexOf(id);
  group.memberEpochs![at] = r.epoch;
  // The revoked partitions are free now: the target the member reaches is recomputed with them released.
  const after = reconciliation(group, id);
  const assign = after ? after.assign : [];
  for (const p of assign) group.owners[p] = id;
  return { revoke: r.revoke, assign, epoch: r.epoch };
}
