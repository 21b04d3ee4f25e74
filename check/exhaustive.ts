/**
 * Bounded exhaustive search, breadth-first, level by level: states de-duplicated by 64-bit
 * fingerprints of their canonical encoding in a typed-array table, every invariant checked on every
 * new state, and from every new state the fault-free drain run to quiescence (memoized by
 * fingerprint) for the quiescence invariants. Successors are made by the fast path on plain copies
 * the search owns (or, with `plain`, by `step`). Only the frontier is kept as states; each state's
 * parent and action index are kept in 5 bytes, and a counterexample is rebuilt by replay through
 * `step`, so the first one found has a shortest explored prefix. A search that hits a bound says
 * which and how deep it got.
 */
import type { AnyAction } from '../model/core/model.js';
import type { Checked } from './checked.js';
import { counterexample } from './counterexample.js';
import { newFrontier } from './engine/frontier.js';
import { collisionProbability } from './engine/hash.js';
import { SearchCore } from './engine/search-core.js';
import { indices } from './execute.js';
import type { ExhaustiveOptions } from './options.js';
import type { Bound, ExhaustiveOutcome } from './outcome.js';

/** Runs the search in this thread. */
export function exploreExhaustive<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: ExhaustiveOptions,
): ExhaustiveOutcome<S, A> {
  const core = new SearchCore(c, opts.symmetry === true, 0, 1, opts.plain === true);
  const t0 = performance.now();
  let depthCompleted = 0;
  let bound: Bound = null;
  const outcome = (path: number[] | null): ExhaustiveOutcome<S, A> => {
    const found = path === null ? null : counterexample(c, initial, indices(c, path));
    return {
      mode: 'exhaustive',
      status: found ? 'violation' : 'ok',
      found,
      invariants: c.invariants.map((i) => i.name),
      coverage: core.coverage,
      elapsedMs: performance.now() - t0,
      workers: 1,
      distinct: core.seen.size,
      generated: core.generated,
      depth: opts.depth,
      maxStates: opts.maxStates,
      maxSeconds: opts.maxSeconds ?? null,
      depthCompleted,
      bound,
      bytesPerState: core.bytesPerState,
      collisionProbability: collisionProbability(core.seen.size, core.generated),
      symmetry: core.engine.symmetry,
    };
  };

  core.fingerprint(initial);
  const n0 = core.admit(core.fp.hi, core.fp.lo, -1, 0);
  if (!core.judge(initial, core.fp.hi, core.fp.lo)) return outcome(core.links.pathTo(n0));

  let frontier = newFrontier(c.model, initial);
  frontier.push(initial, n0);
  for (let depth = 0; frontier.length > 0; depth++) {
    opts.onProgress?.({ depth, distinct: core.seen.size, queue: frontier.length, elapsedMs: performance.now() - t0 });
    if (depth >= opts.depth) {
      for (let k = 0; k < frontier.length && bound === null; k++)
        if (c.model.enabled(frontier.state(k)).length > 0) bound = 'depth';
      return outcome(null);
    }
    const next = newFrontier(c.model, initial);
    for (let k = 0; k < frontier.length; k++) {
      const s = frontier.state(k);
      const from = frontier.id(k);
      const acts = core.enabledCounted(s);
      for (let i = 0; i < acts.length; i++) {
        const t = core.engine.successor(s, acts[i]!);
        core.fingerprint(t);
        const { hi, lo } = core.fp;
        if (core.seen.has(hi, lo)) continue;
        if (core.seen.size >= opts.maxStates) {
          bound = 'max-states';
          return outcome(null);
        }
        const n = core.admit(hi, lo, from, i);
        if (!core.judge(t, hi, lo)) return outcome(core.links.pathTo(n));
        next.push(t, n);
      }
      if ((k & 1023) === 1023) {
        const elapsedMs = performance.now() - t0;
        if (opts.maxSeconds !== undefined && elapsedMs > opts.maxSeconds * 1000) {
          bound = 'max-seconds';
          return outcome(null);
        }
        if ((k & 16383) === 16383)
          opts.onProgress?.({ depth, distinct: core.seen.size, queue: frontier.length - k, elapsedMs });
      }
    }
    // Every state at distance depth + 1 is found now; an empty level means the space is exhausted.
    if (next.length > 0) depthCompleted = depth + 1;
    frontier = next;
  }
  return outcome(null);
}
