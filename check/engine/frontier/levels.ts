/**
 * The bookkeeping of a level-by-level breadth-first search, whatever holds its states: the best
 * counterexample so far, which bound stopped the search, how deep it completed, progress reports.
 *
 * A counterexample's length is its whole trace: the explored prefix (the depth of the state it
 * starts from) plus the drain steps to the violation. The search therefore goes on past the first
 * violation it meets, level by level, while a state of the next level could still end a shorter
 * trace: a state at depth d starts a trace of at least d steps, so once the best trace has at most
 * d steps no deeper state can beat it. Every trace ends in a state that is itself a violation
 * (the violating step's state), found at depth at most that length, so this yields a trace of the
 * fewest steps in total, the first such in breadth-first order. A search that finds one keeps
 * going past `--depth` for that purpose only, within its state and time bounds and a budget of
 * states (proving a trace shortest can take far more states than finding it): whole levels only,
 * counted from the end of the level where it met the first, so that the states judged, and the trace,
 * are the same on any number of workers (a cut inside a level depends on the order states are admitted).
 */
import { DRAIN_LIMIT } from '../../run/execute.js';
import { type Clock, clockOf } from '../../types/clock.js';
import type { ExhaustiveBounds } from '../../types/options.js';
import type { Bound } from '../../types/outcome.js';
import { levelsAhead, withinBound } from './estimate.js';

/**
 * The best counterexample so far: the state it starts from and its total length. A trace whose drain reached
 * DRAIN_LIMIT without quiescence (a `progress` violation) is `endless`: its length is the limit's, not the
 * protocol's, so no search past `--depth` tries to prove it the fewest steps (each state of such a search
 * would drain to the limit too: in practice it would never end).
 */
export interface Best {
  readonly id: number;
  readonly total: number;
  /** The state's depth and its rank in its level, in the one-thread order (`level-order.ts`). */
  readonly depth: number;
  readonly rank: number;
  readonly endless?: boolean;
}

/**
 * States the search may admit after the level of its first counterexample, looking for a shorter one: this many,
 * or `SHORTEST_FACTOR` times the states it had admitted by then when that is more.
 */
export const SHORTEST_STATES = 50_000;
/**
 * A search cut by that budget reports a trace not proved the fewest steps, minimized after it (`unproved.ts`): a
 * larger budget bought little. kafka-txn with an unclean election and a broker failure met `no-loss` at 20,504
 * states in a 73-step trace, which the budget of 20 times those (430,584 states, 50 s) brought down to 58 steps and
 * minimization of the first alone to 43 in 4 s.
 */
export const SHORTEST_FACTOR = 2;

/**
 * Whether counterexample `b` is better than `best`: shorter, or as short and from a state one thread admits first
 * (shallower, or as deep and of a lower rank), whatever the number of threads.
 */
export function beats(b: Best, best: Best | null): boolean {
  if (best === null || b.total < best.total) return true;
  if (b.total > best.total) return false;
  return b.depth < best.depth || (b.depth === best.depth && b.rank < best.rank);
}

export class Levels {
  best: Best | null = null;
  bound: Bound = null;
  depthCompleted = 0;
  /** When the first counterexample was offered, in ms from the search's start (null: none yet). */
  foundMs: number | null = null;
  /** The search stopped looking for a shorter counterexample: its budget of states ran out. */
  private cut = false;
  /**
   * Most distinct states while looking for a shorter counterexample: a level is expanded only if it is expected to
   * stay within them (set at the end of the level where the first was met).
   */
  private limit = Number.POSITIVE_INFINITY;
  /** The clock of its time bound, its hand-off question and its reports (`ExhaustiveBounds.clock`). */
  readonly clock: Clock;
  private readonly t0: number;
  /** States at each depth whose level is known in full (the initial state's first). */
  private readonly sizes: number[] = [1];
  /** The hand-off question was asked (`ExhaustiveOptions.handOff`). */
  private asked = false;
  /** The search stopped to be handed to workers. */
  handed = false;
  /** The count has been asked (`handAtEnd`). */
  private counted = false;

