import type { KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { firstRepeat } from '../view.js';
import { readOut } from './outputs.js';

/** `no-duplicates`: no input value twice in `out` at the configured isolation.level. */
export const noDuplicates: Invariant<KafkaState> = {
  name: 'no-duplicates',
  meaning: invariantMeanings['no-duplicates'],
  when: 'every-step',
  check(s) {
    const { values, offsets } = readOut(s, s.config.isolationLevel);
    const r = firstRepeat(values, offsets);
    return r && `v${r.value} is read twice at ${s.config.isolationLevel} (offsets ${r.first} and ${r.second})`;
  },
};
