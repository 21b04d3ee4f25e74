/**
 * `max-poll-rebalance` (seed 001's field case): two instances of a consumer loop share the input
 * partition; records take `record.processing.ms` each (1000), batches of `commit.every` (5) fit in
 * `max.poll.interval.ms` (10000), but one record of the owner's first batch takes the whole poll
 * interval more, so that batch outlasts it. Its heartbeat thread leaves the group
 * (KIP-62), the partition moves to the other instance, which starts from the last committed
 * offset; the slow one finishes its batch and its commit fails (CommitFailedException). With
 * process-then-commit the batch is written twice; with a transaction the stale one's offsets are
 * refused (UNKNOWN_MEMBER_ID: it left the group; KIP-447) and its transaction aborts: read_committed sees each once.
 */
import { int } from '../model/core/keys.js';
import type { AppAction } from '../model/ctp/actions.js';
import type { ctpKeys } from '../model/ctp/config.js';
import { allMarkers } from '../model/kafka/actions.js';
import { scenario } from './scenario.js';

const keys = {
  messages: int('messages', { default: 10, min: 1, max: 50, meaning: 'input records (values 1..messages)' }),
};

export const maxPollRebalance = scenario<AppAction, typeof ctpKeys, typeof keys>({
  name: 'max-poll-rebalance',
  seed: '001',
  summary:
    'a batch processed longer than max.poll.interval.ms: the member leaves, its commit fails, the partition ' +
    'moves and the batch is processed again (written twice unless transactional)',
  keys,
  fixed: (sc) => ({
    instances: 2,
    'input.partitions': 1,
    'input.records': sc.messages,
    'commit.every': 5,
    'record.processing.ms': 1000,
    'faults.crashes': 0,
    // The one slow record is the run's stall (ProcessSlow).
    'faults.zombies': true,
    'faults.network': false,
    'enable.auto.commit': false,
  }),
  defaults: { 'max.poll.interval.ms': 10000 },
  script(sc, model) {
    const slow = 1;
    const other = 2;
    const out: AppAction[] = [
      { type: 'Join', instance: slow },
      { type: 'Join', instance: other },
      { type: 'InitProducerId', instance: slow },
      { type: 'InitProducerId', instance: other },
      { type: 'FetchOffset', instance: slow, partition: 0 },
      { type: 'BeginTxn', instance: slow },
    ];
    // The third record of the first batch is the slow one; commit-then-process commits before each record.
    for (let r = 0; r < Math.min(model.commitEvery, sc.messages); r++) {
      if (model.strategy === 'commit-then-process') out.push({ type: 'CommitOffsets', instance: slow });
      out.push({ type: r === 2 ? 'ProcessSlow' : 'Process', instance: slow, partition: 0 });
    }
    out.push(
      { type: 'CommitOffsets', instance: slow },
      { type: 'SendOffsets', instance: slow },
      { type: 'CommitTxn', instance: slow },
      { type: 'AbortTxn', instance: slow },
      ...allMarkers(0, 1),
    );
    return out;
  },
});
