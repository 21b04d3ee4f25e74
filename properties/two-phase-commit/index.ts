/** The invariants `two-phase-commit` checks, in report order. */
import type { TwoPhaseState } from '../../model/two-phase-commit/state.js';
import type { Invariant } from '../invariant.js';
import { tcConsistent } from './tc-consistent.js';

export { tcConsistent } from './tc-consistent.js';

/** Every invariant of `two-phase-commit`. */
export const twoPhaseInvariants: readonly Invariant<TwoPhaseState>[] = [tcConsistent];
