/**
 * The classic group coordinator's late completion of a marker's offsets (faults.late-offset-completion, KAFKA-17507)
 * as actions, over whatever state embeds the cluster (`lens`): the marker to `__consumer_offsets` appended and
 * answered with its offsets left to the coordinator's scheduler, and the scheduler running what it queued. Only the
 * models with a consumer group take them.
 */
import type { ActionSpec } from '../core/model.js';
import type { ClusterLens } from './actions.js';
import { runQueuedCompletion } from './offsets-marker.js';
import { markerTargets, writeTxnMarker } from './transactions.js';

/** A marker answered before its offsets are completed, and the scheduler's completion of group `group`'s oldest. */
export type OffsetCompletionAction =
  | { readonly type: 'LateOffsetCompletion'; readonly txn: number }
  | { readonly type: 'CompleteTxnOffsets'; readonly group: number };

type Spec<S, T extends OffsetCompletionAction['type']> = ActionSpec<S, Extract<OffsetCompletionAction, { type: T }>>;

/** The table entries of the late completion for a state reached through `lens`. */
export function offsetCompletionActions<S>(lens: ClusterLens<S>): {
  readonly LateOffsetCompletion: Spec<S, 'LateOffsetCompletion'>;
  readonly CompleteTxnOffsets: Spec<S, 'CompleteTxnOffsets'>;
} {
  const name = (s: S, txn: number): string => lens.cluster(s).txns[txn]?.transactionalId ?? `txn ${txn}`;
  const marker = (s: S, txn: number): string => lens.cluster(s).txns[txn]?.pending?.marker ?? 'nothing pending';
  return {
    // faults.late-offset-completion: the classic group coordinator appends the marker and answers it, and leaves the
    // pending offsets to its scheduler (GroupMetadataManager.scheduleHandleTxnCompletion, to 3.9.0: KAFKA-17507).
    LateOffsetCompletion: {
      fault: true,
      enabled(s, emit) {
        const k = lens.cluster(s);
        if (lens.faults(s).lateOffsetCompletion !== true || k.rules.release.txnCompletionAwaited) return;
        for (let txn = 0; txn < k.txns.length; txn++) {
          const g = k.txns[txn]!.pending?.offsetsGroup;
          if (g === null || g === undefined || (k.groups[g]?.completions?.length ?? 0) > 0) continue;
          if (markerTargets(k, txn).includes('offsets')) emit({ type: 'LateOffsetCompletion', txn });
        }
      },
      effect: (d, a) => writeTxnMarker(lens.ctx(d), a.txn, 'offsets', false, true),
      describe: (s, a) =>
        `coordinator.WriteTxnMarker(${name(s, a.txn)}: ${marker(s, a.txn)} -> __consumer_offsets, appended and ` +
        "answered; the group coordinator's scheduler completes the offsets later)",
      lanes: () => ({ from: 'coordinator', to: '__consumer_offsets' }),
    },
    // The classic group coordinator's scheduler runs a queued completion (GroupMetadataManager.handleTxnCompletion).
    CompleteTxnOffsets: {
      enabled(s, emit) {
        lens.cluster(s).groups.forEach((g, group) => {
          if ((g.completions?.length ?? 0) > 0) emit({ type: 'CompleteTxnOffsets', group });
        });
      },
      effect: (d, a) => runQueuedCompletion(lens.ctx(d), a.group),
      describe(s, a) {
        const g = lens.cluster(s).groups[a.group];
        const c = g?.completions?.[0];
        return c
          ? `groupCoordinator.CompleteTxnOffsets(group ${g!.id}: ${c.marker} of producer ${c.producerId}, every ` +
              'pending offset of that producer id)'
          : 'groupCoordinator.CompleteTxnOffsets(?)';
      },
      lanes: () => ({ from: 'group coordinator' }),
    },
  };
}
