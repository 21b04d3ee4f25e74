/**
 * faults.late-requests in the application models: sendOffsetsToTransaction's AddOffsetsToTxn and InitProducerId
 * held in the network (model/kafka/network.ts, the same requests and landing as kafka-txn's), and InitProducerId's
 * answer lost. Replayed step by step: the late AddOffsetsToTxn opens a transaction of its own after the marker
 * (transaction.version=1), which the coordinator times out; the instance's own late InitProducerId fences its next
 * transaction; a lost answer is sent again. Then every state to a bound, in both models.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry, kafkaStreamsEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import type { AppState } from '../../../model/ctp/state.js';
import { ctpBegun } from '../../helpers/app-scripts.js';
import { cfg, check, exhaustive, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, 'faults.late-requests=true', ...pairs);
const script = (config: ReturnType<typeof ctp>, actions: AppAction[], drain = false) =>
  scripted(ctpEntry, config, actions, drain);

const A = 1; // i0#1
/** The refusals of the step that led to `s`: `ERROR request`. */
const rejected = (s: AppState): string[] =>
  s.events.flatMap((e) => (e.type === 'rejected' ? [`${e.error} ${e.request}`] : []));
const invariants = (r: { readonly violations: readonly { readonly invariant: string }[] }): string[] =>
  r.violations.map((v) => v.invariant);

describe('an AddOffsetsToTxn held past its transaction marker (transaction.version=1)', () => {
  const steps: AppAction[] = [
    ...ctpBegun(A),
    { type: 'Process', instance: A, partition: 0 },
    { type: 'AddOffsetsDelayed', instance: A },
    { type: 'CommitTxn', instance: A },
    { type: 'WriteTxnMarker', txn: 0, partition: 0 },
    { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' },
    { type: 'Deliver', request: 1 },
  ];
  test('3.9: it opens a transaction of its own at the same epoch, holding only __consumer_offsets', () => {
    const r = script(ctp('kafka.version=3.9'), steps);
    const t = r.last.kafka.txns[0]!;
    expect([t.state, t.epoch, t.partitions, t.offsetsGroup]).toEqual(['Ongoing', 0, [], 0]);
    expect(r.states[steps.length - 1]!.kafka.txns[0]!.state).toBe('CompleteCommit');
    expect(r.last.kafka.groups[0]!.committed[0]!.offset).toBe(1);
  });
  test('3.9: the coordinator aborts it at its timeout; nothing committed is undone', () => {
    const r = script(ctp('kafka.version=3.9'), steps, true);
    expect(r.quiescent).toBe(true);
    expect(invariants(r)).toEqual([]);
  });
});

describe("InitProducerId's answer lost, or its first copy held", () => {
  test('3.9: the lost answer is sent again: a first InitProducerId bumps once more', () => {
    const steps: AppAction[] = [
      { type: 'Join', instance: A },
      { type: 'InitProducerIdLost', instance: A },
      { type: 'InitProducerId', instance: A },
    ];
    const r = script(ctp('kafka.version=3.9'), steps);
    // The initial state, then each step's.
    expect(r.states.map((s) => s.kafka.txns[0]!.epoch)).toEqual([-1, -1, 0, 1]);
    expect(rejected(r.states[2]!)).toEqual(['REQUEST_TIMED_OUT InitProducerId(ctp-0): its answer lost']);
    expect([r.last.apps[0]!.producerStatus, r.last.apps[0]!.producer.epoch]).toEqual(['ready', 1]);
  });

  const own: AppAction[] = [
    { type: 'Join', instance: A },
    { type: 'InitProducerIdDelayed', instance: A },
    { type: 'FetchOffset', instance: A, partition: 0 },
    { type: 'BeginTxn', instance: A },
    { type: 'Process', instance: A, partition: 0 },
    { type: 'Deliver', request: 1 },
    { type: 'SendOffsets', instance: A },
  ];
  test("3.9: the held copy lands in the instance's transaction: fenced and aborted, the instance fenced next", () => {
    const r = script(ctp('kafka.version=3.9'), own);
    const landed = r.states[own.length - 1]!;
    expect([landed.kafka.txns[0]!.state, landed.kafka.txns[0]!.epoch]).toEqual(['PrepareAbort', 1]);
    expect(rejected(landed)).toEqual(['CONCURRENT_TRANSACTIONS InitProducerId(ctp-0) late']);
    expect(rejected(r.last)).toEqual(['PRODUCER_FENCED AddOffsetsToTxn']);
    expect(r.last.apps[0]!.life).toBe('fenced');
  });
  test('3.9: its replacement takes over from the committed offsets; nothing is lost or written twice', () => {
    const r = script(ctp('kafka.version=3.9'), own, true);
    expect(r.quiescent).toBe(true);
    expect(invariants(r)).toEqual([]);
  });
});

describe('every state to a bound with faults.late-requests', () => {
  test('consume-transform-produce 3.9, one instance: none violated to depth 12', () => {
    const r = check(ctpEntry, ['kafka.version=3.9', 'faults.late-requests=true', 'instances=1'], exhaustive(12));
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 12, 5359]);
  });
  test('kafka-streams 3.9, one instance: none violated to depth 12', () => {
    const r = check(
      kafkaStreamsEntry,
      ['kafka.version=3.9', 'faults.late-requests=true', 'instances=1'],
      exhaustive(12),
    );
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 12, 2281]);
  });
});
