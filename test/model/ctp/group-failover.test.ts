/**
 * faults.group-coordinator-failover in consume-transform-produce, replayed step by step: the group's
 * `__consumer_offsets` partition moves while a transaction's TxnOffsetCommit is pending. The new group coordinator
 * refuses the group's requests until its load is done (COORDINATOR_LOAD_IN_PROGRESS, retried), rebuilds the pending
 * offset with its producer id, and the marker completes it: the offset is committed once. To 3.9 the marker is
 * appended during the load (the load reads it); from 4.0 the coordinator runtime refuses it until loaded and the
 * transaction coordinator sends it again.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import type { AppState } from '../../../model/ctp/state.js';
import { ctpBegun } from '../../helpers/app-scripts.js';
import { cfg, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, 'instances=1', 'faults.group-coordinator-failover=1', ...pairs);
const A = 1; // i0#1

/** i0#1 processes v1 and v2 and sends its offsets (TxnOffsetCommit in-0 -> 2, pending); then the partition moves. */
const moved: AppAction[] = [
  ...ctpBegun(A),
  { type: 'Process', instance: A, partition: 0 },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'SendOffsets', instance: A },
  { type: 'GroupCoordinatorFailover' },
  { type: 'CommitTxn', instance: A },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
];
const offsetsMarker: AppAction = { type: 'WriteTxnMarker', txn: 0, partition: '__consumer_offsets' };
const load: AppAction = { type: 'LoadOffsets' };

/** What steps `from` to `to` of a scripted run said, as its trace shows them. */
const said = (r: { states: readonly AppState[]; steps: readonly { action: AppAction }[] }, from: number, to: number) =>
  r.steps.slice(from, to).map((t, k) => ctpEntry.model.describe(r.states[from + k]!, t.action));
const enabled = (s: AppState): string[] => ctpEntry.model.enabled(s).map((a) => a.type);
const group = (s: AppState) => s.kafka.groups[0]!;
const out = (s: AppState): string[] =>
  s.kafka.partitions[0]!.log.map((e) => (e.kind === 'data' ? `v${e.value}` : e.marker));

describe('a group-coordinator move with a pending TxnOffsetCommit', () => {
  test('off by default: no move is ever enabled', () => {
    const s = scripted(ctpEntry, cfg(ctpKeys, 'instances=1'), moved.slice(0, 7)).last;
    expect(enabled(s)).not.toContain('GroupCoordinatorFailover');
  });

  test('during the load the group is refused, the pending offset stays (producer 1), the transaction ends', () => {
    const s = scripted(ctpEntry, ctp('kafka.version=4.1'), moved.slice(0, 8)).last;
    expect(group(s).offsetsLeader).toEqual({ moves: 1, loading: true });
    expect(group(s).pending.map((po) => [po.partition, po.offset, po.producerId])).toEqual([[0, 2, 1]]);
    // EndTxn goes to the transaction coordinator, which the move does not touch.
    expect(enabled(s)).toEqual(['CommitTxn', 'AbortTxn', 'LoadOffsets', 'Tick', 'Crash']);
  });

  test('4.1: the marker to __consumer_offsets waits for the load, then commits in-0 -> 2 once', () => {
    const before = scripted(ctpEntry, ctp('kafka.version=4.1'), moved).last;
    expect(enabled(before)).not.toContain('WriteTxnMarker');
    expect(enabled(before)).toContain('LoadOffsets');
    const r = scripted(ctpEntry, ctp('kafka.version=4.1'), [...moved, load, offsetsMarker], true);
    expect(said(r, 10, 12)).toEqual([
      'groupCoordinator.LoadOffsets(__consumer_offsets of group app read to offset 1: 1 pending transactional ' +
        'offset(s) of producer 1 rebuilt)',
      'coordinator.WriteTxnMarker(ctp-0: COMMIT -> __consumer_offsets)',
    ]);
    expect(group(r.last).committed[0]!.offset).toBe(2);
    expect(group(r.last).fates).toEqual([{ origin: { instance: A, txn: 1 }, input: 0, fate: 'COMMIT' }]);
    expect(out(r.last)).toEqual(['v1', 'v2', 'COMMIT']);
    expect([r.quiescent, r.violations]).toEqual([true, []]);
  });

  test('3.9: the new leader appends the marker during the load, which reads it; the offset is committed once', () => {
    const r = scripted(ctpEntry, ctp('kafka.version=3.9'), [...moved, offsetsMarker, load], true);
    expect(said(r, 10, 12)).toEqual([
      'coordinator.WriteTxnMarker(ctp-0: COMMIT -> __consumer_offsets)',
      'groupCoordinator.LoadOffsets(__consumer_offsets of group app read to offset 2: 0 pending transactional ' +
        'offset(s) rebuilt)',
    ]);
    expect(group(r.last).committed[0]!.offset).toBe(2);
    expect(group(r.last).fates).toEqual([{ origin: { instance: A, txn: 1 }, input: 0, fate: 'COMMIT' }]);
    expect([r.quiescent, r.violations]).toEqual([true, []]);
  });

  test('a restarted instance fetching during the load is refused, then reads the committed offset', () => {
    const crashed: AppAction[] = [...moved, { type: 'Crash', instance: A }, { type: 'Restart', slot: 0 }];
    const s = scripted(ctpEntry, ctp('kafka.version=4.1'), crashed).last;
    // JoinGroup is answered COORDINATOR_LOAD_IN_PROGRESS: the new incarnation cannot join yet.
    expect(enabled(s)).not.toContain('Join');
    const r = scripted(ctpEntry, ctp('kafka.version=4.1'), [...crashed, load, offsetsMarker], true);
    expect(group(r.last).committed[0]!.offset).toBe(2);
    expect(out(r.last)).toEqual(['v1', 'v2', 'COMMIT']);
    expect([r.quiescent, r.violations]).toEqual([true, []]);
  });
});
