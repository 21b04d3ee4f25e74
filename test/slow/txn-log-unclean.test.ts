/**
 * An unclean election of `__transaction_state` (faults.txn-log-unclean-election with transaction.state.log.min.isr=1),
 * searched in full to the depth of its shortest traces: with safeguard.txn-log-clean-election=false a transaction
 * the client was told committed is aborted (kafka-txn, one producer, depth 12) and an output is committed without its
 * input offset (consume-transform-produce, depth 10); with the topic's unclean.leader.election.enable=false, as Kafka
 * creates it, no violation in any state to those depths.
 */
import { describe, expect, test } from 'vitest';
import { ctpEntry } from '../../catalog/apps.js';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { check, exhaustive, only } from '../helpers/check.js';

const fault = ['faults.txn-log-unclean-election=1', 'transaction.state.log.min.isr=1'];
const unsafe = [...fault, 'safeguard.txn-log-clean-election=false'];

describe('kafka-txn, one producer: every state to depth 12', () => {
  const set = ['producers=1'];

  test('safeguard off: txn-atomicity, a committed transaction aborted, in 12 steps', () => {
    const r = check(only(kafkaTxnEntry, 'txn-atomicity'), [...set, ...unsafe], exhaustive(12, 4e6));
    expect([r.status, r.trace?.length]).toEqual(['violation', 12]);
    expect(r.trace!.map((s) => s.action.type)).toContain('TxnLogUncleanElection');
    expect(r.violations.map((v) => v.message)).toEqual([
      'transaction 1 of app-0#1: v1 at out-0 offset 0 is aborted, but the client was told COMMIT',
    ]);
  });

  test('safeguard on: no violation', () => {
    const r = check(kafkaTxnEntry, [...set, ...fault], exhaustive(12, 4e6));
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 12, 109869]);
  });
});

describe('consume-transform-produce at its defaults: every state to depth 10', () => {
  test('safeguard off: offsets-atomic, the output committed and its offset not, in 10 steps', () => {
    const r = check(only(ctpEntry, 'offsets-atomic'), unsafe, exhaustive(10, 4e6));
    expect([r.status, r.trace?.length, r.shortest]).toEqual(['violation', 10, true]);
    expect(r.violations.map((v) => v.message)).toEqual([
      'in-0: the output of record 0 (v1) is committed but the committed offset is 0',
    ]);
  });

  test('safeguard on: no violation', () => {
    const r = check(ctpEntry, fault, exhaustive(10, 4e6));
    expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 10, 24528]);
  });
});
