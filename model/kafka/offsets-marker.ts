/**
 * The transaction marker reaching `__consumer_offsets` (GroupMetadata.completePendingTxnOffsetCommit).
 * The transaction coordinator writes it and the group's TxnOffsetCommit (groups.ts) asks the
 * coordinator first, so it has its own file below both.
 */
import type { Draft } from 'immer';
import type { Ctx, Group } from './cluster.js';
import type { Marker } from './records.js';

/**
 * The transaction marker reaches `__consumer_offsets`: the producer's pending offsets become
 * committed (COMMIT) or are dropped (ABORT); the partition remembers the marker's epoch (fencing
 * older TxnOffsetCommits); `txnEpoch` is the ended transaction's epoch (ghost). With `late`, the marker is
 * appended and answered but its offsets wait on the classic coordinator's scheduler (queueTxnCompletion).
 */
export function completeTxnOffsets(
  x: Ctx,
  g: number,
  producerId: number,
  markerEpoch: number,
  marker: Marker,
  txnEpoch: number,
  late = false,
): void {
  const group: Draft<Group> = x.k.groups[g]!;
  group.logEnd += 1;
  // The marker is the partition's producer state at once (ProducerStateManager), whatever the cache does.
  const pe = group.producerEpochs.find((e) => e.producerId === producerId);
  if (pe) pe.epoch = Math.max(pe.epoch, markerEpoch);
  else group.producerEpochs.push({ producerId, epoch: markerEpoch });
  if (late) group.completions = [...(group.completions ?? []), { producerId, marker, txnEpoch }];
  else materialize(x, g, producerId, marker, txnEpoch);
}

/**
 * The classic group coordinator's scheduler runs the oldest queued completion (GroupMetadataManager
 * .handleTxnCompletion): every pending offset of its producer the group holds now is completed by its marker, those
 * of a later transaction already appended included (GroupMetadata.completePendingTxnOffsetCommit keys them by
 * producer id alone: KAFKA-17507).
 */
export function runQueuedCompletion(x: Ctx, g: number): void {
  const group: Draft<Group> = x.k.groups[g]!;
  const [head, ...rest] = group.completions ?? [];
  if (head === undefined) return;
  if (rest.length > 0) group.completions = rest;
  else delete group.completions;
  materialize(x, g, head.producerId, head.marker, head.txnEpoch);
}

/** The producer's pending offsets move into the cache (COMMIT) or are dropped (ABORT). */
function materialize(x: Ctx, g: number, producerId: number, marker: Marker, txnEpoch: number): void {
  const group: Draft<Group> = x.k.groups[g]!;
  const keep = [];
  for (const po of group.pending) {
    if (po.producerId !== producerId) {
      keep.push(po);
      continue;
    }
    const origin = { instance: po.origin.instance, txn: po.origin.txn };
    // The offset whose commit record is later in __consumer_offsets wins, not the one whose marker
    // lands last (GroupMetadata.completePendingTxnOffsetCommit, KAFKA-5247: olderThan by record offset).
    const current = group.committed[po.partition]!;
    const wins = marker === 'COMMIT' && current.recordOffset < po.recordOffset;
    if (wins) {
      group.committed[po.partition] = {
        offset: po.offset,
        recordOffset: po.recordOffset,
        producerId,
        epoch: po.epoch,
        txnEpoch,
        origin,
        generation: po.generation,
      };
      if (po.stale)
        group.staleCommits.push({
          partition: po.partition,
          offset: po.offset,
          instance: po.origin.instance,
          generation: po.generation,
          current: group.generation,
        });
    }
    // A late copy dropped by an abort: its retry's fate stands (the copy changed nothing).
    if (!(po.late === true && marker === 'ABORT')) group.fates.push({ origin, input: po.partition, fate: marker });
    x.events.push({
      type: 'offset',
      partition: po.partition,
      offset: po.offset,
      how: marker === 'ABORT' ? 'dropped' : wins ? 'committed' : 'superseded',
      generation: -1,
      stale: false,
    });
  }
  group.pending = keep;
}
