import { fates, readPartition, type IsolationLevel, type KafkaState, type Partition } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/**
 * The first record of an aborted transaction that a reader at `level` returns from `partitions`,
 * as a message, or null. Every model's `no-aborted-read` is this check on its judged output topic,
 * read at its configured `isolation.level` (the downstream reader whose view is judged). Pure.
 */
export function abortedRead(partitions: readonly Partition[], level: IsolationLevel): string | null {
  for (const p of partitions) {
    const f = fates(p);
    for (const e of readPartition(p, level)) {
      if (f[e.offset] === 'ABORT') return `a ${level} reader returns v${e.value} at ${p.name} offset ${e.offset}, a record of an aborted transaction`;
    }
  }
  return null;
}

/** `no-aborted-read`: the judged reader of `out` returns no record whose transaction was aborted. */
export const noAbortedRead: Invariant<KafkaState> = {
  name: 'no-aborted-read',
  meaning: invariantMeanings['no-aborted-read'],
  when: 'every-step',
  check: (s) => abortedRead(s.partitions, s.config.isolationLevel),
};
