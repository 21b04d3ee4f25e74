/**
 * The breadth-first search with partial-order reduction (`--por on`): from each state only a
 * persistent set of the enabled actions (`por.ts`), with sleep sets, and the cycle proviso in its
 * breadth-first form (Bošnački and Holzmann): a state whose reduced successors include one already
 * visited is expanded in full, so every cycle of the reduced graph has a fully expanded state and no
 * action is deferred for ever.
 *
 * Sleep sets (Godefroid, ch. 5): a state carries the actions already explored from a predecessor
 * with which the action that led here commutes; they lead to states reached another way and are not
 * taken again. A state's sleep set is kept until it is expanded and afterwards while not empty;
 * reached again with a smaller sleep set, the actions no longer asleep are explored from it then (a
 * partial expansion queued to the next level), as Godefroid's search with state matching does.
 *
 * Together these keep every state an invariant or the drain's verdict can tell apart (with the
 * model's declarations sound: docs/partial-order-reduction.md), not every state: the counts differ
 * from the full search, the verdicts do not. A counterexample is real but not of the fewest steps.
 * They keep it at a longer distance, though: a search the depth bound (or any other) cuts proves no
 * depth of the full graph (`ReductionStats.depth`).
 */
import type { AnyAction } from '../../../model/core/model.js';
import type { ReductionStats } from '../../types/outcome.js';
import type { Levels } from '../frontier/levels.js';
import type { Reduction } from '../reduce/por.js';
import type { SearchCore } from './search-core.js';

/** A state to expand: its number, its sleep set (action numbers), for a partial expansion the only actions to take. */
interface Entry<S> {
  readonly state: S;
  readonly id: number;
  sleep: number[];
  readonly only: readonly number[] | null;
}

const intersect = (a: readonly number[], b: readonly number[]): number[] => a.filter((x) => b.includes(x));

/** Searches from `initial` with the reduction `red`, admitting and judging through `core`, bounded by `levels`. */
export function searchReduced<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  levels: Levels,
  red: Reduction<A>,
  initial: S,
): ReductionStats {
  const stats: ReductionStats = { reduced: 0, slept: 0, reexpanded: 0, depth: 0 };
  const number = new Map<string, number>();
  /** Sleep sets of the states not expanded yet, and of the expanded ones while not empty. */
  const waiting = new Map<number, Entry<S>>();
  const asleep = new Map<number, number[]>();
  const key = (hi: number, lo: number) => `${hi}:${lo}`;

  core.fingerprint(initial);
  const n0 = core.admit(core.fp.hi, core.fp.lo, -1, 0);
  number.set(key(core.fp.hi, core.fp.lo), n0);
  if (levels.judged(n0, 0, core.judge(initial, core.fp.hi, core.fp.lo))) return stats;
  let level: Entry<S>[] = [{ state: initial, id: n0, sleep: [], only: null }];
  waiting.set(n0, level[0]!);
  for (let depth = 0; ; depth++) {
    const cur = level;
    const enabledAt = () => cur.some((e) => core.checked.model.enabled(e.state).length > 0);
    if (!levels.expand(depth, cur.length, core.seen.size, enabledAt)) return stats;
    const next: Entry<S>[] = [];
    for (let k = 0; k < cur.length; k++) {
      const entry = cur[k]!;
      if (entry.only === null) waiting.delete(entry.id);
      if (entry.sleep.length > 0) asleep.set(entry.id, entry.sleep);
      const s = entry.state;
      const acts = core.enabledCounted(s);
      const ids = red.idsOf(acts);
      const all = acts.map((_a, i) => i);
      let chosen = entry.only === null ? all : all.filter((i) => entry.only!.includes(ids[i]!));
      if (entry.only === null) {
        const p = red.persistent(ids);
        if (p !== null) chosen = p;
      }
      const take = (set: readonly number[]) => set.filter((i) => !entry.sleep.includes(ids[i]!));
      let explore = take(chosen);
      const succ = new Map<number, { t: S; hi: number; lo: number }>();
      const successor = (i: number) => {
        const t = core.engine.successor(s, acts[i]!);
        core.fingerprint(t);
        succ.set(i, { t, hi: core.fp.hi, lo: core.fp.lo });
        return core.seen.has(core.fp.hi, core.fp.lo);
      };
      // The cycle proviso: a reduced expansion that reaches a state seen before is done in full.
      let closes = false;
      for (const i of explore) closes = successor(i) || closes;
      if (chosen.length < acts.length && entry.only === null) {
        if (closes) {
          explore = take(all);
          for (const i of explore) if (!succ.has(i)) successor(i);
        } else stats.reduced += 1;
      }
      stats.slept += chosen.length - take(chosen).length;
      // `enabledCounted` counted every enabled action as generated; only these were.
      core.generated -= acts.length - explore.length;
      const done: number[] = [];
      for (const i of explore) {
        const { t, hi, lo } = succ.get(i)!;
        const id = ids[i]!;
        const sleep = [...entry.sleep, ...done].filter((u) => red.independent(u, id));
        done.push(id);
        const known = number.get(key(hi, lo));
        if (known === undefined) {
          if (levels.full(core.seen.size)) return stats;
          const n = core.admit(hi, lo, entry.id, i);
          number.set(key(hi, lo), n);
          if (levels.judged(n, depth + 1, core.judge(t, hi, lo))) return stats;
          const e: Entry<S> = { state: t, id: n, sleep, only: null };
          waiting.set(n, e);
          next.push(e);
          continue;
        }
        const pending = waiting.get(known);
        if (pending) {
          pending.sleep = intersect(pending.sleep, sleep);
          continue;
        }
        const old = asleep.get(known) ?? [];
        const wake = old.filter((u) => !sleep.includes(u));
        if (wake.length === 0) continue;
        const kept = intersect(old, sleep);
        if (kept.length > 0) asleep.set(known, kept);
        else asleep.delete(known);
        stats.reexpanded += 1;
        next.push({ state: t, id: known, sleep: kept, only: wake });
      }
      if (levels.late(k, depth, core.seen.size, cur.length)) return stats;
    }
    levels.completed(depth, next.length);
    level = next;
  }
}
