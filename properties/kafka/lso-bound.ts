import { firstOpenOffsetFromLog, type KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/** `lso-bound`: the broker's LSO, checked against the open transactions read off the log itself. */
export const lsoBound: Invariant<KafkaState> = {
  name: 'lso-bound',
  meaning: invariantMeanings['lso-bound'],
  when: 'every-step',
  check(s) {
    for (const p of s.partitions) {
      if (p.lastStableOffset > p.highWatermark) return `${p.name}: LSO ${p.lastStableOffset} is above the high watermark ${p.highWatermark}`;
      const open = firstOpenOffsetFromLog(p);
      if (open !== null && p.lastStableOffset > open) return `${p.name}: LSO ${p.lastStableOffset} passes offset ${open} of a still-open transaction`;
    }
    return null;
  },
};
