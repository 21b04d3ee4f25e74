/**
 * A search handed from one thread to workers goes on from where the thread stopped (`check/engine/baton.ts`):
 * handed over at the first, middle and last state of each level (or of the last two), the threads count and find what
 * one thread does.
 */
import { describe, expect, test } from 'vitest';
import { handedAgrees } from '../../helpers/handoff.js';

describe('a search handed to workers where one thread stopped', () => {
  test('kafka-txn at depth 5, with no violation and with one (epoch fencing off), on two workers', async () => {
    const opts = { mode: 'exhaustive', depth: 5, maxStates: 1_000_000 } as const;
    expect(await handedAgrees('kafka-txn', [], opts, 2, true)).toBeGreaterThan(10);
    const fencing = ['transaction.version=1', 'safeguard.epoch-fencing=false'];
    expect(await handedAgrees('kafka-txn', fencing, opts, 2, false)).toBeGreaterThanOrEqual(3);
  });
});
