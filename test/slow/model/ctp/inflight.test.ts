/**
 * faults.produce-reorder in consume-transform-produce: the transactional loop leaves its writes in flight (up to
 * max.in.flight.requests.per.connection) and they reach out-0 in any order under the Kafka core's rules
 * (model/kafka/inflight.ts). A later batch meeting a gap is refused OUT_OF_ORDER_SEQUENCE_NUMBER and Kafka's Java
 * client sends it again once the earlier one is answered; a batch expiring in flight (faults.network) leaves only an
 * abort with KIP-360 (2.5+) and is fatal before.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../../catalog/apps.js';
import type { AppAction } from '../../../../model/ctp/actions.js';
import { ctpKeys } from '../../../../model/ctp/config.js';
import type { AppState } from '../../../../model/ctp/state.js';
import { cfg, check, exhaustive, scripted } from '../../../helpers/check.js';

const ctp = (...pairs: string[]) =>
  cfg(ctpKeys, 'instances=1', 'input.records=3', 'commit.every=3', 'faults.produce-reorder=true', ...pairs);
const A = 1; // i0#1
const model = ctpEntry.model;

/** out-0's log, one word an entry: `v1 e0 s0`, `COMMIT e0`. */
const out = (s: AppState): string[] =>
  s.kafka.partitions[0]!.log.map((e) =>
    e.kind === 'data' ? `v${e.value} e${e.epoch} s${e.sequence}` : `${e.marker} e${e.epoch}`,
  );

/** i0#1 joins, writes v1 and waits for it, then leaves v2 and v3 in flight as requests 1 and 2. */
const twoInFlight: AppAction[] = [
  { type: 'Join', instance: A },
  { type: 'InitProducerId', instance: A },
  { type: 'FetchOffset', instance: A, partition: 0 },
  { type: 'BeginTxn', instance: A },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'ProcessInFlight', instance: A, partition: 0 },
  { type: 'ProcessInFlight', instance: A, partition: 0 },
];

describe('the keys', () => {
  test('above 5 with idempotence is refused as the Java producer refuses it (ConfigException)', () => {
    expect(model.validate(ctp('max.in.flight.requests.per.connection=6'))).toBe(
      'max.in.flight.requests.per.connection=6 with enable.idempotence=true: To use the idempotent producer, ' +
        'max.in.flight.requests.per.connection must be set to at most 5. Current value is 6. ' +
        '(ConfigException; set 1 to 5, or enable.idempotence=false)',
    );
    expect(model.validate(ctp('max.in.flight.requests.per.connection=5'))).toBeNull();
  });

  test('without faults.produce-reorder nothing is left in flight', () => {
    const s = scripted(ctpEntry, cfg(ctpKeys, 'instances=1'), twoInFlight.slice(0, 4)).last;
    expect(model.enabled(s).map((a) => a.type)).not.toContain('ProcessInFlight');
  });
});

describe('the in-flight window', () => {
  test('max.in.flight.requests.per.connection bounds the writes in flight; nothing else goes on meanwhile', () => {
    const one = scripted(ctpEntry, ctp('max.in.flight.requests.per.connection=1'), twoInFlight.slice(0, 6)).last;
    expect(one.apps[0]!.inflight?.map((f) => [f.request, f.req.value, f.req.sequence])).toEqual([[1, 2, 1]]);
    const next = model.enabled(one).map((a) => a.type);
    expect(next).toContain('Land');
    // No second request, no synchronous write, no offsets, no abort while a write is unanswered.
    for (const t of ['ProcessInFlight', 'Process', 'SendOffsets', 'AbortTxn']) expect(next).not.toContain(t);
  });

  test('the writes land in order: one transaction, each record once', () => {
    const r = scripted(ctpEntry, ctp(), [
      ...twoInFlight,
      { type: 'Land', instance: A, request: 1 },
      { type: 'Land', instance: A, request: 2 },
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ]);
    // Its marker at the bumped epoch (transaction.version=2, KIP-890 part 2).
    expect(out(r.last)).toEqual(['v1 e0 s0', 'v2 e0 s1', 'v3 e0 s2', 'COMMIT e1']);
    expect(r.violations).toEqual([]);
  });
});

