/**
 * Cancel-with-savepoint resumed within transaction.timeout.ms, and a bounded job without checkpoints whose
 * transactions never time out, meet the faults of `flink-kafka`: each combination is searched to depth 20 (a
 * savepoint, its cancel and the resume, or a whole run's reads and its end of input, take at most 16 steps before the
 * drain) and holds, but for two real hazards: a JobMaster failure between the savepoint and the cancel (the cancel is
 * lost with it), and, without checkpoints, a crash after part of the end-of-input commit (the input is replayed).
 */
import { describe, expect, test } from 'vitest';
import { checkNamed } from './safeguards.js';

const cancel = ['faults.savepoint=cancel', 'resubmit.delay.ms=30000'];
const cancelFaults = [
  ['faults.crashes=2'],
  ['faults.lost-notifications=2'],
  ['execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=1'],
  ['faults.send-errors=true'],
  ['faults.prefix-change=true'],
  ['parallelism.default=2'],
  ['faults.rescale=true'],
  ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9'],
  ['faults.commit-retries=1'],
  ['flink.savepoint-semantics=1.7', 'resubmit.delay.ms=30000'],
];

const bounded = ['checkpointing.enabled=false', 'scan.bounded.mode=specific-offsets'];
const noTimeout = 'transaction.two.phase.commit.enable=true';
/** The faults a job without checkpoints can meet (none slows, loses or expires a checkpoint it never takes). */
const boundedFaults = [
  ['faults.crashes=2'],
  ['faults.jobmanager=1'],
  ['faults.send-errors=true'],
  ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9'],
  ['faults.commit-retries=1'],
];

/**
 * Without checkpoints a failure after part of the end-of-input commit replays the whole input from
 * scan.startup.mode (no checkpoint to restore): what was committed is written again. Two committables are enough:
 * two sink subtasks, or a savepoint's before the end's.
 */
const replayed = [['parallelism.default=2'], ['faults.savepoint=intermediate'], ['faults.savepoint=cancel']];

const deep = { mode: 'exhaustive', depth: 20, maxStates: 2_000_000 } as const;

describe('cancel-with-savepoint resumed in time, with each fault: no violation to depth 20', () => {
  for (const f of cancelFaults) {
    const set = [...new Set([...cancel, ...f])];
    test(set.join(' '), () => {
      const r = checkNamed('flink-kafka', set, deep);
      expect(r.violations).toEqual([]);
      expect(r.bound === null || r.bound === 'depth').toBe(true);
    });
  }
});

describe('cancel-with-savepoint whose JobMaster fails before the cancel', () => {
  test('faults.jobmanager=1: the cancel is lost, the restart aborts the savepoint, its resume loses v1', () => {
    const r = checkNamed('flink-kafka', [...cancel, 'faults.jobmanager=1'], deep);
    expect(r.violations).toEqual([
      { invariant: 'no-loss', message: 'input 1 never reached out at read_committed (1 missing)', step: 33 },
    ]);
  });
});

describe('a bounded job without checkpoints, a partial end-of-input commit and a crash: written twice', () => {
  for (const f of replayed) {
    const set = [...bounded, noTimeout, ...f];
    test(set.join(' '), () => {
      const r = checkNamed('flink-kafka', set, deep);
      expect(r.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
    });
  }
});

describe('a bounded job without checkpoints, transactions without timeout, with each fault: none to depth 20', () => {
  for (const f of boundedFaults) {
    const set = [...bounded, noTimeout, ...f];
    test(set.join(' '), () => {
      const r = checkNamed('flink-kafka', set, deep);
      expect(r.violations).toEqual([]);
      expect(r.bound === null || r.bound === 'depth').toBe(true);
    });
  }
});
