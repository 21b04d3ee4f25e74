/**
 * The checker checked: every safeguard switched off yields a counterexample, random and
 * exhaustive, and the same budget with it on yields none; a planted bug is found for every seed;
 * shrinking never lengthens a trace; a found trace replays to the same verdict.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkModel } from '../../properties/check.js';
import { kafkaTxnSubject } from '../../properties/kafka/subject.js';
import { execute, isNotEnabled } from '../../properties/run.js';
import { replayTrace } from '../../traces/replay.js';
import { decodeTrace, encodeTrace, makeTrace } from '../../traces/trace.js';
import { kafkaConfig } from '../helpers/config.js';

/** Each safeguard: the setting that switches it off, what it breaks, and the safe setting on the same budget. */
const safeguards = [
  { name: 'epoch fencing', off: ['safeguard.epoch-fencing=false'], on: [], breaks: ['zombie-fenced', 'no-duplicates'] },
  { name: 'idempotence under retries', off: ['enable.idempotence=false', 'faults.network=true'], on: ['faults.network=true'], breaks: ['no-duplicates'] },
  { name: 'read_committed', off: ['isolation.level=read_uncommitted'], on: [], breaks: ['no-aborted-read', 'no-duplicates'] },
  { name: 'transaction.version=2 (KIP-890)', off: ['transaction.version=1', 'faults.network=true'], on: ['transaction.version=2', 'faults.network=true'], breaks: ['zombie-fenced', 'txn-atomicity', 'no-loss', 'no-hanging-transaction', 'no-duplicates'] },
  { name: 'epoch bump on timeout (KAFKA-6119)', off: ['safeguard.epoch-bump-on-timeout=false'], on: [], breaks: ['txn-atomicity', 'no-loss'] },
] as const;

describe('random exploration (seed 11, 400 runs of <= 40 steps)', () => {
  for (const g of safeguards) {
    test(`${g.name} off: a counterexample, shrunk, of an expected invariant`, () => {
      const r = checkModel(kafkaTxnSubject, kafkaConfig(...g.off), { mode: 'random', runs: 400, seed: 11, maxSteps: 40 });
      expect(r.status).toBe('violation');
      expect(g.breaks).toContain(r.violations[0]!.invariant);
      expect(r.trace!.length).toBeLessThanOrEqual(r.originalLength!);
      expect(r.trace!.length).toBeLessThanOrEqual(25);
    });
    test(`${g.name} on: no counterexample on the same budget`, () => {
      const r = checkModel(kafkaTxnSubject, kafkaConfig(...g.on), { mode: 'random', runs: 400, seed: 11, maxSteps: 40 });
      expect(r.violations).toEqual([]);
      expect(r.status).toBe('ok');
      expect(r.steps).toBeGreaterThan(4000);
    });
  }
});

describe('exhaustive search (producers=1, depth 8)', () => {
  for (const g of safeguards) {
    test(`${g.name} off: a shortest counterexample`, () => {
      const r = checkModel(kafkaTxnSubject, kafkaConfig('producers=1', ...g.off), { mode: 'exhaustive', depth: 8, maxStates: 100_000 });
      expect(r.status).toBe('violation');
      expect(g.breaks).toContain(r.violations[0]!.invariant);
    });
    test(`${g.name} on: the whole bounded space holds`, () => {
      const r = checkModel(kafkaTxnSubject, kafkaConfig('producers=1', ...g.on), { mode: 'exhaustive', depth: 8, maxStates: 100_000 });
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('depth');
      expect(r.distinct).toBeGreaterThan(1000);
    });
  }
  test('breadth-first: the zombie counterexample has the shortest explored prefix (4 steps: init, begin, produce, crash)', () => {
    const r = checkModel(kafkaTxnSubject, kafkaConfig('producers=1', 'safeguard.epoch-fencing=false'), { mode: 'exhaustive', depth: 8, maxStates: 100_000 });
    expect(r.trace!.filter((s) => s.phase === 'explore').map((s) => s.action.type)).toEqual(['InitProducerId', 'BeginTxn', 'Produce', 'Crash']);
  });
});

describe('properties of the checker itself', () => {
  test('a planted bug (epoch fencing off) is found for every seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const r = checkModel(kafkaTxnSubject, kafkaConfig('safeguard.epoch-fencing=false'), { mode: 'random', runs: 1000, seed, maxSteps: 40 });
        return r.status === 'violation';
      }),
      { numRuns: 8, seed: 5 },
    );
  });
  test('a shrunk trace is never longer than the first failing run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom('safeguard.epoch-fencing=false', 'isolation.level=read_uncommitted', 'safeguard.epoch-bump-on-timeout=false'), (seed, off) => {
        const r = checkModel(kafkaTxnSubject, kafkaConfig(off), { mode: 'random', runs: 2000, seed, maxSteps: 40 });
        return r.status === 'violation' && r.trace!.length <= r.originalLength!;
      }),
      { numRuns: 8, seed: 6 },
    );
  });
  test('a found trace, saved and replayed, gives the same verdict at the same step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const config = kafkaConfig('transaction.version=1', 'faults.network=true');
        const r = checkModel(kafkaTxnSubject, config, { mode: 'random', runs: 2000, seed, maxSteps: 40 });
        if (r.status !== 'violation') return false;
        const decoded = decodeTrace(encodeTrace(makeTrace('kafka-txn', null, config, r.seed, r.path, r.trace!)));
        if (!decoded.ok) return false;
        const replayed = replayTrace(kafkaTxnSubject, decoded.trace);
        return replayed.ok && replayed.execution.violations[0]?.invariant === r.violations[0]!.invariant && replayed.execution.violations[0]?.step === r.violations[0]!.step;
      }),
      { numRuns: 5, seed: 7 },
    );
  });
  test('the same seed and path reproduce the same trace', () => {
    const config = kafkaConfig('safeguard.epoch-fencing=false');
    const a = checkModel(kafkaTxnSubject, config, { mode: 'random', runs: 500, seed: 99, maxSteps: 40 });
    const b = checkModel(kafkaTxnSubject, config, { mode: 'random', runs: 500, seed: 99, maxSteps: 40 });
    const c = checkModel(kafkaTxnSubject, config, { mode: 'random', runs: 500, seed: a.seed!, path: a.path!, maxSteps: 40 });
    expect(b.trace).toEqual(a.trace);
    expect(c.trace).toEqual(a.trace);
    expect(c.violations).toEqual(a.violations);
  });
  test('every step of a counterexample is enabled where it stands', () => {
    const config = kafkaConfig('safeguard.epoch-bump-on-timeout=false');
    const r = checkModel(kafkaTxnSubject, config, { mode: 'random', runs: 500, seed: 3, maxSteps: 40 });
    const ex = execute(kafkaTxnSubject, kafkaTxnSubject.model.init(config), r.trace!, { drain: false, stopAtViolation: false });
    expect(isNotEnabled(ex)).toBe(false);
  });
});
