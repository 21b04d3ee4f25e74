/**
 * The outcome of a check as data, one variant per explorer (a tagged union: each mode has its own
 * fields, none null because another mode has them). Formatting is the caller's (cli/).
 */
import type { AnyAction } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from './trace.js';

/**
 * A counterexample: its steps (explored and drained), what they violate, and the states they pass through (initial
 * first).
 */
export interface Counterexample<S, A extends AnyAction> {
  readonly trace: readonly TraceStep<A>[];
  readonly violations: readonly Violation[];
  readonly states: readonly S[];
}

/**
 * Which bound stopped an exhaustive search, or null when the reachable space was exhausted; `stopped`: the
 * portfolio's swarm, running beside it, found a violation first.
 */
export type Bound = 'depth' | 'max-states' | 'max-seconds' | 'stopped' | null;

interface Common<S, A extends AnyAction> {
  readonly status: 'ok' | 'violation';
  /** The counterexample, when a violation was found. */
  readonly found: Counterexample<S, A> | null;
  /** Names of the invariants judged. */
  readonly invariants: readonly string[];
  /** Actions taken per action tag (random: in explored steps; exhaustive: transitions); never taken have 0. */
  readonly coverage: Readonly<Record<string, number>>;
  readonly elapsedMs: number;
  readonly workers: number;
}

/** A random campaign's outcome. */
export interface RandomOutcome<S, A extends AnyAction> extends Common<S, A> {
  readonly mode: 'random';
  readonly runs: number;
  readonly steps: number;
  readonly campaignSeed: number;
  readonly maxSteps: number;
  readonly shard: { readonly index: number; readonly count: number } | null;
  /**
   * On a violation: the failing run's number (0-based), its seed and replay path, its length before shrinking, and
   * what cut its minimization short (`minimize.ts`; null: nothing).
   */
  readonly failure: {
    readonly run: number;
    readonly seed: number;
    readonly path: string;
    readonly originalLength: number;
    readonly cut: Cut;
  } | null;
}

/** An exhaustive search's outcome. */
export interface ExhaustiveOutcome<S, A extends AnyAction> extends Common<S, A> {
  readonly mode: 'exhaustive';
  readonly distinct: number;
  readonly generated: number;
  /**
   * Steps the fault-free drains took to judge the states (`SearchCore.drainSteps`), summed over the workers; a
   * search handed to workers counts theirs, not the first thread's (they start over with its drain memo).
   */
  readonly drainSteps: number;
  /**
   * The judge threads beside a one-thread search (`engine/parallel/judges.ts`), once started: how many, and the states
   * whose verdicts came back from them (some the search judged too, at a level's end); null: none started.
   */
  readonly judges: { readonly threads: number; readonly judged: number } | null;
  readonly depth: number;
  readonly maxStates: number;
  readonly maxSeconds: number | null;
  /** Every state at this distance from the initial state or closer has been found and checked. */
  readonly depthCompleted: number;
  /**
   * The states first met at each depth, from the initial state's, for the levels the breadth-first search completed
   * (empty for a swarm member, whose search is depth-first).
   */
  readonly levels: readonly number[];
  readonly bound: Bound;
  readonly bytesPerState: number;
  /** TLC's optimistic fingerprint collision probability. */
  readonly collisionProbability: number;
  readonly symmetry: boolean;
  /** A counterexample found has the fewest steps in total (drain included): none could be shorter. */
  readonly shortest: boolean;
  /**
   * The length of the counterexample the search met, when it was not proved the fewest steps and `found` is its
   * minimization (`unproved.ts`); null when `found` is the one met.
   */
  readonly minimizedFrom: number | null;
  /** What cut the minimization of `found` short (`minimize.ts`; null: nothing, or `found` was not minimized). */
  readonly cut: Cut;
  /**
   * When the search met its first counterexample, in ms from its start (null: none met): the time it took to find
   * the bug; the rest of `elapsedMs` looked for a shorter trace (`engine/frontier/levels.ts`).
   */
  readonly foundMs: number | null;
  /** Partial-order reduction: 'off', 'undeclared' (asked, but the model declares no footprints), or what it did. */
  readonly por: 'off' | 'undeclared' | ReductionStats;
  /**
   * Sleep sets in the breadth-first search over state objects (`engine/reduce/sleep-sets.ts`): 'off' (not asked, or a
   * search that keeps none: the packed, reduced or a swarm member's), 'undeclared' (asked, but the model says nothing
   * of what its actions read and change), or the transitions they spared (every level's states are the same
   * without).
   */
  readonly sleepSets: 'off' | 'undeclared' | SleepStats;
  /** A swarm verification member's search (depth-first, hash-compacted), or null for the breadth-first search. */
  readonly member: MemberSummary | null;
}

