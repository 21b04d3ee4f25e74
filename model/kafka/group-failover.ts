/**
 * The group coordinator's move as actions, over whatever state embeds the cluster (`lens`): the
 * group's `__consumer_offsets` partition gets a new leader (faults.group-coordinator-failover), and
 * the new leader's load of it ends.
 */
import type { ActionSpec } from '../core/model.js';
import type { ClusterLens } from './actions.js';
import { loadOffsets, moveOffsetsLeader, offsetsLoading, offsetsMoves } from './offsets-leader.js';

/** The move of group `g`'s coordinator, and the end of the new one's load. */
export type GroupCoordinatorAction = { readonly type: 'GroupCoordinatorFailover' } | { readonly type: 'LoadOffsets' };

type Spec<S, T extends GroupCoordinatorAction['type']> = ActionSpec<S, Extract<GroupCoordinatorAction, { type: T }>>;

/** The table entries of group `g`'s coordinator move, at most `moves(s)` of them in a run. */
export function groupCoordinatorActions<S>(
  lens: ClusterLens<S>,
  moves: (s: S) => number,
  g: number,
): {
  readonly GroupCoordinatorFailover: Spec<S, 'GroupCoordinatorFailover'>;
  readonly LoadOffsets: Spec<S, 'LoadOffsets'>;
} {
  const group = (s: S) => lens.cluster(s).groups[g]!;
  return {
    // faults.group-coordinator-failover: the __consumer_offsets partition moves (GroupCoordinator.onElection).
    GroupCoordinatorFailover: {
      fault: true,
      enabled(s, emit) {
        if (offsetsMoves(group(s)) < moves(s)) emit({ type: 'GroupCoordinatorFailover' });
      },
      effect: (d) => moveOffsetsLeader(lens.ctx(d), g),
      describe: (s) =>
        `fault.GroupCoordinatorFailover(__consumer_offsets of group ${group(s).id}: new leader, move ` +
        `${offsetsMoves(group(s)) + 1}; COORDINATOR_LOAD_IN_PROGRESS until loaded)`,
      lanes: () => ({ from: 'group coordinator' }),
    },
    // The new leader's load reaches the log end (GroupMetadataManager.loadGroupsAndOffsets; CoordinatorRuntime 4.x).
    LoadOffsets: {
      enabled(s, emit) {
        if (offsetsLoading(lens.cluster(s), g)) emit({ type: 'LoadOffsets' });
      },
      effect: (d) => loadOffsets(lens.ctx(d), g),
      describe(s) {
        const pending = group(s).pending;
        const producers = [...new Set(pending.map((po) => po.producerId))].sort((a, b) => a - b);
        return (
          `groupCoordinator.LoadOffsets(__consumer_offsets of group ${group(s).id} read to offset ` +
          `${group(s).logEnd}: ${pending.length} pending transactional offset(s)` +
          `${producers.length > 0 ? ` of producer ${producers.join(', ')}` : ''} rebuilt)`
        );
      },
      lanes: () => ({ from: 'group coordinator' }),
    },
  };
}
