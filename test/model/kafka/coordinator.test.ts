/**
 * The transaction coordinator's answers, request by request, against TransactionCoordinator and
 * TransactionMetadata of the release: EndTxn under transaction.version 1 and 2 in every state (the
 * retry, the next end at the bumped epoch, the opposite result), InitProducerId's order of checks with
 * KIP-360's expected producer id and epoch, a leader's sequence check of a new epoch, and the epoch
 * fence's abort of 4.0.0 against 4.0.1 (KAFKA-19367). Driven on kafka-txn's cluster, one rule call a step.
 */
import { produce } from 'immer';
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry as entry } from '../../../catalog/kafka-txn.js';
import type { Cluster, Ctx, KafkaEvent } from '../../../model/kafka/cluster.js';
import { append } from '../../../model/kafka/partition.js';
import {
  addToTxn,
  endTxn,
  expired,
  expireTxn,
  initProducerId,
  type TxnAnswer,
  writeTxnMarker,
} from '../../../model/kafka/transactions.js';
import { initialState } from '../../../model/kafka-txn/init.js';
import { cfg } from '../../helpers/check.js';

/** A cluster of kafka-txn with one transactional.id (index 0, producer id 1) and one partition, at `version`. */
function cluster(version: string, ...more: string[]) {
  const c = cfg(entry.model.keys, `kafka.version=${version}`, 'producers=1', 'partitions=1', ...more);
  let k: Cluster = initialState(c).kafka;
  const events: KafkaEvent[] = [];
  const step = <R>(f: (x: Ctx) => R): R => {
    let out: R | undefined;
    k = produce(k, (d) => {
      out = f({ k: d, now: 0, events: { push: (e) => events.push(e as KafkaEvent) } });
    });
    return out as R;
  };
  return {
    init: (expected: { producerId: number; epoch: number } | null = null): TxnAnswer =>
      step((x) => initProducerId(x, 0, expected)),
    end: (epoch: number, result: 'COMMIT' | 'ABORT', producerId = 1): TxnAnswer =>
      step((x) => endTxn(x, 0, producerId, epoch, result)),
    add: (epoch: number) => step((x) => addToTxn(x, 0, 1, epoch, 0)),
    marker: () => step((x) => writeTxnMarker(x, 0, 0)),
    expire: () => step((x) => expireTxn(x, 0)),
    txn: () => {
      const t = k.txns[0]!;
      return { producerId: t.producerId, epoch: t.epoch, state: t.state, markers: t.pending?.epoch ?? null };
    },
    k: () => k,
    events,
  };
}

const CONCURRENT = { error: 'CONCURRENT_TRANSACTIONS' };
const FENCED = { error: 'PRODUCER_FENCED' };
const INVALID_STATE = { error: 'INVALID_TXN_STATE' };

describe('EndTxn, transaction.version=2 (TransactionCoordinator.endTransaction, 4.0 and 4.1)', () => {
  test.each(['4.0.0', '4.1'])('%s: in PrepareCommit every end is CONCURRENT_TRANSACTIONS; then the table', (v) => {
    const c = cluster(v);
    expect(c.init()).toEqual({ producerId: 1, epoch: 0 });
    expect(c.add(0)).toBe(null);
    expect(c.end(0, 'COMMIT')).toEqual({ producerId: 1, epoch: 1 });
    expect(c.txn()).toEqual({ producerId: 1, epoch: 1, state: 'PrepareCommit', markers: 1 });
    // The pending CompleteCommit is checked before the epoch (KAFKA-18464): the empty abort right after the
    // commit at the bumped epoch, the retry of the commit, the opposite result at either epoch.
    expect([c.end(1, 'ABORT'), c.end(0, 'COMMIT'), c.end(0, 'ABORT'), c.end(1, 'COMMIT')]).toEqual([
      CONCURRENT,
      CONCURRENT,
      CONCURRENT,
      CONCURRENT,
    ]);
    c.marker();
    expect(c.txn()).toEqual({ producerId: 1, epoch: 1, state: 'CompleteCommit', markers: null });
    // CompleteCommit: the retry succeeds with the current pair; the other end at the retry epoch and a commit
    // at the current one are INVALID_TXN_STATE; a later epoch is fenced; an abort at the current one bumps.
    expect(c.end(0, 'COMMIT')).toEqual({ producerId: 1, epoch: 1 });
    expect([c.end(0, 'ABORT'), c.end(1, 'COMMIT'), c.end(2, 'ABORT')]).toEqual([INVALID_STATE, INVALID_STATE, FENCED]);
    expect(c.txn()).toEqual({ producerId: 1, epoch: 1, state: 'CompleteCommit', markers: null });
    expect(c.end(1, 'ABORT')).toEqual({ producerId: 1, epoch: 2 });
    expect(c.txn()).toEqual({ producerId: 1, epoch: 2, state: 'CompleteAbort', markers: null });
    // CompleteAbort: the retry of the abort succeeds, a commit at the retry epoch is INVALID_TXN_STATE.
    expect([c.end(1, 'ABORT'), c.end(1, 'COMMIT')]).toEqual([{ producerId: 1, epoch: 2 }, INVALID_STATE]);
  });

  test('Empty: an older epoch is fenced, a commit is INVALID_TXN_STATE, an abort bumps the epoch', () => {
    const c = cluster('4.1');
    c.init();
    expect(c.init()).toEqual({ producerId: 1, epoch: 1 });
    expect([c.end(0, 'ABORT'), c.end(1, 'COMMIT')]).toEqual([FENCED, INVALID_STATE]);
    expect(c.end(1, 'ABORT')).toEqual({ producerId: 1, epoch: 2 });
  });
});

