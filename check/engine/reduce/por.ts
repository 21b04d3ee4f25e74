/**
 * Partial-order reduction, the static part: from a model's declarations (every action it can take,
 * each action's footprint, the resources its verdicts observe) the dependency relation, each
 * action's necessary enabling set and its visibility, computed once per search; then, per state,
 * a persistent set by the stubborn-set closure (Valmari; Godefroid, LNCS 1032, ch. 4):
 *
 * - an enabled action in the set brings in every action it depends on (two actions are
 *   independent when neither writes what the other reads, guards included, nor what the other
 *   writes: they commute and never enable or disable each other);
 * - a disabled action in the set brings in its necessary enabling set: every action that writes a
 *   resource its guard reads (it cannot become enabled before one of them runs);
 * - the set is refused when it holds an enabled visible action (one that may change what an
 *   invariant or the drain's verdict observes): condition C2 of ample sets.
 *
 * An action whose tag declares no footprint conflicts with every action and is visible, so the
 * search expands in full wherever it could take part. The cycle proviso and the sleep sets are
 * the search's (`reduced-search.ts`).
 */
import type { AnyAction, Model } from '../../../model/core/model.js';

/** A set of small numbers as bits. */
class Bits {
  readonly words: Uint32Array;
  constructor(n: number) {
    this.words = new Uint32Array((n + 31) >>> 5);
  }
  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }
  add(i: number): boolean {
    const w = i >>> 5;
    const bit = 1 << (i & 31);
    if ((this.words[w]! & bit) !== 0) return false;
    this.words[w] = this.words[w]! | bit;
    return true;
  }
}

/** One action's footprint as sets of resources (null: none declared, it touches everything). */
interface Touches {
  readonly guard: Set<number>;
  readonly read: Set<number>;
  readonly write: Set<number>;
}

/** The relation over the model's actions, and the persistent-set computation. */
export class Reduction<A extends AnyAction> {
  /** Every action, numbered. */
  readonly universe: readonly A[];
  private readonly ids = new Map<string, number>();
  private readonly dependent: Bits[];
  private readonly dependents: Int32Array[];
  private readonly enablers: Int32Array[];
  private readonly visible: Uint8Array;

  private constructor(universe: readonly A[], touches: readonly (Touches | null)[], observed: ReadonlySet<number>) {
    this.universe = universe;
    const n = universe.length;
    universe.forEach((a, i) => {
      this.ids.set(keyOf(a), i);
    });
    const writers = new Map<number, number[]>();
    const accessors = new Map<number, number[]>();
    const wild: number[] = [];
    const push = (m: Map<number, number[]>, r: number, i: number) => {
      const l = m.get(r);
      if (l) l.push(i);
      else m.set(r, [i]);
    };
    touches.forEach((t, i) => {
      if (t === null) {
        wild.push(i);
        return;
      }
      for (const r of t.write) push(writers, r, i);
      for (const r of new Set([...t.guard, ...t.read, ...t.write])) push(accessors, r, i);
    });
    this.dependent = Array.from({ length: n }, () => new Bits(n));
    this.visible = new Uint8Array(n);
    this.dependents = [];
    this.enablers = [];
    for (let i = 0; i < n; i++) {
      const t = touches[i]!;
      const dep = this.dependent[i]!;
      const en = new Bits(n);
      const all = t === null;
      for (let j = 0; j < n; j++) if (j !== i && (all || touches[j] === null)) dep.add(j);
      for (const w of wild) if (w !== i) en.add(w);
      if (t !== null) {
        for (const r of t.write) for (const j of accessors.get(r) ?? []) if (j !== i) dep.add(j);
        for (const r of new Set([...t.guard, ...t.read])) for (const j of writers.get(r) ?? []) if (j !== i) dep.add(j);
        for (const r of t.guard) for (const j of writers.get(r) ?? []) if (j !== i) en.add(j);
      } else for (let j = 0; j < n; j++) if (j !== i) en.add(j);
      this.visible[i] = all || [...t.write].some((r) => observed.has(r)) ? 1 : 0;
      this.dependents.push(Int32Array.from(members(dep, n)));
      this.enablers.push(Int32Array.from(members(en, n)));
    }
    // Dependence is symmetric: a pair one side found is dependent both ways.
    for (let i = 0; i < n; i++) for (const j of this.dependents[i]!) this.dependent[j]!.add(i);
    for (let i = 0; i < n; i++) this.dependents[i] = Int32Array.from(members(this.dependent[i]!, n));
  }

