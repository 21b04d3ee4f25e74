/**
 * faults.network in consume-transform-produce: a produce, an AddPartitionsToTxn or an EndTxn held in the network
 * (model/kafka/network.ts, the same requests and landing as kafka-txn's), replayed step by step: the late produce
 * of KAFKA-12671 accepted on 3.5 and refused by 3.6's verification (KIP-890 part 1), and the delayed EndTxn of
 * transaction.version=1 deciding the next transaction of the same epoch on 3.9, refused on 4.0 (KIP-890 part 2);
 * a TxnOffsetCommit landing after its transaction's marker, pending for ever on 3.6, refused from 3.7.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import type { AppState } from '../../../model/ctp/state.js';
import type { Partition } from '../../../model/kafka/records.js';
import { ctpBegun } from '../../helpers/app-scripts.js';
import { cfg, check, exhaustive, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, ...pairs);
const script = (config: ReturnType<typeof ctp>, actions: AppAction[], drain = false) =>
  scripted(ctpEntry, config, actions, drain);

const A = 1; // i0#1
/** out-0's log, one word an entry: `v1 e0 open`, `ABORT e0`. */
const log = (p: Partition, open: number | null = p.producers[0]?.firstOpenOffset ?? null): string[] =>
  p.log.map((e, at) =>
    e.kind === 'data'
      ? `v${e.value} e${e.epoch}${open !== null && at >= open ? ' open' : ''}`
      : `${e.marker} e${e.epoch}`,
  );
const out = (s: AppState): string[] => log(s.kafka.partitions[0]!);
const invariants = (r: { readonly violations: readonly { readonly invariant: string }[] }): string[] =>
  r.violations.map((v) => v.invariant);

/**
 * i0#1 processes v1, its produce stuck in the network until the batch expires; it aborts, the abort marker is
 * written, and only then the stuck produce lands.
 */
const lateProduce: AppAction[] = [
  ...ctpBegun(A),
  { type: 'ProcessDelayed', instance: A, partition: 0 },
  { type: 'AbortTxn', instance: A },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'Deliver', request: 1 },
];

describe('a produce delayed past its transaction abort (KAFKA-12671)', () => {
  test('the batch expires: the transaction is abortable, the client bumps its epoch after the abort (KIP-360)', () => {
    const s = script(ctp('kafka.version=3.5', 'faults.network=true'), lateProduce.slice(0, 5)).last;
    expect(s.network.map((r) => r.type)).toEqual(['Produce']);
    expect(s.apps[0]!.producer.transaction!.error).toBe('REQUEST_TIMED_OUT');
    expect(s.apps[0]!.producer.bumpEpoch).toBe(true);
    expect(s.faults.delays).toBe(1);
    const next = ctpEntry.model.enabled(s).map((a) => a.type);
    // One request per run: no second delay; the loop can only abort (or be stalled, crash, or see the copy land).
    expect(next.filter((t) => t.endsWith('Delayed'))).toEqual([]);
    expect(next).toContain('Deliver');
    expect(next).not.toContain('SendOffsets');
  });

  test('3.5: the late copy is appended after the ABORT marker and opens a transaction no coordinator knows', () => {
    const r = script(ctp('kafka.version=3.5', 'faults.network=true'), lateProduce);
    expect(out(r.last)).toEqual(['ABORT e0', 'v1 e0 open']);
    expect(r.last.kafka.txns[0]!.state).toBe('CompleteAbort');
    expect(r.last.kafka.partitions[0]!.lastStableOffset).toBe(1);
    expect(r.last.network).toEqual([]);
  });

  test('3.5: nobody writes to out-0 with that producer again (i0#1 stalls): no-hanging-transaction', () => {
    const r = script(
      ctp('kafka.version=3.5', 'faults.network=true'),
      [...lateProduce, { type: 'Pause', instance: A }],
      true,
    );
    expect(r.quiescent).toBe(true);
    // i1#1 takes in-0 over and commits v1 and v2 with its own transactional.id, behind the LSO stuck at 1.
    expect(invariants(r)).toEqual(['no-loss', 'no-hanging-transaction']);
    expect(r.violations[1]!.message).toBe(
      'out-0: the transaction of ctp-0 from offset 1 is never ended (LSO stuck at 1)',
    );
  });

  test("3.5: the producer's next transaction commits the late record with its own: zombie-fenced", () => {
    const r = script(ctp('kafka.version=3.5', 'faults.network=true'), [
      ...lateProduce,
      { type: 'InitProducerId', instance: A },
      { type: 'FetchOffset', instance: A, partition: 0 },
      { type: 'BeginTxn', instance: A },
      { type: 'Process', instance: A, partition: 0 },
      { type: 'SendOffsets', instance: A },
      { type: 'CommitTxn', instance: A },
      { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    ]);
    expect(out(r.last)).toEqual(['ABORT e0', 'v1 e0', 'v1 e1', 'COMMIT e1']);
    expect(invariants(r)).toEqual(['zombie-fenced', 'txn-atomicity', 'no-duplicates']);
    expect(r.violations[0]!.message).toBe(
      'out-0 offset 1: v1 written with stale epoch 0 is committed by the transaction of epoch 1',
    );
  });

  test('3.6: the leader verifies the first transactional write with the coordinator and refuses the late copy', () => {
    const r = script(
      ctp('kafka.version=3.6', 'faults.network=true'),
      [...lateProduce, { type: 'Pause', instance: A }],
      true,
    );
    expect(r.states[lateProduce.length]!.events).toContainEqual({
      type: 'rejected',
      by: 'out-0',
      error: 'INVALID_TXN_STATE',
      request: 'Produce(v1) after AddPartitionsToTxn(out-0, verify)',
    });
    expect(out(r.states[lateProduce.length]!)).toEqual(['ABORT e0']);
    expect(invariants(r)).toEqual([]);
  });

  test('the request reads as its call, and a Deliver lands it', () => {
    const s = script(ctp('kafka.version=3.5', 'faults.network=true'), lateProduce.slice(0, 7)).last;
    expect(ctpEntry.model.describe(s, { type: 'Deliver', request: 1 })).toBe(
      'network.Deliver(#1 Produce(out-0, v1, epoch=0, seq=0))',
    );
  });
});

/**
 * transaction.version=1: i0#1's first EndTxn(COMMIT) is stuck, its retry commits; the stuck one lands in the next
 * transaction, of the same epoch, after its first write and before its offsets.
 */
const lateEndTxn: AppAction[] = [
  ...ctpBegun(A),
  { type: 'Process', instance: A, partition: 0 },
  { type: 'SendOffsets', instance: A },
  { type: 'CommitTxnDelayed', instance: A },
  { type: 'BeginTxn', instance: A },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'Deliver', request: 1 },
];

