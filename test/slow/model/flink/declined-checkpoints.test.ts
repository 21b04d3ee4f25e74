/**
 * `faults.declined-checkpoints` with the faults it meets: crashes, lost notifications, JobManager failures and the
 * restarts they cause, at both ends of execution.checkpointing.tolerable-failed-checkpoints; and the gap fill
 * (`safeguard.fill-transactional-id-gaps`) a source task's decline relies on.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';

const search = (pairs: string[], depth: number) => check(flinkKafkaEntry, pairs, exhaustive(depth, 2_000_000));

describe('a checkpoint declined by a task', () => {
  test(
    'tolerable-failed-checkpoints=0: each decline fails the job over; with a crash, a lost notification and a ' +
      'JobManager failure: holds',
    () => {
      const x = search(['faults.declined-checkpoints=2', 'faults.jobmanager=1'], 28);
      expect([x.status, x.distinct, x.depthCompleted]).toEqual(['ok', 200744, 28]);
      expect(x.coverage!['DeclineCheckpoint']).toBeGreaterThan(0);
    },
  );
  test('tolerable-failed-checkpoints=1: one decline tolerated, the next fails it over; with two crashes: holds', () => {
    const x = search(
      ['faults.declined-checkpoints=2', 'faults.crashes=2', 'execution.checkpointing.tolerable-failed-checkpoints=1'],
      26,
    );
    expect([x.status, x.distinct, x.depthCompleted]).toEqual(['ok', 156032, 26]);
  });
});

describe('tolerable-failed-checkpoints=0: the failover a decline causes, with an intermediate savepoint', () => {
  test(
    'savepoint 1 pre-commits flink-0-1 (Flink 1.15+: kept out of recovery, commits nothing); checkpoint 2 is ' +
      'declined and the job fails over to no checkpoint, whose lingering-transaction probe aborts flink-0-1; a ' +
      'crash, the operator resumes from savepoint 1 and its commit of flink-0-1 fails: v1 and v2 are lost, as after ' +
      'any failover that falls back before the savepoint (no-loss, 30 explored steps)',
    () => {
      const x = search(['faults.savepoint=intermediate', 'faults.declined-checkpoints=1'], 26);
      expect(x.violations[0]!.message).toBe('input 1-2 never reached out at read_committed (2 missing)');
      expect(explored(x.trace)).toHaveLength(30);
      const shown = new Set(['checkpoint-declined', 'failed', 'restored', 'savepoint-resumed', 'commit-failed']);
      const events = x.states!.flatMap((st) => st.events).filter((e) => shown.has(e.type));
      expect(events).toEqual([
        { type: 'checkpoint-declined', checkpoint: 2, by: 'source', failed: 1, tolerable: 0 },
        {
          type: 'failed',
          reason: 'checkpoint 2 declined by the source task: Exceeded checkpoint tolerable failure threshold (0)',
          restartAt: 3000,
        },
        expect.objectContaining({ type: 'restored', checkpoint: null }),
        expect.objectContaining({ type: 'failed', reason: 'TaskManager crash' }),
        { type: 'savepoint-resumed', checkpoint: 1 },
        expect.objectContaining({ type: 'restored', checkpoint: 1 }),
        expect.objectContaining({ type: 'commit-failed', checkpoint: 1, transactionalId: 'flink-0-1' }),
      ]);
    },
  );
});

describe('safeguard.fill-transactional-id-gaps with a source task declining', () => {
  const gap = [
    'faults.declined-checkpoints=1',
    'execution.checkpointing.tolerable-failed-checkpoints=1',
    'input.records=1',
    'faults.lost-notifications=0',
  ];
  const gapSearch = (pairs: string[]) =>
    check(only(flinkKafkaEntry, 'no-hanging-transaction'), pairs, exhaustive(28, 1_000_000));
  test(
    'off: checkpoint 1 is declined before its barrier, checkpoint 2 moves the writer from flink-0-1 to flink-0-3, ' +
      'never initialising flink-0-2; a crash aborts checkpoint 2 with v1 in flink-0-3, and the restart from no ' +
      'checkpoint probes flink-0-1 (used), then flink-0-2 (unused: the walk ends): no-hanging-transaction ' +
      '(22 explored steps)',
    () => {
      const x = gapSearch([...gap, 'safeguard.fill-transactional-id-gaps=false']);
      expect(x.violations[0]!.message).toBe(
        'out-0: the transaction of flink-0-3 from offset 0 was never ended by the job: the coordinator aborted it ' +
          'after transaction.timeout.ms (open from 4.0 s to 64.0 s, the LSO held at 0 meanwhile)',
      );
      expect(explored(x.trace)).toHaveLength(22);
      const events = x.states!.flatMap((s) => s.events);
      expect(events.filter((e) => e.type === 'checkpoint-declined')).toEqual([
        { type: 'checkpoint-declined', checkpoint: 1, by: 'source', failed: 1, tolerable: 1 },
      ]);
      const probes = events.filter((e) => e.type === 'probed');
      expect(probes.map((e) => `${e.transactionalId} ${e.used ? 'used' : 'unused'}`)).toEqual([
        'flink-0-1 unused',
        'flink-0-1 used',
        'flink-0-2 unused',
      ]);
    },
  );
  test('on (the default): the writer initialises flink-0-2 empty, the probe walks past it: holds', () => {
    const x = gapSearch(gap);
    expect([x.status, x.distinct, x.depthCompleted]).toEqual(['ok', 7743, 28]);
  });
});
