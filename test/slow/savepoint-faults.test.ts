/**
 * The operator's savepoints, retried commits and a strategy change meet the faults of `flink-kafka`: each combination
 * is searched to depth 20 (a savepoint, a crash and a resume take at most 16 steps before the drain) and holds.
 * Restoring an older savepoint (`faults.restore=savepoint`) replays by design: judged on `no-loss` only.
 */
import { describe, expect, test } from 'vitest';
import { checkNamed } from './safeguards.js';

const mechanisms = [
  ['faults.savepoint=intermediate'],
  ['faults.savepoint=stop'],
  ['faults.commit-retries=1'],
  ['faults.strategy-change=true', 'kafka.version=3.9'],
];

const faults = [
  ['faults.crashes=2'],
  ['faults.lost-notifications=2'],
  ['faults.jobmanager=1'],
  ['execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=1'],
  ['faults.send-errors=true'],
  ['faults.prefix-change=true'],
  ['parallelism.default=2'],
  ['faults.rescale=true'],
  ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9'],
  ['faults.commit-retries=1'],
  ['faults.savepoint=intermediate'],
];

/** Combinations the model refuses (POOLING with a rescale), that are refused at restore, or that repeat a key. */
function refused(a: string[], b: string[]): boolean {
  const keys = new Set(a.map((x) => x.split('=')[0]));
  if (b.some((x) => keys.has(x.split('=')[0]) && !a.includes(x))) return true;
  const all = [...a, ...b];
  return (
    (all.includes('faults.rescale=true') && all.includes('sink.transaction-naming-strategy=POOLING')) ||
    (all.includes('faults.rescale=true') && all.includes('faults.strategy-change=true')) ||
    // POOLING -> INCREMENTING is refused at every restore (strategy-change.test.ts): not a combination that holds.
    (all.includes('sink.transaction-naming-strategy=POOLING') && all.includes('faults.strategy-change=true')) ||
    a.join() === b.join()
  );
}

/**
 * A failover after an intermediate savepoint (a second crash, a JobManager failure, a failed send and a crash)
 * restores the checkpoint before it, whose lingering-transaction abort aborts the savepoint's transactions; a resume
 * from the savepoint afterwards
 * commits them in vain (KafkaCommitter: fenced, dropped) and its offsets are past their input: lost.
 */
const lostAfterFallback: Readonly<Record<string, number>> = {
  'faults.crashes=2': 33,
  'faults.jobmanager=1': 33,
  // The failed send is the first failover, a crash the second.
  'faults.send-errors=true': 37,
};

describe('an intermediate savepoint resumed after a failover fell back before it', () => {
  for (const [f, step] of Object.entries(lostAfterFallback))
    test(`faults.savepoint=intermediate ${f}: no-loss`, () => {
      const r = checkNamed('flink-kafka', ['faults.savepoint=intermediate', f], {
        mode: 'exhaustive',
        depth: 20,
        maxStates: 2_000_000,
      });
      expect(r.violations).toEqual([
        { invariant: 'no-loss', message: 'input 1 never reached out at read_committed (1 missing)', step },
      ]);
    });
});

describe('savepoints and retried commits, with each fault: no violation to depth 20', () => {
  for (const m of mechanisms)
    for (const f of faults) {
      if (refused(m, f)) continue;
      if (m[0] === 'faults.savepoint=intermediate' && f[0]! in lostAfterFallback) continue;
      const set = [...new Set([...m, ...f])];
      test(set.join(' '), () => {
        const r = checkNamed('flink-kafka', set, { mode: 'exhaustive', depth: 20, maxStates: 2_000_000 });
        expect(r.violations).toEqual([]);
        expect(r.bound === null || r.bound === 'depth').toBe(true);
      });
    }
  test('faults.savepoint=intermediate faults.restore=savepoint: nothing lost', () => {
    const r = checkNamed('flink-kafka', ['faults.savepoint=intermediate', 'faults.restore=savepoint'], {
      mode: 'exhaustive',
      depth: 20,
      maxStates: 2_000_000,
    });
    expect(r.violations.filter((v) => v.invariant === 'no-loss')).toEqual([]);
  });
});
