/**
 * `check flink-kafka --set jobs=2`: two jobs sharing `sink.transactional-id-prefix`
 * fence each other and lose records from read_committed (`no-loss`), found by random exploration
 * with pinned seeds and by bounded exhaustive search; with
 * `safeguard.unique-transactional-id-prefix` (the default) every invariant holds on the same budget, but under POOLING
 * job 1's LISTING abort takes job 2's `flink-job2-…` transactions (their names start with `flink`).
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check, exhaustive as exhaustiveTo } from '../../helpers/check.js';
import { exhaustive, random } from '../../properties/flink-helpers.js';

const base = ['jobs=2', 'input.records=2'];
const shared = [...base, 'safeguard.unique-transactional-id-prefix=false'];
const small = ['faults.crashes=0', 'faults.lost-notifications=0', 'input.records=1'];

describe('jobs=2, shared prefix: no-loss violated (random seeds 1 and 2, exhaustive)', () => {
  test('random: a fenced commit or write loses records of both jobs at read_committed', () => {
    for (const seed of [1, 2]) {
      const r = random(shared, seed);
      expect(r.violations[0]).toMatchObject({ invariant: 'no-loss' });
      expect(r.violations[0]!.message).toMatch(/^input \d(-\d)? never reached out at read_committed/);
      const calls = (r.trace ?? []).map((s) => s.action);
      expect(calls.some((a) => 'job' in a && a.job === 2)).toBe(true);
    }
  });
  test('exhaustive, no faults, one record per job: even a fault-free run loses a record', () => {
    const x = exhaustive(['jobs=2', 'safeguard.unique-transactional-id-prefix=false', ...small], 2000);
    expect(x.violations[0]).toMatchObject({
      invariant: 'no-loss',
      message: 'input 1 never reached out at read_committed (1 missing)',
    });
    expect(x.trace!.some((s) => flinkKafkaEntry.model.isFault(s.action))).toBe(false);
  });
});

describe('jobs=2, unique prefix (the safeguard): every invariant holds on the same budget', () => {
  test('random seeds 1 and 2, 300 runs', () => {
    for (const seed of [1, 2]) expect(random(base, seed).violations).toEqual([]);
  });
  test('exhaustive, no faults, one record per job (bounded)', () => {
    const x = exhaustive(['jobs=2', ...small], 2000);
    expect(x.violations).toEqual([]);
  });
});

describe('jobs=2 under POOLING: job 1 (flink) lists job 2 (flink-job2) as its own (LISTING)', () => {
  // Why this test? LISTING once matched `<prefix>-<subtask>-<n>` exactly; the connector takes every open transaction
  // whose name starts with a prefix to abort, and this bound then held over 262,426 states.
  test('exhaustive to depth 24: job 2 loses v3 and v4, and the message names the prefix overlap', () => {
    const x = check(flinkKafkaEntry, [...base, 'sink.transaction-naming-strategy=POOLING'], exhaustiveTo(24, 60000));
    expect(x.violations[0]).toMatchObject({
      invariant: 'no-loss',
      message:
        "input 3-4 never reached out at read_committed (2 missing); job 2's transactional-id prefix flink-job2 " +
        "starts with job 1's flink: job 1's LISTING abort takes every open transaction whose name starts with " +
        "flink, job 2's pre-committed ones too (prefixes that are prefixes of each other are an operational " +
        'hazard; give each job a prefix no other begins with)',
    });
    expect(x.trace).toHaveLength(34);
  });
});
