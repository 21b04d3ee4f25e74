import type { KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { readOut } from './outputs.js';

/** `no-duplicates`: no input value twice in `out` at the configured isolation.level. */
export const noDuplicates: Invariant<KafkaState> = {
  name: 'no-duplicates',
  meaning: invariantMeanings['no-duplicates'],
  when: 'every-step',
  check(s) {
    const { values, offsets } = readOut(s, s.config.isolationLevel);
    const seen = new Map<number, number>();
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const first = seen.get(v);
      if (first !== undefined) return `v${v} is read twice at ${s.config.isolationLevel} (offsets ${first} and ${offsets[i]})`;
      seen.set(v, offsets[i]!);
    }
    return null;
  },
};
