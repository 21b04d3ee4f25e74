/**
 * What each `mirror-maker-2` action reads and changes (`ActionSpec.access`), for the search's sleep sets: two
 * actions that neither change a part the other reads or changes are independent. One part per field of the state
 * (the source topic never changes: it is read by no declaration). Checked against the model's own steps on reached
 * states (`test/helpers/sleep.ts`).
 */
import type { Access } from '../core/model.js';

/** The parts of a `mirror-maker-2` state, one number each. */
export const Part = {
  /** Whether the source cluster is up. */
  sourceAlive: 0,
  /** The records copied to the target topic, and how far the source task copied. */
  target: 1,
  mirrored: 2,
  /** The source task's offset-sync bookkeeping (the last sync, a delayed one), and the syncs it wrote. */
  sync: 3,
  syncs: 4,
  /** How many syncs the checkpoint task's offset sync store has read, and what it keeps of them. */
  storeRead: 5,
  /** The last checkpoint emitted, and the group's offset synced to the target. */
  checkpoint: 6,
  targetGroupOffset: 7,
  /** The consumer group: which cluster it consumes from, its position, its committed offset. */
  cluster: 8,
  position: 9,
  committed: 10,
  /** Ghost: what the group processed. */
  processed: 11,
  /** The aborted source transactions. */
  aborted: 12,
  /** The source offset committed for the task. */
  flushed: 13,
  /** The task generations: restarts and zombies so far, the zombie's position. */
  generation: 14,
  zombie: 15,
} as const;

/** Reads each of `parts`. */
export function reads(at: Access, ...parts: number[]): void {
  for (const p of parts) at.read(p);
}

/** Changes each of `parts`. */
export function writes(at: Access, ...parts: number[]): void {
  for (const p of parts) at.write(p);
}
