/**
 * InitProducerId's retry of a KIP-360 bump whose answer was lost (TransactionMetadata.prepareIncrementProducerEpoch,
 * 2.5+): the coordinator keeps the epoch the bump came from (lastProducerEpoch), answers a request naming it with
 * the current epoch unbumped, and clears it at an InitProducerId without an expected epoch (a new producer) and at
 * an epoch fence (prepareFenceProducerEpoch), so a replaced or fenced client's retry is still PRODUCER_FENCED.
 * Driven on kafka-txn's cluster, one rule call a step.
 */
import { produce } from 'immer';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { Cluster, Ctx } from '../../../model/kafka/cluster.js';
import {
  addToTxn,
  expireTxn,
  initProducerId,
  loadCoordinator,
  moveCoordinator,
  writeTxnMarker,
} from '../../../model/kafka/transactions.js';
import { initialState } from '../../../model/kafka-txn/init.js';
import { cfg } from '../../helpers/check.js';

/**
 * kafka-txn's cluster with one transactional.id (index 0, producer id 1) and one partition, at `version`, where an
 * InitProducerId answer may be lost (faults.late-requests: the coordinator's last epoch is kept).
 */
function cluster(version: string, late = true) {
  const c = cfg(
    entry.model.keys,
    `kafka.version=${version}`,
    'producers=1',
    'partitions=1',
    `faults.late-requests=${late}`,
  );
  let k: Cluster = initialState(c).kafka;
  const step = <R>(f: (x: Ctx) => R): R => {
    let out: R | undefined;
    k = produce(k, (d) => {
      out = f({ k: d, now: 0, events: { push: () => {} } });
    });
    return out as R;
  };
  return {
    init: (expected: { producerId: number; epoch: number } | null = null) =>
      step((x) => initProducerId(x, 0, expected)),
    add: (epoch: number) => step((x) => addToTxn(x, 0, 1, epoch, 0)),
    marker: () => step((x) => writeTxnMarker(x, 0, 0)),
    expire: () => step((x) => expireTxn(x, 0)),
    // The move and the new coordinator's load of its partition.
    move: () => {
      step((x) => moveCoordinator(x));
      step((x) => loadCoordinator(x));
    },
    txn: () => ({ epoch: k.txns[0]!.epoch, last: k.txns[0]!.lastProducerEpoch ?? -1, state: k.txns[0]!.state }),
  };
}

const FENCED = { error: 'PRODUCER_FENCED' };
const at = (epoch: number) => ({ producerId: 1, epoch });

describe('InitProducerId: the retry of a KIP-360 bump (lastProducerEpoch, 2.5+)', () => {
  test('the retry gets the bumped epoch without a second bump; a later bump moves the last epoch on', () => {
    const c = cluster('3.9');
    expect(c.init()).toEqual(at(0));
    expect(c.txn()).toEqual({ epoch: 0, last: -1, state: 'Empty' });
    expect(c.init(at(0))).toEqual(at(1));
    expect(c.txn()).toEqual({ epoch: 1, last: 0, state: 'Empty' });
    // The answer was lost: the client names epoch 0 again.
    expect([c.init(at(0)), c.init(at(0))]).toEqual([at(1), at(1)]);
    expect(c.init(at(1))).toEqual(at(2));
    expect(c.txn()).toEqual({ epoch: 2, last: 1, state: 'Empty' });
    expect(c.init(at(0))).toEqual(FENCED);
  });

  test('a new producer (no expected epoch) clears it: the replaced client retrying is fenced', () => {
    const c = cluster('3.9');
    c.init();
    expect(c.init(at(0))).toEqual(at(1));
    expect(c.init()).toEqual(at(2));
    expect(c.txn()).toEqual({ epoch: 2, last: -1, state: 'Empty' });
    expect(c.init(at(0))).toEqual(FENCED);
  });

  test('the timeout abort fences the epoch (KAFKA-6119) and clears it: the retry after it is fenced', () => {
    const c = cluster('3.9');
    c.init();
    c.init(at(0));
    expect(c.add(1)).toBe(null);
    c.expire();
    c.marker();
    expect(c.txn()).toEqual({ epoch: 2, last: -1, state: 'CompleteAbort' });
    expect(c.init(at(0))).toEqual(FENCED);
  });

  test('the last epoch is in __transaction_state: a new coordinator answers the retry the same', () => {
    const c = cluster('3.9');
    c.init();
    c.init(at(0));
    c.move();
    expect(c.init(at(0))).toEqual(at(1));
  });

  test('a retry that meets its own next transaction open fences and aborts it (the state is matched first)', () => {
    const c = cluster('3.9');
    c.init();
    c.init(at(0));
    c.add(1);
    expect(c.init(at(0))).toEqual({ error: 'CONCURRENT_TRANSACTIONS' });
    expect(c.txn()).toEqual({ epoch: 2, last: -1, state: 'PrepareAbort' });
  });

  test('without faults.late-requests no request can name the last epoch: it is not kept (the same states)', () => {
    const c = cluster('3.9', false);
    c.init();
    expect(c.init(at(0))).toEqual(at(1));
    expect(c.txn()).toEqual({ epoch: 1, last: -1, state: 'Empty' });
  });
});
