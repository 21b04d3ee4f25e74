import { OUT, type AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { abortedRead } from '../kafka/no-aborted-read.js';

/**
 * `no-aborted-read` for consumer applications: the judged reader of `out` (isolation.level) never
 * returns a record of an aborted transaction. The changelog of kafka-streams is read by the
 * restore consumer, not by the downstream reader, so it is not judged here.
 */
export const ctpNoAbortedRead: Invariant<AppState> = {
  name: 'no-aborted-read',
  meaning: invariantMeanings['no-aborted-read'],
  when: 'every-step',
  check: (s) => abortedRead([s.partitions[OUT]!], s.config.isolationLevel),
};
