/** The `two-phase-commit` entry: TwoPhase.tla, its invariant, no Kafka report, its renderer. */
import type { TwoPhaseAction } from '../model/two-phase-commit/actions.js';
import type { twoPhaseCommitKeys } from '../model/two-phase-commit/config.js';
import { twoPhaseCommitModel } from '../model/two-phase-commit/model.js';
import type { TwoPhaseState } from '../model/two-phase-commit/state.js';
import { twoPhaseInvariants } from '../properties/two-phase-commit/index.js';
import { twoPhaseRenderer } from '../traces/two-phase-commit/render.js';
import { type Entry, noReport } from './entry.js';

/** The `two-phase-commit` entry. */
export const twoPhaseCommitEntry: Entry<TwoPhaseState, TwoPhaseAction, typeof twoPhaseCommitKeys> = {
  model: twoPhaseCommitModel,
  invariants: twoPhaseInvariants,
  report: noReport,
  render: twoPhaseRenderer,
  scenarios: [],
};
