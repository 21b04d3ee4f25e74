/**
 * kafka-txn's `enabled` (derived from its action table): the documented order (each action type in
 * table order, its actors in creation order), fault budgets, network faults only when switched on.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { KafkaTxnAction } from '../../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { act, init, model, run, show, solo } from './helpers.js';

const types = (as: readonly KafkaTxnAction[]): string[] => as.map((a) => a.type);

describe('order', () => {
  test(
    'action types in table order (client calls, WriteTxnMarkers, ExpireTxn, Restart, Deliver, Tick, Crash, Pause, ' +
      'Resume), each by actor',
    () => {
      const s = run(
        init({ 'faults.network': 'true' }),
        act.init(1),
        act.begin(1),
        act.produce(1, 0), // request 1; app-0 Ongoing, deadline 60000
        act.produceDelayed(1, 1), // request 2, stuck
        act.init(2),
        act.begin(2),
        act.produce(2, 1), // request 3
        act.sendOffsets(2),
        act.commit(2), // app-1 PrepareCommit
      );
      expect(model.enabled(s)).toEqual([
        { type: 'BeginTxn', instance: 2 },
        { type: 'Retry', instance: 1 },
        { type: 'AbortTxn', instance: 1 },
        { type: 'WriteTxnMarkers', txn: 1 },
        { type: 'Deliver', request: 2 },
        { type: 'Tick' },
        { type: 'Crash', instance: 1 },
        { type: 'Crash', instance: 2 },
        { type: 'Pause', instance: 1 },
        { type: 'Pause', instance: 2 },
      ]);
    },
  );

  test("one instance's calls: Produce and ProduceDelayed by partition, then SendOffsets, then AbortTxn", () => {
    const s = run(
      init({ producers: '1', 'faults.network': 'true', 'faults.crashes': '0', 'faults.zombies': 'false' }),
      act.init(1),
      act.begin(1),
      act.produce(1, 1),
    );
    expect(model.enabled(s)).toEqual([
      { type: 'Produce', instance: 1, partition: 0 },
      { type: 'Produce', instance: 1, partition: 1 },
      { type: 'ProduceDelayed', instance: 1, partition: 0 },
      { type: 'ProduceDelayed', instance: 1, partition: 1 },
      { type: 'SendOffsets', instance: 1 },
      { type: 'AbortTxn', instance: 1 },
      { type: 'Tick' },
    ]);
    const s2 = run(s, act.sendOffsets(1));
    expect(model.enabled(s2)).toEqual([
      { type: 'CommitTxn', instance: 1 },
      { type: 'CommitTxnDelayed', instance: 1 },
      { type: 'AbortTxn', instance: 1 },
      { type: 'Tick' },
    ]);
  });

  test('an expired transaction and a crashed instance: ExpireTxn before Restart', () => {
    const s = run(solo(), act.init(1), act.begin(1), act.produce(1), act.tick(), act.crash(1));
    expect(model.enabled(s)).toEqual([
      { type: 'ExpireTxn', txn: 0 },
      { type: 'Restart', app: 0 },
    ]);
  });

  test('nothing but InitProducerId, the faults and no Tick in the initial state', () => {
    expect(model.enabled(init())).toEqual([
      { type: 'InitProducerId', instance: 1 },
      { type: 'InitProducerId', instance: 2 },
      { type: 'Crash', instance: 1 },
      { type: 'Crash', instance: 2 },
    ]);
  });
});

/**
 * The sort key the documented order implies: the action type's place in the table
 * (`model.actionTypes`), then its actor: an instance by creation order (and a produce by
 * partition), a transactional.id or app by index, a request by id.
 */
function rank(s: KafkaTxnState, a: KafkaTxnAction): number[] {
  const at = (id: number): number => s.instances.findIndex((i) => i.id === id);
  const t = model.actionTypes.indexOf(a.type);
  switch (a.type) {
    case 'WriteTxnMarkers':
    case 'ExpireTxn':
      return [t, a.txn];
    case 'Restart':
      return [t, a.app];
    case 'Deliver':
      return [t, a.request];
    case 'Tick':
      return [t];
    case 'Produce':
    case 'ProduceDelayed':
      return [t, at(a.instance), a.partition];
    default:
      return [t, at(a.instance)];
  }
}

function before(x: number[], y: number[]): boolean {
  for (let k = 0; k < Math.max(x.length, y.length); k++) {
    const a = x[k] ?? -1;
    const b = y[k] ?? -1;
    if (a !== b) return a < b;
  }
  return false;
}

