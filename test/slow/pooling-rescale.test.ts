/**
 * POOLING with a rescale (owned subtask ids in the writer state, ids freed through the backchannel) met with every
 * fault it can meet, at the depth its traces reach: with FLINK-40626's proposed fix
 * (`safeguard.abort-superseded-precommitted`, the default) each holds; without it the downscale orphan is found.
 */
import { describe, expect, test } from 'vitest';
import { checkNamed } from './safeguards.js';

const base = ['sink.transaction-naming-strategy=POOLING', 'faults.rescale=true', 'input.records=2'];

/** Each fault a rescaled POOLING sink can meet, from parallelism 2 (a downscale first) and from 1. */
const rows: { set: string[]; depth: number }[] = [
  { set: ['parallelism.default=2', 'faults.crashes=2'], depth: 28 },
  { set: ['parallelism.default=2', 'faults.rescales=2', 'faults.crashes=2'], depth: 28 },
  { set: ['faults.rescales=2', 'faults.crashes=2'], depth: 28 },
  { set: ['parallelism.default=2', 'faults.prefix-change=true'], depth: 28 },
  { set: ['parallelism.default=2', 'faults.jobmanager=1'], depth: 28 },
  { set: ['parallelism.default=2', 'faults.send-errors=true'], depth: 28 },
  {
    set: ['parallelism.default=2', 'execution.checkpointing.max-concurrent-checkpoints=2', 'faults.slow-checkpoints=1'],
    depth: 28,
  },
  { set: ['parallelism.default=2', 'kafka.version=3.9'], depth: 28 },
];

describe('POOLING with a rescale holds with the fix, under each fault', () => {
  for (const r of rows) {
    test(`${r.set.join(' ')}: exhaustive to depth ${r.depth}`, () => {
      const x = checkNamed('flink-kafka', [...base, ...r.set], { mode: 'exhaustive', depth: r.depth, maxStates: 2e6 });
      expect(x.violations).toEqual([]);
      expect(x.bound === null || x.bound === 'depth').toBe(true);
    });
  }
});
