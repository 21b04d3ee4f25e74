/**
 * Late coordinator requests (faults.late-requests) with a coordinator move and a leader's expiry of an idle producer,
 * each alone and together, at the depth of the traces they make: the held TxnOffsetCommit that lands in the
 * producer's next transaction at the same epoch is 17 steps (transaction.version=1, 3.7 to 3.9), so kafka-txn is
 * searched in full to depth 17 with one producer, one partition, no crash and no zombie. 4.0 and 4.1
 * (transaction.version=2: every transaction ends with a new epoch, KIP-890 part 2) hold; 3.9 has that finding and
 * no other: its shortest counterexample is that trace, and no other invariant fails to the same depth.
 * faults.late-requests.max=2 holds a second request while one is: on 3.7 to 3.9 the same finding at the same length,
 * on 4.0 and 4.1 none. consume-transform-produce is searched with the same faults to depth 20. The slow suite holds
 * one of each: 3.9's finding with a coordinator move and with two requests held, 4.1 with producer-state loss and
 * with two requests held; the deep suite (`npm run test:deep`) every release and fault.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { ticking } from '../../check/types/clock.js';
import { cliOn } from '../cli/harness.js';
import { check, exhaustive, explored, only } from '../helpers/check.js';
import { deepTest } from '../helpers/tier.js';
import { checkNamed } from './safeguards.js';

const focused = [
  'faults.late-requests=true',
  'producers=1',
  'partitions=1',
  'faults.crashes=0',
  'faults.zombies=false',
];
const combos = {
  'a coordinator move': ['faults.coordinator-failover=1'],
  'producer-state loss': ['faults.producer-state-loss=true'],
  'a coordinator move and producer-state loss': ['faults.coordinator-failover=1', 'faults.producer-state-loss=true'],
} as const;
type Combo = keyof typeof combos;
const names = Object.keys(combos) as Combo[];

/** Distinct states of the holding releases to depth 17, by release and faults. */
const holding: Record<'4.0' | '4.1', Record<Combo, number>> = {
  '4.0': {
    'a coordinator move': 557885,
    'producer-state loss': 553774,
    'a coordinator move and producer-state loss': 1436293,
  },
  '4.1': {
    'a coordinator move': 557885,
    'producer-state loss': 553774,
    'a coordinator move and producer-state loss': 1436293,
  },
};

/** Every invariant of kafka-txn but the one the held TxnOffsetCommit breaks. */
const others = kafkaTxnEntry.invariants.map((i) => i.name).filter((n) => n !== 'txn-atomicity');

/** The held TxnOffsetCommit found at `set`: txn-atomicity in 17 steps, its trace holding the delayed request. */
function heldOffsetCommitFound(set: string[]): void {
  const r = check(kafkaTxnEntry, set, exhaustive(17, 4e6));
  // Every state to depth 16 judged first: no shorter counterexample.
  expect([r.status, r.violations.map((v) => v.invariant), r.trace?.length, r.depthCompleted]).toEqual([
    'violation',
    ['txn-atomicity'],
    17,
    16,
  ]);
  expect(explored(r.trace)).toContain('TxnOffsetCommitDelayed');
}

describe('kafka-txn, faults.late-requests with a coordinator move and producer-state loss, to depth 17', () => {
  // 4.1 with producer-state loss in the slow suite; the other faults and 4.0 in the deep suite.
  for (const version of ['4.0', '4.1'] as const)
    for (const combo of names)
      (version === '4.1' && combo === 'producer-state loss' ? test : deepTest)(
        `kafka.version=${version}, ${combo}: no violation in any state to depth 17`,
        () => {
          const r = check(
            kafkaTxnEntry,
            [`kafka.version=${version}`, ...focused, ...combos[combo]],
            exhaustive(17, 4e6),
          );
          expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 17, holding[version][combo]]);
        },
      );

  // A coordinator move in the slow suite; the deep suite each fault and both.
  for (const combo of names) {
    (combo === 'a coordinator move' ? test : deepTest)(
      `kafka.version=3.9, ${combo}: the held TxnOffsetCommit, txn-atomicity in 17 steps, none shorter`,
      () => heldOffsetCommitFound(['kafka.version=3.9', ...focused, ...combos[combo]]),
    );
  }

  deepTest('kafka.version=3.9, both faults: every other invariant holds in every state to depth 17', () => {
    const r = check(
      only(kafkaTxnEntry, ...others),
      ['kafka.version=3.9', ...focused, ...combos['a coordinator move and producer-state loss']],
      exhaustive(17, 4e6),
    );
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 17, 1352761]);
  });
});

describe('kafka-txn, faults.late-requests.max=2: two requests held at once, to depth 17', () => {
  const two = [...focused, 'faults.late-requests.max=2'];
  // 3.9 in the slow suite, 3.7 and 3.8 in the deep one.
  for (const version of ['3.7', '3.8', '3.9'])
    (version === '3.9' ? test : deepTest)(`kafka.version=${version}: txn-atomicity in 17 steps, none shorter`, () =>
      heldOffsetCommitFound([`kafka.version=${version}`, ...two]),
    );
  deepTest('kafka.version=3.7: every other invariant holds in every state to depth 17', () => {
    const r = check(only(kafkaTxnEntry, ...others), ['kafka.version=3.7', ...two], exhaustive(17, 4e6));
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 17, 398290]);
  });
  const twoHolding: Record<'4.0' | '4.1', number> = { '4.0': 313919, '4.1': 313919 };
  for (const version of ['4.0', '4.1'] as const)
    (version === '4.1' ? test : deepTest)(`kafka.version=${version}: no violation in any state to depth 17`, () => {
      const r = check(kafkaTxnEntry, [`kafka.version=${version}`, ...two], exhaustive(17, 4e6));
      expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 17, twoHolding[version]]);
    });
});

describe('consume-transform-produce, faults.late-requests with a coordinator move and producer-state loss', () => {
  const ctpStates: Record<string, number> = { '3.9': 2206652, '4.1': 2248560 };
  for (const version of ['3.9', '4.1'])
    deepTest(`kafka.version=${version}, one instance: no violation in any state to depth 20`, () => {
      const r = checkNamed(
        'consume-transform-produce',
        [
          `kafka.version=${version}`,
          'faults.late-requests=true',
          'faults.coordinator-failover=1',
          'faults.producer-state-loss=true',
          'instances=1',
        ],
        { mode: 'exhaustive', depth: 20, maxStates: 4_000_000 },
      );
      expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 20, ctpStates[version]]);
    });
});

describe('the plain check finds the held TxnOffsetCommit at the smallest sizes', () => {
  const sets = (version: string, extra: readonly string[]) =>
    [`kafka.version=${version}`, ...focused, ...extra].flatMap((p) => ['--set', p]);
  for (const [version, extra] of [
    ['3.9', []],
    ['3.7', ['faults.late-requests.max=2']],
  ] as const)
    test(`${[`kafka.version=${version}`, ...extra].join(' ')}: VIOLATION of txn-atomicity, exit 1`, async () => {
      // On a clock that moves 1 ms at each reading: the 30 s budget is the same on a busy machine as on a quiet one.
      const r = await cliOn(ticking(1), 'check', 'kafka-txn', ...sets(version, extra), '--quiet');
      expect([r.code, r.stdout]).toEqual([1, 'eoscheck check kafka-txn: VIOLATION of txn-atomicity\n']);
    });
});
