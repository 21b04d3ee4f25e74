/**
 * A classic group's member.id: a member the coordinator removed while its process runs on joins again with an empty
 * member.id and is handed a new one (KIP-394), so what it sent under the old id and lands later is refused as from a
 * member the group does not have (UNKNOWN_MEMBER_ID), and what it sends under the new one of an older generation as
 * ILLEGAL_GENERATION. Checked on the group coordinator's rules directly, over a cluster of one group.
 */
import { produce } from 'immer';
import { describe, expect, test } from 'vitest';
import { type Cluster, type Ctx, newCluster, newGroup, newTxn } from '../../../model/kafka/cluster.js';
import { addMember, offsetCommit, rebalance, removeMember, txnOffsetCommit } from '../../../model/kafka/groups.js';
import { kafkaRules } from '../../../model/kafka/keys.js';
import type { ErrorCode } from '../../../model/kafka/records.js';
import { emptyPartition } from '../../../model/kafka/records.js';

/** A group of one partition whose member ids are kept (`formerIds`), or not; transactional.id `a` Ongoing. */
function cluster(tracked: boolean): Cluster {
  const group = tracked ? { ...newGroup('g', 1), formerIds: [] } : newGroup('g', 1);
  const k = newCluster(kafkaRules({ kafkaVersion: '3.9' }), [emptyPartition('out-0')], [newTxn('a', 1)], [group]);
  return produce(k, (d) => {
    d.txns[0]!.epoch = 0;
    d.txns[0]!.state = 'Ongoing';
    d.txns[0]!.offsetsGroup = 0;
  });
}

function step(k: Cluster, f: (x: Ctx) => void): Cluster {
  return produce(k, (d) => {
    f({ k: d, now: 0, events: { push: () => undefined } });
  });
}

const join = (id: number) => (x: Ctx) => {
  addMember(x, 0, id);
  rebalance(x, 0, `${id} joined`);
};
/** Member 1 joins again while a request it sent before is in the network. */
const rejoinSentBefore = (x: Ctx) => {
  addMember(x, 0, 1, true);
  rebalance(x, 0, '1 joined');
};
/** Member 1 is removed (a session timeout of a stalled one). */
const remove1 = (x: Ctx) => {
  removeMember(x, 0, 1);
  rebalance(x, 0, '1 removed');
};

function txnCommit(k: Cluster, generation: number): ErrorCode | null {
  let err: ErrorCode | null = null;
  step(k, (x) => {
    err = txnOffsetCommit(x, 0, {
      txn: 0,
      partition: 0,
      offset: 1,
      producerId: 1,
      epoch: 0,
      generation,
      origin: { instance: 1, txn: 1 },
    });
  });
  return err;
}

function plainCommit(k: Cluster, generation: number): ErrorCode | null {
  let err: ErrorCode | null = null;
  step(k, (x) => {
    err = offsetCommit(x, 0, 0, 1, generation, { instance: 1, txn: null });
  });
  return err;
}

describe('member 1 joins (generation 1), member 2 joins (2), 1 is removed (3) and joins again (4)', () => {
  const history = (tracked: boolean) =>
    [join(1), join(2), remove1, rejoinSentBefore].reduce((k, f) => step(k, f), cluster(tracked));

  test("the group holds 1's former member.id, ending at generation 3", () => {
    const k = history(true);
    expect([k.groups[0]!.generation, k.groups[0]!.members]).toEqual([4, [1, 2]]);
    expect(k.groups[0]!.formerIds).toEqual([{ instance: 1, generation: 3 }]);
  });
  test('a TxnOffsetCommit sent under its old member.id (generation 2): UNKNOWN_MEMBER_ID', () => {
    expect(txnCommit(history(true), 2)).toBe('UNKNOWN_MEMBER_ID');
    expect(plainCommit(history(true), 2)).toBe('UNKNOWN_MEMBER_ID');
  });
  test('one under its new member.id: the current generation accepted', () => {
    expect(txnCommit(history(true), 4)).toBeNull();
    expect(plainCommit(history(true), 4)).toBeNull();
  });
  test('a group that keeps no member ids answers the old one ILLEGAL_GENERATION', () => {
    expect(txnCommit(history(false), 2)).toBe('ILLEGAL_GENERATION');
    expect(history(false).groups[0]!.formerIds).toBeUndefined();
  });
});

describe('a member of the new member.id one generation behind', () => {
  test('1 rejoined at 4, then 3 joins (5): generation 4 is ILLEGAL_GENERATION, not an unknown member', () => {
    const k = [join(1), join(2), remove1, rejoinSentBefore, join(3)].reduce((c, f) => step(c, f), cluster(true));
    expect(k.groups[0]!.generation).toBe(5);
    expect(txnCommit(k, 4)).toBe('ILLEGAL_GENERATION');
    expect(txnCommit(k, 2)).toBe('UNKNOWN_MEMBER_ID');
  });
  test('with nothing of its former id left to land, none is kept; a later rejoin forgets the one kept', () => {
    const k = [join(1), join(2), remove1, join(1)].reduce((c, f) => step(c, f), cluster(true));
    expect(k.groups[0]!.formerIds).toEqual([]);
    const again = [remove1, rejoinSentBefore, remove1, join(1)].reduce((c, f) => step(c, f), cluster(true));
    expect(again.groups[0]!.formerIds).toEqual([]);
  });
});
