/**
 * A retry that holds only its own committable (`flink.commit-retry=later`, Flink 1.15 to 1.19.1 and 1.20.0, so
 * connector 3.x) meets the faults of `flink-kafka`: crashes and restores (the waiting committable is in the
 * committer's state and is committed at once), lost notifications, a JobManager failure, expired checkpoints, failed
 * sends, a prefix change, two sink subtasks, a rescale and an intermediate savepoint. POOLING naming is connector
 * 4.0+, on Flink 2.x, which retries synchronously: the combination is refused. Each is searched to depth 20 (the
 * retry's counterexample takes 17 steps before the drain) and holds with the default 10 s retry.
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
