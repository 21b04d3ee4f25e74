import { rmName, type TwoPhaseState } from '../../model/two-phase-commit/state.js';
import type { Invariant } from '../invariant.js';

/**
 * `tc-consistent`: TwoPhase.tla's TCConsistent, `\A rm1, rm2 \in RM : ~ /\ rmState[rm1] =
 * "aborted" /\ rmState[rm2] = "committed"`. The message names the first committed and the first
 * aborted RM.
 */
export const tcConsistent: Invariant<TwoPhaseState> = {
  name: 'tc-consistent',
  meaning: 'no resource manager has committed while another has aborted',
  when: 'every-step',
  check(s) {
    const committed = s.rmState.indexOf('committed');
    if (committed < 0) return null;
    const aborted = s.rmState.indexOf('aborted');
    if (aborted < 0) return null;
    return `${rmName(committed + 1)} committed while ${rmName(aborted + 1)} aborted`;
  },
};
