/**
 * Kafka releases, both directions: every release holds at its safe defaults with every
 * fault it models on (crashes, a zombie, a coordinator move, producer-state loss, epoch exhaustion;
 * the network faults where the release has no real bug under them), and each configuration that
 * really breaks on a release is found by random runs and by the exhaustive search, with its
 * counterpart holding where the fix exists. The bugs and where they were fixed:
 * - the late produce after an abort (KAFKA-12671): <= 3.5, closed by KIP-890 part 1 (3.6);
 * - a delayed EndTxn deciding the next transaction of the same epoch: transaction.version=1, closed
 *   by KIP-890 part 2 (transaction.version=2, 4.0);
 * - a zombie write accepted after the leader forgot the producer: 2.5 to 3.5 (2.4 refuses it as
 *   UNKNOWN_PRODUCER_ID; 3.6's verification fences it);
 * - a stale coordinator's marker without the coordinator-epoch check (safeguard off), on 3.5;
 * - a transaction fenced at epoch 32766 left open for good under transaction.version=2: 4.0.0 only
 *   (KAFKA-19367, fixed in 4.1.0 and backported to 4.0.1).
 * The exhaustive search of 3.5's zombie write (and 2.4 refusing it) is the deep suite's: the slow suite makes the same
 * search on 2.5.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { CheckOptions } from '../../check/explore/options.js';
import { check, only as judging } from '../helpers/check.js';
import { deepTest } from '../helpers/tier.js';

/** Checks model `name` at `pairs`, judging only `invariants` (all when empty). */
function checkNamed(name: string, pairs: readonly string[], opts: CheckOptions, invariants: readonly string[] = []) {
  return catalog.get(name)!.open((e) => {
    const r = check(invariants.length > 0 ? judging(e, ...invariants) : e, pairs, opts);
    return { violations: r.violations, depthCompleted: r.depthCompleted };
  });
}

const faults = ['faults.coordinator-failover=1', 'faults.producer-state-loss=true', 'faults.epoch-exhaustion=true'];

/** Releases and the fault sets they hold under. */
const holds: { version: string; set: string[] }[] = [
  { version: '2.4', set: faults },
  { version: '2.5', set: ['faults.coordinator-failover=1', 'faults.epoch-exhaustion=true'] },
  { version: '2.7', set: ['faults.coordinator-failover=1', 'faults.epoch-exhaustion=true'] },
  { version: '3.5', set: ['faults.coordinator-failover=1', 'faults.epoch-exhaustion=true'] },
  { version: '3.6', set: faults },
  { version: '3.9', set: faults },
  { version: '4.0', set: [...faults, 'faults.network=true'] },
  { version: '4.1', set: [...faults, 'faults.network=true'] },
];

describe('kafka-txn: each release holds at its defaults with every fault it survives', () => {
  for (const h of holds) {
    const set = [`kafka.version=${h.version}`, ...h.set];
    test(`${set.join(' ')}: random, seeds 1-3, 1000 runs each`, () => {
      for (const seed of [1, 2, 3])
        expect(checkNamed('kafka-txn', set, { mode: 'random', runs: 1000, seed, maxSteps: 40 }).violations).toEqual([]);
    });
    test(`${set.join(' ')}: exhaustive to the default depth`, () => {
      const r = checkNamed('kafka-txn', set, { mode: 'exhaustive', depth: 8, maxStates: 2_000_000 });
      expect(r.violations).toEqual([]);
      expect(r.depthCompleted).toBe(8);
    });
  }
});

/** A configuration that breaks, what it breaks, how random runs find it, and its fixed counterpart. */
interface Breaks {
  readonly name: string;
  readonly set: string[];
  readonly breaks: string[];
  /** Random runs that find it (a pinned seed, the runs needed with room to spare). */
  readonly random: { seed: number; runs: number; set?: string[] };
  /** `deep`: the search is the deep suite's (half a minute or more, a search the slow suite makes on another row). */
  readonly exhaustive: { depth: number; set?: string[]; deep?: true };
  /** The same search with the fix: holds. */
  readonly fixed: string[];
  /** Invariants judged (all when absent). */
  readonly invariants?: string[];
}

