/**
 * The INCREMENTING restore probe (`TransactionAbortStrategyImpl.PROBING`, 3.x `TransactionAborter`) initialises every
 * id it probes, the first unused one included, and reads "unused" from an epoch of 0 after the call; and the gap
 * fill (`safeguard.fill-transactional-id-gaps`) it relies on.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';
import { eosStart, stateAfter } from '../../../model/flink/helpers.js';

describe('PROBING', () => {
  test(
    'at the first start the probe initialises flink-0-1 (epoch 0: unused, the walk ends) and the writer ' +
      'initialises it again (epoch 1)',
    () => {
      const probed = stateAfter([], eosStart[0]!);
      expect(probed.events).toContainEqual({ type: 'probed', transactionalId: 'flink-0-1', used: false });
      expect(probed.kafka.txns.map((t) => [t.transactionalId, t.epoch])).toEqual([['flink-0-1', 0]]);
      const s = stateAfter([], ...eosStart);
      expect(s.events).toContainEqual({ type: 'writer', transactionalId: 'flink-0-1', epoch: 1 });
    },
  );
  test('a restart probes flink-0-1 (used), then flink-0-2 (new: epoch 0, the walk ends), and both stay known', () => {
    const s = stateAfter(
      ['faults.lost-notifications=0'],
      ...eosStart,
      { type: 'Crash' },
      { type: 'Tick' },
      { type: 'Restart' },
      { type: 'AbortLingering' },
      { type: 'AbortLingering' },
    );
    expect(s.events).toContainEqual({ type: 'probed', transactionalId: 'flink-0-2', used: false });
    expect(s.kafka.txns.map((t) => [t.transactionalId, t.epoch])).toEqual([
      ['flink-0-1', 2],
      ['flink-0-2', 0],
    ]);
  });
});

describe('safeguard.fill-transactional-id-gaps', () => {
  const gap = [
    'execution.checkpointing.max-concurrent-checkpoints=2',
    'faults.slow-checkpoints=1',
    'faults.crashes=2',
    'input.records=1',
    'faults.lost-notifications=0',
  ];
  const search = (pairs: string[]) =>
    check(only(flinkKafkaEntry, 'no-hanging-transaction'), pairs, exhaustive(32, 1_000_000));
  test(
    'off: checkpoints 1 (slowed) and 2 are aborted by a crash before their barriers; the restart probes flink-0-1 ' +
      'and flink-0-2 (new), the writer skips to flink-0-4 at checkpoint 3, a second crash leaves it open and the ' +
      'next probe ends at flink-0-3, never initialised: no-hanging-transaction (32 explored steps)',
    () => {
      const x = search([...gap, 'safeguard.fill-transactional-id-gaps=false']);
      expect(x.violations[0]!.message).toBe(
        'out-0: the transaction of flink-0-4 from offset 0 was never ended by the job: the coordinator aborted it ' +
          'after transaction.timeout.ms (open from 7.0 s to 67.0 s, the LSO held at 0 meanwhile)',
      );
      expect(explored(x.trace)).toHaveLength(32);
      const probes = x.states!.flatMap((s) => s.events).filter((e) => e.type === 'probed');
      expect(probes.map((e) => `${e.transactionalId} ${e.used ? 'used' : 'unused'}`)).toEqual([
        'flink-0-1 unused',
        'flink-0-1 used',
        'flink-0-2 unused',
        'flink-0-1 used',
        'flink-0-2 used',
        'flink-0-3 unused',
      ]);
    },
  );
  test('on (the default): the writer initialises flink-0-2 and flink-0-3, the probe reaches flink-0-4: holds', () => {
    const x = search(gap);
    expect([x.status, x.distinct, x.depthCompleted]).toEqual(['ok', 75556, 32]);
  });
});
