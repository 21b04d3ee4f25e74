/**
 * `check flink-kafka` with checkpoint timing: execution.checkpointing.max-concurrent-checkpoints, the first
 * checkpoint's delay after a (re)start, the aligned-checkpoint timeout. Both directions on the same bounds.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check } from '../../helpers/check.js';
import { exhaustive, explored, random } from '../../properties/flink-helpers.js';

describe('execution.checkpointing.max-concurrent-checkpoints', () => {
  const slowOne = ['faults.slow-checkpoints=1', 'transaction.timeout.ms=11000'];
  const two = 'execution.checkpointing.max-concurrent-checkpoints=2';
  test('with 2 and a slowed checkpoint exactly-once holds (random seeds 1 and 2, exhaustive to 12000 states)', () => {
    const pairs = [two, 'faults.slow-checkpoints=1'];
    for (const seed of [1, 2]) expect(random(pairs, seed).status).toBe('ok');
    const x = exhaustive(pairs);
    expect(x.status).toBe('ok');
    expect(x.coverage!['SlowCheckpoint']).toBeGreaterThan(0);
  });
  test(
    'a checkpoint slowed by 10 s against transaction.timeout.ms=11000 loses its transaction at 1 (the default); at ' +
      '2 on the same bound the next checkpoint completes first, subsumes it and commits its transaction',
    () => {
      const r = random(slowOne, 1);
      expect(r.violations[0]!.invariant).toBe('no-loss');
      expect(explored(r)).toContain('SlowCheckpoint');
      const x = exhaustive(slowOne);
      expect(x.violations[0]!.invariant).toBe('no-loss');
      expect(explored(x)).toContain('SlowCheckpoint');
      for (const seed of [1, 2]) expect(random([...slowOne, two], seed).status).toBe('ok');
      expect(exhaustive([...slowOne, two]).status).toBe('ok');
    },
  );
  test(
    'with both checkpoints of the outstanding chain slowed (faults.slow-checkpoints=2) the same timeout loses at 2 ' +
      'too (random seed 1, exhaustive: 15 explored steps); the default timeout holds on that bound',
    () => {
      const chain = [two, 'faults.slow-checkpoints=2', 'transaction.timeout.ms=11000'];
      const r = random(chain, 1);
      expect(r.violations[0]!.invariant).toBe('no-loss');
      expect(explored(r).filter((t) => t === 'SlowCheckpoint')).toHaveLength(2);
      const x = exhaustive(chain);
      expect(x.violations[0]).toMatchObject({
        invariant: 'no-loss',
        message: 'input 1-2 never reached out at read_committed (2 missing)',
      });
      expect(explored(x)).toEqual([
        'AbortLingering',
        'InitSink',
        'Tick',
        'Read',
        'Process',
        'Send',
        'Tick',
        'Read',
        'Trigger',
        'SlowCheckpoint',
        'Tick',
        'Read',
        'Tick',
        'Trigger',
        'SlowCheckpoint',
      ]);
      expect(exhaustive([two, 'faults.slow-checkpoints=2']).status).toBe('ok');
    },
  );
});

describe('faults.checkpoint-initial-delay (the first checkpoint after a (re)start, getRandomInitDelay)', () => {
  const both = ['faults.checkpoint-initial-delay=both', 'execution.checkpointing.min-pause=500'];
  test('both extremes explored: exactly-once holds (random seeds 1 and 2, exhaustive to 12000 states)', () => {
    for (const seed of [1, 2]) expect(random(both, seed).status).toBe('ok');
    const x = exhaustive(both);
    expect(x.status).toBe('ok');
    expect(x.coverage!['InitialDelay']).toBeGreaterThan(0);
    expect(x.coverage!['Restart']).toBeGreaterThan(0);
  });
  test(
    'transaction.timeout.ms=3000 (interval plus restart delay) loses with both (random seed 1, exhaustive), and ' +
      'with the early draw alone too: the late draw is no worse than the steady state',
    () => {
      const short = [...both, 'transaction.timeout.ms=3000', 'input.records=2'];
      expect(random(short, 1).violations[0]!.invariant).toBe('no-loss');
      const x = exhaustive(short, 20000);
      expect(x.violations[0]!.invariant).toBe('no-loss');
      expect(x.trace).toHaveLength(23);
      const early = ['faults.checkpoint-initial-delay=min-pause', 'execution.checkpointing.min-pause=500'];
      const y = exhaustive([...early, 'transaction.timeout.ms=3000', 'input.records=2'], 20000);
      expect(y.violations[0]!.invariant).toBe('no-loss');
    },
  );
});

describe('execution.checkpointing.aligned-checkpoint-timeout (job.inputs=2)', () => {
  const bound = ['job.inputs=2', 'input.records=2', 'faults.slow-checkpoints=1'];
  test(
    'starting aligned and switching to unaligned at the timeout holds (random seeds 1 and 2, exhaustive to 12000 ' +
      'states, the switch covered)',
    () => {
      const pairs = [
        ...bound,
        'execution.checkpointing.unaligned.enabled=true',
        'execution.checkpointing.aligned-checkpoint-timeout=5000',
      ];
      for (const seed of [1, 2]) expect(random(pairs, seed).status).toBe('ok');
      const x = exhaustive(pairs);
      expect(x.status).toBe('ok');
      expect(x.coverage!['AlignmentTimeout']).toBeGreaterThan(0);
    },
  );
  test(
    'AT_LEAST_ONCE barrier tracking on the same bound double-counts (state-exactly-once): swarm seed 2 in 14 steps ' +
      '(2000 uniform random runs miss it), and the exhaustive search',
    () => {
      const pairs = [...bound, 'execution.checkpointing.mode=AT_LEAST_ONCE'];
      // Seeds 1, 2, 4 and 5 of the first eight find it: the flink model's fault kinds share the swarm's profiles.
      const r = check(flinkKafkaEntry, pairs, { mode: 'swarm', runs: 2000, seed: 2, maxSteps: 40 });
      expect(r.violations[0]!.invariant).toBe('state-exactly-once');
      expect(r.trace).toHaveLength(14);
      expect(exhaustive(pairs).violations[0]!.invariant).toBe('state-exactly-once');
    },
  );
});