  constructor(private readonly opts: ExhaustiveBounds) {
    this.clock = clockOf(opts);
    this.t0 = this.clock.now();
  }

  /**
   * When the search and what follows it must end (a time on its `clock`): its start plus the time bound while
   * looking for a shorter counterexample (`foundSeconds`, else `maxSeconds`); null: none. A minimization of its
   * trace stops by then (`unproved.ts`).
   */
  get deadline(): number | null {
    const seconds = this.opts.foundSeconds ?? this.opts.maxSeconds;
    return seconds === undefined ? null : this.t0 + seconds * 1000;
  }

  get elapsedMs(): number {
    return this.clock.now() - this.t0;
  }

  /**
   * A state `id` at `depth` judged `k` steps from a violation (-1: none), by the search on one thread, which numbers
   * states in the order it admits them (its rank is its number less those of the levels before). True when nothing
   * can beat it now.
   */
  judged(id: number, depth: number, k: number): boolean {
    if (k >= 0 && (this.best === null || depth + k < this.best.total)) {
      let before = 0;
      for (let d = 0; d < depth; d++) before += this.sizes[d] ?? 0;
      this.offer({ id, total: depth + k, depth, rank: id - before, endless: k >= DRAIN_LIMIT });
    }
    return this.best !== null && this.best.total <= depth;
  }

  /** A worker's best counterexample: kept if it `beats` the best so far. */
  offer(b: Best): void {
    if (this.best === null) {
      this.foundMs = this.elapsedMs;
      this.opts.beside?.found();
    }
    if (beats(b, this.best)) this.best = b;
  }

  /**
   * Whether to expand the level of states at `depth` (`queue` of them): not when no deeper state
   * can beat the best trace, nor past `--depth` without a counterexample (`enabledAt` says whether
   * some state of the level can move, for the depth bound's report).
   */
  expand(depth: number, queue: number, distinct: number, enabledAt: () => boolean): boolean {
    this.opts.onProgress?.({ depth, distinct, queue, elapsedMs: this.elapsedMs });
    if (queue === 0) return false;
    if (this.best !== null && !this.best.endless) {
      if (this.best.total <= depth + 1) return false;
      // The next level is expected to grow from this one as this one grew from the one before.
      const before = this.sizes[depth - 1] ?? queue;
      if (distinct + queue * Math.max(1, queue / Math.max(1, before)) > this.limit) {
        this.cut = true;
        return false;
      }
      return true;
    }
    if (depth >= this.opts.depth) {
      if (this.best !== null) return false;
      if (enabledAt()) this.bound = 'depth';
      return false;
    }
    return true;
  }

  /** The states of each level known in full, from the initial state's. */
  get levelSizes(): readonly number[] {
    return this.sizes.slice();
  }

  /** The states of the level at `depth`, once known in full (0 before). */
  sizeAt(depth: number): number {
    return this.sizes[depth] ?? 0;
  }

  /** The state bound (`--max-states`). */
  get maxStates(): number {
    return this.opts.maxStates;
  }

  /** Whether the state bound stops the search before admitting one more state. */
  full(distinct: number): boolean {
    if (distinct < this.opts.maxStates) return false;
    this.bound = 'max-states';
    return true;
  }

  /**
   * Called after expanding the `k`-th state of the level at `depth`: whether the time bound stops the search, or
   * it is handed to workers (`handed`).
   */
  late(k: number, depth: number, distinct: number, queue: number): boolean {
    const force = this.opts.handOff?.force;
    if (force && depth === force.depth && k + 1 === force.expanded) return this.handOff();
    // Every 128 states: a state of the Flink models takes up to a millisecond, so the bound is kept within ~0.1 s.
    if ((k & 127) !== 127) return false;
    const elapsedMs = this.elapsedMs;
    const seconds = this.best === null ? this.opts.maxSeconds : (this.opts.foundSeconds ?? this.opts.maxSeconds);
    if (seconds !== undefined && elapsedMs > seconds * 1000) {
      this.bound = 'max-seconds';
      return true;
    }
    if (this.best === null && this.opts.beside?.cancelled()) {
      this.bound = 'stopped';
      return true;
    }
    if ((k & 16383) === 16383) this.opts.onProgress?.({ depth, distinct, queue: queue - k, elapsedMs });
    const h = this.opts.handOff;
    if (h && !h.force && !this.asked && this.best === null && elapsedMs > h.afterMs) {
      this.asked = true;
      const sizes = this.sizes;
      const { depth: maxDepth, maxStates } = this.opts;
      if (h.worth({ depth, queue, expanded: k + 1, maxDepth, maxStates, distinct, elapsedMs, sizes }))
        return this.handOff();
    }
    return false;
  }

