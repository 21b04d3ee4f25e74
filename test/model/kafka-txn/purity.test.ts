/**
 * kafka-txn's compiled `step` and `enabled` are pure: frozen results, inputs never mutated, same
 * input same output. Checked on every step of random paths through `enabled` (fast-check; seed in
 * the title).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { initialState } from '../../../model/kafka-txn/init.js';
import type { KafkaTxnState } from '../../../model/kafka-txn/state.js';
import { act, config, init, model, run } from './helpers.js';

/** Every object reachable from `v` is frozen. */
function deepFrozen(v: unknown, path = 'state'): string | null {
  if (v === null || typeof v !== 'object') return null;
  if (!Object.isFrozen(v)) return `${path} is not frozen`;
  for (const [k, x] of Object.entries(v)) {
    const bad = deepFrozen(x, `${path}.${k}`);
    if (bad) return bad;
  }
  return null;
}

const configs: readonly Readonly<Record<string, string>>[] = [
  { 'faults.network': 'true' },
  { 'faults.network': 'true', 'transaction.version': '1', 'safeguard.epoch-fencing': 'false' },
  { 'enable.idempotence': 'false', 'faults.network': 'true', 'isolation.level': 'read_uncommitted' },
  {
    producers: '1',
    partitions: '1',
    'kafka.version': '3.5',
    'transaction.timeout.ms': '10',
    'safeguard.epoch-bump-on-timeout': 'false',
    'faults.crashes': '2',
  },
  // The cluster faults: coordinator moves with stale markers, forgotten producers, epoch exhaustion.
  {
    'faults.network': 'true',
    'faults.coordinator-failover': '2',
    'faults.producer-state-loss': 'true',
    'faults.epoch-exhaustion': 'true',
  },
  {
    'kafka.version': '2.4',
    'faults.network': 'true',
    'faults.coordinator-failover': '1',
    'safeguard.coordinator-epoch-fencing': 'false',
    'faults.producer-state-loss': 'true',
  },
];

describe('step on a fixed path', () => {
  test('returns a deeply frozen state, even from the unfrozen initial state', () => {
    // `initialState` is the model definition's plain init; the compiled model's `init` freezes it.
    const s0 = initialState(config());
    expect(Object.isFrozen(s0)).toBe(false);
    const s1 = model.step(s0, act.init(1));
    expect(deepFrozen(s1)).toBeNull();
    expect(Object.isFrozen(s1.instances[0])).toBe(true);
  });

  // Why this test? KafkaTxnState's contract is "Frozen; every change goes through `step`", and
  // STYLE asks for frozen states so a stored trace state can't be corrupted later: the model's
  // `init` (a trace's state 0) is frozen too, not only the states made by `step`.
  test('the initial state is frozen too', () => {
    expect(deepFrozen(init())).toBeNull();
  });

  test('does not mutate its input and is deterministic', () => {
    const s = run(init({ 'faults.network': 'true' }), act.init(1), act.begin(1), act.produceDelayed(1, 0));
    const before = structuredClone(s);
    const a = model.step(s, act.retry(1));
    const b = model.step(s, act.retry(1));
    expect(s).toEqual(before);
    expect(a).toEqual(b);
    expect(a).not.toBe(s);
  });
});

describe('step and enabled along random paths (seed 20261129)', () => {
  for (const [n, pairs] of configs.entries()) {
    test(`config ${n}: ${JSON.stringify(pairs)}`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 25 }), (picks) => {
          let s: KafkaTxnState = init(pairs);
          for (const pick of picks) {
            const acts = model.enabled(s);
            if (acts.length === 0) break;
            const a = acts[pick % acts.length]!;
            const before = structuredClone(s);
            const next = model.step(s, a);
            expect(s, `step mutated its input on ${a.type}`).toEqual(before);
            expect(deepFrozen(next), `after ${a.type}`).toBeNull();
            expect(model.step(s, a), `second call of ${a.type}`).toEqual(next);
            expect(model.enabled(s)).toEqual(acts);
            s = next;
          }
        }),
        { seed: 20261129, numRuns: 25 },
      );
    });
  }
});
