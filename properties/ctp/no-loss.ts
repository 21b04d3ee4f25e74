import type { AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { formatRanges } from '../view.js';
import { judgedName, judgedView } from './outputs.js';

/** `no-loss`: at quiescence every input value is in the judged output (or applied to the sink). */
export const ctpNoLoss: Invariant<AppState> = {
  name: 'no-loss',
  meaning: invariantMeanings['no-loss'],
  when: 'quiescence',
  check(s) {
    const v = judgedView(s, s.config.isolationLevel);
    return v.missing === 0 ? null : `input ${formatRanges(v.missingRanges)} never reached ${judgedName(s)} at ${s.config.isolationLevel} (${v.missing} missing)`;
  },
};
