/**
 * Why this test? `check flink-kafka --set high-availability.type=none --set
 * faults.jobmanager=1 --set faults.crashes=0 --exhaustive` once said "ok" at depth 24. The flink
 * invariants cached their verdicts by the identity of the partitions object, which the search's
 * drain mutates in place on its own copy, so they answered for a stale log. The same search through
 * plain `step` (the exhaustive option `plain`: no fast path, no owned copies) finds the duplicate
 * (30 steps in all, the fewest: 23 explored and 7 drain); both must agree.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../catalog/flink-kafka.js';
import type { ExhaustiveOptions } from '../../check/explore/options.js';
import { check } from '../helpers/check.js';
import { flinkCfg } from '../model/flink/helpers.js';

const ex: ExhaustiveOptions = { mode: 'exhaustive', depth: 24, maxStates: 200_000 };
const plain: ExhaustiveOptions = { ...ex, plain: true };

describe('a JobManager failure without HA (exhaustive, default depth)', () => {
  const config = flinkCfg('high-availability.type=none', 'faults.jobmanager=1', 'faults.crashes=0');
  test('the fast path finds no-duplicates in 30 steps (23 explored, 7 drain), the fewest', () => {
    const r = check(flinkKafkaEntry, config, ex);
    expect(r.violations[0]).toMatchObject({
      invariant: 'no-duplicates',
      message: 'v1 is read twice at read_committed (offsets 0 and 2)',
    });
    expect(r.trace!.filter((s) => s.phase === 'explore')).toHaveLength(23);
    expect([r.trace!.length, r.shortest]).toEqual([30, true]);
    expect(r.trace!.some((s) => s.action.type === 'JobManagerFail')).toBe(true);
  });
  test('plain step agrees: same verdict, same trace, same number of states', () => {
    // Plain step is slow: both stop soon after the first counterexample instead of proving one shortest.
    const fast = check(flinkKafkaEntry, config, { ...ex, shortestStates: 1000 });
    const slow = check(flinkKafkaEntry, config, { ...plain, shortestStates: 1000 });
    expect(slow.violations).toEqual(fast.violations);
    expect(slow.trace).toEqual(fast.trace);
    expect(slow.distinct).toBe(fast.distinct);
  });
  test('sink.delivery-guarantee=none: the fast path and plain step report the same first invariant', () => {
    const none = flinkCfg('sink.delivery-guarantee=none');
    const a = check(flinkKafkaEntry, none, ex);
    const b = check(flinkKafkaEntry, none, plain);
    expect(a.violations.map((v) => v.invariant)).toEqual(b.violations.map((v) => v.invariant));
    expect(a.violations[0]!.invariant).toBe('no-duplicates');
  });
});
