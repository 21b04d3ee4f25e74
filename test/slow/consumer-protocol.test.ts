/**
 * group.protocol=consumer (KIP-848) in consume-transform-produce with every fault it meets, at least as deep as the
 * classic protocol's rows (test/slow/group-failover.test.ts: 14 steps with crashes and zombies, 15 with the
 * transaction coordinator's move): an instance's crash and a zombie (the defaults), the group coordinator's move of
 * `__consumer_offsets`, the transaction coordinator's move, the clock running (a session that times out, a poll
 * timer), the network and late coordinator requests (at 13 steps, as the clock's row), two input partitions,
 * where a join makes a live owner revoke one, and both with the clock: a member stalled while it owes a revocation
 * is fenced at its rebalance timeout. With the member-epoch check every invariant holds, the state count
 * pinned; without it (`safeguard.generation-fencing=false`) the zombie's TxnOffsetCommit lands.
 */
import { describe, expect, test } from 'vitest';
import { deepTest } from '../helpers/tier.js';
import { checkNamed } from './safeguards.js';

const ctp = 'consume-transform-produce';
const consumer = 'group.protocol=consumer';
const quiet = ['faults.crashes=0', 'faults.zombies=false'];

/** Two partitions, so a join makes a live owner revoke one, and a rebalance timeout shorter than the session. */
const rebalanceTimeout = [
  'faults.crashes=0',
  'input.partitions=2',
  'record.processing.ms=1000',
  'max.poll.interval.ms=10000',
  'session.timeout.ms=120000',
];

/** A combination of faults under the consumer protocol: its keys, the depth searched, the states it holds in. */
interface Row {
  readonly name: string;
  readonly set: readonly string[];
  readonly depth: number;
  readonly states: number;
}

const rows: readonly Row[] = [
  {
    name: "an instance's crash, a zombie and the group coordinator's move",
    set: ['faults.group-coordinator-failover=1'],
    depth: 14,
    states: 310147,
  },
  {
    name: "an instance's crash, a zombie, and both coordinators' moves",
    set: ['faults.group-coordinator-failover=1', 'faults.coordinator-failover=1'],
    depth: 14,
    states: 629543,
  },
  {
    name: "both coordinators' moves",
    set: [...quiet, 'faults.group-coordinator-failover=1', 'faults.coordinator-failover=1'],
    depth: 15,
    states: 61727,
  },
  {
    name: 'two input partitions (a join revokes one from a live owner), a crash and a zombie',
    set: ['input.partitions=2'],
    depth: 14,
    states: 735341,
  },
  {
    name: "the network, late coordinator requests, the group coordinator's move and a revocation",
    set: [
      ...quiet,
      'faults.network=true',
      'faults.late-requests=true',
      'faults.group-coordinator-failover=1',
      'input.partitions=2',
    ],
    depth: 13,
    states: 573549,
  },
  {
    name: "the clock running (sessions, the poll timer, a slow record) and the group coordinator's move",
    set: ['record.processing.ms=1000', 'max.poll.interval.ms=10000', 'faults.group-coordinator-failover=1'],
    depth: 13,
    states: 593296,
  },
  {
    // The trace of test/model/ctp/rebalance-timeout.test.ts: a member stalled owing a revocation is fenced at its
    // rebalance timeout, its TxnOffsetCommit refused and its transaction aborted in 13 steps.
    name: 'the rebalance timeout of a member stalled while it owes a revocation (two partitions, the clock)',
    set: rebalanceTimeout,
    depth: 13,
    states: 430622,
  },
];

describe('group.protocol=consumer: every invariant holds with the member-epoch check', () => {
  // The first row in the slow suite (seconds); every row in the deep suite (minutes each).
  for (const r of rows)
    (r === rows[0] ? test : deepTest)(`${r.name}: to depth ${r.depth}`, () => {
      const c = checkNamed(ctp, [consumer, ...r.set], { mode: 'exhaustive', depth: r.depth, maxStates: 3_000_000 });
      expect([c.violations, c.depthCompleted, c.distinct]).toEqual([[], r.depth, r.states]);
    });
});

describe('group.protocol=consumer without the member-epoch check', () => {
  test("the zombie's TxnOffsetCommit lands with the group coordinator's move: zombie-fenced in 10 steps", () => {
    const set = [consumer, 'safeguard.generation-fencing=false', 'faults.group-coordinator-failover=1'];
    const c = checkNamed(ctp, set, { mode: 'exhaustive', depth: 14, maxStates: 3_000_000 });
    expect(c.violations.map((v) => v.invariant)).toEqual(['zombie-fenced']);
    expect(c.trace?.length).toBe(10);
  });
  test('with rebalance timeouts the zombie commits as well: zombie-fenced', () => {
    // The shortest trace is a slow record's poll timeout (8 steps); the rebalance timeout's own is pinned in
    // test/model/ctp/rebalance-timeout.test.ts.
    const set = [consumer, 'safeguard.generation-fencing=false', ...rebalanceTimeout];
    const c = checkNamed(ctp, set, { mode: 'exhaustive', depth: 13, maxStates: 3_000_000 });
    expect(c.violations.map((v) => v.invariant)).toEqual(['zombie-fenced']);
    expect(c.trace?.length).toBe(8);
  });
});
