/**
 * `faults.strategy-change`: the job restarted with the other sink.transaction-naming-strategy. INCREMENTING -> POOLING
 * is accepted (the restored committables committed, LISTING aborting the rest); POOLING -> INCREMENTING is refused by
 * every restored writer as TransactionOwnership.IMPLICIT_BY_SUBTASK_ID refuses it (connector 4.0+).
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../../../model/flink/actions.js';
import { BACK_TO_INCREMENTING } from '../../../../model/flink/strategy.js';
import { check, exhaustive, explored, only } from '../../../helpers/check.js';
import { eosStart, flinkCfg, model, oneRecord, stateAfter } from '../../../model/flink/helpers.js';

const e = flinkKafkaEntry;

/** v1 and v2 through checkpoint 1 (completed, not yet notified), then a crash. */
const crashed: FlinkAction[] = [
  ...eosStart,
  ...oneRecord,
  ...oneRecord,
  { type: 'Trigger' },
  { type: 'Process', input: 0 },
  { type: 'InitSink' },
  { type: 'Ack' },
  { type: 'Crash' },
];

/** The state after `actions`, the clock moved on until the job restarts, and its Restart. */
function restarted(pairs: string[], ...actions: FlinkAction[]) {
  let s = stateAfter(pairs, ...actions);
  for (let i = 0; i < 10 && !model.enabled(s).some((a) => a.type === 'Restart'); i++)
    s = model.step(s, { type: 'Tick' });
  return model.step(s, { type: 'Restart' });
}

describe('POOLING -> INCREMENTING: the restored writer throws, at every restart', () => {
  const pairs = ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9', 'faults.strategy-change=true'];
  test("the restart fails the task with the connector's IllegalStateException", () => {
    const s = restarted(pairs, ...crashed, { type: 'ChangeStrategy' });
    expect(s.task).toBeNull();
    expect(s.jm.strategy).toBe('INCREMENTING');
    expect(s.events).toContainEqual(
      expect.objectContaining({
        type: 'failed',
        reason:
          `${BACK_TO_INCREMENTING} (the restored writer state of checkpoint 1 was written with POOLING): ` +
          'the task fails',
      }),
    );
  });
  test('the search: the job never runs again (progress), the refusal in the trace', () => {
    const r = check(only(e), pairs, exhaustive(24));
    expect(r.status).toBe('violation');
    expect(r.violations[0]).toMatchObject({ invariant: 'progress' });
    expect(explored(r.trace)).toContain('ChangeStrategy');
  });
});

describe('INCREMENTING -> POOLING: accepted', () => {
  const pairs = ['kafka.version=3.9', 'faults.strategy-change=true'];
  test('the restored writer lists and aborts with LISTING, the job runs with POOLING', () => {
    const s = restarted(pairs, ...crashed, { type: 'ChangeStrategy' });
    expect(s.jm.strategy).toBe('POOLING');
    expect(s.task).toMatchObject({ status: 'initializing', committables: [{ checkpoint: 1 }] });
  });
  test('the search finds nothing (18,390 states)', () => {
    const r = check(e, pairs, exhaustive(24));
    expect(r).toMatchObject({ status: 'ok', distinct: 18_390 });
  });
  test('refused with a 3.x connector (no naming strategies), one line', () => {
    expect(model.validate(flinkCfg('faults.strategy-change=true', 'connector.version=3.4'))).toBe(
      'faults.strategy-change=true needs connector.version 4.0 or later (sink.transaction-naming-strategy, ' +
        'FLINK-34554); connector.version=3.4 accepts false',
    );
  });
});

describe('safeguard.naming-strategy-ownership-check, both ways', () => {
  const back = ['sink.transaction-naming-strategy=POOLING', 'kafka.version=3.9', 'faults.strategy-change=true'];
  test('off: INCREMENTING restores POOLING state, its probe misses the pool ids: what the exception warns of', () => {
    const r = check(e, [...back, 'safeguard.naming-strategy-ownership-check=false'], exhaustive(24));
    expect(r.status).toBe('violation');
    expect(['no-loss', 'no-hanging-transaction']).toContain(r.violations[0]!.invariant);
    expect(explored(r.trace)).toContain('ChangeStrategy');
  });
  test('on: the restore is refused instead (progress, the exception in the trace), nothing silently lost', () => {
    const r = check(e, back, exhaustive(24));
    expect(r.violations.map((v) => v.invariant)).toEqual(['progress']);
  });
});
