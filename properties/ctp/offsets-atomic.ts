import { inputValue, isTxnApp, type AppState } from '../../model/ctp/state.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { committedValues } from './outputs.js';

/**
 * `offsets-atomic`: for each input partition, every record below the group's committed offset has
 * committed output in `out`, and none at or above it does. Judged for the loops that claim it
 * (commit.strategy=transactional, kafka-streams EOS) writing to Kafka; the other strategies never
 * tie output and offsets together (their failures show as `no-loss` and `no-duplicates`).
 */
export const offsetsAtomic: Invariant<AppState> = {
  name: 'offsets-atomic',
  meaning: invariantMeanings['offsets-atomic'],
  when: 'every-step',
  check(s) {
    const c = s.config;
    if (!isTxnApp(c) || c.sink !== 'kafka') return null;
    const done = committedValues(s);
    for (let p = 0; p < c.inputPartitions; p++) {
      const committed = s.offsets.committed[p]!.offset;
      for (let r = 0; r < c.inputRecords; r++) {
        const v = inputValue(c, p, r);
        if (r < committed && !done.has(v)) return `in-${p}: the committed offset ${committed} passes record ${r} (v${v}) but its output is not committed`;
        if (r >= committed && done.has(v)) return `in-${p}: the output of record ${r} (v${v}) is committed but the committed offset is ${committed}`;
      }
    }
    return null;
  },
};
