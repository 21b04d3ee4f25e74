/**
 * `safeguard.rewind-on-abort`: after abortTransaction() the loop seeks back to its committed offsets and processes
 * the aborted records again, as Kafka's own transactions system test does (TransactionalMessageCopier,
 * resetToLastCommittedPositions after an abort). Off, it polls on from its position: the aborted input is lost.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry as entry } from '../../../catalog/apps.js';
import { check, exhaustive, explored } from '../../helpers/check.js';

describe('an abort on purpose, both ways on the same bound (depth 8)', () => {
  test('off: the loop reads on past its aborted records, which never reach out (no-loss, 10 steps)', () => {
    const r = check(entry, ['safeguard.rewind-on-abort=false'], exhaustive(8));
    expect(r.violations.map((v) => [v.invariant, v.message])).toEqual([
      ['no-loss', 'input 1-2 never reached out at read_committed (2 missing)'],
    ]);
    expect(explored(r.trace)).toEqual([
      'Join',
      'InitProducerId',
      'FetchOffset',
      'BeginTxn',
      'Process',
      'Process',
      'AbortTxn',
    ]);
    expect(r.trace?.length).toBe(10);
  });

  test('on (the default): the same bound holds, over the default search space', () => {
    const r = check(entry, [], exhaustive(8));
    expect([r.status, r.distinct]).toEqual(['ok', 2457]);
  });
});
