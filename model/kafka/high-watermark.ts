/**
 * The leader's high watermark and last stable offset, and the ISR size an acks=all write needs. Both
 * the leader's appends (partition.ts) and follower fetches and ISR changes (replication.ts) move the
 * high watermark, so it sits below both. Functions over a draft (or an owned plain copy).
 */
import type { Draft } from 'immer';
import type { Cluster } from './cluster.js';
import type { Partition } from './records.js';

type P = Draft<Partition>;

/** The LSO: the first offset of any open transaction, capped by the high watermark (UnifiedLog.lastStableOffset). */
function recomputeLso(p: P): void {
  let lso = p.highWatermark;
  for (const e of p.producers) if (e.firstOpenOffset !== null && e.firstOpenOffset < lso) lso = e.firstOpenOffset;
  p.lastStableOffset = lso;
}

/**
 * The leader's high watermark after a change, and the LSO with it. One replica: the log end.
 * Replicated: the least log end over the leader and the ISR as the leader knows them from their
 * fetches, never moving back (Partition.maybeIncrementLeaderHW, UnifiedLog.maybeIncrementHighWatermark),
 * and from 3.7 not at all while the ISR is below min.insync.replicas.
 */
export function raiseHighWatermark(k: Draft<Cluster>, i: number): void {
  const p = k.partitions[i]!;
  const r = k.replication?.partitions[i];
  if (!r) p.highWatermark = p.log.length;
  else if (k.rules.release.hwFrozenUnderMinIsr && r.isr.length < effectiveMinIsr(k)) {
    // 3.7+ (KAFKA-15583): "Not increasing HWM because partition is under min ISR".
  } else {
    let hw = p.log.length;
    for (const b of r.isr) if (b !== r.leader) hw = Math.min(hw, r.replicas[b]!.known);
    if (hw > p.highWatermark) p.highWatermark = hw;
  }
  recomputeLso(p);
}

/**
 * The ISR size below which an acks=all write is refused: min.insync.replicas, capped by the
 * replication factor from 3.7 (KAFKA-15583, Partition.effectiveMinIsr); before, taken as set. Pure.
 */
export function effectiveMinIsr(k: Cluster): number {
  const r = k.rules;
  return r.release.minIsrCapped ? Math.min(r.minInsyncReplicas, r.replicationFactor) : r.minInsyncReplicas;
}
