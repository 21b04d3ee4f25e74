/**
 * KAFKA-17507 (`faults.late-offset-completion`): up to 3.9.0 the classic group coordinator appends a transaction's
 * marker to `__consumer_offsets` and answers WriteTxnMarkers at once, and moves the marker's pending offsets into its
 * cache later on its scheduler (GroupMetadataManager.scheduleHandleTxnCompletion). When that completion runs after
 * the producer's next transaction sent its TxnOffsetCommit, it completes those offsets too
 * (GroupMetadata.completePendingTxnOffsetCommit keys them by producer id): the next transaction's offsets are
 * committed while its output is still open, and lost if it aborts. From 3.9.1 and 4.0 the answer waits for the
 * completion, so the race cannot happen.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { type AppState, GROUP } from '../../../model/ctp/state.js';
import { cfg, scripted } from '../../helpers/check.js';

const ctp = (...pairs: string[]) => cfg(ctpKeys, 'faults.late-offset-completion=true', ...pairs);
const group = (s: AppState) => s.kafka.groups[GROUP]!;
const A = 1; // i0#1

/** The application aborts its second transaction (an error in its processing, say). */
const abort: AppAction = { type: 'AbortTxn', instance: A };

/** The first transaction commits; its marker reaches __consumer_offsets answered early; the second one begins. */
const race: AppAction[] = [
  { type: 'Join', instance: A },
  { type: 'InitProducerId', instance: A },
  { type: 'FetchOffset', instance: A, partition: 0 },
  { type: 'BeginTxn', instance: A },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'SendOffsets', instance: A },
  { type: 'CommitTxn', instance: A },
  { type: 'WriteTxnMarker', txn: 0, partition: 0 },
  { type: 'LateOffsetCompletion', txn: 0 },
  { type: 'BeginTxn', instance: A },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'SendOffsets', instance: A },
];

describe('a late offset completion takes the next transaction offsets (KAFKA-17507)', () => {
  test('the exact trace on 3.8: the COMMIT of transaction 1 completes transaction 2 offset, which then aborts', () => {
    const r = scripted(ctpEntry, ctp('kafka.version=3.8'), [...race, abort], true);
    const said = r.steps.map((s, k) => ctpEntry.model.describe(r.states[k]!, s.action));
    expect(said.slice(8, 9)).toEqual([
      'coordinator.WriteTxnMarker(ctp-0: COMMIT -> __consumer_offsets, appended and answered; the group ' +
        "coordinator's scheduler completes the offsets later)",
    ]);
    // Answered: the transaction completes, the producer's next one starts, its TxnOffsetCommit is pending.
    expect(group(r.states[9]!).completions).toEqual([{ producerId: 1, marker: 'COMMIT', txnEpoch: 0 }]);
    expect(group(r.states[12]!).pending.map((p) => [p.partition, p.offset])).toEqual([[0, 2]]);
    // The drain runs the queued completion first: in-0 -> 2 committed while transaction 2 is aborting.
    expect(said[13]).toBe(
      'groupCoordinator.CompleteTxnOffsets(group app: COMMIT of producer 1, every pending offset of that producer id)',
    );
    expect(group(r.states[14]!).committed[0]!.offset).toBe(2);
    // Judged at the step that decides it (0-based): the second TxnOffsetCommit, the abort's marker, quiescence.
    expect(r.violations.map((v) => [v.invariant, v.step, v.message])).toEqual([
      ['offsets-atomic', 11, 'in-0: the committed offset 2 passes record 1 (v2) but its output is not committed'],
      [
        'txn-atomicity',
        13,
        'transaction 2 of i0#1: its offset commit of input 0 is committed, but the client was told ABORT',
      ],
      ['no-loss', 18, 'input 2 never reached out at read_committed (1 missing)'],
    ]);
  });

  test('without the race (the completion runs before the next commit), every record is read once', () => {
    const inOrder: AppAction[] = [...race.slice(0, 9), { type: 'CompleteTxnOffsets', group: GROUP }, ...race.slice(9)];
    const r = scripted(ctpEntry, ctp('kafka.version=3.8'), [...inOrder, abort], true);
    expect(r.violations).toEqual([]);
    expect(r.quiescent).toBe(true);
  });
});
