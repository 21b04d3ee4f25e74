/** How to explore: one variant per explorer (`explore/options.ts` adds what only the explorers hand the engine). */

import type { Clock } from './clock.js';
import type { Standing } from './standing.js';

/** Which part of a campaign a process runs: shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Options of a random campaign. */
export interface RandomOptions {
  readonly mode: 'random';
  readonly runs: number;
  readonly seed: number;
  /** Replay run 0 of `seed` at this fast-check path (its first failing value, shrunk again). */
  readonly path?: string | undefined;
  readonly maxSteps: number;
  readonly shard?: Shard | undefined;
  readonly onProgress?: ((runs: number, steps: number) => void) | undefined;
  /** The clock its time bounds and reports read (`clock.ts`; default the real one). */
  readonly clock?: Clock | undefined;
}

/** A progress report of an exhaustive search: depth being expanded, distinct states, frontier left, elapsed. */
export interface Progress {
  readonly depth: number;
  readonly distinct: number;
  readonly queue: number;
  readonly elapsedMs: number;
}

/**
 * What an exhaustive search is asked: its bounds, reductions and callbacks, plain data and functions (what the
 * engine's layers read); `ExhaustiveOptions` (`explore/options.ts`) adds the engine objects a caller may hand in.
 */
export interface ExhaustiveBounds {
  readonly mode: 'exhaustive';
  readonly depth: number;
  readonly maxStates: number;
  readonly maxSeconds?: number | undefined;
  /** The time bound once a counterexample is found, while looking for a shorter one (default `maxSeconds`). */
  readonly foundSeconds?: number | undefined;
  /** Canonicalise states under the model's declared symmetries (if it declares any). */
  readonly symmetry?: boolean | undefined;
  /** Partial-order reduction, where the model declares footprints (`engine/reduce/por.ts`). */
  readonly por?: boolean | undefined;
  /**
   * Sleep sets in the search over state objects, where the model says what its actions read and change
   * (`engine/reduce/sleep-sets.ts`): every level keeps its states, fewer transitions are taken. Default off: on
   * kafka-txn at its defaults their bookkeeping costs about what the skipped transitions would (docs/engine.md, Sleep
   * sets).
   */
  readonly sleepSets?: boolean | undefined;
  /**
   * States the search may admit past the level of its first counterexample while looking for a shorter one, in
   * whole levels (default: twice the states it had admitted by the end of that level, at least 50,000).
   */
  readonly shortestStates?: number | undefined;
  /** Successors through `step` over frozen states instead of the fast path (the reference, for differential tests). */
  readonly plain?: boolean | undefined;
  /**
   * The drain memo keeps drains that fail as well as those that pass (`engine/store/failed-drains.ts`; default on; off
   * only to compare, in the differential test).
   */
  readonly failedDrains?: boolean | undefined;
  /**
   * States a level of a model without its own decoding keeps as objects before it packs them into words
   * (`engine/frontier/frontier.ts`; default `PACK_AT`; tests pack every level with 1).
   */
  readonly packAt?: number | undefined;
  /**
   * Run as member `index` of `count` of a swarm verification: depth-first, in the member's own order,
   * over a hash-compacted table (`engine/search/member-search.ts`), instead of the breadth-first search.
   */
  readonly member?: Shard | undefined;
  /**
   * Asked once, `afterMs` into a breadth-first search that has found nothing yet: whether to stop there (bound
   * `max-seconds`) so that the caller can go on with worker threads (`check.ts`; `ExhaustiveOptions.handOff` adds
   * what is handed over).
   */
  readonly handOff?: HandOffAsk | undefined;
  /**
   * The portfolio's swarm beside the search (`explore/side-by-side.ts`): `found` is told of the search's first
   * counterexample; `cancelled` is asked every 128 states while the search has found none, and true stops it
   * (bound `stopped`: the swarm found one first).
   */
  readonly beside?: { cancelled(): boolean; found(): void } | undefined;
  readonly onProgress?: ((p: Progress) => void) | undefined;
  /** The clock its time bounds and reports read (`clock.ts`; default the real one). */
  readonly clock?: Clock | undefined;
}

/** Options of a swarm campaign: random runs, each with its own profile (`swarm.ts`). */
export interface SwarmOptions {
  readonly mode: 'swarm';
  /** Most runs (the campaign may stop earlier at `maxSeconds`). */
  readonly runs: number;
  readonly seed: number;
  /** Replay: `R:P`, run R of the campaign at fast-check path P. */
  readonly path?: string | undefined;
  /** Picks a run makes (a quarter of the runs make twice as many). */
  readonly maxSteps: number;
  readonly maxSeconds?: number | undefined;
  readonly shard?: Shard | undefined;
  readonly onProgress?: ((runs: number, steps: number) => void) | undefined;
  /** The clock its time bounds and reports read (`clock.ts`; default the real one). */
  readonly clock?: Clock | undefined;
}

/**
 * Options of the default check, a portfolio within a time budget: a breadth-first pass (within its
 * share of the budget), then swarm runs for the rest (or until `runs`).
 */
export interface PortfolioOptions {
  readonly mode: 'portfolio';
  readonly seed: number;
  /** The whole budget. */
  readonly maxSeconds: number;
  /** The breadth-first pass's share of the budget (0 to 1). */
  readonly exhaustiveShare: number;
  /** Bounds of the breadth-first pass. */
  readonly depth: number;
  readonly maxStates: number;
  readonly symmetry?: boolean | undefined;
  /** Sleep sets in the pass (`ExhaustiveOptions.sleepSets`; default off). */
  readonly sleepSets?: boolean | undefined;
  /** Most swarm runs, and the picks of each. */
  readonly runs: number;
  readonly maxSteps: number;
  readonly onProgress?: ((p: PortfolioProgress) => void) | undefined;
  /**
   * The clock of its budget, its pass's share and its reports (`clock.ts`; default the real one); the swarm beside
   * the pass on two threads runs on a clock of the same tick.
   */
  readonly clock?: Clock | undefined;
}

/** Where the default check stands: what its pass and its swarm have done so far (null: not started). */
export interface PortfolioProgress {
  readonly pass: Progress | null;
  readonly swarm: { readonly runs: number; readonly steps: number } | null;
  /** Since the check began. */
  readonly elapsedMs: number;
}

/**
 * When a breadth-first search over state objects stops for worker threads to go on (`check.ts`): asked once,
 * `afterMs` in, whether it is `worth` it. Only the search over state objects is stopped for it: workers would search
 * the full graph instead of the reduced one (`por`), and start the packed one again, on threads that lose to one
 * (two-phase-commit: `check.ts`). `force` (tests): hand off after exactly `expanded` states of the level at `depth`,
 * without asking.
 */
export interface HandOffAsk {
  readonly afterMs: number;
  /** The threads the search would go on on (its parent links make room for their numbers). */
  readonly workers: number;
  worth(s: Standing): boolean;
  readonly force?: { readonly depth: number; readonly expanded: number } | undefined;
  /**
   * The search over state objects is also handed over by counts (`Levels.handAtEnd`): at the end of the first
   * level after which it has `states` states, when the levels ahead, each as much bigger as the last, hold `ahead`
   * states (so at the same level on every run).
   */
  readonly byCount?: { readonly states: number; readonly ahead: number } | undefined;
}
