/**
 * `consumer-loop` (seed 001 §2-1): one instance reads `messages` sequence-numbered records and
 * writes each to `out`; it crashes while handling record `crash.after` and restarts from the
 * group's committed offset. `commit-then-process` commits each record's offset before processing
 * it (the crash hits between the two: that record is lost); `process-then-commit` commits after
 * every `commit.every` records (the crash right after processing a record: the records since the
 * last commit are processed twice); `transactional` puts `commit.every` records and their offsets
 * in one transaction (the crash aborts the open one: read_committed sees each record once).
 */

import { int } from '../model/core/keys.js';
import type { AppAction } from '../model/ctp/actions.js';
import type { ctpKeys } from '../model/ctp/config.js';
import { allMarkers } from '../model/kafka/actions.js';
import { scenario } from './scenario.js';

const keys = {
  messages: int('messages', { default: 10, min: 1, max: 50, meaning: 'input records (values 1..messages)' }),
  commitEvery: int('commit.every', {
    default: 5,
    min: 1,
    max: 50,
    meaning:
      'records per commit (process-then-commit) or per transaction (transactional); commit-then-process commits ' +
      'each record before processing it',
  }),
  crashAfter: int('crash.after', {
    default: 7,
    min: 0,
    max: 50,
    meaning:
      'the crash hits while handling this record (0: no crash): after committing its offset and before ' +
      'processing it under commit-then-process, right after processing it under the other two',
  }),
};

export const consumerLoop = scenario<AppAction, typeof ctpKeys, typeof keys>({
  name: 'consumer-loop',
  seed: '001',
  summary:
    'one consumer loop, a crash while handling record N: at-most-once loses it, at-least-once repeats the ' +
    'records since the last commit, a transaction shows each once',
  keys,
  fixed: (sc) => ({
    instances: 1,
    'input.partitions': 1,
    'input.records': sc.messages,
    'commit.every': sc.commitEvery,
    'faults.crashes': sc.crashAfter > 0 ? 1 : 0,
    'faults.zombies': false,
    'faults.network': false,
    'enable.auto.commit': false,
  }),
  defaults: {},
  script(sc, model) {
    const n = sc.messages;
    const every = sc.commitEvery;
    const crashAt = sc.crashAfter;
    const strategy = model.strategy;
    const transactional = strategy === 'transactional' && model.enableIdempotence;
    const instance = 1;
    const out: AppAction[] = [{ type: 'Join', instance }];
    if (transactional) out.push({ type: 'InitProducerId', instance });
    out.push({ type: 'FetchOffset', instance, partition: 0 });
    const process: AppAction = { type: 'Process', instance, partition: 0 };
    const crash: AppAction = { type: 'Crash', instance };
    for (let r = 1; r <= n; r++) {
      if (strategy === 'commit-then-process') {
        out.push({ type: 'CommitOffsets', instance });
        if (r === crashAt) return [...out, crash];
        out.push(process);
        continue;
      }
      if (transactional && (r - 1) % every === 0) out.push({ type: 'BeginTxn', instance });
      out.push(process);
      if (r === crashAt) return [...out, crash];
      if (r % every === 0 || r === n) {
        if (transactional)
          out.push({ type: 'SendOffsets', instance }, { type: 'CommitTxn', instance }, ...allMarkers(0, 1));
        else out.push({ type: 'CommitOffsets', instance });
      }
    }
    return out;
  },
});
