/**
 * The checker checked on kafka-txn: every safeguard switched off yields a counterexample, random
 * and exhaustive, and the same budget with it on yields none; a planted bug is found for every
 * seed; shrinking never lengthens a trace; a found trace replays to the same verdict.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { kafkaTxnKeys } from '../../../model/kafka-txn/config.js';
import { replayTrace } from '../../../traces/replay.js';
import { decodeTrace, encodeTrace, makeTrace } from '../../../traces/trace.js';
import { cfg, check, exhaustive, explored, only, random, record, scripted } from '../../helpers/check.js';

const entry = kafkaTxnEntry;

/** Each safeguard: the setting that switches it off, what it breaks, and the safe setting on the same budget. */
const safeguards = [
  {
    name: 'epoch fencing',
    off: ['safeguard.epoch-fencing=false'],
    on: [],
    // txn-atomicity: a timed-out transaction's producer commits with its stale epoch, and nothing rejects it.
    breaks: ['zombie-fenced', 'no-duplicates', 'txn-atomicity'],
  },
  {
    name: 'idempotence under retries',
    off: ['enable.idempotence=false', 'faults.network=true'],
    on: ['faults.network=true'],
    breaks: ['no-duplicates'],
  },
  {
    name: 'read_committed',
    off: ['isolation.level=read_uncommitted'],
    on: [],
    breaks: ['no-aborted-read', 'no-duplicates'],
  },
  {
    // KIP-890 as shipped: 3.5 has neither part (transaction.version=1, no partition verification),
    // 4.1 both (transaction.version=2, the leader adds each partition, every end bumps the epoch).
    name: 'transaction.version=2 (KIP-890)',
    off: ['kafka.version=3.5', 'faults.network=true'],
    on: ['transaction.version=2', 'faults.network=true'],
    breaks: ['zombie-fenced', 'txn-atomicity', 'no-loss', 'no-hanging-transaction', 'no-duplicates'],
  },
  {
    // safeguard.epoch-bump-on-timeout is a transaction.version=1 switch (version 2 bumps at every end).
    name: 'epoch bump on timeout (KAFKA-6119)',
    off: ['kafka.version=3.5', 'safeguard.epoch-bump-on-timeout=false'],
    on: ['kafka.version=3.5'],
    breaks: ['txn-atomicity', 'no-loss'],
  },
] as const;

describe('random exploration (seed 11, 400 runs of <= 40 steps)', () => {
  for (const g of safeguards) {
    test(`${g.name} off: a counterexample, shrunk, of an expected invariant`, () => {
      const r = check(entry, g.off, random(400, 11, 40));
      expect(r.status).toBe('violation');
      expect(g.breaks).toContain(r.violations[0]!.invariant);
      expect(r.trace!.length).toBeLessThanOrEqual(r.originalLength!);
      expect(r.trace!.length).toBeLessThanOrEqual(25);
    });
    test(`${g.name} on: no counterexample on the same budget`, () => {
      const r = check(entry, g.on, random(400, 11, 40));
      expect(r.violations).toEqual([]);
      expect(r.status).toBe('ok');
      expect(r.steps).toBeGreaterThan(4000);
    });
  }
});

describe('exhaustive search (producers=1, depth 8)', () => {
  for (const g of safeguards) {
    test(`${g.name} off: a counterexample`, () => {
      // Proving it of the fewest steps can take many more states (KIP-890's does): not here.
      const r = check(entry, ['producers=1', ...g.off], {
        mode: 'exhaustive',
        depth: 8,
        maxStates: 1e5,
        shortestStates: 2000,
      });
      expect(r.status).toBe('violation');
      expect(g.breaks).toContain(r.violations[0]!.invariant);
    });
    test(`${g.name} on: the whole bounded space holds`, () => {
      const r = check(entry, ['producers=1', ...g.on], exhaustive(8, 100_000));
      expect(r.violations).toEqual([]);
      expect(r.bound).toBe('depth');
      expect(r.distinct).toBeGreaterThan(1000);
    });
  }
  test(
    // Nine: under KIP-890 the leader's append is its own step, and markers go one partition at a time.
    'the counterexample has the fewest steps in total, drain included: 9, where the first one found ' +
      '(init, begin, produce, crash, then 11 drain steps) has 15',
    () => {
      const r = check(entry, ['producers=1', 'safeguard.epoch-fencing=false'], exhaustive(8, 100_000));
      expect(r.trace!.map((s) => `${s.phase === 'drain' ? '~' : ''}${s.action.type}`)).toEqual([
        'InitProducerId',
        'BeginTxn',
        'Produce',
        'Append',
        'Tick',
        'ExpireTxn',
        'WriteTxnMarker',
        'TxnOffsetCommit',
        '~CommitTxn',
      ]);
      expect(r.violations[0]!.invariant).toBe('txn-atomicity');
      expect(r.shortest).toBe(true);
      const z = check(only(entry, 'zombie-fenced'), ['producers=1', 'safeguard.epoch-fencing=false'], exhaustive(8));
      expect(z.trace!.map((s) => `${s.phase === 'drain' ? '~' : ''}${s.action.type}`)).toEqual([
        'InitProducerId',
        'BeginTxn',
        'Produce',
        'Append',
        'Pause',
        'InitProducerId',
        'Resume',
        'AbortTxn',
        '~WriteTxnMarker',
      ]);
    },
  );
});

