/**
 * A retry that holds only its own committable (`flink.commit-retry=later`, Flink 1.15 to 1.19.1 and 1.20.0, so
 * connector 3.x) meets the faults of `flink-kafka`: crashes and restores (the waiting committable is in the
 * committer's state and is committed at once), lost notifications, a JobManager failure, expired checkpoints, failed
 * sends, a prefix change, two sink subtasks, a rescale and an intermediate savepoint. POOLING naming is connector
 * 4.0+, on Flink 2.x, which retries synchronously: the combination is refused. Each is searched to depth 20 (the
 * retry's counterexample takes 17 steps before the drain) and holds with the default 10 s retry.
 *
 * A synchronous retry (Flink 1.19.2, 1.20.1, 2.0+) whose sink.committer.retries are used up meets the same faults:
 * with max.block.ms=1000 and 2 retries the task fails at the third timeout, and the restored committer, blocked again
 * while EndTxn fails, commits at 12 s, well within the transaction's timeout. Each holds to depth 20. At depth 24 (the
 * used-up retries' counterexample takes 23 steps) the restart that outlasts the transaction's deadline loses its
 * records, and the KafkaSink's own advice, a transaction timeout above any outage, holds even when Flink's default
 * 10 retries of 60 s are used up.
 */
import { describe, expect, test } from 'vitest';
import { checkNamed } from './safeguards.js';

const later = ['faults.commit-retries=1', 'flink.commit-retry=later', 'connector.version=3.4'];

const faults = [
  ['faults.crashes=2'],
  ['faults.lost-notifications=2'],
  ['faults.jobmanager=1'],
  ['execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=1'],
  // A checkpoint expired while a committable waits: the job fails over (tolerable 0) or goes on (1).
  ['faults.slow-checkpoints=1', 'faults.slow-checkpoint.ms=70000', 'execution.checkpointing.timeout=30000'],
  [
    'faults.slow-checkpoints=1',
    'faults.slow-checkpoint.ms=70000',
    'execution.checkpointing.timeout=30000',
    'execution.checkpointing.tolerable-failed-checkpoints=1',
  ],
  ['faults.send-errors=true'],
  ['faults.prefix-change=true'],
  ['parallelism.default=2'],
  ['faults.rescale=true'],
  ['faults.savepoint=intermediate'],
];

describe('flink.commit-retry=later with each fault: no violation to depth 20', () => {
  for (const f of faults) {
    const set = [...later, ...f];
    test(set.join(' '), () => {
      const r = checkNamed('flink-kafka', set, { mode: 'exhaustive', depth: 20, maxStates: 2_000_000 });
      expect(r.violations).toEqual([]);
      expect(r.bound === null || r.bound === 'depth').toBe(true);
    });
  }
});

const usedUp = ['faults.commit-retries=1', 'max.block.ms=1000', 'sink.committer.retries=2'];

const syncFaults = [
  ['faults.crashes=2'],
  ['faults.lost-notifications=2'],
  ['faults.jobmanager=1'],
  ['execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=1'],
  ['faults.send-errors=true'],
  ['parallelism.default=2'],
  ['faults.rescale=true'],
  ['sink.transaction-naming-strategy=POOLING'],
  // Two failures and a crash: fixed-delay's default 1 attempt gives up (the job FAILED, resubmitted as a new one).
  ['restart-strategy.type=fixed-delay', 'restart-strategy.fixed-delay.attempts=3'],
];

describe('flink.commit-retry=synchronous, its retries used up, with each fault: no violation to depth 20', () => {
  for (const f of syncFaults) {
    const set = [...usedUp, ...f];
    test(set.join(' '), () => {
      const r = checkNamed('flink-kafka', set, { mode: 'exhaustive', depth: 20, maxStates: 2_000_000 });
      expect(r.violations).toEqual([]);
      expect(r.bound === null || r.bound === 'depth').toBe(true);
    });
  }
});

describe('retries used up, the restart past transaction.timeout.ms: depth 24, both ways', () => {
  const straddle = [
    'faults.commit-retries=1',
    'max.block.ms=5000',
    'faults.commit-retry.ms=57500',
    'restart.delay.ms=5000',
  ];
  test('EndTxn back at 59.5 s, the restart at 62 s after the deadline at 61 s: records lost', () => {
    const r = checkNamed('flink-kafka', straddle, { mode: 'exhaustive', depth: 24, maxStates: 2_000_000 });
    expect(r.violations.map((v) => v.invariant)).toContain('no-loss');
  });
  test("Flink's 10 retries of 60 s used up in a 700 s outage, under a 1 h transaction timeout: none", () => {
    const set = [
      'faults.commit-retries=1',
      'faults.commit-retry.ms=700000',
      'transaction.timeout.ms=3600000',
      'transaction.max.timeout.ms=3600000',
    ];
    const r = checkNamed('flink-kafka', set, { mode: 'exhaustive', depth: 24, maxStates: 2_000_000 });
    expect(r.violations).toEqual([]);
    expect(r.bound === null || r.bound === 'depth').toBe(true);
  });
});
