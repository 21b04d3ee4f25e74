/**
 * enable.auto.commit=true beside a transactional producer: KafkaProducer.sendOffsetsToTransaction's javadoc
 * asks for enable.auto.commit=false, because the consumer's close() commits its positions on its own
 * (ConsumerCoordinator.close -> maybeAutoCommitOffsetsSync). A loop whose transaction timed out is fenced at
 * its next call, closes, and commits past the records of its aborted transaction: they are lost. With
 * enable.auto.commit=false (the safeguard) the same steps lose nothing.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../../catalog/apps.js';
import { checkHere } from '../../../check/check.js';
import type { AppAction } from '../../../model/ctp/actions.js';
import { ctpKeys } from '../../../model/ctp/config.js';
import { GROUP } from '../../../model/ctp/state.js';
import { ctpBegun } from '../../helpers/app-scripts.js';
import { cfg, exhaustive, scripted } from '../../helpers/check.js';

const A = 1; // i0#1
/** i0#1 processes v1 and v2 in one transaction, stalls past transaction.timeout.ms, then sends its offsets. */
const stalled: AppAction[] = [
  ...ctpBegun(A),
  { type: 'Process', instance: A, partition: 0 },
  { type: 'Process', instance: A, partition: 0 },
  { type: 'Tick' },
  { type: 'ExpireTxn', txn: 0 },
  { type: 'SendOffsets', instance: A },
];
const run = (...pairs: string[]) => scripted(ctpEntry, cfg(ctpKeys, ...pairs), stalled, true);

describe('enable.auto.commit=true beside a transactional producer', () => {
  test('the fenced loop closes its consumer, which commits past its aborted records: v1 and v2 are lost', () => {
    const r = run('enable.auto.commit=true');
    const fenced = r.states[stalled.length]!;
    expect(fenced.events).toContainEqual({
      type: 'life',
      instance: A,
      status: 'consumer.close(): auto commit of its positions',
    });
    expect(fenced.kafka.groups[GROUP]!.committed[0]!.offset).toBe(2);
    expect(fenced.kafka.groups[GROUP]!.committed[0]!.txnEpoch).toBeNull();
    expect(r.violations.map((v) => [v.invariant, v.message])).toEqual([
      ['offsets-atomic', 'in-0: the committed offset 2 passes record 0 (v1) but its output is not committed'],
      ['no-loss', 'input 1-2 never reached out at read_committed (2 missing)'],
    ]);
    expect(r.last.outcomes).toEqual([]);
  });

  test('enable.auto.commit=false: the same steps lose nothing (the restarted slot processes v1 and v2)', () => {
    const r = run('enable.auto.commit=false');
    expect(r.states[stalled.length]!.kafka.groups[GROUP]!.committed[0]!.offset).toBe(0);
    expect(r.violations).toEqual([]);
    expect(r.quiescent).toBe(true);
    expect(r.last.outcomes.map((o) => o.result)).toEqual(['COMMIT']);
  });

  test('the timer in poll() commits nothing the transactions do not: only the close does', () => {
    const r = run('enable.auto.commit=true', 'auto.commit.interval.ms=1000');
    for (const s of r.states) expect(ctpEntry.model.enabled(s).filter((a) => a.type === 'AutoCommit')).toEqual([]);
  });

  test('the exhaustive search finds the loss at the defaults and only with enable.auto.commit=true', () => {
    const noLoss = { model: ctpEntry.model, invariants: ctpEntry.invariants.filter((i) => i.name === 'no-loss') };
    const on = checkHere(noLoss, ctpEntry.model.init(cfg(ctpKeys, 'enable.auto.commit=true')), exhaustive(8));
    expect(on.status).toBe('violation');
    expect(on.found!.trace.length).toBe(16);
    expect(on.found!.trace.slice(0, 8).map((s) => s.action.type)).toEqual([
      'Join',
      'InitProducerId',
      'FetchOffset',
      'BeginTxn',
      'Process',
      'Process',
      'Tick',
      'ExpireTxn',
    ]);
    const off = checkHere(noLoss, ctpEntry.model.init(cfg(ctpKeys, 'enable.auto.commit=false')), exhaustive(8));
    expect(off.status).toBe('ok');
  });
});