describe('EndTxn, transaction.version=1 (TransactionCoordinator.endTransaction, 2.4 to 3.9)', () => {
  test.each(['2.4', '3.9'])('%s: the opposite result while the markers are out is CONCURRENT_TRANSACTIONS', (v) => {
    const c = cluster(v);
    c.init();
    c.add(0);
    expect(c.end(0, 'COMMIT')).toEqual({ producerId: 1, epoch: 0 });
    expect([c.end(0, 'ABORT'), c.end(0, 'COMMIT')]).toEqual([CONCURRENT, CONCURRENT]);
    c.marker();
    expect([c.end(0, 'COMMIT'), c.end(0, 'ABORT')]).toEqual([{ producerId: 1, epoch: 0 }, INVALID_STATE]);
  });
});

describe('InitProducerId: the first failing check, in prepareInitProducerIdTransit order', () => {
  test('a pending transition comes before the producer id: CONCURRENT_TRANSACTIONS, not PRODUCER_FENCED', () => {
    const c = cluster('3.9');
    c.init();
    c.add(0);
    c.end(0, 'COMMIT');
    expect(c.init({ producerId: 7, epoch: 0 })).toEqual(CONCURRENT);
    c.marker();
    expect(c.init({ producerId: 7, epoch: 0 })).toEqual(FENCED);
  });

  test('another producer id is fenced: PRODUCER_FENCED from 2.7 (KIP-588), INVALID_PRODUCER_EPOCH before', () => {
    const at = (v: string) => {
      const c = cluster(v);
      c.init();
      return c.init({ producerId: 7, epoch: 0 });
    };
    expect([at('2.5'), at('2.6'), at('2.7')]).toEqual([
      { error: 'INVALID_PRODUCER_EPOCH' },
      { error: 'INVALID_PRODUCER_EPOCH' },
      FENCED,
    ]);
  });

  test('an open transaction is fenced before the expected epoch is checked; the stale client at its retry', () => {
    const c = cluster('3.9');
    c.init();
    expect(c.init()).toEqual({ producerId: 1, epoch: 1 });
    c.add(1);
    // A KIP-360 client still at epoch 0: the open transaction of epoch 1 is aborted at epoch 2 first.
    expect(c.init({ producerId: 1, epoch: 0 })).toEqual(CONCURRENT);
    expect(c.txn()).toEqual({ producerId: 1, epoch: 2, state: 'PrepareAbort', markers: 2 });
    c.marker();
    expect(c.init({ producerId: 1, epoch: 0 })).toEqual(FENCED);
    expect(c.init({ producerId: 1, epoch: 2 })).toEqual({ producerId: 1, epoch: 3 });
  });

  test('at an exhausted epoch: rotation for the current epoch, UNKNOWN_SERVER_ERROR for another', () => {
    const c = cluster('3.9', 'faults.epoch-exhaustion=true');
    expect([c.init(), c.init(), c.init(), c.init()]).toEqual(
      [32763, 32764, 32765, 32766].map((e) => ({
        producerId: 1,
        epoch: e,
      })),
    );
    // prepareIncrementProducerEpoch throws "Cannot allocate any more producer epochs".
    expect(c.init({ producerId: 1, epoch: 32765 })).toEqual({ error: 'UNKNOWN_SERVER_ERROR' });
    expect(c.init({ producerId: 1, epoch: 32766 })).toEqual({ producerId: 2, epoch: 0 });
  });
});

