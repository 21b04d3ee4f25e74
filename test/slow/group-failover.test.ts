/**
 * faults.group-coordinator-failover in the application models, with the faults a move of the group's
 * `__consumer_offsets` leader can meet, at the depth of the traces it makes (a move in the middle of a transaction
 * whose TxnOffsetCommit is pending, its load and its markers: twelve steps from the start in
 * consume-transform-produce, fifteen in kafka-streams, with room for one more fault beside): an instance's crash
 * and a zombie (the defaults), the transaction coordinator's move, the network (a delayed request, a marker's lost
 * acknowledgement), late coordinator requests, and a second move during the load. At the safe defaults of 3.9 (the
 * classic group coordinator: the marker is appended during the load and read by it) and 4.1 (the coordinator
 * runtime: the marker is refused until loaded) every invariant holds, the state count pinned; 3.9 with the network
 * finds only its own late EndTxn (KIP-890 part 2 closes it in 4.0, test/slow/network-apps.test.ts), with no move in
 * its trace.
 */
import { describe, expect, test } from 'vitest';
import { explored } from '../helpers/check.js';
import { checkNamed } from './safeguards.js';

const move = 'faults.group-coordinator-failover=1';
const quiet = ['faults.crashes=0', 'faults.zombies=false'];
const ctp = 'consume-transform-produce';

/** A combination of faults with the move: its keys, the depth searched, the states it holds in per release. */
interface Row {
  readonly name: string;
  readonly model: typeof ctp | 'kafka-streams';
  readonly set: readonly string[];
  readonly depth: number;
  /** faults.group-coordinator-failover (1 when absent). */
  readonly moves?: number;
  readonly states: { readonly '3.9'?: number; readonly '4.1': number };
}

const rows: readonly Row[] = [
  {
    name: "an instance's crash and a zombie",
    model: ctp,
    set: [],
    depth: 14,
    states: { '3.9': 276571, '4.1': 282351 },
  },
  {
    name: "the transaction coordinator's move",
    model: ctp,
    set: [...quiet, 'faults.coordinator-failover=1'],
    depth: 15,
    states: { '3.9': 49927, '4.1': 52203 },
  },
  { name: 'the network', model: ctp, set: [...quiet, 'faults.network=true'], depth: 14, states: { '4.1': 153163 } },
  {
    name: 'late coordinator requests',
    model: ctp,
    set: [...quiet, 'faults.late-requests=true'],
    depth: 14,
    states: { '3.9': 57117, '4.1': 49141 },
  },
  {
    name: 'a second move, during the load',
    model: ctp,
    set: quiet,
    moves: 2,
    depth: 14,
    states: { '3.9': 13273, '4.1': 13817 },
  },
  {
    name: "an instance's crash and a zombie",
    model: 'kafka-streams',
    set: [],
    depth: 15,
    states: { '3.9': 211011, '4.1': 210541 },
  },
  {
    name: 'its load and markers alone',
    model: 'kafka-streams',
    set: quiet,
    depth: 16,
    states: { '3.9': 14955, '4.1': 14073 },
  },
];

for (const r of rows)
  describe(`${r.model}: a group-coordinator move with ${r.name}`, () => {
    for (const version of ['3.9', '4.1'] as const) {
      const states = r.states[version];
      if (states === undefined) continue;
      test(`${version}: every invariant holds to depth ${r.depth}`, () => {
        const set = [`kafka.version=${version}`, `faults.group-coordinator-failover=${r.moves ?? 1}`, ...r.set];
        const c = checkNamed(r.model, set, { mode: 'exhaustive', depth: r.depth, maxStates: 3_000_000 });
        expect([c.violations, c.depthCompleted, c.distinct]).toEqual([[], r.depth, states]);
      });
    }
  });

describe('consume-transform-produce at 3.9 with the network and a group-coordinator move', () => {
  test("the release's own late EndTxn (offsets-atomic, 12 steps), with no move in its trace", () => {
    const set = ['kafka.version=3.9', move, ...quiet, 'faults.network=true'];
    const c = checkNamed(ctp, set, { mode: 'exhaustive', depth: 14, maxStates: 3_000_000 });
    expect(c.violations.map((v) => v.invariant)).toEqual(['offsets-atomic']);
    expect(c.trace?.length).toBe(12);
    expect(explored(c.trace)).toContain('CommitTxnDelayed');
    expect(explored(c.trace)).not.toContain('GroupCoordinatorFailover');
  });
});
