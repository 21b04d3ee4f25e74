import type { KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { lossMessage } from '../view.js';
import { outView } from './outputs.js';

/** `no-loss`: at quiescence every input value is in `out` at the configured isolation.level. */
export const noLoss: Invariant<KafkaState> = {
  name: 'no-loss',
  meaning: invariantMeanings['no-loss'],
  when: 'quiescence',
  check(s) {
    return lossMessage(outView(s, s.config.isolationLevel), 'out', s.config.isolationLevel);
  },
};
