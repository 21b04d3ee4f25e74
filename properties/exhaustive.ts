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
import type { AnyAction, Model, Words } from '../model/model.js';
import { collisionProbability, fingerprint, fp } from './engine/hash.js';
import { FingerprintSet, Links } from './engine/fingerprint-set.js';
import { pushKey, WordBuffer } from './engine/words.js';
import { violations, type Violation } from './invariant.js';
import { DRAIN_LIMIT, execute, isNotEnabled, type TraceStep } from './run.js';
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

/** How the search makes successors and encodes states: the fast path, or `step` and `key`. */
export interface Engine<S, A extends AnyAction> {
  successor(state: S, action: A): S;
  /** A private mutable copy for the drain, and applying one action to it in place. */
  own(state: S): S;
  applyOwned(state: S, action: A): S;
  encode(state: S, out: Words): void;
  readonly symmetry: boolean;
}

/** The engine for a model: its fast path when it has one, else `step` and `key`. */
export function engineFor<S, A extends AnyAction>(model: Model<S, A>, symmetry: boolean): Engine<S, A> {
  const f = model.fast;
  if (!f) {
    return {
      successor: (s, a) => model.step(s, a),
      own: (s) => s,
      applyOwned: (s, a) => model.step(s, a),
      encode: (s, out) => pushKey(model.key(s), out),
      symmetry: false,
    };
  }
  const sym = symmetry && f.encodeSymmetric !== undefined;
  return {
    successor: (s, a) => {
      const c = f.clone(s);
      f.apply(c, a);
      return c;
    },
    own: (s) => f.clone(s),
    applyOwned: (s, a) => {
      f.apply(s, a);
      return s;
    },
    encode: sym ? (s, out) => f.encodeSymmetric!(s, out) : (s, out) => f.encode(s, out),
    symmetry: sym,
  };
}

/** Runs the search. */
export function exploreExhaustive<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, opts: ExhaustiveOptions): ExhaustiveResult<A> {
  const { model, invariants } = subject;
  const engine = engineFor(model, opts.symmetry === true);
  const t0 = performance.now();
  const words = new WordBuffer();
  const seen = new FingerprintSet();
  const drainOk = new FingerprintSet();
  const links = new Links();
  const coverage: Record<string, number> = {};
  for (const t of model.actionTypes) coverage[t] = 0;
  let generated = 0;
  let depthCompleted = 0;
  let bound: Bound = null;
  const path: number[] = [];

  const result = (status: 'ok' | 'violation', trace: TraceStep<A>[] | null, vs: Violation[]): ExhaustiveResult<A> => ({
    status, distinct: seen.size, generated, depthCompleted, bound, elapsedMs: performance.now() - t0, trace, violations: vs, coverage,
    bytesPerState: seen.size === 0 ? 0 : (seen.bytes + links.bytes) / seen.size,
    collisionProbability: collisionProbability(seen.size, generated), symmetry: engine.symmetry,
  });

  /** The drain from `s` (fingerprint in fp) reaches quiescence with every invariant holding. */
  const drainPasses = (s: S): boolean => {
    let hi = fp.hi;
    let lo = fp.lo;
    if (drainOk.has(hi, lo)) return true;
    let first = model.drainAction(s);
    if (first === null) {
      if (violations(invariants, s, 'quiescence', 0).length > 0) return false;
      drainOk.add(hi, lo);
      return true;
    }
    path.length = 0;
    let cur = engine.own(s);
    for (let n = 0; ; n++) {
      path.push(hi, lo);
      cur = engine.applyOwned(cur, first!);
      if (n >= DRAIN_LIMIT || violations(invariants, cur, 'every-step', 0).length > 0) return false;
      words.reset();
      engine.encode(cur, words);
      fingerprint(words.words, words.length);
      hi = fp.hi;
      lo = fp.lo;
      if (drainOk.has(hi, lo)) break;
      first = model.drainAction(cur);
      if (first === null) {
        if (violations(invariants, cur, 'quiescence', 0).length > 0) return false;
        drainOk.add(hi, lo);
        break;
      }
    }
    for (let i = 0; i < path.length; i += 2) drainOk.add(path[i]!, path[i + 1]!);
    return true;
  };

  /** Rebuilds the path to state `n` through `step`, drains it, and reports it. */
  const counterexample = (n: number): ExhaustiveResult<A> => {
    const steps: TraceStep<A>[] = [];
    let s = initial;
    for (const idx of links.pathTo(n)) {
      const a = model.enabled(s)[idx]!;
      steps.push({ action: a, phase: 'explore' });
      s = model.step(s, a);
    }
    const ex = execute(subject, initial, steps, { drain: true, stopAtViolation: true });
    if (isNotEnabled(ex)) throw new Error('internal: a search path step is not enabled');
    return result('violation', ex.steps, ex.violations);
  };

  const judge = (s: S, n: number): ExhaustiveResult<A> | null => {
    if (violations(invariants, s, 'every-step', 0).length > 0 || !drainPasses(s)) return counterexample(n);
    return null;
  };

  words.reset();
  engine.encode(initial, words);
  fingerprint(words.words, words.length);
  seen.add(fp.hi, fp.lo);
  links.add(-1, 0);
  const bad0 = judge(initial, 0);
  if (bad0) return bad0;

  let frontier: S[] = [initial];
  let ids: number[] = [0];
  for (let depth = 0; frontier.length > 0; depth++) {
    opts.onProgress?.({ depth, distinct: seen.size, queue: frontier.length, elapsedMs: performance.now() - t0 });
    if (depth >= opts.depth) {
      if (frontier.some((s) => model.enabled(s).length > 0)) bound = 'depth';
      return result('ok', null, []);
    }
    const next: S[] = [];
    const nextIds: number[] = [];
    for (let k = 0; k < frontier.length; k++) {
      const s = frontier[k]!;
      const acts = model.enabled(s);
      if (acts.length > 255) throw new Error(`internal: ${acts.length} enabled actions, the search records at most 255`);
      for (let i = 0; i < acts.length; i++) {
        const a = acts[i]!;
        coverage[a.type] = (coverage[a.type] ?? 0) + 1;
        generated += 1;
        const t = engine.successor(s, a);
        words.reset();
        engine.encode(t, words);
        fingerprint(words.words, words.length);
        if (seen.has(fp.hi, fp.lo)) continue;
        if (seen.size >= opts.maxStates) {
          bound = 'max-states';
          return result('ok', null, []);
        }
        seen.add(fp.hi, fp.lo);
        const n = links.add(ids[k]!, i);
        const bad = judge(t, n);
        if (bad) return bad;
        next.push(t);
        nextIds.push(n);
      }
      if ((k & 1023) === 1023) {
        const elapsedMs = performance.now() - t0;
        if (opts.maxSeconds !== undefined && elapsedMs > opts.maxSeconds * 1000) {
          bound = 'max-seconds';
          return result('ok', null, []);
        }
        if ((k & 16383) === 16383) opts.onProgress?.({ depth, distinct: seen.size, queue: frontier.length - k, elapsedMs });
      }
    }
    // Every state at distance depth + 1 is found now; an empty level means the space is exhausted.
    if (next.length > 0) depthCompleted = depth + 1;
    frontier = next;
    ids = nextIds;
  }
  return result('ok', null, []);
}
