/**
 * Why this test? Trace shortening by local search (`shortcut.ts`) walks the trace's states and searches a few
 * steps around each. It once made every state of the trace again for each position (a 400-step trace to the
 * drain's progress limit: 160,000 steps, 28 s of a 30 s check); the states are now made again only from where a
 * shortcut changed the trace. This pins what it returns (real steps, the same violation, never longer) and that
 * the steps it takes are its local searches' plus one making of the trace per change, not one per position.
 */
import { describe, expect, test } from 'vitest';
import { kafkaTxnEntry } from '../../catalog/kafka-txn.js';
import { shortcut } from '../../check/run/shortcut.js';
import type { KafkaTxnAction } from '../../model/kafka-txn/actions.js';
import type { KafkaTxnState } from '../../model/kafka-txn/state.js';
import { violations } from '../../properties/invariant.js';
import { cfg } from '../helpers/check.js';

/** A seeded walk of `n` steps, then the drain, cut at the first state violating `target`: its actions, or null. */
function failingWalk(seed: number, n: number, target: string): KafkaTxnAction[] | null {
  const { model, invariants } = kafkaTxnEntry;
  const judged = invariants.filter((i) => i.name === target);
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  let s = model.init(cfg(model.keys, 'isolation.level=read_uncommitted'));
  const out: KafkaTxnAction[] = [];
  const bad = (t: KafkaTxnState) =>
    violations(judged, t, 'every-step', 0).length > 0 ||
    (model.drain(t) === null && violations(judged, t, 'quiescence', 0).length > 0);
  for (let k = 0; k < n + 400; k++) {
    const acts = model.enabled(s);
    const a = k < n ? acts[Math.floor(next() * acts.length)] : model.drain(s);
    if (a === undefined || a === null) return null;
    s = model.step(s, a);
    out.push(a);
    if (bad(s)) return out;
  }
  return null;
}

describe('shortcut', () => {
  test('a long failing walk: real steps to the same violation, never longer, the trace made once per change', () => {
    const target = 'no-aborted-read';
    // The longest failing walk of 40 seeds.
    let trace: KafkaTxnAction[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const w = failingWalk(seed, 200, target);
      if (w !== null && w.length > trace.length) trace = w;
    }
    let steps = 0;
    const counted = {
      ...kafkaTxnEntry.model,
      step: (s: KafkaTxnState, a: KafkaTxnAction) => {
        steps += 1;
        return kafkaTxnEntry.model.step(s, a);
      },
    };
    const c = { model: counted, invariants: kafkaTxnEntry.invariants };
    const initial = counted.init(cfg(counted.keys, 'isolation.level=read_uncommitted'));
    // Searches of one step around each position: every position is searched within the budget.
    const short = shortcut(c, initial, trace, target, { radius: 1, states: 1_000_000 });
    expect(short.length).toBeLessThanOrEqual(trace.length);
    // Every action enabled where it is taken, and the last state violates the target.
    let s = initial;
    let widest = 0;
    for (const a of short) {
      const acts = kafkaTxnEntry.model.enabled(s);
      widest = Math.max(widest, acts.length);
      expect(acts).toContainEqual(a);
      s = kafkaTxnEntry.model.step(s, a);
    }
    for (let t = initial, k = 0; k < trace.length; t = kafkaTxnEntry.model.step(t, trace[k]!), k++)
      widest = Math.max(widest, kafkaTxnEntry.model.enabled(t).length);
    const judged = kafkaTxnEntry.invariants.filter((i) => i.name === target);
    expect(violations(judged, s, 'every-step', 0).length + violations(judged, s, 'quiescence', 0).length).toBe(1);
    // Each change shortens the trace by a step at least and is searched around again: positions searched at most
    // the trace's length plus the changes, a step per enabled action each; the trace made once, then once a change.
    const changes = trace.length - short.length;
    const bound = (trace.length + changes) * widest + (changes + 1) * trace.length;
    expect(steps).toBeLessThanOrEqual(bound);
    // Made again at every position, it alone would take the final trace's length squared.
    expect(short.length * short.length).toBeGreaterThan(bound);
  });
});