/** What the sleep sets of a search did: the transitions not taken because their action was asleep. */
export interface SleepStats {
  readonly skipped: number;
}

/** What a swarm verification member did (`engine/search/member-search.ts`). */
export interface MemberSummary {
  readonly index: number;
  readonly count: number;
  readonly order: MemberOrder;
  readonly salt: number;
  /** States reached again closer to the initial state than before, and explored again. */
  readonly reexpanded: number;
  readonly deepest: number;
  /** The probability that hash compaction omitted some state (never a false alarm). */
  readonly omissionProbability: number;
  /** On a violation: the length of the trace the member found, before minimization. */
  readonly originalLength: number | null;
}

/** A swarm campaign's outcome. */
export interface SwarmOutcome<S, A extends AnyAction> extends Common<S, A> {
  readonly mode: 'swarm';
  readonly runs: number;
  readonly steps: number;
  readonly campaignSeed: number;
  readonly maxSteps: number;
  /** The bounds: most runs, and the time. */
  readonly maxRuns: number;
  readonly maxSeconds: number | null;
  readonly shard: { readonly index: number; readonly count: number } | null;
  /**
   * On a violation: the failing run (its number, seed, replay path `R:P`, length before shrinking, what cut its
   * minimization short) and its profile.
   */
  readonly failure: {
    readonly run: number;
    readonly seed: number;
    readonly path: string;
    readonly originalLength: number;
    readonly cut: Cut;
    readonly profile: Profile;
  } | null;
}

/** The default check's outcome: what its breadth-first pass and its swarm runs each did, and which found. */
export interface PortfolioOutcome<S, A extends AnyAction> extends Common<S, A> {
  readonly mode: 'portfolio';
  readonly campaignSeed: number;
  readonly maxSeconds: number;
  readonly exhaustive: ExhaustiveOutcome<S, A>;
  /** Null when the pass found a violation or exhausted the reachable space (nothing left to try). */
  readonly swarm: SwarmOutcome<S, A> | null;
  readonly foundBy: 'exhaustive' | 'swarm' | null;
}

/** A check's outcome. */
export type Outcome<S, A extends AnyAction> =
  | RandomOutcome<S, A>
  | ExhaustiveOutcome<S, A>
  | SwarmOutcome<S, A>
  | PortfolioOutcome<S, A>;

/**
 * Which part of its budget ended a minimization before it had tried everything (`steps`: the same on every
 * machine; `time`: the deadline, so a run without it, as the report's `Reproduce:` line, may go on to a shorter
 * trace), or null: it ran to its end.
 */
export type Cut = 'steps' | 'time' | null;

/** How a member orders each state's actions. */
export type MemberOrder = 'model' | 'reversed' | 'shuffled';

/**
 * What the reduction did: states expanded with a proper persistent set, transitions a sleep set spared,
 * states expanded again, and the levels of the reduced graph completed.
 */
export interface ReductionStats {
  reduced: number;
  slept: number;
  reexpanded: number;
  /**
   * Every reduced path of this many steps or fewer was followed. Not a depth of the full graph: a state
   * k steps from the start may be reached only by a longer reduced path (a deferred action that commutes
   * with the whole path is taken first), so a search cut by a bound proves no depth (`depthCompleted` 0).
   */
  depth: number;
}

/** A swarm run's profile, as data (the report shows the failing run's). */
export interface Profile {
  /** The fault tags this run may take (the others are off for the whole run). */
  readonly faults: readonly string[];
  /** Weight of each action tag when choosing among the enabled actions (0: off). */
  readonly weights: Readonly<Record<string, number>>;
  readonly maxSteps: number;
  /** Whether the weights favour the tags taken least in the runs before. */
  readonly guided: boolean;
}
