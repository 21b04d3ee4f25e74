/**
 * Partial-order reduction's declarations checked on reached states (the differential test of a
 * model's footprints): two enabled actions declared independent commute and leave each other
 * enabled; an enabled action outside a disabled one's enabling set leaves it disabled; an invisible
 * action keeps every invariant's verdict.
 */
import { expect } from 'vitest';
import type { Entry } from '../../catalog/entry.js';
import { Reduction } from '../../check/engine/reduce/por.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { WordBuffer } from '../../model/core/words.js';
import { cfg } from './check.js';

export function words<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, s: S): string {
  const b = new WordBuffer();
  e.model.fast.encode(s, b);
  return Array.from(b.words.subarray(0, b.length)).join(',');
}

/** Every state reachable (breadth-first through `step`), at most `most`. */
export function reachable<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, initial: S, most: number): S[] {
  const seen = new Set([words(e, initial)]);
  const out = [initial];
  for (let q = 0; q < out.length && out.length < most; q++)
    for (const a of e.model.enabled(out[q]!)) {
      const t = e.model.step(out[q]!, a);
      if (!seen.has(words(e, t))) {
        seen.add(words(e, t));
        out.push(t);
      }
    }
  return out;
}

/**
 * The declarations hold on every reached state: two enabled actions declared independent commute
 * and leave each other enabled; an enabled action outside a disabled one's enabling set leaves it
 * disabled; an invisible action keeps every invariant's verdict.
 */
export function declarationsHold<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  pairs: readonly string[],
  most = 3000,
): number {
  const initial = e.model.init(cfg(e.model.keys, ...pairs));
  const red = Reduction.of(e.model, initial);
  if (red === null) return 0;
  const verdicts = (s: S) => e.invariants.map((i) => i.check(s) !== null);
  const key = (a: AnyAction) => JSON.stringify(a);
  let checked = 0;
  for (const s of reachable(e, initial, most)) {
    const acts = e.model.enabled(s);
    const ids = red.idsOf(acts);
    const on = new Set(acts.map(key));
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i]!;
      const sa = e.model.step(s, a);
      if (!red.isVisible(ids[i]!)) expect(verdicts(sa)).toEqual(verdicts(s));
      const after = new Set(e.model.enabled(sa).map(key));
      red.universe.forEach((b, j) => {
        if (j === ids[i]) return;
        if (!on.has(key(b)) && !red.mayEnable(ids[i]!, j))
          expect({ a, b, enabled: after.has(key(b)) }).toMatchObject({ enabled: false });
        if (!on.has(key(b)) || !red.independent(ids[i]!, j)) return;
        expect({ a, b, enabled: after.has(key(b)) }).toMatchObject({ enabled: true });
        const ab = e.model.step(sa, b);
        const ba = e.model.step(e.model.step(s, b), a);
        expect(words(e, ab)).toBe(words(e, ba));
        checked += 1;
      });
    }
  }
  return checked;
}
