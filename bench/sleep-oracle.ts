/**
 * What sleep sets alone would spare a model's breadth-first search, measured before any model declares the
 * footprints they need (docs/partial-order-reduction.md): the search is run twice to `depth`, in full and with
 * sleep sets (Godefroid, LNCS 1032, ch. 5) whose independence is exact, asked of the model at each state (an
 * oracle: two actions enabled at s are independent there when each is still enabled after the other and both
 * orders reach the same words). A successor's sleep set is the actions explored before its action at the
 * parent, and the parent's own asleep, that are independent of its action; a state met again in its level
 * keeps the actions asleep on every path to it. Each level's states are compared with the full search's: sleep
 * sets skip transitions, never states, and a level that differs says so. The oracle costs far more than the
 * steps it spares; what a model's static footprints give is at most this. Deterministic: counts, no times.
 */
import { type AnyAction, type Model, sameAction } from '../model/core/model.js';
import { WordBuffer } from '../model/core/words.js';

/** One level of both searches: counts from the initial state up to and including `depth`. */
export interface SleepLevel {
  readonly depth: number;
  /** States first met at this depth (the full search's). */
  readonly states: number;
  /** Transitions the full search took to reach this depth. */
  readonly transitions: number;
  /** Transitions the search with sleep sets took, and those it skipped. */
  readonly executed: number;
  readonly skipped: number;
  /** Whether the search with sleep sets met exactly the full search's states at this depth. */
  readonly same: boolean;
}

/** Whether actions `a` and `b`, both enabled at `s`, are independent there. */
export type Independence<S, A> = (s: S, a: A, b: A) => boolean;

/**
 * The two searches of `model` from `initial`, level by level to `depth`; `relation` replaces the oracle (a test
 * gives a wrong one, to see the levels differ).
 */
export function sleepOracle<S, A extends AnyAction>(
  model: Model<S, A>,
  initial: S,
  depth: number,
  relation?: Independence<S, A>,
): SleepLevel[] {
  const words = new WordBuffer();
  const key = (s: S): string => {
    words.reset();
    model.fast.encode(s, words);
    return words.words.subarray(0, words.length).join(',');
  };
  const copy = model.fast.copy ?? model.fast.clone;
  const succ = (s: S, a: A): S => {
    const t = copy(s);
    model.fast.apply(t, a);
    return t;
  };
  const enabledIn = (s: S, a: A): boolean => model.enabled(s).some((b) => sameAction(a, b));
  const oracle = (s: S, a: A, b: A): boolean => {
    const sa = succ(s, a);
    const sb = succ(s, b);
    return enabledIn(sa, b) && enabledIn(sb, a) && key(succ(sa, b)) === key(succ(sb, a));
  };
  const independent = relation ?? oracle;

  const seen = new Set([key(initial)]);
  let full = [initial];
  let transitions = 0;
  const depthOf = new Map([[key(initial), 0]]);
  let level = new Map<string, { s: S; sleep: A[] }>([[key(initial), { s: initial, sleep: [] }]]);
  let executed = 0;
  let skipped = 0;
  const out: SleepLevel[] = [];
  for (let d = 0; d < depth; d++) {
    const fullNext: S[] = [];
    const fullKeys = new Set<string>();
    for (const s of full)
      for (const a of model.enabled(s)) {
        transitions += 1;
        const t = succ(s, a);
        const k = key(t);
        if (seen.has(k)) continue;
        seen.add(k);
        fullKeys.add(k);
        fullNext.push(t);
      }
    const next = new Map<string, { s: S; sleep: A[] }>();
    for (const { s, sleep } of level.values()) {
      const acts = model.enabled(s);
      const done: A[] = [];
      for (const a of acts) {
        if (sleep.some((b) => sameAction(a, b))) {
          skipped += 1;
          continue;
        }
        executed += 1;
        const t = succ(s, a);
        const k = key(t);
        const asleep = [...sleep, ...done].filter((b) => independent(s, a, b));
        done.push(a);
        const known = depthOf.get(k);
        if (known === undefined) {
          depthOf.set(k, d + 1);
          next.set(k, { s: t, sleep: asleep });
        } else if (known === d + 1) {
          const e = next.get(k)!;
          e.sleep = e.sleep.filter((b) => asleep.some((c) => sameAction(b, c)));
        }
      }
    }
    const same = next.size === fullKeys.size && [...next.keys()].every((k) => fullKeys.has(k));
    out.push({ depth: d + 1, states: fullKeys.size, transitions, executed, skipped, same });
    full = fullNext;
    level = next;
  }
  return out;
}
