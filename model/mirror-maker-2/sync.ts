/**
 * MirrorMaker 2's offset syncs and their translation, by release. Pure functions.
 *
 * Syncs (MirrorSourceTask.PartitionState.update; OffsetSyncWriter from 3.9): the first record of the
 * task, an upstream gap, or, 3.4.1 and 3.5+ (KAFKA-14797), `d - (lastSyncD + 1) >= offset.lag.max`; before,
 * the drift from a 1:1 extrapolation `d - (lastSyncD + (u - lastSyncU)) >= offset.lag.max`.
 *
 * Translation (OffsetSyncStore.translateDownstream): before 3.4.1/3.5 (KAFKA-12468, KAFKA-14666)
 * the latest sync S extrapolated, `S.d + (U - S.u)` (none when S.u > U; U itself with no sync, up
 * to 3.2; a 0 dropped up to 2.6, KAFKA-10048); since, the newest sync the store kept at or below U
 * (`store.ts`: older syncs thinned out exponentially), `S.d` when U is its upstream offset and
 * `S.d + 1` otherwise, never past the group's real position.
 */
import { release } from '../kafka/releases.js';
import { type MirrorMaker2Config, oldTranslation } from './config.js';
import type { MirrorMaker2State, OffsetSync, SyncState } from './state.js';
import { lookup, storeSync } from './store.js';

/** Whether record (u, d) gets an offset sync now. Pure. */
export function syncDue(c: MirrorMaker2Config, s: SyncState, u: number, d: number): boolean {
  if (s.lastSyncD < 0) return true;
  if (s.previousU >= 0 && u - s.previousU !== 1) return true;
  if (oldTranslation(c)) return d - (s.lastSyncD + (u - s.lastSyncU)) >= c.offsetLagMax;
  return d - (s.lastSyncD + 1) >= c.offsetLagMax;
}

/**
 * The downstream offset the checkpoint task gives committed upstream offset `u`, or null: from the syncs it read
 * (`read`) before 3.4.1, from what its offset sync store kept of them (`store`) since.
 */
export function translate(
  c: MirrorMaker2Config,
  read: readonly OffsetSync[],
  store: readonly OffsetSync[],
  u: number,
): number | null {
  if (oldTranslation(c)) {
    const r = release(c.kafkaVersion);
    const s = read[read.length - 1];
    // KAFKA-12635 (3.3): no sync, no translation; before, the placeholder sync (-1, -1) gave u itself.
    if (!s) return r.mm2NoSyncNoCheckpoint ? null : u;
    if (s.u > u) return null;
    const d = s.d + (u - s.u);
    // KAFKA-10048 (2.7): before, a checkpoint of downstream offset 0 was dropped.
    return d === 0 && !r.mm2CheckpointOffsetZero ? null : d;
  }
  // KAFKA-13659: nothing until the store has read the syncs topic (an empty store).
  return lookup(store, u);
}

/** The store after reading the syncs `from` on (its first read when it had read none). Pure. */
export function readSyncs(c: MirrorMaker2Config, s: MirrorMaker2State): OffsetSync[] {
  if (oldTranslation(c)) return [];
  const r = release(c.kafkaVersion);
  const rules = { variableSpacing: r.mm2VariableSpacingStore, initialReadKeepsLast: !r.mm2InitialReadKeepsSyncs };
  let store: readonly OffsetSync[] = s.store;
  for (const sync of s.syncs.slice(s.storeRead)) store = storeSync(rules, store, sync, s.storeRead === 0);
  return [...store];
}

/**
 * Whether a checkpoint of `d` for `u` is emitted after `last` (MirrorCheckpointTask): the old task
 * emits every interval; 3.4.1 and 3.5+ only a first one, an upstream rewind or a downstream advance
 * (checkpointIsMoreRecent). Pure.
 */
export function emits(c: MirrorMaker2Config, last: OffsetSync | null, u: number, d: number): boolean {
  if (last === null) return true;
  if (last.u === u && last.d === d) return false;
  if (oldTranslation(c)) return true;
  return u < last.u || d > last.d;
}
