/**
 * `flink-kafka` by flink-connector-kafka release: `connector.version`, the send error a 3.0 to 3.2 writer swallows
 * (FLINK-35749, `safeguard.propagate-send-errors`), POOLING only from 4.0, and the INCREMENTING gap fill
 * (`safeguard.fill-transactional-id-gaps`).
 */
import { describe, expect, test } from 'vitest';
import { flinkKafkaEntry } from '../../../catalog/flink-kafka.js';
import { check, exhaustive, explored, only } from '../../helpers/check.js';
import { flinkCfg, model } from './helpers.js';

const search = (pairs: string[], depth = 24, invariant?: string) =>
  check(invariant ? only(flinkKafkaEntry, invariant) : flinkKafkaEntry, pairs, exhaustive(depth));

describe('connector.version', () => {
  test('defaults to 5.0, which propagates send errors; 3.0 to 3.2 default the safeguard to false', () => {
    expect(flinkCfg()).toMatchObject({ connectorVersion: '5.0', propagateSendErrors: true });
    for (const v of ['3.0', '3.1', '3.2'])
      expect(flinkCfg(`connector.version=${v}`)).toMatchObject({ propagateSendErrors: false });
    for (const v of ['3.3', '3.4', '4.0'])
      expect(flinkCfg(`connector.version=${v}`)).toMatchObject({ propagateSendErrors: true });
  });
  test('POOLING needs 4.0 (FLINK-34554), the propagated send error 3.3 (FLINK-35749): one line each', () => {
    expect(model.validate(flinkCfg('connector.version=3.4', 'sink.transaction-naming-strategy=POOLING'))).toBe(
      'sink.transaction-naming-strategy=POOLING needs connector.version 4.0 or later (FLINK-34554); ' +
        'connector.version=3.4 accepts INCREMENTING',
    );
    expect(model.validate(flinkCfg('connector.version=4.0', 'sink.transaction-naming-strategy=POOLING'))).toBeNull();
    expect(model.validate(flinkCfg('connector.version=3.2', 'safeguard.propagate-send-errors=true'))).toBe(
      'safeguard.propagate-send-errors=true needs connector.version 3.3 or later (FLINK-35749); ' +
        "connector.version=3.2 swallows the mailbox action's error: accepted false",
    );
    expect(model.validate(flinkCfg('connector.version=5.0', 'safeguard.propagate-send-errors=false'))).toBeNull();
  });
});

describe('safeguard.propagate-send-errors (FLINK-35749)', () => {
  test(
    'connector 3.2: the mailbox action clears the send error of v3 and its exception is lost in a Future; ' +
      'the job carries on past v3: no-loss (20 steps, the fewest)',
    () => {
      const x = search(['connector.version=3.2', 'faults.send-errors=true']);
      expect(x.violations[0]).toMatchObject({
        invariant: 'no-loss',
        message: 'input 3 never reached out at read_committed (1 missing)',
      });
      expect([x.trace!.length, x.shortest]).toEqual([20, true]);
      expect(explored(x.trace).slice(-4)).toEqual(['Tick', 'Read', 'Process', 'SendError']);
      const last = x.trace!.at(-1)!;
      expect(last.action.type).toBe('MailboxCheck');
      expect(x.states!.at(-1)!.events).toEqual([{ type: 'send-error-swallowed', value: 3 }]);
      // The same with the switch off on the newest release.
      const y = search(['safeguard.propagate-send-errors=false', 'faults.send-errors=true']);
      expect(y.violations[0]!.message).toBe('input 3 never reached out at read_committed (1 missing)');
    },
  );
  test('connector 3.3 (the fix): the mailbox action fails the task, the restore re-reads v3; holds to depth 24', () => {
    const x = search(['connector.version=3.3', 'faults.send-errors=true']);
    expect([x.status, x.distinct]).toEqual(['ok', 30370]);
  });
});