  /**
   * The search stops here for workers to go on: bound `max-seconds` for a caller that starts them again, and
   * `handed`; `resume` clears both for workers that go on from here (`engine/parallel/baton.ts`).
   */
  private handOff(): true {
    this.handed = true;
    this.bound = 'max-seconds';
    return true;
  }

  /**
   * The search over state objects hands over by counts (`ExhaustiveOptions.handOff.byCount`) when the caller asks:
   * called each time it has completed the level at `depth` with `distinct` states admitted, it decides once, at
   * the first such level with `states` states and two levels left, and is true when the search stops there. The
   * time is asked as well (`late`): a search slower than `states` states in two seconds is handed over by it.
   */
  handAtEnd(depth: number, distinct: number): boolean {
    const by = this.opts.handOff?.byCount;
    if (!by || this.counted || this.best !== null || distinct < by.states || depth + 2 >= this.opts.depth) return false;
    this.counted = true;
    // The levels after the next, each as many times bigger as the next is than this one, to the depth bound;
    // `--max-states` stops the search first when the levels would pass it.
    const next = this.sizes[depth + 1] ?? 0;
    const growth = next / Math.max(1, this.sizes[depth] ?? 0);
    const ahead = levelsAhead(next, growth, depth + 2, this.opts.depth, by.ahead);
    return withinBound(ahead, this.opts.maxStates, distinct) >= by.ahead && this.handOff();
  }

  /**
   * Whether judge threads pay before the level at `depth` is expanded (`ExhaustiveOptions.judges`): the search has
   * `states` states (of `distinct`) and its levels ahead, each as many times bigger as this one is than the one
   * before, foresee `ahead` more to the depth bound (within `--max-states`). Counts alone: the same on every run.
   */
  judgesPay(depth: number, distinct: number, states: number, ahead: number): boolean {
    if (distinct < states) return false;
    const level = this.sizes[depth] ?? 0;
    const growth = level / Math.max(1, this.sizes[depth - 1] ?? level);
    const foreseen = levelsAhead(level, growth, depth + 1, this.opts.depth, ahead);
    return withinBound(foreseen, this.opts.maxStates, distinct) >= ahead;
  }

  /** The workers go on with this search where the one thread handed it over. */
  resume(): void {
    this.handed = false;
    this.bound = null;
  }

  /** The level at `depth` is expanded; `next` states were found at depth + 1. */
  completed(depth: number, next: number): void {
    this.sizes[depth + 1] = next;
    if (next > 0) this.depthCompleted = depth + 1;
    if (this.best === null || this.limit !== Number.POSITIVE_INFINITY) return;
    // The budget, from the states of every level so far: the same whatever the order they were admitted in.
    let reached = 0;
    for (const n of this.sizes) reached += n;
    this.limit = reached + (this.opts.shortestStates ?? Math.max(SHORTEST_STATES, SHORTEST_FACTOR * reached));
  }

  /** Whether the search stopped looking for a shorter counterexample on its own budget, no bound of the caller's. */
  get gaveUp(): boolean {
    return this.cut && this.bound === null;
  }

  /** Whether a counterexample found is of the fewest steps: the search ended because nothing could beat it. */
  get shortest(): boolean {
    return this.best !== null && !this.best.endless && this.bound === null && !this.cut;
  }
}
