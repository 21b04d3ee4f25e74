/**
 * `check flink-kafka --set jobs=2`: two jobs sharing `sink.transactional-id-prefix`
 * fence each other and lose records from read_committed (`no-loss`), found by random exploration
 * with pinned seeds and by bounded exhaustive search; with
 * `safeguard.unique-transactional-id-prefix` (the default) every invariant holds on the same budget.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../catalog/flink-kafka.js';
import { exhaustive, random } from './flink-helpers.js';

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