describe('a later write refused for a gap (the Java client)', () => {
  test('it is sent again once the earlier one is answered, and the transaction commits whole', () => {
    const gap = scripted(ctpEntry, ctp('kafka.version=3.5'), [
      ...twoInFlight,
      { type: 'Land', instance: A, request: 2 },
    ]).last;
    expect(gap.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
      request: 'Produce(v3)',
    });
    expect(gap.apps[0]!.inflight?.map((f) => f.request)).toEqual([1, 2]);
    expect(gap.apps[0]!.producer.transaction?.error).toBeNull();
    const r = scripted(ctpEntry, ctp('kafka.version=3.5'), [
      ...twoInFlight,
      { type: 'Land', instance: A, request: 2 },
      { type: 'Land', instance: A, request: 1 },
      { type: 'Land', instance: A, request: 2 },
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ]);
    expect(out(r.last)).toEqual(['v1 e0 s0', 'v2 e0 s1', 'v3 e0 s2', 'COMMIT e0']);
    expect(r.violations).toEqual([]);
  });

  test('the requests read as calls', () => {
    const s = scripted(ctpEntry, ctp('kafka.version=3.5'), twoInFlight).last;
    expect(model.describe(s, { type: 'Land', instance: A, request: 2 })).toBe(
      'out-0.Land(#2 v3 of i0#1, epoch=0, seq=2)',
    );
  });
});

describe('a write expiring in flight (faults.network)', () => {
  const expired: AppAction[] = [...twoInFlight, { type: 'ExpireInFlight', instance: A, request: 1 }];

  test('2.5 and later: only an abort is left, and the epoch is bumped after it (KIP-360)', () => {
    const s = scripted(ctpEntry, ctp('kafka.version=3.5', 'faults.network=true'), expired).last;
    expect(s.apps[0]!.unresolved).toEqual([{ partition: 0, sequence: 1 }]);
    expect(s.apps[0]!.producer).toMatchObject({ bumpEpoch: true, transaction: { error: 'REQUEST_TIMED_OUT' } });
    expect(s.network.map((r) => r.id)).toEqual([1]);
    const landed = scripted(ctpEntry, ctp('kafka.version=3.5', 'faults.network=true'), [
      ...expired,
      { type: 'Land', instance: A, request: 2 },
      { type: 'AbortTxn', instance: A },
    ]).last;
    expect(landed.apps[0]!.unresolved).toBeUndefined();
    expect(landed.apps[0]!.life).toBe('member');
    expect(landed.apps[0]!.producerStatus).toBe('new');
  });

  test('2.4: the unresolved sequence is fatal, the process fails', () => {
    const s = scripted(ctpEntry, ctp('kafka.version=2.4', 'faults.network=true'), [
      ...expired,
      { type: 'Land', instance: A, request: 2 },
    ]).last;
    expect(s.apps[0]!.life).toBe('failed');
  });
});

describe('the search (off by default: test/model/ctp/network.test.ts pins the same counts as before)', () => {
  const reorder = ['faults.produce-reorder=true', 'input.records=3', 'commit.every=3'];
  test('with it, every invariant holds through a gap, its retry and the commit (crash and zombie included)', () => {
    const r = check(ctpEntry, reorder, exhaustive(12));
    expect([r.status, r.distinct, r.depthCompleted]).toEqual(['ok', 63177, 12]);
  });

  test('with it and a write expiring in flight (faults.network), likewise', () => {
    const r = check(
      ctpEntry,
      [...reorder, 'faults.crashes=0', 'faults.zombies=false', 'faults.network=true'],
      exhaustive(12),
    );
    expect([r.status, r.distinct, r.depthCompleted]).toEqual(['ok', 31799, 12]);
  });

  test('safeguard.generation-fencing=false with it: the zombie commits offsets (KIP-447 off)', () => {
    const r = check(ctpEntry, [...reorder, 'safeguard.generation-fencing=false'], exhaustive(12));
    expect([r.status, r.violations.map((v) => v.invariant), r.trace?.length]).toEqual([
      'violation',
      ['zombie-fenced'],
      10,
    ]);
  });
});