describe('a delayed EndTxn of the same epoch in the next transaction (transaction.version=1)', () => {
  test('3.9: it commits the next transaction without its offsets: offsets-atomic', () => {
    const r = script(ctp('kafka.version=3.9', 'faults.network=true', 'instances=1'), lateEndTxn);
    expect(r.last.kafka.txns[0]!.state).toBe('PrepareCommit');
    expect(r.last.kafka.txns[0]!.epoch).toBe(0);
    expect(invariants(r)).toEqual(['offsets-atomic']);
    expect(r.violations[0]!.message).toBe(
      'in-0: the output of record 1 (v2) is committed but the committed offset is 1',
    );
  });

  test('4.0 (transaction.version=2): the commit bumped the epoch, the stale EndTxn is fenced', () => {
    const r = script(ctp('kafka.version=4.0', 'faults.network=true', 'instances=1'), lateEndTxn, true);
    expect(
      r.states[lateEndTxn.length]!.events.map((e) => (e.type === 'rejected' ? `${e.error} ${e.request}` : e.type)),
    ).toEqual(['PRODUCER_FENCED EndTxn(COMMIT) late']);
    expect(invariants(r)).toEqual([]);
    expect(out(r.last)).toEqual(['v1 e0', 'COMMIT e1', 'v2 e1', 'COMMIT e2']);
  });
});

/**
 * i0#1's first TxnOffsetCommit(in-0 -> 1) is stuck, its retry lands; i0#1 aborts, the ABORT markers reach out-0
 * and `__consumer_offsets` (the transaction is CompleteAbort), and only then the stuck one lands.
 */
const lateOffsets: AppAction[] = [
  ...ctpBegun(A),
  { type: 'Process', instance: A, partition: 0 },
  { type: 'SendOffsetsDelayed', instance: A },
  { type: 'AbortTxn', instance: A },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
  { type: 'Deliver', request: 1 },
];

describe('a TxnOffsetCommit delayed past its transaction marker', () => {
  const pending = (s: AppState) => s.kafka.groups[0]!.pending.map((o) => `in-${o.partition} -> ${o.offset}`);
  test('3.6: the group coordinator takes it, pending for a marker that never comes; OffsetFetch is refused', () => {
    const r = script(ctp('kafka.version=3.6', 'faults.network=true'), lateOffsets, true);
    const landed = r.states[lateOffsets.length]!;
    expect(pending(landed)).toEqual(['in-0 -> 1']);
    expect(r.last.kafka.groups[0]!.pending).toHaveLength(1);
    // i0#1 seeks back after its abort: its OffsetFetch (require_stable, KIP-447) answers UNSTABLE_OFFSET_COMMIT.
    expect(r.last.apps[0]!.positions).toEqual([null]);
    expect(ctpEntry.model.enabled(r.last).filter((a) => a.type === 'FetchOffset')).toEqual([
      { type: 'FetchOffset', instance: A, partition: 0 },
    ]);
    const fetched = ctpEntry.model.step(r.last, { type: 'FetchOffset', instance: A, partition: 0 });
    expect(fetched.events).toEqual([
      { type: 'rejected', by: 'group coordinator', error: 'UNSTABLE_OFFSET_COMMIT', request: 'OffsetFetch(in-0)' },
    ]);
    expect(invariants(r)).toEqual(['no-loss']);
  });

  test('3.7: TxnOffsetCommit is verified with the transaction coordinator (KIP-890): refused, nothing pending', () => {
    const r = script(ctp('kafka.version=3.7', 'faults.network=true'), lateOffsets, true);
    const landed = r.states[lateOffsets.length]!;
    expect(pending(landed)).toEqual([]);
    expect(landed.events).toEqual([
      {
        type: 'rejected',
        by: 'group coordinator',
        error: 'INVALID_TXN_STATE',
        request: 'TxnOffsetCommit(in-0 -> 1) late',
      },
    ]);
    expect(invariants(r)).toEqual([]);
  });
});

describe('faults.network=false (the default) adds nothing: the same searches as before', () => {
  test('consume-transform-produce: 2457 states to depth 8', () => {
    const r = check(ctpEntry, [], exhaustive(8));
    expect([r.status, r.distinct, r.depthCompleted]).toEqual(['ok', 2457, 8]);
  });
  test('kafka-streams: 2127 states to depth 8', () => {
    const r = check(kafkaStreamsEntry, [], exhaustive(8));
    expect([r.status, r.distinct, r.depthCompleted]).toEqual(['ok', 2127, 8]);
  });
});
