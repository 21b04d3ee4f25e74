import type { AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { firstRepeat } from '../view.js';
import { judgedName, readJudged } from './outputs.js';

/** `no-duplicates`: no input value twice in the judged output at the configured isolation.level. */
export const ctpNoDuplicates: Invariant<AppState> = {
  name: 'no-duplicates',
  meaning: invariantMeanings['no-duplicates'],
  when: 'every-step',
  check(s) {
    const { values, offsets } = readJudged(s, s.config.isolationLevel);
    const r = firstRepeat(values, offsets);
    if (!r) return null;
    const where = `${s.config.sink === 'kafka' ? 'offsets' : 'entries'} ${r.first} and ${r.second}`;
    return `v${r.value} is in ${judgedName(s)} twice at ${s.config.isolationLevel} (${where})`;
  },
};
