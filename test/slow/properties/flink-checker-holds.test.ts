/**
 * `check flink-kafka`: the safe settings hold within the stated bounds, the other half of every
 * direction in flink-checker.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { exhaustive, only, random } from '../../properties/flink-helpers.js';

describe('properties that hold (random seeds 1 and 2, exhaustive to 12000 states)', () => {
  test('exactly-once at read_committed holds with crashes and lost notifications (the defaults)', () => {
    for (const seed of [1, 2]) expect(random([], seed).status).toBe('ok');
    const x = exhaustive(['faults.lost-notifications=2']);
    expect(x.status).toBe('ok');
    expect(x.coverage!['Crash']).toBeGreaterThan(0);
    expect(x.coverage!['LoseNotification']).toBeGreaterThan(0);
  });
  test('at-least-once does not lose records', () => {
    expect(random(['sink.delivery-guarantee=at-least-once'], 1, 300, only('no-loss')).status).toBe('ok');
    expect(exhaustive(['sink.delivery-guarantee=at-least-once'], 12000, only('no-loss')).status).toBe('ok');
  });
  test('with the lingering-transaction abort on, nothing hangs (same bound that finds the hang with it off)', () => {
    const lost = ['faults.jobmanager=1', 'high-availability.type=none', 'faults.crashes=0', 'input.records=2'];
    expect(exhaustive(lost, 12000, only('no-hanging-transaction')).status).toBe('ok');
  });
  test(
    'transactional-id gap filling: two crashes, a JobManager failure, or the lingering-transaction abort off ' +
      'hold (no gap for the probe to stop at, and the restored writer re-initialises every id it used)',
    () => {
      for (const pairs of [
        ['faults.crashes=2', 'faults.lost-notifications=0'],
        ['faults.jobmanager=1'],
        ['safeguard.abort-lingering-transactions=false'],
      ]) {
        const x = exhaustive(pairs, 12000);
        expect(x.status, pairs.join(' ')).toBe('ok');
        expect(x.coverage!['Crash']).toBeGreaterThan(0);
      }
    },
  );
  test(
    'unaligned checkpoints with job.inputs=2 hold (the bound at which AT_LEAST_ONCE double-counts): the overtaken ' +
      'records are channel state, replayed once',
    () => {
      const x = exhaustive(['execution.checkpointing.unaligned.enabled=true', 'job.inputs=2', 'input.records=2']);
      expect(x.status).toBe('ok');
      expect(x.coverage!['Crash']).toBeGreaterThan(0);
    },
  );
  test('AT_LEAST_ONCE with job.inputs=1 holds: a single chain has nothing to align (seed 000, checked)', () => {
    expect(exhaustive(['execution.checkpointing.mode=AT_LEAST_ONCE', 'input.records=2'], 12000).status).toBe('ok');
  });
  test('group-offsets with a reset policy (properties.auto.offset.reset=earliest) starts and holds', () => {
    // The unsafe direction fails in the initial state; a smaller bound covers the start, a crash and a restore.
    const x = exhaustive(['scan.startup.mode=group-offsets', 'properties.auto.offset.reset=earliest'], 4000);
    expect(x.status).toBe('ok');
    expect(x.coverage!['Restart']).toBeGreaterThan(0);
  });
  test(
    'POOLING holds with the reinit safeguard (transaction.version=1), and without it under version 2 (every ' +
      'end bumps the epoch, so an old committable is fenced anyway)',
    () => {
      const pooling = ['sink.transaction-naming-strategy=POOLING'];
      expect(exhaustive([...pooling, 'kafka.version=3.9']).status).toBe('ok');
      expect(exhaustive([...pooling, 'safeguard.reinit-pooled-producer=false']).status).toBe('ok');
    },
  );
  test('a JobManager failure with HA restores the latest checkpoint: exactly-once holds', () => {
    expect(exhaustive(['faults.jobmanager=1', 'faults.crashes=0'], 12000).status).toBe('ok');
  });
});
