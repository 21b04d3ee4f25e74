import type { AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { judgedName, readJudged } from './outputs.js';

/** `no-duplicates`: no input value twice in the judged output at the configured isolation.level. */
export const ctpNoDuplicates: Invariant<AppState> = {
  name: 'no-duplicates',
  meaning: invariantMeanings['no-duplicates'],
  when: 'every-step',
  check(s) {
    const { values, offsets } = readJudged(s, s.config.isolationLevel);
    const seen = new Map<number, number>();
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const first = seen.get(v);
      const where = s.config.sink === 'kafka' ? `offsets ${first} and ${offsets[i]}` : `entries ${first} and ${offsets[i]}`;
      if (first !== undefined) return `v${v} is in ${judgedName(s)} twice at ${s.config.isolationLevel} (${where})`;
      seen.set(v, offsets[i]!);
    }
    return null;
  },
};
