/**
 * The transaction coordinator's load window after a move (faults.coordinator-failover) and the ISR of its
 * `__transaction_state` below min.isr (faults.txn-log-isr-shrink), at safe settings: kafka-txn searched in full to
 * depth 17 (the deepest coordinator-move rows of test/slow, test/slow/late-requests-combined.test.ts) with one
 * producer, one partition, no crash and no zombie. The load and the shrink delay requests, markers and the timeout
 * abort; no violation comes of it, at transaction.version 2 (4.1) and 1 (3.9).
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { check, exhaustive } from '../helpers/check.js';

const focused = ['producers=1', 'partitions=1', 'faults.crashes=0', 'faults.zombies=false'];

const rows: readonly (readonly [name: string, set: readonly string[], states: number])[] = [
  ['4.1, a coordinator move', ['faults.coordinator-failover=1'], 50044],
  [
    '4.1, a coordinator move and a shrink of its log',
    ['faults.coordinator-failover=1', 'faults.txn-log-isr-shrink=true'],
    93733,
  ],
  [
    '3.9, a coordinator move and a shrink of its log',
    ['kafka.version=3.9', 'faults.coordinator-failover=1', 'faults.txn-log-isr-shrink=true'],
    53769,
  ],
];

describe('kafka-txn: the coordinator loading and its log short of replicas, every state to depth 17', () => {
  for (const [name, set, states] of rows)
    test(`${name}: no violation in any state to depth 17`, () => {
      const r = check(kafkaTxnEntry, [...focused, ...set], exhaustive(17, 4e6));
      expect([r.status, r.depthCompleted, r.distinct]).toEqual(['ok', 17, states]);
    });
});
