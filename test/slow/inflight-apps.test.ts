/**
 * The consumer applications' writes in flight (`faults.produce-reorder`, model/kafka/inflight.ts) with every fault
 * the application models have, at the depth of their traces: an instance's crash and a zombie (the defaults), a
 * coordinator move, the network (a delayed request; in consume-transform-produce a write expiring in flight and its
 * unresolved sequence). One instance of each slot writes three records in one transaction, two of them left in
 * flight, so a later write meets a gap within ten steps. At the safe defaults every invariant holds; at 3.5 the
 * network has a counterexample of the release's own, as short with the writes in flight as without.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../catalog/apps.js';
import { check, exhaustive } from '../helpers/check.js';

const reorder = ['faults.produce-reorder=true', 'input.records=3', 'commit.every=3'];
const noProcessFaults = ['faults.crashes=0', 'faults.zombies=false'];
const network = 'faults.network=true';
const eosV1 = ['processing.guarantee=exactly_once', 'kafka.version=2.6'];

/** A fault with a model: its keys, the depth searched exhaustively, the states it holds in. */
type Row = readonly [name: string, set: readonly string[], depth: number, states: number];

const ctpRows: readonly Row[] = [
  ["an instance's crash and a zombie, 4.1", [], 14, 273153],
  ["an instance's crash and a zombie, 3.5 (transaction.version=1)", ['kafka.version=3.5'], 14, 275409],
  ['a coordinator move, 4.1', [...noProcessFaults, 'faults.coordinator-failover=1'], 16, 83589],
  ['the network (a delayed request, a write expiring in flight), 4.1', [...noProcessFaults, network], 14, 138019],
];

const streamsRows: readonly Row[] = [
  ["an instance's crash and a zombie, exactly_once_v2", [], 14, 137023],
  ["an instance's crash and a zombie, exactly_once (EOS v1) at 2.6", [...eosV1], 14, 117479],
  ['a coordinator move', [...noProcessFaults, 'faults.coordinator-failover=1'], 16, 104999],
  ['the network (a delayed request; no batch given up under EOS)', [...noProcessFaults, network], 14, 81419],
];

describe('consume-transform-produce: writes in flight hold with every fault they meet', () => {
  for (const [name, set, depth, states] of ctpRows)
    test(name, () => {
      const r = check(ctpEntry, [...reorder, ...set], exhaustive(depth, 3_000_000));
      expect([r.violations, r.depthCompleted, r.distinct]).toEqual([[], depth, states]);
    });
});

describe("consume-transform-produce at 3.5 with the network: the release's own finding, in flight or not", () => {
  // A TxnOffsetCommit delayed past its transaction's ABORT marker is taken and stays pending for ever, so OffsetFetch
  // answers UNSTABLE_OFFSET_COMMIT and the group stops (the group coordinator verifies it from 3.7, KAFKA-15784): the
  // shortest counterexample, the same with the writes in flight as without (test/model/ctp/network.test.ts).
  test('no-loss in 12 steps either way', () => {
    const set = [...noProcessFaults, network, 'kafka.version=3.5', 'input.records=3', 'commit.every=3'];
    for (const extra of [['faults.produce-reorder=true'], []]) {
      const r = check(ctpEntry, [...set, ...extra], exhaustive(14, 3_000_000));
      expect([r.violations.map((v) => v.invariant), r.trace?.length]).toEqual([['no-loss'], 12]);
    }
  });
});

describe('kafka-streams: writes in flight hold with every fault they meet', () => {
  for (const [name, set, depth, states] of streamsRows)
    test(name, () => {
      const r = check(kafkaStreamsEntry, [...reorder, ...set], exhaustive(depth, 3_000_000));
      expect([r.violations, r.depthCompleted, r.distinct]).toEqual([[], depth, states]);
    });
});
