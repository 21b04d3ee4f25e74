import { fates, readPartition, type KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/** `no-aborted-read`: the judged reader returns no record whose transaction was aborted. */
export const noAbortedRead: Invariant<KafkaState> = {
  name: 'no-aborted-read',
  meaning: invariantMeanings['no-aborted-read'],
  when: 'every-step',
  check(s) {
    for (const p of s.partitions) {
      const f = fates(p);
      for (const e of readPartition(p, s.config.isolationLevel)) {
        if (f[e.offset] === 'ABORT') return `a ${s.config.isolationLevel} reader returns v${e.value} at ${p.name} offset ${e.offset}, a record of an aborted transaction`;
      }
    }
    return null;
  },
};
