/**
 * `faults.never-resubmitted`: a job the restart strategy gave up on stays FAILED. Its open transaction holds the LSO
 * of `out` until transaction.timeout.ms aborts it (`no-hanging-transaction`), for ever with KIP-939's
 * transaction.two.phase.commit.enable; resubmitted at once from its kept checkpoint, the same search holds.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../helpers/check.js';
import { eosStart, model, oneRecord, stateAfter } from './helpers.js';

const e = flinkKafkaEntry;
const kept = [
  'restart-strategy.type=none',
  'execution.checkpointing.externalized-checkpoint-retention=RETAIN_ON_CANCELLATION',
  'resubmit.delay.ms=1000',
];

describe('a FAILED job nobody resubmits', () => {
  const pairs = [...kept, 'faults.never-resubmitted=true'];
  test('gives up, stays down: no restart, no JobManager failure; the drain waits for the timeout abort', () => {
    let s = stateAfter(pairs, ...eosStart, ...oneRecord, { type: 'Crash' });
    expect(s.events).toContainEqual({ type: 'abandoned' });
    expect(s.task).toBeNull();
    expect(s.jm).toMatchObject({ restartAt: null, abandoned: true });
    expect(model.enabled(s).map((a) => a.type)).not.toContain('JobManagerFail');
    for (let i = 0; i < 20 && model.drain(s) !== null; i++) s = model.step(s, model.drain(s)!);
    expect(model.drain(s)).toBeNull();
    expect(s.now).toBe(61_000);
    expect(s.ghost.timedOut).toEqual([
      { transactionalId: 'flink-0-1', partition: 0, offset: 0, from: 1000, at: 61_000 },
    ]);
  });
  test('the search: its open transaction is ended only by the coordinator (no-hanging-transaction)', () => {
    const r = check(only(e, 'no-hanging-transaction'), pairs, exhaustive(24));
    expect(r.status).toBe('violation');
    expect(explored(r.trace)).toContain('Crash');
  });
  test('with transaction.two.phase.commit.enable the transaction is never ended at all', () => {
    const r = check(
      only(e, 'no-hanging-transaction'),
      [...pairs, 'transaction.two.phase.commit.enable=true'],
      exhaustive(24),
    );
    expect(r.status).toBe('violation');
    expect(r.violations[0]!.message).toContain('never ended');
  });
  test('resubmitted at once from the kept checkpoint, the same search holds', () => {
    const r = check(only(e, 'no-hanging-transaction'), kept, exhaustive(24));
    expect(r.status).toBe('ok');
  });
});
