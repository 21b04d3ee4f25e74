/**
 * faults.network in the application models (consume-transform-produce, kafka-streams), both ways over one bound:
 * the late produce of KAFKA-12671 (a produce delayed past its transaction's abort) on 3.5, closed by KIP-890 part 1
 * (3.6: the leader verifies the first transactional write); the delayed EndTxn of transaction.version=1 deciding the
 * producer's next transaction of the same epoch on 3.9, closed by KIP-890 part 2 (4.0: every EndTxn bumps the
 * epoch); a TxnOffsetCommit landing after its transaction's marker, pending at the group coordinator for ever on 3.6
 * (GroupCoordinator.handleTxnCommitOffsets checks no transaction), closed in 3.7 (its verification with the
 * transaction coordinator, KIP-890). Each fixed release is searched to the same depth with the same keys, and its
 * state count pinned; 4.1 holds with the network, a coordinator move and producer-state loss together.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { CheckOptions } from '../../check/explore/options.js';
import { check, only as judging } from '../helpers/check.js';
import { checkNamed } from './safeguards.js';

/** Checks model `name` at `pairs`, judging only `invariants` (all when empty): the verdict, the trace, the bound. */
function checkOnly(name: string, pairs: readonly string[], opts: CheckOptions, invariants: readonly string[]) {
  return catalog.get(name)!.open((e) => {
    const r = check(invariants.length > 0 ? judging(e, ...invariants) : e, pairs, opts);
    return { violations: r.violations, trace: r.trace, depthCompleted: r.depthCompleted, distinct: r.distinct };
  });
}

interface Row {
  readonly name: string;
  readonly model: 'consume-transform-produce' | 'kafka-streams';
  readonly set: readonly string[];
  readonly depth: number;
  readonly invariants?: readonly string[];
  /** The buggy release, what it breaks first, in how many steps. */
  readonly broken: { readonly version: string; readonly invariant: string; readonly steps: number };
  /** The fixing release: no violation in `states` states to the same depth. */
  readonly fixed: { readonly version: string; readonly states: number };
}

const rows: Row[] = [
  // 3.6 has a finding of its own under the network (the late TxnOffsetCommit, `no-loss`): these rows judge what the
  // late produce breaks, as kafka-txn's do.
  {
    name: 'the late produce (KAFKA-12671): the next transaction commits it',
    model: 'consume-transform-produce',
    set: ['faults.network=true'],
    depth: 10,
    invariants: ['zombie-fenced', 'no-hanging-transaction'],
    broken: { version: '3.5', invariant: 'zombie-fenced', steps: 15 },
    fixed: { version: '3.6', states: 31209 },
  },
  {
    name: 'the late produce as a hanging transaction, asked for by name',
    model: 'consume-transform-produce',
    set: ['faults.network=true'],
    depth: 10,
    invariants: ['no-hanging-transaction'],
    broken: { version: '3.5', invariant: 'no-hanging-transaction', steps: 19 },
    fixed: { version: '3.6', states: 31209 },
  },
  {
    name: 'a late TxnOffsetCommit pending for ever, the offset fetch refused',
    model: 'consume-transform-produce',
    set: ['faults.network=true'],
    depth: 10,
    invariants: ['no-loss'],
    broken: { version: '3.6', invariant: 'no-loss', steps: 12 },
    fixed: { version: '3.7', states: 31105 },
  },
  {
    name: 'a delayed EndTxn deciding the next transaction (transaction.version=1)',
    model: 'consume-transform-produce',
    set: ['faults.network=true', 'instances=1'],
    depth: 12,
    broken: { version: '3.9', invariant: 'offsets-atomic', steps: 12 },
    fixed: { version: '4.0', states: 11340 },
  },
  {
    name: 'the late produce (KAFKA-12671): the next transaction commits it',
    model: 'kafka-streams',
    set: ['delivery.timeout.ms=120000', 'faults.network=true', 'instances=1'],
    depth: 12,
    invariants: ['zombie-fenced', 'no-hanging-transaction'],
    broken: { version: '3.5', invariant: 'zombie-fenced', steps: 20 },
    fixed: { version: '3.6', states: 5469 },
  },
  {
    name: 'the late produce as a hanging transaction, asked for by name',
    model: 'kafka-streams',
    set: ['delivery.timeout.ms=120000', 'faults.network=true'],
    depth: 12,
    invariants: ['no-hanging-transaction'],
    broken: { version: '3.5', invariant: 'no-hanging-transaction', steps: 25 },
    fixed: { version: '3.6', states: 48235 },
  },
  {
    name: 'a late TxnOffsetCommit pending for ever, the offset fetch refused',
    model: 'kafka-streams',
    set: ['faults.network=true', 'instances=1'],
    depth: 12,
    invariants: ['no-loss'],
    broken: { version: '3.6', invariant: 'no-loss', steps: 15 },
    fixed: { version: '3.7', states: 4709 },
  },
  {
    name: 'a delayed EndTxn deciding the next transaction (transaction.version=1)',
    model: 'kafka-streams',
    set: ['faults.network=true', 'instances=1'],
    depth: 15,
    broken: { version: '3.9', invariant: 'offsets-atomic', steps: 15 },
    fixed: { version: '4.0', states: 60446 },
  },
];

/** Only the invariants named, when a row names some. */
function judged(r: Row): string[] {
  return (r.invariants ?? []).map((i) => `--invariant ${i}`);
}

describe('faults.network in the application models: found on the buggy release, none on the fixing one', () => {
  for (const r of rows) {
    const opts = { mode: 'exhaustive' as const, depth: r.depth, maxStates: 2_000_000 };
    const only = r.invariants ?? [];
    const keys = [`kafka.version=${r.broken.version}`, ...r.set, ...judged(r)].join(' ');
    test(`${r.model} ${r.name}: ${keys}`, () => {
      const found = checkOnly(r.model, [`kafka.version=${r.broken.version}`, ...r.set], opts, only);
      expect(found.violations[0]?.invariant).toBe(r.broken.invariant);
      expect(found.trace).toHaveLength(r.broken.steps);
    });
    test(`${r.model} ${r.name}: kafka.version=${r.fixed.version} holds to depth ${r.depth}`, () => {
      const ok = checkOnly(r.model, [`kafka.version=${r.fixed.version}`, ...r.set], opts, only);
      expect(ok.violations).toEqual([]);
      expect([ok.depthCompleted, ok.distinct]).toEqual([r.depth, r.fixed.states]);
    });
  }
});

describe('4.1 holds with the network, a coordinator move and producer-state loss', () => {
  const faults = ['faults.network=true', 'faults.coordinator-failover=1', 'faults.producer-state-loss=true'];
  test('consume-transform-produce, every state to depth 10', () => {
    const r = checkNamed('consume-transform-produce', faults, { mode: 'exhaustive', depth: 10, maxStates: 2_000_000 });
    expect([r.violations, r.depthCompleted, r.distinct]).toEqual([[], 10, 45887]);
  });
  test('kafka-streams, every state to depth 12', () => {
    const r = checkNamed('kafka-streams', faults, { mode: 'exhaustive', depth: 12, maxStates: 2_000_000 });
    expect([r.violations, r.depthCompleted, r.distinct]).toEqual([[], 12, 80327]);
  });
});
