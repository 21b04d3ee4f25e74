/**
 * Sleep sets in the breadth-first search over objects (`check/engine/reduce/sleep-sets.ts`), on kafka-txn (the model
 * that declares what its actions read and change): the search skips exactly the transitions the reference
 * search of `bench/sleep-oracle.ts` skips with the same independence, keeps every level's states, and a wrong
 * declaration is caught both by the check on reached states and by the levels it loses.
 */
import { describe, expect, test } from 'vitest';
import { type Independence, sleepOracle } from '../../../../bench/sleep-oracle.js';
import { kafkaTxnEntry } from '../../../../catalog/kafka-txn.js';
import { checkHere } from '../../../../check/check.js';
import { SleepSets } from '../../../../check/engine/reduce/sleep-sets.js';
import type { ExhaustiveOutcome } from '../../../../check/types/outcome.js';
import type { Model } from '../../../../model/core/model.js';
import { Part } from '../../../../model/kafka-txn/access.js';
import type { KafkaTxnAction } from '../../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../../model/kafka-txn/state.js';
import { cfg } from '../../../helpers/check.js';
import { reachable } from '../../../helpers/por.js';
import { accessPairs } from '../../../helpers/sleep.js';

type S = KafkaTxnState;
type A = KafkaTxnAction;
const e = kafkaTxnEntry;

/** The search of `model` from kafka-txn's initial state at `pairs`, to `depth`, with or without sleep sets. */
function search(model: Model<S, A>, depth: number, sleepSets: boolean, ...pairs: string[]): ExhaustiveOutcome<S, A> {
  const o = checkHere({ model, invariants: e.invariants }, model.init(cfg(model.keys, ...pairs)), {
    mode: 'exhaustive',
    depth,
    maxStates: 1_000_000,
    sleepSets,
  });
  if (o.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
  return o;
}

/** The independence the search's sleep sets use, as the reference search asks it. */
function declared(model: Model<S, A>): Independence<S, A> {
  const sleep = SleepSets.of(model, false)!;
  return (s, a, b) => {
    sleep.begin(0, s, [a, b]);
    return sleep.independent(1, 0);
  };
}

/** The states of `count` random walks of `steps` steps from `initial` (a fixed generator: the same every run). */
function walks(model: Model<S, A>, initial: S, count: number, steps: number): S[] {
  let x = 12345;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const out: S[] = [];
  for (let w = 0; w < count; w++) {
    let s = initial;
    for (let k = 0; k < steps; k++) {
      const acts = model.enabled(s);
      if (acts.length === 0) break;
      out.push(s);
      s = model.step(s, acts[Math.floor(next() * acts.length)]!);
    }
  }
  return out;
}

/** kafka-txn with `type`'s actions saying they touch nothing: independent of every action (a planted bug). */
function touchingNothing(type: A['type']): Model<S, A> {
  const m = e.model;
  return { ...m, access: { of: (s, a, at) => (a.type === type ? true : m.access!.of(s, a, at)) } };
}

describe('sleep sets in the search over objects', () => {
  test('kafka-txn to depth 8: the transitions the reference search skips with the same independence', () => {
    const depth = 8;
    const o = search(e.model, depth, true);
    const ref = sleepOracle(e.model, e.model.init(cfg(e.model.keys)), depth, declared(e.model));
    expect(ref.every((l) => l.same)).toBe(true);
    expect(o.sleepSets).toEqual({ skipped: ref.at(-1)!.skipped });
    expect(o.levels).toEqual([1, ...ref.map((l) => l.states)]);
    // The counts themselves, pinned (the model's rules or its declarations changed if these did).
    expect(o.levels).toEqual([1, 4, 11, 30, 85, 242, 658, 1776, 4734]);
    expect(o.sleepSets).toEqual({ skipped: 4424 });
    expect(o.generated).toBe(ref.at(-1)!.executed);
  });

  test('kafka-txn at its defaults to depth 8, and with zombies and the network: every level as without them', () => {
    for (const pairs of [[], ['faults.network=true', 'producers=1'], ['safeguard.epoch-fencing=false']]) {
      const on = search(e.model, 8, true, ...pairs);
      const off = search(e.model, 8, false, ...pairs);
      expect(on.levels).toEqual(off.levels);
      expect(off.sleepSets).toBe('off');
      expect(on.generated + (on.sleepSets as { skipped: number }).skipped).toBe(off.generated);
      expect(on.found?.trace.length ?? null).toBe(off.found?.trace.length ?? null);
    }
  });

  test('with symmetry: every level as without sleep sets (a state met again sleeps on nothing)', () => {
    const run = (sleepSets: boolean) =>
      checkHere({ model: e.model, invariants: e.invariants }, e.model.init(cfg(e.model.keys)), {
        mode: 'exhaustive',
        depth: 8,
        maxStates: 1_000_000,
        symmetry: true,
        sleepSets,
      });
    const on = run(true);
    const off = run(false);
    if (on.mode !== 'exhaustive' || off.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
    expect(on.symmetry).toBe(true);
    expect(on.levels).toEqual(off.levels);
    expect((on.sleepSets as { skipped: number }).skipped).toBeGreaterThan(0);
  });

  test('a crash said to touch nothing: the check on reached states names the pairs, the search loses states', () => {
    const wrong = touchingNothing('Crash');
    const initial = wrong.init(cfg(wrong.keys));
    const r = accessPairs(e, wrong, reachable(e, initial, 400))!;
    // Two crashes share one budget (faults.crashes=1): either disables the other.
    expect(r.wrong.length).toBeGreaterThan(0);
    expect(r.wrong.some((w) => w.a.type === 'Crash' && w.b.type === 'Crash' && w.why === 'disables')).toBe(true);
    const on = search(wrong, 7, true);
    const off = search(wrong, 7, false);
    expect(off.levels).toEqual([1, 4, 11, 30, 85, 242, 658, 1776]);
    expect(on.levels).toEqual([1, 4, 11, 30, 85, 238, 650, 1748]);
    // The declarations as written: no pair wrong on the same states.
    expect(accessPairs(e, e.model, reachable(e, initial, 400))!.wrong).toEqual([]);
  });

  test('epoch exhaustion: the declarations hold on random walks, and without the next producer id they do not', () => {
    const initial = e.model.init(cfg(e.model.keys, 'faults.epoch-exhaustion=true'));
    const states = walks(e.model, initial, 100, 60);
    expect(accessPairs(e, e.model, states)!.wrong).toEqual([]);
    // A rotation (KIP-890) or a first InitProducerId draws the coordinator's next producer id: two of them are
    // dependent. Declared without that part, the check names such pairs.
    const m = e.model;
    const forgetful: Model<S, A> = {
      ...m,
      access: {
        of: (s, a, at) =>
          m.access!.of(s, a, {
            read: (p) => at.read(p),
            write: (p) => {
              if (p !== Part.producerIds) at.write(p);
            },
          }),
      },
    };
    const wrong = accessPairs(e, forgetful, states)!.wrong;
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong.every((w) => w.why === 'does not commute')).toBe(true);
  });

  test('a client-local call said to touch nothing loses no state here; the check on reached states finds it', () => {
    const wrong = touchingNothing('BeginTxn');
    const on = search(wrong, 8, true);
    const off = search(wrong, 8, false);
    expect(on.levels).toEqual(off.levels);
    const r = accessPairs(e, wrong, reachable(e, wrong.init(cfg(wrong.keys)), 400))!;
    // A crash of the same instance disables it.
    expect(r.wrong.some((w) => [w.a.type, w.b.type].sort().join() === 'BeginTxn,Crash')).toBe(true);
  });
});
