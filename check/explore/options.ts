/**
 * The options of a check, as the explorers take them: the bounds every layer reads (`types/options.ts`) and the
 * engine objects a caller (`check.ts`, tests) may hand an exhaustive search.
 */
import type { Handed } from '../engine/parallel/baton.js';
import type { JudgeCrew } from '../engine/parallel/judges.js';
import type { FingerprintSet } from '../engine/store/fingerprint-set.js';
import type { ExhaustiveBounds, HandOffAsk, PortfolioOptions, RandomOptions, SwarmOptions } from '../types/options.js';

/** Options of an exhaustive search. */
export interface ExhaustiveOptions extends ExhaustiveBounds {
  /**
   * Where the breadth-first search keeps its drain memo (a new table when absent): `checkAuto` passes one, so a
   * search that goes on to the workers starts with the drains the first two seconds ran.
   */
  readonly drainMemo?: FingerprintSet | undefined;
  /**
   * Judge threads the breadth-first search over a model that decodes its words may start
   * (`engine/parallel/judges.ts`): they judge most of its new states (`check.ts`: `--workers 2`). The caller ends
   * them.
   */
  readonly judges?: JudgeCrew | undefined;
  /**
   * The hand-off question (`HandOffAsk`); once the search stopped for it, `take` is given where, for workers to go
   * on from there (`engine/parallel/baton.ts`).
   */
  readonly handOff?: (HandOffAsk & { take?: ((h: Handed) => void) | undefined }) | undefined;
}

/** How to explore. */
export type CheckOptions = RandomOptions | ExhaustiveOptions | SwarmOptions | PortfolioOptions;
