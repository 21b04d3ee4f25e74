/** The `--set` keys of `two-phase-commit` and its typed config. */
import { bool, type ConfigOf, int } from '../core/keys.js';

/** Most resource managers: 4 bits each plus a 4-bit header fit in two 32-bit words. */
export const MAX_RMS = 12;

/** The keys of `two-phase-commit`, by field. */
export const twoPhaseCommitKeys = {
  rmCount: int('rm.count', {
    default: 3,
    min: 1,
    max: MAX_RMS,
    meaning: "resource managers rm1, rm2, ... (TwoPhase.tla's constant RM)",
  }),
  commitNeedsAllPrepared: bool('safeguard.commit-needs-all-prepared', {
    default: true,
    meaning:
      'the transaction manager commits only once every resource manager is prepared (false: ' +
      'TMCommit loses its guard `tmPrepared = RM`)',
  }),
} as const;

/** The typed config of `two-phase-commit`. */
export type TwoPhaseConfig = ConfigOf<typeof twoPhaseCommitKeys>;
