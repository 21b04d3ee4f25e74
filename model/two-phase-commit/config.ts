import type { Config, ConfigKey } from '../config.js';

/** The resolved configuration of the `two-phase-commit` model, typed. */
export interface TwoPhaseConfig {
  /** Resource managers rm1 .. rmN (TwoPhase.tla's constant RM). */
  readonly rmCount: number;
  /** TMCommit waits until every RM is in tmPrepared (TwoPhase.tla's `tmPrepared = RM`). */
  readonly commitNeedsAllPrepared: boolean;
}

/** Most resource managers: 4 bits each plus a 4-bit header fit in two 32-bit words. */
export const MAX_RMS = 12;

/** The `--set` keys of `two-phase-commit`. */
export const twoPhaseCommitKeys: readonly ConfigKey[] = [
  { kind: 'integer', name: 'rm.count', default: 3, min: 1, max: MAX_RMS, meaning: "resource managers rm1, rm2, ... (TwoPhase.tla's constant RM)" },
  { kind: 'boolean', name: 'safeguard.commit-needs-all-prepared', default: true, meaning: 'the transaction manager commits only once every resource manager is prepared (false: TMCommit loses its guard `tmPrepared = RM`)' },
];

/** Reads the typed config out of a resolved one. Pure. */
export function twoPhaseCommitConfig(c: Config): TwoPhaseConfig {
  return {
    rmCount: Number(c['rm.count']),
    commitNeedsAllPrepared: c['safeguard.commit-needs-all-prepared'] === true,
  };
}