test('along random paths (seed 7), every enabled list is strictly in the documented order', () => {
  const configs = [
    { 'faults.network': 'true', 'faults.crashes': '2' },
    { 'faults.network': 'true', 'enable.idempotence': 'false' },
  ];
  for (const pairs of configs) {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 30 }), (picks) => {
        let s = init(pairs);
        for (const pick of picks) {
          const acts = model.enabled(s);
          for (let k = 1; k < acts.length; k++) {
            if (!before(rank(s, acts[k - 1]!), rank(s, acts[k]!)))
              throw new Error(`${show(acts[k - 1]!)} is listed before ${show(acts[k]!)}`);
          }
          if (acts.length === 0) break;
          s = model.step(s, acts[pick % acts.length]!);
        }
      }),
      { seed: 7, numRuns: 40 },
    );
  }
});

describe('fault budgets', () => {
  test('faults.crashes=1: after one crash no Crash is listed, only the Restart', () => {
    const s = run(init(), act.init(1), act.init(2), act.crash(1));
    const en = model.enabled(s);
    expect(en.filter((a) => a.type === 'Crash')).toEqual([]);
    expect(en).toContainEqual({ type: 'Restart', app: 0 });
    const s2 = run(s, act.restart(0), act.init(3));
    expect(types(model.enabled(s2))).not.toContain('Crash');
  });

  test('faults.crashes=2 allows a second crash; faults.crashes=0 allows none', () => {
    const s = run(solo({ 'faults.crashes': '2' }), act.init(1), act.crash(1), act.restart(0));
    expect(model.enabled(s)).toContainEqual({ type: 'Crash', instance: 2 });
    const none = run(solo({ 'faults.crashes': '0' }), act.init(1));
    expect(types(model.enabled(none))).not.toContain('Crash');
  });

  test('one Pause per run, over all apps', () => {
    const s0 = run(init(), act.init(1), act.init(2));
    expect(model.enabled(s0).filter((a) => a.type === 'Pause')).toEqual([
      { type: 'Pause', instance: 1 },
      { type: 'Pause', instance: 2 },
    ]);
    const s1 = run(s0, act.pause(1), act.init(3));
    expect(types(model.enabled(s1))).not.toContain('Pause');
  });

  test('faults.zombies=false: no Pause at all', () => {
    const s = run(solo({ 'faults.zombies': 'false' }), act.init(1));
    expect(types(model.enabled(s))).not.toContain('Pause');
  });

  test('a new instance (before InitProducerId) cannot be paused', () => {
    expect(types(model.enabled(solo()))).not.toContain('Pause');
  });

  test('Resume only once the replacement has initialised', () => {
    const paused = run(solo(), act.init(1), act.begin(1), act.produce(1), act.pause(1));
    expect(types(model.enabled(paused))).not.toContain('Resume');
    // The replacement's first InitProducerId only fences: it is still `new`.
    const fencing = run(paused, act.init(2));
    expect(types(model.enabled(fencing))).not.toContain('Resume');
    const ready = run(fencing, act.markers(0), act.init(2));
    expect(model.enabled(ready)).toContainEqual({ type: 'Resume', instance: 1 });
    // A paused instance makes no calls and cannot crash.
    expect(model.enabled(ready).filter((a) => 'instance' in a && a.instance === 1)).toEqual([
      { type: 'Resume', instance: 1 },
    ]);
  });
});

describe('network faults', () => {
  const networkTypes = ['ProduceDelayed', 'CommitTxnDelayed', 'Deliver'];

  /** Every enabled list along the drain from the initial state (the drain takes no faults). */
  function enabledAlongDrain(s0: KafkaTxnState): KafkaTxnAction[][] {
    const out: KafkaTxnAction[][] = [];
    let s = s0;
    for (let a = model.drain(s); a !== null; a = model.drain(s)) {
      out.push(model.enabled(s));
      s = model.step(s, a);
    }
    out.push(model.enabled(s));
    return out;
  }

  test('faults.network=false: no ProduceDelayed, CommitTxnDelayed or Deliver in any state of a full run', () => {
    const lists = enabledAlongDrain(init());
    expect(lists.length).toBe(15);
    for (const l of lists) expect(types(l).filter((t) => networkTypes.includes(t))).toEqual([]);
  });

  test('faults.network=true: the same run offers ProduceDelayed and CommitTxnDelayed', () => {
    const seen = new Set(enabledAlongDrain(init({ 'faults.network': 'true' })).flatMap(types));
    expect(seen.has('ProduceDelayed')).toBe(true);
    expect(seen.has('CommitTxnDelayed')).toBe(true);
    // Deliver needs a request in the network first.
    expect(seen.has('Deliver')).toBe(false);
    const s = run(init({ 'faults.network': 'true' }), act.init(1), act.begin(1), act.produceDelayed(1, 0));
    expect(model.enabled(s)).toContainEqual({ type: 'Deliver', request: 1 });
  });
});
