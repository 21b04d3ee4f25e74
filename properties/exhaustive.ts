/**
 * Bounded exhaustive search, breadth-first, level by level: states de-duplicated by 64-bit
 * fingerprints of their canonical encoding in a typed-array table, every invariant checked on every
 * new state, and from every new state the fault-free drain run to quiescence (memoized by
 * fingerprint) for the quiescence invariants. With the model's fast path, successors are made by
 * running the rules on plain copies the search owns (no immer draft, no freezing); without it,
 * by `step`, keyed by `key`. Only the frontier is kept as states; each state's parent and action
 * index are kept in 5 bytes, and a counterexample is rebuilt by replay through `step`, so the
 * first one found has a shortest explored prefix. A search that hits a bound says which and how
 * deep it got.
 */
import type { AnyAction } from '../model/model.js';
import { collisionProbability, fp } from './engine/hash.js';
import { newFrontier } from './engine/frontier.js';
import { SearchCore } from './engine/search-core.js';
import type { Violation } from './invariant.js';
import { execute, isNotEnabled, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** Bounds and hooks of an exhaustive search. */
export interface ExhaustiveOptions {
  readonly depth: number;
  readonly maxStates: number;
  readonly maxSeconds?: number | undefined;
  /** Canonicalise states under the model's declared symmetries (if it declares any). */
  readonly symmetry?: boolean | undefined;
  readonly onProgress?: ((p: Progress) => void) | undefined;
}

/** A progress report: depth being expanded, distinct states, frontier left, elapsed. */
export interface Progress {
  readonly depth: number;
  readonly distinct: number;
  readonly queue: number;
  readonly elapsedMs: number;
}

/** Which bound stopped the search, or null when the reachable space was exhausted. */
export type Bound = 'depth' | 'max-states' | 'max-seconds' | null;

/** The outcome of an exhaustive search, as data. */
export interface ExhaustiveResult<A extends AnyAction> {
  readonly status: 'ok' | 'violation';
  readonly distinct: number;
  readonly generated: number;
  /** Every state at this distance from the initial state or closer has been found and checked. */
  readonly depthCompleted: number;
  readonly bound: Bound;
  readonly elapsedMs: number;
  readonly trace: TraceStep<A>[] | null;
  readonly violations: Violation[];
  /** Transitions taken per action name; names never enabled have 0. */
  readonly coverage: Record<string, number>;
  /** Memory of the fingerprint table and parent links per distinct state. */
  readonly bytesPerState: number;
  /** TLC's optimistic fingerprint collision probability: distinct * (generated - distinct) / 2^64. */
  readonly collisionProbability: number;
  /** Whether symmetry reduction was applied. */
  readonly symmetry: boolean;
}

/** Rebuilds a counterexample from the action indices of its path, through `step`, then drains it. Pure. */
export function rebuild<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, indices: readonly number[]): { trace: TraceStep<A>[]; violations: Violation[] } {
  const steps: TraceStep<A>[] = [];
  let s = initial;
  for (const idx of indices) {
    const a = subject.model.enabled(s)[idx]!;
    steps.push({ action: a, phase: 'explore' });
    s = subject.model.step(s, a);
  }
  const ex = execute(subject, initial, steps, { drain: true, stopAtViolation: true });
  if (isNotEnabled(ex)) throw new Error('internal: a search path step is not enabled');
  return { trace: ex.steps, violations: ex.violations };
}

/** Runs the search in this thread. */
export function exploreExhaustive<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, opts: ExhaustiveOptions): ExhaustiveResult<A> {
  const core = new SearchCore(subject, opts.symmetry === true);
  const t0 = performance.now();
  let depthCompleted = 0;
  let bound: Bound = null;
  const result = (status: 'ok' | 'violation', trace: TraceStep<A>[] | null, vs: Violation[]): ExhaustiveResult<A> => ({
    status, distinct: core.seen.size, generated: core.generated, depthCompleted, bound, elapsedMs: performance.now() - t0, trace, violations: vs,
    coverage: core.coverage, bytesPerState: core.bytesPerState, collisionProbability: collisionProbability(core.seen.size, core.generated), symmetry: core.engine.symmetry,
  });
  const counterexample = (n: number): ExhaustiveResult<A> => {
    const r = rebuild(subject, initial, core.links.pathTo(n));
    return result('violation', r.trace, r.violations);
  };

  core.fingerprint(initial);
  const n0 = core.admit(fp.hi, fp.lo, -1, 0);
  if (!core.judge(initial)) return counterexample(n0);

  let frontier = newFrontier(subject.model, initial);
  frontier.push(initial, n0);
  for (let depth = 0; frontier.length > 0; depth++) {
    opts.onProgress?.({ depth, distinct: core.seen.size, queue: frontier.length, elapsedMs: performance.now() - t0 });
    if (depth >= opts.depth) {
      for (let k = 0; k < frontier.length && bound === null; k++) if (subject.model.enabled(frontier.state(k)).length > 0) bound = 'depth';
      return result('ok', null, []);
    }
    const next = newFrontier(subject.model, initial);
    for (let k = 0; k < frontier.length; k++) {
      const s = frontier.state(k);
      const from = frontier.id(k);
      const acts = core.enabledCounted(s);
      for (let i = 0; i < acts.length; i++) {
        const t = core.engine.successor(s, acts[i]!);
        core.fingerprint(t);
        if (core.seen.has(fp.hi, fp.lo)) continue;
        if (core.seen.size >= opts.maxStates) {
          bound = 'max-states';
          return result('ok', null, []);
        }
        const n = core.admit(fp.hi, fp.lo, from, i);
        if (!core.judge(t)) return counterexample(n);
        next.push(t, n);
      }
      if ((k & 1023) === 1023) {
        const elapsedMs = performance.now() - t0;
        if (opts.maxSeconds !== undefined && elapsedMs > opts.maxSeconds * 1000) {
          bound = 'max-seconds';
          return result('ok', null, []);
        }
        if ((k & 16383) === 16383) opts.onProgress?.({ depth, distinct: core.seen.size, queue: frontier.length - k, elapsedMs });
      }
    }
    // Every state at distance depth + 1 is found now; an empty level means the space is exhausted.
    if (next.length > 0) depthCompleted = depth + 1;
    frontier = next;
  }
  return result('ok', null, []);
}