// KIP-890 part 1 alone (transaction.version=1 both sides): from 3.6 the leader verifies a producer's
// first write to a partition with the coordinator, so a produce landing after its transaction's
// abort no longer opens a transaction nobody ends (KAFKA-12671). Judged by no-hanging-transaction
// only: 3.6 still lets a late EndTxn(ABORT) of the same epoch end the next transaction.
describe('partition verification (KIP-890 part 1), no-hanging-transaction only', () => {
  const hanging = only(entry, 'no-hanging-transaction');
  test('3.5: random and exhaustive search find the late produce left open', () => {
    const r = check(hanging, ['kafka.version=3.5', 'faults.network=true'], random(400, 11, 40));
    expect(r.violations[0]?.invariant).toBe('no-hanging-transaction');
    const e = check(hanging, ['producers=1', 'kafka.version=3.5', 'faults.network=true'], exhaustive(8, 100_000));
    expect(e.violations[0]?.invariant).toBe('no-hanging-transaction');
  });
  test('3.6: the same budgets find nothing', () => {
    const r = check(hanging, ['kafka.version=3.6', 'faults.network=true'], random(400, 11, 40));
    expect(r.status).toBe('ok');
    expect(r.steps).toBeGreaterThan(4000);
    const e = check(hanging, ['producers=1', 'kafka.version=3.6', 'faults.network=true'], exhaustive(8, 100_000));
    expect(e.violations).toEqual([]);
    expect(e.bound).toBe('depth');
  });
});

// transaction.version=1 with verification (the default of 4.1 with transaction.version=1, and 3.6 to
// 3.9): a delayed EndTxn(ABORT) of the same epoch lands in the next transaction, which the client then
// commits: its record is aborted while it was told COMMIT. Version 2 bumps the epoch at every end,
// so the late EndTxn is fenced. Nine explored steps: init, begin, produce, append, the delayed abort,
// begin, the marker, produce, the delivery.
describe('a late EndTxn(ABORT) (one app, one partition, one record, depth 10)', () => {
  const small = ['producers=1', 'partitions=1', 'input.records=1', 'faults.network=true'];
  test('transaction.version=1: txn-atomicity', () => {
    const r = check(entry, [...small, 'transaction.version=1'], exhaustive(10, 400_000));
    expect(r.violations[0]?.invariant).toBe('txn-atomicity');
    expect(explored(r.trace)).toContain('AbortTxnDelayed');
    expect(explored(r.trace).at(-1)).toBe('Deliver');
  });
  test('transaction.version=2: the whole bounded space holds', () => {
    const r = check(entry, [...small, 'transaction.version=2'], exhaustive(10, 400_000));
    expect(r.violations).toEqual([]);
    expect(r.bound).toBe('depth');
  });
});

describe('properties of the checker itself', () => {
  test('a planted bug (epoch fencing off) is found for every seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const r = check(entry, ['safeguard.epoch-fencing=false'], random(1000, seed, 40));
        return r.status === 'violation';
      }),
      { numRuns: 8, seed: 5 },
    );
  });
  test('a shrunk trace is never longer than the first failing run', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(
          ['safeguard.epoch-fencing=false'],
          ['isolation.level=read_uncommitted'],
          ['kafka.version=3.5', 'safeguard.epoch-bump-on-timeout=false'],
        ),
        (seed, off) => {
          const r = check(entry, off, random(2000, seed, 40));
          return r.status === 'violation' && r.trace!.length <= r.originalLength!;
        },
      ),
      { numRuns: 8, seed: 6 },
    );
  });
  test('a found trace, saved and replayed, gives the same verdict at the same step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const pairs = ['kafka.version=3.5', 'faults.network=true'];
        const r = check(entry, pairs, random(2000, seed, 40));
        if (r.status !== 'violation') return false;
        const decoded = decodeTrace(
          encodeTrace(makeTrace('kafka-txn', null, record(kafkaTxnKeys, ...pairs), r.seed, r.path, r.trace!)),
        );
        if (!decoded.ok) return false;
        const replayed = replayTrace(entry, decoded.trace);
        return (
          replayed.ok &&
          replayed.value.violations[0]?.invariant === r.violations[0]!.invariant &&
          replayed.value.violations[0]?.step === r.violations[0]!.step
        );
      }),
      { numRuns: 5, seed: 7 },
    );
  });
  test('the same seed and path reproduce the same trace', () => {
    const pairs = ['safeguard.epoch-fencing=false'];
    const a = check(entry, pairs, random(500, 99, 40));
    const b = check(entry, pairs, random(500, 99, 40));
    const c = check(entry, pairs, { mode: 'random', runs: 500, seed: a.seed!, path: a.path!, maxSteps: 40 });
    expect(b.trace).toEqual(a.trace);
    expect(c.trace).toEqual(a.trace);
    expect(c.violations).toEqual(a.violations);
  });
  test('every step of a counterexample is enabled where it stands', () => {
    const config = cfg(kafkaTxnKeys, 'kafka.version=3.5', 'safeguard.epoch-bump-on-timeout=false');
    const r = check(entry, config, random(500, 3, 40));
    // `scripted` fails naming the first step that is not enabled where it stands.
    expect(() =>
      scripted(
        entry,
        config,
        r.trace!.map((s) => s.action),
      ),
    ).not.toThrow();
  });
});
