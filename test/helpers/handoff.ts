/**
 * The differential test of a search handed from one thread to workers that go on from where it stopped
 * (`check/engine/parallel/baton.ts`) against the same search on one thread: handed over after a chosen state of a
 * chosen level (forced, `HandOffTuning.force`), the workers must count what the thread counts (states,
 * transitions, coverage), stop at the same bound and depth, and report the thread's counterexample, step for step
 * (`level-order.ts`).
 */
import { expect } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { checkAuto } from '../../check/check.js';
import { exploreExhaustive } from '../../check/explore/exhaustive.js';
import type { ExhaustiveOptions } from '../../check/explore/options.js';
import type { ExhaustiveOutcome } from '../../check/types/outcome.js';
import type { AnyAction } from '../../model/core/model.js';
import { resolved, transitions } from './check.js';

/** Where to hand over: after `expanded` states of the level at `depth`. */
export interface Point {
  readonly depth: number;
  readonly expanded: number;
}

/**
 * Points to hand over at in a search whose levels hold `sizes[d]` states: after the first state, the middle one
 * and the last of each level (`every`), or of the deepest level the search expands and the one before it.
 */
export function pointsOf(sizes: readonly number[], every: boolean): Point[] {
  const out: Point[] = [];
  const from = every ? 0 : Math.max(0, sizes.length - 2);
  for (let depth = from; depth < sizes.length; depth++) {
    const n = sizes[depth]!;
    for (const expanded of new Set([1, Math.ceil(n / 2), n])) if (n > 0) out.push({ depth, expanded });
  }
  return out;
}

/**
 * The figures both searches must agree on. With a counterexample, the trace itself (each step's action and
 * phase), its violations and whether it is proved the fewest steps: how far a search goes past it differs with the
 * workers (one thread stops inside the level where nothing deeper can beat it, workers at its end), as it does
 * for workers that start from the initial state. A search `--max-states` stopped inside a level judged the same
 * states (the level's first in the one-thread order), but threads expand more of that level than one thread does
 * before they know where it is cut: the transitions and coverage are compared only without that cut.
 */
export function figures<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>) {
  const steps = o.found?.trace.length ?? null;
  if (o.status === 'violation') {
    const trace = o.found?.trace.map((t) => [t.phase, JSON.stringify(t.action)]);
    const violations = o.found?.violations.map((v) => `${v.invariant} at ${v.step}: ${v.message}`);
    return { status: o.status, shortest: o.shortest, steps, trace, violations };
  }
  const cut = o.bound === 'max-states';
  return {
    status: o.status,
    distinct: o.distinct,
    // Workers keep no sleep sets: the transitions taken or skipped.
    generated: cut ? null : transitions(o),
    coverage: cut ? null : o.coverage,
    bound: o.bound,
    depthCompleted: o.depthCompleted,
    shortest: o.shortest,
    steps,
  };
}

/**
 * Every figure a breadth-first search reports but its time, threads, drain steps and bytes: what a search with a
 * judge thread must report as the search alone does (`check/engine/parallel/judges.ts`), at a counterexample and at a
 * `--max-states` cut too.
 */
export function allFigures<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>) {
  return {
    status: o.status,
    distinct: o.distinct,
    generated: o.generated,
    sleepSets: o.sleepSets,
    coverage: o.coverage,
    bound: o.bound,
    depthCompleted: o.depthCompleted,
    shortest: o.shortest,
    trace: o.found?.trace.map((t) => [t.phase, JSON.stringify(t.action)]) ?? null,
    violations: o.found?.violations.map((v) => `${v.invariant} at ${v.step}: ${v.message}`) ?? null,
  };
}

/**
 * Hands the search of model `name` at `pairs` to `workers` workers at each point of its levels (`every` level, or
 * the last two) and compares each with the one-thread search: the number of points compared.
 */
export async function handedAgrees(
  name: string,
  pairs: readonly string[],
  opts: ExhaustiveOptions,
  workers: number,
  every: boolean,
): Promise<number> {
  const listed = catalog.get(name);
  if (!listed) throw new Error(`no model ${name}`);
  return listed.open(async (e) => {
    const r = resolved(e.model.keys, ...pairs);
    const c = { model: e.model, invariants: e.invariants };
    const named = { model: name, config: r.record, invariants: null };
    const sizes: number[] = [];
    const one = exploreExhaustive(c, e.model.init(r.config), {
      ...opts,
      onProgress: (p) => {
        sizes[p.depth] ??= p.queue;
      },
    });
    let compared = 0;
    for (const force of pointsOf(sizes, every)) {
      // A level the search ends before expanding (the depth bound, a counterexample nothing deeper can beat) or
      // ends inside is never handed over there: the result is the thread's own.
      let reached = false;
      const take = () => {
        reached = true;
      };
      exploreExhaustive(c, e.model.init(r.config), {
        ...opts,
        handOff: { afterMs: 0, workers, worth: () => false, take, force },
      });
      const handed = await checkAuto(c, e.model.init(r.config), named, opts, workers, { force, judges: false });
      if (handed.mode !== 'exhaustive') throw new Error('an exhaustive outcome');
      const at = `${name} ${pairs.join(' ')} handed at depth ${force.depth} after ${force.expanded}`;
      const expected = { at, workers: reached ? workers : 1, ...figures(one) };
      expect({ at, workers: handed.workers, ...figures(handed) }).toEqual(expected);
      if (handed.found) expect(handed.found.violations.length, at).toBeGreaterThan(0);
      if (reached) compared += 1;
    }
    return compared;
  });
}
