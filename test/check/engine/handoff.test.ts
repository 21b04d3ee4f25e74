/**
 * A search handed from one thread to workers goes on from where the thread stopped (`check/engine/baton.ts`):
 * handed over at the first, middle and last state of each level (or of the last two), the threads count and find what
 * one thread does.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../catalog/kafka-txn.js';
import { SearchCore } from '../../../check/engine/search-core.js';
import { handedAgrees } from '../../helpers/handoff.js';

describe('a search handed to workers where one thread stopped', () => {
  test('kafka-txn at depth 5, with no violation and with one (epoch fencing off), on two workers', async () => {
    const opts = { mode: 'exhaustive', depth: 5, maxStates: 1_000_000 } as const;
    expect(await handedAgrees('kafka-txn', [], opts, 2, true)).toBeGreaterThan(10);
    const fencing = ['transaction.version=1', 'safeguard.epoch-fencing=false'];
    expect(await handedAgrees('kafka-txn', fencing, opts, 2, false)).toBeGreaterThanOrEqual(3);
  });
});

describe('a thread that goes on as thread 0 of two (SearchCore.continueAs)', () => {
  // 60 states alone, then 40 as thread 0 of 2: numbers up to 60 + 39 x 2 = 138, past the 7 bits that parents up
  // to 100 (its --max-states) take: the links make room for the threads it may be handed to.
  const run = (handOffWorkers: number | undefined) => {
    const core = new SearchCore(
      { model: kafkaTxnEntry.model, invariants: kafkaTxnEntry.invariants },
      { symmetry: false, maxStates: 100, handOffWorkers },
    );
    let last = core.admit(1, 1, -1, 0);
    for (let i = 1; i < 60; i++) last = core.admit(1, 1 + 2 * i, last, i % 3);
    core.continueAs(0, 2, 0);
    const links: [number, number][] = [];
    for (let i = 0; i < 40; i++) {
      const id = core.admit(2, 2 * i, last, 1);
      links.push([id, last]);
      last = id;
    }
    return links.map(([id, parent]) => [core.localOf(id), core.links.parentOf(core.localOf(id)), parent]);
  };
  test('numbers its states after its own, as thread 0, and keeps every parent', () => {
    const links = run(2);
    expect(links.at(-1)).toEqual([99, 136, 136]);
    for (const [, stored, parent] of links) expect(stored).toBe(parent);
  });
  test('(without the room, the largest parents would not fit)', () => {
    expect(run(undefined).some(([, stored, parent]) => stored !== parent)).toBe(true);
  });
});
