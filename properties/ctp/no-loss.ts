import type { AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { lossMessage } from '../view.js';
import { judgedName, judgedView } from './outputs.js';

/** `no-loss`: at quiescence every input value is in the judged output (or applied to the sink). */
export const ctpNoLoss: Invariant<AppState> = {
  name: 'no-loss',
  meaning: invariantMeanings['no-loss'],
  when: 'quiescence',
  check(s) {
    return lossMessage(judgedView(s, s.config.isolationLevel), judgedName(s), s.config.isolationLevel);
  },
};
