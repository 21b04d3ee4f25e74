import type { AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/**
 * `state-exactly-once`: every instance holding task 0_0's count store counts each input up to its
 * position exactly once: the count equals the input position (inputs 0 .. position - 1), right
 * after a restore from the changelog and after every record since.
 */
export const stateExactlyOnce: Invariant<AppState> = {
  name: 'state-exactly-once',
  meaning: invariantMeanings['state-exactly-once'],
  when: 'every-step',
  check(s) {
    for (const i of s.apps) {
      const pos = i.positions[0];
      if (i.store === null || pos === null || pos === undefined || i.life === 'crashed') continue;
      if (i.store !== pos) {
        return `i${i.slot}#${i.incarnation}: the count store holds ${i.store} at input position ${pos} of in-0 (it should count inputs 1..${pos} once: ${pos})`;
      }
    }
    return null;
  },
};
