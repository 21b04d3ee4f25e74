import type { KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { formatRanges } from '../view.js';
import { outView } from './outputs.js';

/** `no-loss`: at quiescence every input value is in `out` at the configured isolation.level. */
export const noLoss: Invariant<KafkaState> = {
  name: 'no-loss',
  meaning: invariantMeanings['no-loss'],
  when: 'quiescence',
  check(s) {
    const v = outView(s, s.config.isolationLevel);
    return v.missing === 0 ? null : `input ${formatRanges(v.missingRanges)} never reached out at ${s.config.isolationLevel} (${v.missing} missing)`;
  },
};
