/**
 * `check flink-kafka` at `parallelism.default=2`, each sink subtask taking a checkpoint's barrier, acknowledging and
 * being notified in a step of its own: exhaustive to the model's default depth (24) with each fault, every invariant
 * holds at the safe defaults; a notification lost for one subtask delays its commit by a checkpoint, which a
 * transaction timeout shorter than that wait turns into a loss.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check, exhaustive, explored } from '../../helpers/check.js';

const p2 = ['parallelism.default=2'];

describe('parallelism 2, sink subtask by sink subtask, exhaustive to depth 24', () => {
  test.each([
    // The defaults: a crash and a lost notification (of every task).
    [[], 55672],
    [['faults.lost-subtask-notifications=1'], 69414],
    [['faults.crashes=2'], 161766],
    [['faults.jobmanager=1'], 209389],
    [['faults.slow-checkpoints=1'], 139312],
    [['faults.declined-checkpoints=1'], 81293],
    [['execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=1'], 129382],
    [['faults.rescale=true'], 58512],
    [['sink.transaction-naming-strategy=POOLING', 'faults.lost-subtask-notifications=1'], 29062],
  ])('%j holds (%i states)', (pairs, states) => {
    const r = check(flinkKafkaEntry, [...p2, ...pairs], exhaustive(24));
    expect([r.status, r.distinct]).toEqual(['ok', states]);
    // The subtasks' own snapshots and the crash are among the transitions explored.
    expect(r.coverage['SinkSnapshot']).toBeGreaterThan(0);
    expect(r.coverage['Crash']).toBeGreaterThan(0);
  });
});

describe('a notification lost for one subtask waits for the next checkpoint', () => {
  const tight = [...p2, 'transaction.timeout.ms=3000', 'faults.lost-notifications=0', 'faults.crashes=0'];
  test('transaction.timeout.ms=3000 holds when every subtask is notified', () => {
    const r = check(flinkKafkaEntry, tight, exhaustive(24));
    expect([r.status, r.distinct]).toEqual(['ok', 2237]);
  });
  test(
    "one lost: subtask 0's flink-0-1, open since v1 at 1.0 s, is aborted by the coordinator at 4.0 s, when " +
      'checkpoint 2 is triggered and before its notification could commit it (no-loss)',
    () => {
      const r = check(flinkKafkaEntry, [...tight, 'faults.lost-subtask-notifications=1'], exhaustive(24));
      expect(r.violations[0]).toMatchObject({
        invariant: 'no-loss',
        message: 'input 1 never reached out at read_committed (1 missing)',
      });
      expect(explored(r.trace)).toContain('LoseSubtaskNotification');
    },
  );
});
