/**
 * A search handed from one thread to workers goes on from where the thread stopped (`check/engine/parallel/baton.ts`):
 * handed over at the first, middle and last state of each level (or of the last two), the threads count and find what
 * one thread does.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { twoPhaseCommitEntry } from '../../../../catalog/two-phase-commit.js';
import { newFrontier } from '../../../../check/engine/frontier/frontier.js';
import { packKept, packState } from '../../../../check/engine/parallel/parcel.js';
import { SearchCore } from '../../../../check/engine/search/search-core.js';
import { exploreExhaustive } from '../../../../check/explore/exhaustive.js';
import { WordBuffer } from '../../../../model/core/words.js';
import { cfg } from '../../../helpers/check.js';
import { handedAgrees } from '../../../helpers/handoff.js';

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

describe('a parcel of kept states (packKept)', () => {
  const { model } = kafkaTxnEntry;
  const initial = model.init(cfg(model.keys));
  // A walk by the first enabled action, then by the last: states whose words differ.
  const walk = [initial];
  for (let k = 0; k < 30; k++) {
    const acts = model.enabled(walk.at(-1)!);
    if (acts.length === 0) break;
    walk.push(model.step(walk.at(-1)!, acts[k % 2 === 0 ? 0 : acts.length - 1]!));
  }
  const level = newFrontier(model, initial);
  for (const [k, s] of walk.entries()) level.push(s, 1000 + k);
  test('copies the words a level keeps: the parcel packState writes from each state decoded and encoded again', () => {
    expect(level.packed).toBe(true);
    const kept = new WordBuffer();
    const made = new WordBuffer();
    const states: unknown[] = [];
    for (let k = 0; k < level.length; k++) {
      packKept(kept, states, level, k, k, -k, model.fast.encode);
      packState(made, states, level.state(k), level.id(k), k, -k, model.fast.encode);
    }
    expect(walk.length).toBe(31);
    expect(states).toEqual([]);
    expect(kept.length).toBeGreaterThan(31 * 100);
    expect([...kept.words.subarray(0, kept.length)]).toEqual([...made.words.subarray(0, made.length)]);
  });
  test('without an encoding the parcel carries the state itself', () => {
    const meta = new WordBuffer();
    const states: unknown[] = [];
    packKept(meta, states, level, 3, 7, 8, null);
    expect([...meta.words.subarray(0, meta.length)]).toEqual([1003, 7, 8]);
    expect(states).toEqual([level.state(3)]);
  });
});

describe('a search that would start again on the workers (two-phase-commit, packed)', () => {
  test('keeps the bytes a state of one thread: its links make no room for numbers it never gives', () => {
    const c = { model: twoPhaseCommitEntry.model, invariants: twoPhaseCommitEntry.invariants };
    const initial = c.model.init(cfg(c.model.keys, 'rm.count=5'));
    const opts = { mode: 'exhaustive', depth: 10_000, maxStates: 10_000_000 } as const;
    const alone = exploreExhaustive(c, initial, opts);
    const handOff = { afterMs: 1e9, workers: 2, worth: () => false };
    const offered = exploreExhaustive(c, initial, { ...opts, handOff });
    expect(alone.distinct).toBe(8832);
    expect(offered.distinct).toBe(8832);
    expect(offered.bytesPerState).toBe(alone.bytesPerState);
  });
});