const breaking: Breaks[] = [
  {
    name: 'the late produce (KAFKA-12671) on 3.5',
    set: ['kafka.version=3.5', 'faults.network=true'],
    breaks: ['zombie-fenced', 'txn-atomicity', 'no-duplicates'],
    random: { seed: 1, runs: 500 },
    exhaustive: { depth: 8, set: ['producers=1'] },
    fixed: ['kafka.version=3.6', 'faults.network=true'],
    invariants: ['zombie-fenced', 'no-hanging-transaction'],
  },
  {
    name: 'the late produce as a hanging transaction, asked for by name',
    set: ['kafka.version=3.5', 'faults.network=true'],
    breaks: ['no-hanging-transaction'],
    random: { seed: 1, runs: 2000 },
    exhaustive: { depth: 8, set: ['producers=1'] },
    fixed: ['kafka.version=3.6', 'faults.network=true'],
    invariants: ['no-hanging-transaction'],
  },
  {
    name: 'a delayed EndTxn deciding the next transaction (transaction.version=1) on 3.9',
    set: ['kafka.version=3.9', 'faults.network=true'],
    breaks: ['txn-atomicity'],
    random: { seed: 4, runs: 500 },
    exhaustive: { depth: 10, set: ['producers=1'] },
    fixed: ['kafka.version=4.0', 'faults.network=true'],
  },
  // Depth 10: the zombie pauses inside its transaction, its successor fences it, and only then, with no transaction
  // open, may a day (a week before 3.4) pass before the leader expires the producer. Depth 8 once found a live
  // producer writing right after a loss at any moment, which that day of silence rules out.
  {
    name: 'a zombie write after the leader forgot the producer on 2.5',
    set: ['kafka.version=2.5', 'faults.producer-state-loss=true'],
    breaks: ['zombie-fenced'],
    random: { seed: 5, runs: 1000, set: ['producers=1'] },
    exhaustive: { depth: 10 },
    fixed: ['kafka.version=3.6', 'faults.producer-state-loss=true'],
  },
  {
    name: 'the same on 3.5 (2.4 refuses it, UNKNOWN_PRODUCER_ID)',
    set: ['kafka.version=3.5', 'faults.producer-state-loss=true'],
    breaks: ['zombie-fenced'],
    random: { seed: 5, runs: 1000, set: ['producers=1'] },
    exhaustive: { depth: 10, deep: true },
    fixed: ['kafka.version=2.4', 'faults.producer-state-loss=true'],
  },
  {
    name: "a stale coordinator's marker without safeguard.coordinator-epoch-fencing on 3.5",
    set: ['kafka.version=3.5', 'faults.coordinator-failover=1', 'safeguard.coordinator-epoch-fencing=false'],
    breaks: ['txn-atomicity'],
    // The new coordinator's load is a step of its own (CoordinatorLoaded) that a run must take between the move and
    // the new marker: random runs meet the trace less often (seed 1: run 3069).
    random: { seed: 1, runs: 5000, set: ['producers=1', 'faults.zombies=false', 'faults.crashes=0'] },
    exhaustive: { depth: 10, set: ['producers=1'] },
    fixed: ['kafka.version=3.5', 'faults.coordinator-failover=1'],
  },
];

