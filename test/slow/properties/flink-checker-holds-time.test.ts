/**
 * `check flink-kafka` with time and failing calls: slow checkpoints, checkpoint expiry, the broker's
 * largest transaction timeout, send errors. The safe half of each direction in flink-checker.test.ts, on the same
 * bound (exhaustive to 12000 states, random seed 1).
 */
import { describe, expect, test } from 'vitest';
import { exhaustive, only, random } from '../../properties/flink-helpers.js';

describe('time and failing calls: the safe settings hold', () => {
  test(
    'KIP-939 (hypothetical): with no transaction timeout the slow checkpoint that loses data without it holds, ' +
      'and a 1 h timeout is not refused',
    () => {
      const pairs = ['transaction.two.phase.commit.enable=true', 'faults.slow-checkpoints=1'];
      const x = exhaustive([...pairs, 'faults.slow-checkpoint.ms=70000']);
      expect(x.status).toBe('ok');
      expect(x.coverage!['SlowCheckpoint']).toBeGreaterThan(0);
      // The refusal fails in the initial state (flink-checker.test.ts); 4000 states cover a start, a crash, a restore.
      expect(
        exhaustive(['transaction.two.phase.commit.enable=true', 'transaction.timeout.ms=3600000'], 4000).status,
      ).toBe('ok');
    },
  );
  test('the same slow checkpoint holds with transaction.timeout.ms above its duration (120 s)', () => {
    const pairs = ['faults.slow-checkpoints=1', 'faults.slow-checkpoint.ms=70000', 'transaction.timeout.ms=120000'];
    expect(random(pairs, 1).status).toBe('ok');
    const x = exhaustive(pairs);
    expect(x.status).toBe('ok');
    expect(x.coverage!['SlowCheckpoint']).toBeGreaterThan(0);
  });
  test(
    'a checkpoint past execution.checkpointing.timeout expires: with 0 tolerable the job fails over, with 1 a later ' +
      'completion commits its committable; both hold',
    () => {
      for (const tolerable of [0, 1]) {
        const x = exhaustive([
          'faults.slow-checkpoints=1',
          'faults.slow-checkpoint.ms=70000',
          'execution.checkpointing.timeout=30000',
          `execution.checkpointing.tolerable-failed-checkpoints=${tolerable}`,
        ]);
        expect(x.status).toBe('ok');
        expect(x.coverage!['ExpireCheckpoint']).toBeGreaterThan(0);
      }
    },
  );
  test('a 1 h transaction timeout holds once the broker allows it (transaction.max.timeout.ms=3600000)', () => {
    expect(exhaustive(['transaction.timeout.ms=3600000', 'transaction.max.timeout.ms=3600000']).status).toBe('ok');
  });
  test('send errors with the flush before the snapshot hold: the task fails before a checkpoint covers them', () => {
    for (const g of ['exactly-once', 'at-least-once']) {
      const pairs = ['faults.send-errors=true', `sink.delivery-guarantee=${g}`];
      const entry = g === 'exactly-once' ? undefined : only('no-loss');
      expect(random(pairs, 1, 300, entry).status).toBe('ok');
      const x = exhaustive(pairs, 12000, entry);
      expect(x.status).toBe('ok');
      expect(x.coverage!['SendError']).toBeGreaterThan(0);
      expect(x.coverage!['MailboxCheck']).toBeGreaterThan(0);
    }
    // The unsafe direction's bound with the flush on: 'at-least-once does not lose records' (flink-checker-holds).
  });
});
