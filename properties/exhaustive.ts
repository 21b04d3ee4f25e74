/**
 * Bounded exhaustive search: breadth-first over `step`/`enabled` from the initial state, states
 * de-duplicated by the model's key, every invariant checked on every new state, and from every new
 * state the fault-free drain run to quiescence (memoized along its path) for the quiescence
 * invariants. Breadth-first order makes the first counterexample's explored prefix a shortest one.
 * A search that hits a bound says which bound and how far it got.
 */
import type { AnyAction } from '../model/model.js';
import { violations, type Violation } from './invariant.js';
import { DRAIN_LIMIT, execute, isNotEnabled, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** Bounds and hooks of an exhaustive search. */
export interface ExhaustiveOptions {
  readonly depth: number;
  readonly maxStates: number;
  readonly maxSeconds?: number | undefined;
  readonly onProgress?: ((p: { depth: number; distinct: number; queue: number; elapsedMs: number }) => void) | undefined;
}

/** Which bound stopped the search, or null when the reachable space was exhausted. */
export type Bound = 'depth' | 'max-states' | 'max-seconds' | null;

/** The outcome of an exhaustive search, as data. */
export interface ExhaustiveResult<A extends AnyAction> {
  readonly status: 'ok' | 'violation';
  readonly distinct: number;
  readonly generated: number;
  /** Deepest level whose states were all expanded. */
  readonly depthCompleted: number;
  readonly bound: Bound;
  readonly elapsedMs: number;
  readonly trace: TraceStep<A>[] | null;
  readonly violations: Violation[];
  /** Transitions taken per action name; names never enabled have 0. */
  readonly coverage: Record<string, number>;
}

/** Runs the search. */
export function exploreExhaustive<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, opts: ExhaustiveOptions): ExhaustiveResult<A> {
  const { model } = subject;
  const t0 = performance.now();
  const states: S[] = [initial];
  const parent: number[] = [-1];
  const via: (A | null)[] = [null];
  const depthOf: number[] = [0];
  const seen = new Map<string, number>([[model.key(initial), 0]]);
  const drainOk = new Set<string>();
  const coverage: Record<string, number> = {};
  for (const t of model.actionTypes) coverage[t] = 0;
  let generated = 0;
  let depthCompleted = -1;
  let bound: Bound = null;

  const pathTo = (idx: number): TraceStep<A>[] => {
    const out: TraceStep<A>[] = [];
    for (let i = idx; i > 0; i = parent[i]!) out.push({ action: via[i]!, phase: 'explore' });
    return out.reverse();
  };
  const result = (status: 'ok' | 'violation', trace: TraceStep<A>[] | null, vs: Violation[]): ExhaustiveResult<A> => ({
    status, distinct: states.length, generated, depthCompleted, bound, elapsedMs: performance.now() - t0, trace, violations: vs, coverage,
  });
  /** Judges state `idx`: every-step invariants, then the drain to quiescence; a counterexample or null. */
  const judge = (idx: number, key: string): ExhaustiveResult<A> | null => {
    const s = states[idx]!;
    if (violations(subject.invariants, s, 'every-step', 0).length > 0 || !drainPasses(s, key)) {
      const ex = execute(subject, initial, pathTo(idx), { drain: true, stopAtViolation: true });
      if (isNotEnabled(ex)) throw new Error('internal: a search path step is not enabled');
      return result('violation', ex.steps, ex.violations);
    }
    return null;
  };
  const drainPasses = (s: S, key: string): boolean => {
    const path: string[] = [];
    let cur = s;
    let k = key;
    let ok = true;
    for (let n = 0; ; n++) {
      if (drainOk.has(k)) break;
      const a = model.drainAction(cur);
      if (a === null) {
        ok = violations(subject.invariants, cur, 'quiescence', 0).length === 0;
        break;
      }
      path.push(k);
      cur = model.step(cur, a);
      if (n >= DRAIN_LIMIT || violations(subject.invariants, cur, 'every-step', 0).length > 0) {
        ok = false;
        break;
      }
      k = model.key(cur);
    }
    if (ok) {
      drainOk.add(k);
      for (const p of path) drainOk.add(p);
    }
    return ok;
  };

  const first = judge(0, model.key(initial));
  if (first) return first;
  let level = 0;
  for (let i = 0; i < states.length; i++) {
    const d = depthOf[i]!;
    if (d > level) {
      depthCompleted = level;
      level = d;
      opts.onProgress?.({ depth: d, distinct: states.length, queue: states.length - i, elapsedMs: performance.now() - t0 });
    }
    if (d >= opts.depth) {
      if (model.enabled(states[i]!).length > 0) bound = 'depth';
      continue;
    }
    if (opts.maxSeconds !== undefined && (i & 255) === 0 && performance.now() - t0 > opts.maxSeconds * 1000) {
      bound = 'max-seconds';
      return result('ok', null, []);
    }
    for (const a of model.enabled(states[i]!)) {
      coverage[a.type] = (coverage[a.type] ?? 0) + 1;
      const next = model.step(states[i]!, a);
      generated += 1;
      const k = model.key(next);
      if (seen.has(k)) continue;
      if (states.length >= opts.maxStates) {
        bound = 'max-states';
        return result('ok', null, []);
      }
      const idx = states.length;
      seen.set(k, idx);
      states.push(next);
      parent.push(i);
      via.push(a);
      depthOf.push(d + 1);
      const bad = judge(idx, k);
      if (bad) return bad;
      if ((idx & 4095) === 0) opts.onProgress?.({ depth: d + 1, distinct: states.length, queue: states.length - i, elapsedMs: performance.now() - t0 });
    }
  }
  depthCompleted = level;
  return result('ok', null, []);
}
