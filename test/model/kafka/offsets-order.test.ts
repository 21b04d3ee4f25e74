/**
 * Materialising transactional offsets (GroupMetadata.completePendingTxnOffsetCommit, KAFKA-5247):
 * when two transactions commit an offset of the same partition, the one whose TxnOffsetCommit
 * record is later in `__consumer_offsets` holds, whichever marker lands last. Checked on the group
 * coordinator's rules directly, over a cluster of one group (the rules are pure functions of it).
 */
import { produce } from 'immer';
import { describe, expect, test } from 'vitest';
import { type Cluster, type Ctx, type KafkaEvent, newCluster, newGroup, newTxn } from '../../../model/kafka/cluster.js';
import { txnOffsetCommit } from '../../../model/kafka/groups.js';
import { kafkaRules } from '../../../model/kafka/keys.js';
import { completeTxnOffsets } from '../../../model/kafka/offsets-marker.js';
import { emptyPartition } from '../../../model/kafka/records.js';

/** Two transactional.ids with producer ids 1 and 2, both Ongoing with the offsets partition added. */
function cluster(): Cluster {
  const k = newCluster(
    kafkaRules({ kafkaVersion: '3.9' }),
    [emptyPartition('out-0')],
    [newTxn('a', 1), newTxn('b', 2)],
    [newGroup('g', 1)],
  );
  return produce(k, (d) => {
    for (const t of d.txns) {
      t.epoch = 0;
      t.state = 'Ongoing';
      t.offsetsGroup = 0;
    }
  });
}

/** Applies `f` to a copy of `k` with an events sink; returns the new cluster and the events. */
function step(k: Cluster, f: (x: Ctx) => void): { k: Cluster; events: KafkaEvent[] } {
  const events: KafkaEvent[] = [];
  const next = produce(k, (d) => {
    f({ k: d, now: 0, events: { push: (e) => events.push(e as KafkaEvent) } });
  });
  return { k: next, events };
}

const commit = (txn: number, producerId: number, offset: number) => (x: Ctx) => {
  expect(
    txnOffsetCommit(x, 0, {
      txn,
      partition: 0,
      offset,
      producerId,
      epoch: 0,
      generation: -1,
      origin: { instance: txn, txn: 1 },
    }),
  ).toBeNull();
};
const marker = (producerId: number) => (x: Ctx) => completeTxnOffsets(x, 0, producerId, 0, 'COMMIT', 0);

describe('two transactions commit an offset of in-0', () => {
  test('records a (offset 5) then b (offset 7); markers b then a: b holds, a is superseded', () => {
    let k = cluster();
    k = step(k, commit(0, 1, 5)).k;
    k = step(k, commit(1, 2, 7)).k;
    k = step(k, marker(2)).k;
    expect(k.groups[0]!.committed[0]).toMatchObject({ offset: 7, recordOffset: 1 });
    const last = step(k, marker(1));
    expect(last.k.groups[0]!.committed[0]).toMatchObject({ offset: 7, recordOffset: 1 });
    expect(last.events).toContainEqual({
      type: 'offset',
      partition: 0,
      offset: 5,
      how: 'superseded',
      generation: -1,
      stale: false,
    });
  });

  test('records b then a; markers b then a: a, the later record, holds', () => {
    let k = cluster();
    k = step(k, commit(1, 2, 7)).k;
    k = step(k, commit(0, 1, 5)).k;
    k = step(k, marker(2)).k;
    k = step(k, marker(1)).k;
    expect(k.groups[0]!.committed[0]).toMatchObject({ offset: 5, recordOffset: 1 });
    // Each commit record and each marker takes an offset of the group's __consumer_offsets partition.
    expect(k.groups[0]!.logEnd).toBe(4);
  });
});
