/**
 * MirrorCheckpointTask's OffsetSyncStore from 3.4.1 and 3.5 (KAFKA-14666): per partition an array of 64 offset
 * syncs, syncs[0] the latest read, older ones kept at roughly exponential spacing (the store's invariants B and C),
 * so a group far behind replication translates from an older sync and repeats more records. Pure functions.
 *
 * The array is kept without its tail: slot i at or past `length` holds the last element (every slot of the
 * initial array is the first sync). Syncs are told apart by their upstream offset (Java compares references; the
 * syncs topic here never repeats an upstream offset).
 */
import type { OffsetSync } from './state.js';

/** OffsetSyncStore.SYNCS_PER_PARTITION: one slot for each bit of an offset. */
const SLOTS = 64;

const same = (a: OffsetSync, b: OffsetSync): boolean => a.u === b.u && a.d === b.d;

/** Invariant B: slot i is at most 2^j - 2^i past slot j (i < j). */
function invariantB(iSync: OffsetSync, jSync: OffsetSync, i: number, j: number): boolean {
  const bound = jSync.u + 2 ** j - 2 ** i;
  return same(iSync, jSync) || bound < 0 || iSync.u <= bound;
}

/** Invariant C: slot i is at least 2^max(i-2, 0) past slot j (i < j). */
function invariantC(iSync: OffsetSync, jSync: OffsetSync, i: number): boolean {
  const bound = jSync.u + 2 ** Math.max(i - 2, 0);
  return same(iSync, jSync) || (bound >= 0 && iSync.u >= bound);
}

/** The 64 slots of a stored array (non-empty). */
function expand(store: readonly OffsetSync[]): OffsetSync[] {
  const last = store[store.length - 1]!;
  return Array.from({ length: SLOTS }, (_, i) => store[i] ?? last);
}

/** The slots without their tail of copies of the last one. */
function compress(slots: readonly OffsetSync[]): OffsetSync[] {
  let n = slots.length;
  while (n > 1 && same(slots[n - 2]!, slots[n - 1]!)) n--;
  return slots.slice(0, n);
}

/**
 * updateSyncArray before KAFKA-15202 (3.4.1 - 3.5.1): the last value pushed out of a slot is the only one that
 * may move down to a later slot, so a sync that could have stayed is lost when spacing varies.
 */
function updateBefore15202(slots: OffsetSync[], sync: OffsetSync): void {
  let replacement = sync;
  let oldValue = slots[0]!;
  slots[0] = replacement;
  for (let current = 1; current < SLOTS; current++) {
    const previous = current - 1;
    const next = current + 1;
    const isRecent = invariantB(slots[previous]!, oldValue, previous, current);
    const separatedFromPrevious = invariantC(slots[previous]!, oldValue, previous);
    const separatedFromNext = next >= SLOTS || invariantC(oldValue, slots[next]!, current);
    if (isRecent && separatedFromPrevious && separatedFromNext) replacement = oldValue;
    if (invariantB(slots[previous]!, slots[current]!, previous, current)) break;
    oldValue = slots[current]!;
    slots[current] = replacement;
  }
}

/**
 * updateSyncArray from KAFKA-15202 (3.5.2, 3.6): any value of the array before this update may move down, the
 * first that satisfies the invariants at the slot, so more distinct syncs stay.
 */
function updateSince15202(slots: OffsetSync[], original: readonly OffsetSync[], sync: OffsetSync): void {
  let replacement = sync;
  let replacementIndex = 0;
  slots[0] = replacement;
  for (let current = 1; current < SLOTS; current++) {
    const previous = current - 1;
    let skipOldValue: boolean;
    do {
      const oldValue = original[replacementIndex]!;
      const isRecent = invariantB(slots[previous]!, oldValue, previous, current);
      const separatedFromPrevious = invariantC(slots[previous]!, oldValue, previous);
      const next = current + 1;
      const separatedFromNext = next >= SLOTS || invariantC(oldValue, slots[next]!, current);
      const duplicate = replacementIndex + 1 < SLOTS && same(oldValue, original[replacementIndex + 1]!);
      const promote = isRecent && separatedFromPrevious && separatedFromNext;
      if (promote) replacement = oldValue;
      skipOldValue = duplicate || !separatedFromPrevious;
      if (promote || skipOldValue) replacementIndex++;
    } while (replacementIndex < current && skipOldValue);
    if (invariantB(slots[previous]!, slots[current]!, previous, current)) break;
    slots[current] = replacement;
  }
}

/** How a store takes a sync: the releases' update rules. */
export interface StoreRules {
  /** KAFKA-15202 (3.5.2, 3.6+): any older value may move down. */
  readonly variableSpacing: boolean;
  /**
   * Whether a sync read during the store's first read to the end of the syncs topic only replaces the whole
   * array: 3.4.1 - 3.7.0 always (`!readToEnd`); from KAFKA-15905 (3.7.1, 3.8) only when the task's checkpoints
   * could not be read (`initializationMustReadToEnd`), which here they always can.
   */
  readonly initialReadKeepsLast: boolean;
}

/** OffsetSyncStore.handleRecord: the store after reading `sync`; `initial`: during its first read to the end. */
export function storeSync(
  rules: StoreRules,
  store: readonly OffsetSync[],
  sync: OffsetSync,
  initial: boolean,
): OffsetSync[] {
  // createInitialSyncs, an upstream rewind, and the first read's `clearSyncArray`: every slot is the sync.
  if (store.length === 0 || (initial && rules.initialReadKeepsLast) || sync.u < store[0]!.u) return [sync];
  const original = expand(store);
  const slots = [...original];
  if (rules.variableSpacing) updateSince15202(slots, original, sync);
  else updateBefore15202(slots, sync);
  return compress(slots);
}

/**
 * OffsetSyncStore.translateDownstream: the latest stored sync at or below `u` (lookupLatestSync), its
 * downstream offset when `u` is its upstream offset and one past it otherwise; null before the first read, or
 * when every stored sync is past `u` (-1, which MirrorCheckpointTask drops: "offsets we cannot translate
 * accurately").
 */
export function lookup(store: readonly OffsetSync[], u: number): number | null {
  const s = store.find((x) => x.u <= u);
  if (!s) return null;
  return s.u === u ? s.d : s.d + 1;
}
