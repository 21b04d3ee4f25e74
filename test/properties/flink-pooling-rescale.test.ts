/**
 * `check flink-kafka` under POOLING with `faults.rescale`: owned subtask ids kept in the writer state
 * (TransactionOwnership.EXPLICIT_BY_WRITER_STATE, connector 4.0.0 to 5.0.0). A downscale leaves FLINK-40626's
 * orphan: an id of the vanished subtask, committed, reused and open at the failure, is skipped by LISTING as
 * pre-committed, its re-commit fenced, and never taken again (new ids go under the first owned id only), so it stays
 * open until transaction.timeout.ms. `safeguard.abort-superseded-precommitted` (the proposed fix, in no release up to
 * 5.0.0) aborts it at the restore.
 */
import { describe, expect, test } from 'vitest';
import { exhaustive, explored, only, random } from './flink-helpers.js';

const pooling = ['sink.transaction-naming-strategy=POOLING', 'faults.rescale=true'];
const down = [...pooling, 'parallelism.default=2'];
const off = 'safeguard.abort-superseded-precommitted=false';

describe('POOLING with a rescale', () => {
  test(
    "2 -> 1 without the fix: FLINK-40626's downscale orphan, flink-1-0 reused after checkpoint 2 and open at the " +
      'crash, skipped as pre-committed, never reused at parallelism 1 (no-hanging-transaction)',
    () => {
      const x = exhaustive([...down, off], 200000, only('no-hanging-transaction'));
      expect(x.violations[0]!.message).toBe('MESSAGE');
      expect(x.trace).toHaveLength(0);
      expect(explored(x)).toContain('Rescale');
      const events = x.states!.flatMap((s) => s.events);
      expect(events).toContainEqual({ type: 'listed', kept: ['flink-1-0'] });
    },
  );
  test('2 -> 1 with the fix: the same bound holds', () => {
    const x = exhaustive(down, 200000);
    expect(x.status).toBe('ok');
    expect(x.coverage!['Rescale']).toBeGreaterThan(0);
  });
  test('1 -> 2 holds either way: no subtask id is left without an owner that names transactions under it', () => {
    for (const pairs of [pooling, [...pooling, off]]) {
      const x = exhaustive(pairs, 100000);
      expect(x.status, pairs.join(' ')).toBe('ok');
      expect(x.coverage!['Rescale']).toBeGreaterThan(0);
    }
  });
  test('random runs (seed 1) find the orphan too, and hold with the fix', () => {
    expect(random([...down, off], 1).violations[0]).toMatchObject({ invariant: 'no-hanging-transaction' });
    expect(random(down, 1).status).toBe('ok');
  });
});