describe('a leader and a new epoch of a producer it knows (ProducerAppendInfo.checkSequence)', () => {
  const produceAt = (v: string, producerId: number, epoch: number, sequence: number) => {
    const c = cluster(v);
    let r: ReturnType<typeof append> | undefined;
    const origin = { instance: 1, txn: 0 };
    const req = (e: number, s: number) => ({
      partition: 0,
      value: 1,
      producerId,
      epoch: e,
      sequence: s,
      transactional: false,
      origin,
    });
    produce(c.k(), (d) => {
      const x: Ctx = { k: d, now: 0, events: { push: () => undefined } };
      if (epoch > 0) append(x, req(0, 0));
      r = append(x, req(epoch, sequence));
    });
    return r!.ok ? 'appended' : r!.error;
  };

  test.each(['2.4', '2.5', '4.1'])('%s: the new epoch past sequence 0 is OUT_OF_ORDER_SEQUENCE_NUMBER', (v) => {
    expect([produceAt(v, 1, 1, 1), produceAt(v, 1, 1, 0)]).toEqual(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'appended']);
  });

  test('a producer the leader has no state for: UNKNOWN_PRODUCER_ID at 2.4, accepted from 2.5 (KAFKA-8710)', () => {
    expect([produceAt('2.4', 1, 0, 3), produceAt('2.5', 1, 0, 3)]).toEqual(['UNKNOWN_PRODUCER_ID', 'appended']);
  });
});

describe('KAFKA-19367: the abort after an epoch fence bumps twice at 4.0.0, once from 4.0.1 and 4.1', () => {
  test.each([
    ['4.0.0', 2, 3],
    ['4.0.1', 1, 2],
    ['4.1', 1, 2],
  ])('%s: InitProducerId over an open transaction of epoch 0 marks it at %i, then hands out %i', (v, marks, next) => {
    const c = cluster(v);
    c.init();
    c.add(0);
    expect(c.init()).toEqual(CONCURRENT);
    expect(c.txn()).toEqual({ producerId: 1, epoch: marks, state: 'PrepareAbort', markers: marks });
    c.marker();
    expect(c.init()).toEqual({ producerId: 1, epoch: next });
  });

  /** A transaction open at epoch 32766 under transaction.version=2. */
  const openAt32766 = (v: string) => {
    const c = cluster(v, 'faults.epoch-exhaustion=true');
    for (let k = 0; k < 4; k++) c.init();
    expect(c.add(32766)).toBe(null);
    return c;
  };

  test('4.0.0: InitProducerId over a transaction open at 32766 overflows the epoch; it stays open for good', () => {
    const c = openAt32766('4.0.0');
    expect(c.init()).toEqual({ error: 'UNKNOWN_SERVER_ERROR' });
    expect(c.txn()).toEqual({ producerId: 1, epoch: 32767, state: 'Ongoing', markers: null });
    // prepareFenceProducerEpoch refuses Short.MaxValue: every later InitProducerId, and no timeout abort.
    expect(c.init()).toEqual({ error: 'UNKNOWN_SERVER_ERROR' });
    expect(expired(c.k(), 0, Number.MAX_SAFE_INTEGER)).toBe(false);
    // The producer of 32766 can neither commit nor abort it.
    expect([c.end(32766, 'COMMIT'), c.end(32766, 'ABORT')]).toEqual([FENCED, FENCED]);
    expect(c.k().partitions[0]!.log).toEqual([]);
  });

  test.each(['4.0.1', '4.1'])('%s: the same InitProducerId aborts at 32767 and its retry rotates', (v) => {
    const c = openAt32766(v);
    expect(c.init()).toEqual(CONCURRENT);
    expect(c.txn()).toEqual({ producerId: 1, epoch: 32767, state: 'PrepareAbort', markers: 32767 });
    c.marker();
    expect(c.txn()).toEqual({ producerId: 1, epoch: 32767, state: 'CompleteAbort', markers: null });
    expect(c.init()).toEqual({ producerId: 2, epoch: 0 });
  });

  test('the timeout abort: 4.0.0 leaves it open at 32767; 4.0.1 aborts at 32767 with no new producer id', () => {
    const bug = openAt32766('4.0.0');
    bug.expire();
    expect(bug.txn()).toEqual({ producerId: 1, epoch: 32767, state: 'Ongoing', markers: null });
    expect(bug.events).toContainEqual({
      type: 'rejected',
      by: 'coordinator',
      error: 'UNKNOWN_SERVER_ERROR',
      request: 'abort of app-0 fenced to epoch 32767: Illegal new producer epoch -32768',
    });
    const fixed = openAt32766('4.0.1');
    fixed.expire();
    expect(fixed.txn()).toEqual({ producerId: 1, epoch: 32767, state: 'PrepareAbort', markers: 32767 });
    expect(fixed.k().txns[0]!.pending!.rotateTo).toBe(null);
    fixed.marker();
    expect(fixed.init()).toEqual({ producerId: 2, epoch: 0 });
  });
});
