/**
 * KAFKA-13727 in kafka-txn, every state to the counterexample's depth (14 steps: v1 and v2 committed, v3 aborted, a
 * cleaning whose offset map fills after offset 0), by release: before the fix the search finds no-aborted-read; with
 * it (3.2.0, and the 2.8.2, 3.0.2 and 3.1.1 backports) no state to that depth violates anything. Then two passes and
 * a short delete.retention.ms deeper, where a second pass may remove a marker past its horizon (the removal itself is
 * traced in test/model/kafka/log-cleaner.test.ts), and the sleep sets' declarations of the Clean step.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../catalog/kafka-txn.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import { cfg, explored } from '../helpers/check.js';
import { accessHolds } from '../helpers/sleep.js';
import { checkNamed } from './safeguards.js';

const base = ['producers=1', 'partitions=1', 'input.records=3', 'faults.zombies=false', 'cleanup.policy=compact'];
const TRACE = [
  ...['InitProducerId', 'BeginTxn', 'Produce', 'Produce', 'AddOffsetsToTxn', 'TxnOffsetCommit', 'CommitTxn'],
  ...['BeginTxn', 'WriteTxnMarker', 'WriteTxnMarker', 'Produce', 'AbortTxn', 'WriteTxnMarker', 'Clean'],
];

describe('KAFKA-13727: every state to depth 14', () => {
  for (const version of ['2.4', '2.8.1', '3.0.1', '3.1.0'])
    test(`kafka.version=${version}: no-aborted-read in 14 steps`, () => {
      const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...base, 'faults.log-cleaner=1'], {
        mode: 'exhaustive',
        depth: 14,
        maxStates: 1_000_000,
      });
      expect(r.violations.map((v) => v.invariant)).toEqual(['no-aborted-read']);
      expect(explored(r.trace)).toEqual(TRACE);
    });

  // 4.1 verifies the first write of a transaction to a partition (KIP-890): one step more before each append.
  const fixedStates: Record<string, number> = {
    '2.8.2': 23291,
    '3.0.2': 23291,
    '3.1.1': 23291,
    '3.2.0': 23291,
    '4.1': 15697,
  };
  for (const [version, states] of Object.entries(fixedStates))
    test(`kafka.version=${version}: no violation to depth 14`, () => {
      const r = checkNamed('kafka-txn', [`kafka.version=${version}`, ...base, 'faults.log-cleaner=1'], {
        mode: 'exhaustive',
        depth: 14,
        maxStates: 1_000_000,
      });
      expect(r.violations).toEqual([]);
      expect(r.depthCompleted).toBe(14);
      expect(r.distinct).toBe(states);
    });
});

test('kafka.version=3.2.0, two passes, delete.retention.ms=1000: no violation to depth 18', () => {
  const r = checkNamed(
    'kafka-txn',
    ['kafka.version=3.2.0', ...base, 'faults.log-cleaner=2', 'delete.retention.ms=1000'],
    { mode: 'exhaustive', depth: 18, maxStates: 2_000_000 },
  );
  expect(r.violations).toEqual([]);
  expect(r.depthCompleted).toBe(18);
  expect(r.distinct).toBe(269718);
  expect(r.coverage['Clean']).toBeGreaterThan(0);
});

test('what the sleep sets call independent of Clean commutes on reached states', () => {
  const model = entry.model;
  const s0 = model.init(
    cfg(model.keys, 'kafka.version=3.1.0', ...base, 'faults.log-cleaner=3', 'delete.retention.ms=1000', 'producers=2'),
  );
  let seed = 11;
  const states: KafkaTxnState[] = [];
  for (let run = 0; run < 40; run++) {
    let s = s0;
    for (let k = 0; k < 30; k++) {
      const acts = model.enabled(s);
      if (acts.length === 0) break;
      seed = (seed * 1103515245 + 12345) >>> 0;
      s = model.step(s, acts[(seed >>> 8) % acts.length]!);
      states.push(s);
    }
  }
  expect(states.some((s) => s.faults.cleanings !== undefined)).toBe(true);
  expect(accessHolds(entry, states)).toBeGreaterThan(0);
});
