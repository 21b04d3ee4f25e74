/**
 * `check flink-kafka`: every unsafe setting of the issue is found, by random exploration where it
 * finds it with these pinned seeds and by bounded exhaustive search, each counterexample short.
 */
import { describe, expect, test } from 'vitest';
import { exhaustive, explored, only, random } from './flink-helpers.js';

describe('violations found (random seeds 1 and 2, exhaustive)', () => {
  test(
    'finding: two crashes can hide a lingering transaction behind a never-used transactional.id (the abort probes ' +
      'stop at the first gap)',
    () => {
      // Checkpoint 1 is aborted before its barrier reaches the sink (crash 1), so flink-0-2 is never
      // used; flink-0-3 is opened after checkpoint 2's sink snapshot and crash 2 hits before the
      // ack. The restore probes flink-0-1 (used), flink-0-2 (unused: stop): flink-0-3 hangs.
      const x = exhaustive(['faults.crashes=2', 'faults.lost-notifications=0'], 20000, only('no-hanging-transaction'));
      expect(x.violations[0]!.message).toMatch(/^out-0: the transaction of flink-0-3 /);
      expect(explored(x).filter((t) => t === 'Crash')).toHaveLength(2);
    },
  );
  test('at-least-once violates no-duplicates: a record written, a crash, re-read from the checkpoint', () => {
    for (const seed of [1, 2]) {
      const r = random(['sink.delivery-guarantee=at-least-once'], seed);
      expect(r.violations[0]!.invariant).toBe('no-duplicates');
      expect(explored(r)).toEqual(['Tick', 'Read', 'Process', 'Send', 'Crash']);
    }
    const x = exhaustive(['sink.delivery-guarantee=at-least-once']);
    expect(x.violations[0]!.invariant).toBe('no-duplicates');
    expect(explored(x).slice(0, 5)).toEqual(['Tick', 'Read', 'Process', 'Send', 'Crash']);
  });
  test(
    'none violates no-loss: the buffer is not flushed at the barrier, ' +
      'the checkpoint completes, the crash drops it',
    () => {
      const x = exhaustive(['sink.delivery-guarantee=none'], 12000, only('no-loss'));
      expect(x.violations[0]).toMatchObject({ invariant: 'no-loss' });
      // The fewest steps in total: a second record read before the barrier, so the drain after the crash is short.
      expect(explored(x)).toEqual([
        'Tick',
        'Read',
        'Process',
        'Tick',
        'Read',
        'Process',
        'Trigger',
        'Process',
        'Ack',
        'Crash',
      ]);
      expect([x.trace!.length, x.shortest]).toEqual([15, true]);
    },
  );
  test(
    'read_uncommitted readers see aborted records (no-aborted-read, as in every model) and ' +
      'duplicates under exactly-once',
    () => {
      const r = random(['isolation.level=read_uncommitted'], 1);
      expect(r.violations.map((v) => v.invariant)).toContain('no-aborted-read');
      expect(r.trace!.length).toBeLessThanOrEqual(20);
      expect(exhaustive(['isolation.level=read_uncommitted']).violations[0]!.invariant).toBe('no-aborted-read');
      expect(
        exhaustive(['isolation.level=read_uncommitted'], 12000, only('no-duplicates')).violations[0]!.invariant,
      ).toBe('no-duplicates');
    },
  );
  test('transaction.timeout.ms 2500, below checkpoint (2000) plus restart (1000), violates no-loss', () => {
    const r = random(['transaction.timeout.ms=2500'], 1);
    expect(r.violations[0]!.invariant).toBe('no-loss');
    const x = exhaustive(['transaction.timeout.ms=2500']);
    expect(x.violations[0]!.invariant).toBe('no-loss');
    // Checkpoint plus restart, or two checkpoints when a notification is lost: both outlast 2500 ms.
    expect(explored(x).some((t) => t === 'Crash' || t === 'LoseNotification')).toBe(true);
  });
  test(
    'safeguard.abort-lingering-transactions=false leaves a hanging transaction (crash after the sink ' +
      'snapshot, before the ack)',
    () => {
      // 20,000 states: proving the 25 steps the fewest in total (issue #12) takes 12,063.
      const x = exhaustive(
        ['safeguard.abort-lingering-transactions=false', 'input.records=2'],
        20000,
        only('no-hanging-transaction'),
      );
      expect(x.violations[0]).toMatchObject({ invariant: 'no-hanging-transaction' });
      expect(x.violations[0]!.message).toMatch(/^out-0: the transaction of flink-0-2 from offset \d+ is never ended/);
      const calls = explored(x).join(' ');
      expect(calls).toContain('Trigger Process InitSink Read Process Send Crash');
      expect([x.trace!.length, x.shortest]).toEqual([25, true]);
    },
  );
  test('AT_LEAST_ONCE with job.inputs=2 violates state-exactly-once (seed 000)', () => {
    const x = exhaustive(['execution.checkpointing.mode=AT_LEAST_ONCE', 'job.inputs=2', 'input.records=2']);
    expect(x.violations[0]).toMatchObject({ invariant: 'state-exactly-once' });
    expect(x.violations[0]!.message).toMatch(/counted twice after the restore/);
  });
  test('a JobManager failure without HA re-reads from earliest-offset: duplicates at read_committed', () => {
    const x = exhaustive(
      ['faults.jobmanager=1', 'high-availability.type=none', 'faults.crashes=0', 'input.records=2'],
      20000,
    );
    expect(x.violations[0]!.invariant).toBe('no-duplicates');
    expect(explored(x)).toContain('JobManagerFail');
  });
});