describe('kafka-txn: what breaks on a release is found, and its fix holds', () => {
  for (const b of breaking) {
    const only = b.invariants ?? [];
    test(`${b.name}: found by random runs (${[...b.set, ...(b.random.set ?? [])].join(' ')})`, () => {
      const r = checkNamed(
        'kafka-txn',
        [...b.set, ...(b.random.set ?? [])],
        { mode: 'random', runs: b.random.runs, seed: b.random.seed, maxSteps: 40 },
        only,
      );
      expect(b.breaks).toContain(r.violations[0]?.invariant);
    });
    (b.exhaustive.deep ? deepTest : test)(
      `${b.name}: found by the exhaustive search, and the fix holds over the same bound`,
      () => {
        const set = [...b.set, ...(b.exhaustive.set ?? [])];
        const opts = { mode: 'exhaustive' as const, depth: b.exhaustive.depth, maxStates: 2_000_000 };
        const r = checkNamed('kafka-txn', set, opts, only);
        expect(b.breaks).toContain(r.violations[0]?.invariant);
        const fixed = [...b.fixed, ...(b.exhaustive.set ?? [])];
        const ok = checkNamed('kafka-txn', fixed, opts, only);
        expect(ok.violations).toEqual([]);
        expect(ok.depthCompleted).toBe(b.exhaustive.depth);
      },
    );
  }
});

// Fifteen explored steps (two timeout aborts, the first bumping twice to reach 32766), past the exhaustive
// search's reach; the exact trace of the InitProducerId path is in test/model/kafka/lifecycle.test.ts.
describe('kafka-txn: 4.0.0 leaves a transaction fenced at 32766 open (KAFKA-19367); 4.0.1 and 4.1 do not', () => {
  const set = ['faults.epoch-exhaustion=true'];
  test('4.0.0: found by random runs (seed 1: run 20 of 1000)', () => {
    const r = checkNamed('kafka-txn', ['kafka.version=4.0.0', ...set], {
      mode: 'random',
      runs: 1000,
      seed: 1,
      maxSteps: 40,
    });
    expect(r.violations[0]?.invariant).toBe('progress');
  });
  test.each(['4.0.1', '4.1'])('%s: the same runs hold', (v) => {
    for (const seed of [1, 2, 3])
      expect(
        checkNamed('kafka-txn', [`kafka.version=${v}`, ...set], { mode: 'random', runs: 1000, seed, maxSteps: 40 })
          .violations,
      ).toEqual([]);
  });
});

describe('kafka-streams by release', () => {
  test('exactly_once (EOS v1) holds without generation fencing; exactly_once_v2 needs it', () => {
    for (const v of ['2.4', '2.7', '3.5', '3.9']) {
      const set = [`kafka.version=${v}`, 'processing.guarantee=exactly_once', 'safeguard.generation-fencing=false'];
      expect(
        checkNamed('kafka-streams', set, { mode: 'exhaustive', depth: 10, maxStates: 2_000_000 }).violations,
      ).toEqual([]);
      expect(
        checkNamed('kafka-streams', set, { mode: 'random', runs: 1000, seed: 1, maxSteps: 40 }).violations,
      ).toEqual([]);
    }
    const v2 = ['processing.guarantee=exactly_once_v2', 'safeguard.generation-fencing=false'];
    expect(
      checkNamed('kafka-streams', v2, { mode: 'exhaustive', depth: 10, maxStates: 2_000_000 }).violations[0]?.invariant,
    ).toBe('zombie-fenced');
    expect(
      checkNamed('kafka-streams', v2, { mode: 'random', runs: 200, seed: 1, maxSteps: 40 }).violations[0]?.invariant,
    ).toBe('zombie-fenced');
  });

  test('EOS v2 on 2.7 (a new transactional.id per start) holds with crashes and a zombie', () => {
    const set = ['kafka.version=2.7', 'processing.guarantee=exactly_once_v2', 'faults.crashes=2'];
    expect(
      checkNamed('kafka-streams', set, { mode: 'exhaustive', depth: 10, maxStates: 2_000_000 }).violations,
    ).toEqual([]);
    for (const seed of [1, 2, 3])
      expect(checkNamed('kafka-streams', set, { mode: 'random', runs: 1000, seed, maxSteps: 40 }).violations).toEqual(
        [],
      );
  });
});