  /** The reduction for `model` from `initial`, or null when the model does not declare what it needs. */
  static of<S, A extends AnyAction>(model: Model<S, A>, initial: S): Reduction<A> | null {
    const por = model.por;
    if (por === null) return null;
    const universe: A[] = [];
    const seen = new Set<string>();
    por.every(initial, (a) => {
      const k = keyOf(a);
      if (!seen.has(k)) {
        seen.add(k);
        universe.push(a);
      }
    });
    const touches = universe.map((a): Touches | null => {
      const t: Touches = { guard: new Set(), read: new Set(), write: new Set() };
      const declared = por.footprint(initial, a, {
        guard: (r) => t.guard.add(r),
        read: (r) => t.read.add(r),
        write: (r) => t.write.add(r),
      });
      return declared ? t : null;
    });
    const observed = new Set<number>();
    por.observed(initial, (r) => observed.add(r));
    return new Reduction(universe, touches, observed);
  }

  /** The number of each enabled action; an action missing from `every` is a wrong declaration (an error naming it). */
  idsOf(enabled: readonly A[]): Int32Array {
    const out = new Int32Array(enabled.length);
    for (let k = 0; k < enabled.length; k++) {
      const id = this.ids.get(keyOf(enabled[k]!));
      if (id === undefined)
        throw new Error(`partial-order reduction: ${keyOf(enabled[k]!)} is enabled but its tag's 'every' omits it`);
      out[k] = id;
    }
    return out;
  }

  /** Whether action `a` (a number) may change what the verdicts observe. */
  isVisible(a: number): boolean {
    return this.visible[a] === 1;
  }

  /** Whether action `a` is in the necessary enabling set of `b` (it writes what `b`'s guard reads). */
  mayEnable(a: number, b: number): boolean {
    return this.enablers[b]!.includes(a);
  }

  /** Whether actions `a` and `b` (numbers) commute and never enable or disable each other. */
  independent(a: number, b: number): boolean {
    return a !== b && !this.dependent[a]!.has(b);
  }

  /**
   * A persistent set of the enabled actions (numbers `ids`, in `enabled` order) smaller than all of
   * them and free of visible actions, as positions in `ids`; null when there is none (expand in
   * full). The smallest found from any invisible enabled seed, the first on a tie.
   */
  persistent(ids: Int32Array): number[] | null {
    const n = this.universe.length;
    const enabled = new Bits(n);
    for (const id of ids) enabled.add(id);
    let best: number[] | null = null;
    for (let k = 0; k < ids.length; k++) {
      const seed = ids[k]!;
      if (this.visible[seed]) continue;
      const inSet = new Bits(n);
      inSet.add(seed);
      const stack = [seed];
      let count = 0;
      let refused = false;
      const limit = best === null ? ids.length : best.length;
      while (stack.length > 0 && !refused) {
        const t = stack.pop()!;
        const on = enabled.has(t);
        if (on) {
          count += 1;
          if (this.visible[t] || count >= limit) refused = true;
        }
        for (const u of on ? this.dependents[t]! : this.enablers[t]!) if (inSet.add(u)) stack.push(u);
      }
      if (refused) continue;
      const positions: number[] = [];
      for (let j = 0; j < ids.length; j++) if (inSet.has(ids[j]!)) positions.push(j);
      best = positions;
    }
    return best;
  }
}

/** The members of `b` below `n`. */
function members(b: Bits, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (b.has(i)) out.push(i);
  return out;
}

/** An action's identity across states: its JSON (actions are plain data built the same way). */
function keyOf(a: AnyAction): string {
  return JSON.stringify(a);
}
