/** The rows of the `--max-states` tables (`max-states.ts`) the fast and the slow suite share. */
import type { CutRow, LevelEndRow } from './max-states.js';

/** Each M stops the search inside a level. */
export const CUT_ROWS: readonly CutRow[] = [
  {
    model: 'kafka-txn',
    set: ['transaction.version=1', 'safeguard.epoch-fencing=false'],
    depth: 8,
    at: [2301, 3836, 5371],
  },
  {
    model: 'two-phase-commit',
    set: ['safeguard.commit-needs-all-prepared=false', 'rm.count=5'],
    depth: 100,
    at: [60, 140, 260, 380, 500],
  },
];

/**
 * M exactly the states to the end of a level: one thread completes that level and stops only at the next new
 * state, or ends unbounded (two-phase-commit has 1,568 states in all), or at the depth bound (kafka-txn, 7,541 to
 * depth 8). Before, workers reported `max-states` at both: they stopped at a level's end at M, and a thread that
 * had admitted as many as M left stopped expanding before knowing that the level held one more.
 */
export const LEVEL_END_ROWS: readonly LevelEndRow[] = [
  {
    model: 'two-phase-commit',
    set: ['rm.count=4'],
    depth: 100,
    at: [
      [1568, null],
      [1566, 'max-states'],
      [1554, 'max-states'],
    ],
    plain: true,
  },
  {
    model: 'kafka-txn',
    set: [],
    depth: 8,
    at: [
      [7541, 'depth'],
      [1031, 'max-states'],
    ],
  },
];
