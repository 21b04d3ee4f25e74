/**
 * Cancel-with-savepoint (`faults.savepoint=cancel`, `flink cancel -s`): an ordinary savepoint, then the job is
 * cancelled (no end of input, no final checkpoint) and resumed from it after resubmit.delay.ms. From Flink 1.15 the
 * savepoint is never notified, so its transactions stay open until the resume commits them: a resume after
 * transaction.timeout.ms finds them aborted by the coordinator and their input lost; a resume within it commits them.
 * 1.7 to 1.14 notify it, but the cancel may overtake the notification: the same loss.
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';
import { model, outValues, savepointOfV1, stateAfter, types } from '../../../model/flink/helpers.js';

const e = flinkKafkaEntry;

describe('the savepoint completes as an intermediate one, then the job is cancelled', () => {
  const pairs = ['faults.savepoint=cancel'];
  test('1.15: no notification; the cancel leaves flink-0-1 open, pre-committed, and the resume restores it', () => {
    const s = stateAfter(pairs, ...savepointOfV1);
    expect(s.events).toEqual([
      { type: 'savepoint-completed', checkpoint: 1, kind: 'cancel', stored: false, notified: false },
    ]);
    expect(types(model.enabled(s))).toContain('CancelJob');
    expect(types(model.enabled(s))).not.toContain('Trigger');
    const c = model.step(s, { type: 'CancelJob' });
    expect(c.task).toBeNull();
    expect(c.jm).toMatchObject({ latest: { id: 1, count: 1 }, restartAt: 1000 + 60_000, notify: null });
    expect(c.jm.cancel).toBeUndefined();
    expect(c.kafka.txns[0]).toMatchObject({ transactionalId: 'flink-0-1', state: 'Ongoing' });
    expect(outValues(c, 'read_committed')).toEqual([]);
  });
  test('1.7: notified, so the notification and the cancel race: either may come first', () => {
    const s = stateAfter([...pairs, 'flink.savepoint-semantics=1.7'], ...savepointOfV1);
    expect(types(model.enabled(s))).toEqual(expect.arrayContaining(['Notify', 'CancelJob']));
    expect(model.step(s, { type: 'CancelJob' }).jm.notify).toBeNull();
  });
});

describe('resumed within transaction.timeout.ms or after it, both ways', () => {
  const lost = { invariant: 'no-loss', message: 'input 1-3 never reached out at read_committed (3 missing)', step: 26 };
  test('1.15, resumed after the timeout (resubmit.delay.ms=120000): v1..v3 lost, 27 steps', () => {
    const r = check(only(e, 'no-loss'), ['faults.savepoint=cancel', 'resubmit.delay.ms=120000'], exhaustive(24));
    expect(r).toMatchObject({ status: 'violation', distinct: 45_781, violations: [lost] });
    expect(r.trace).toHaveLength(27);
    expect(explored(r.trace)).toEqual([
      'Crash',
      'Tick',
      'Restart',
      'AbortLingering',
      'InitSink',
      'Read',
      'Tick',
      'Read',
      'Tick',
      'Read',
      'Savepoint',
    ]);
    expect(r.trace!.map((x) => x.action.type)).toContain('CancelJob');
  });
  test('1.15, resumed within it (resubmit.delay.ms=30000): none at the same depth (47,560 states)', () => {
    const r = check(e, ['faults.savepoint=cancel', 'resubmit.delay.ms=30000'], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 47_560 });
  });
  test('1.7, resumed after the timeout: the cancel overtakes the notification, v1..v3 lost', () => {
    const r = check(
      only(e, 'no-loss'),
      ['faults.savepoint=cancel', 'flink.savepoint-semantics=1.7', 'resubmit.delay.ms=120000'],
      exhaustive(24),
    );
    expect(r).toMatchObject({ status: 'violation', distinct: 45_307, violations: [lost] });
    expect(r.trace).toHaveLength(27);
    // Explored to the cancel: CancelJob is taken while the savepoint's notification is still on its way.
    expect(explored(r.trace).slice(-5)).toEqual(['Savepoint', 'Process', 'InitSink', 'Ack', 'CancelJob']);
    expect(explored(r.trace)).toHaveLength(18);
  });
  test('stop-with-savepoint at the same delay commits before the job ends: none (36,612 states)', () => {
    const r = check(e, ['faults.savepoint=stop', 'resubmit.delay.ms=120000'], exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 36_612 });
  });
});
