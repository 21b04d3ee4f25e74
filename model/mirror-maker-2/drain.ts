/**
 * The fault-free drain of `mirror-maker-2`: the store reads syncs, the task commits, replication
 * goes on, the group processes and commits, checkpoints and the group sync follow, the planned
 * switch, then the group on the target. Pure.
 */
import type { ActionSpec } from '../core/model.js';
import { type MirrorMaker2Action, mirrorMaker2Actions } from './actions.js';
import type { MirrorMaker2State } from './state.js';

const ORDER: readonly MirrorMaker2Action['type'][] = [
  'ReadSyncs',
  'CommitSourceTask',
  'Mirror',
  'ZombieMirror',
  'Consume',
  'CommitOffsets',
  'Checkpoint',
  'SyncGroupOffsets',
  'Switch',
  'ConsumeTarget',
];

/** The drain's next action, or null at quiescence: the first enabled one in ORDER. */
export function drain(s: MirrorMaker2State): MirrorMaker2Action | null {
  let next: MirrorMaker2Action | null = null;
  const emit = (a: MirrorMaker2Action): void => {
    if (next === null) next = a;
  };
  const table = mirrorMaker2Actions as unknown as Record<string, ActionSpec<MirrorMaker2State, MirrorMaker2Action>>;
  for (const t of ORDER) {
    table[t]!.enabled(s, emit);
    if (next !== null) return next;
  }
  return null;
}
