/** Where a breadth-first search stands, as `Levels` sees it (what `engine/frontier/estimate.ts` reads). */
export interface Standing {
  /** The level being expanded, its number of states and how many of them are expanded. */
  readonly depth: number;
  readonly queue: number;
  readonly expanded: number;
  /** The search's depth and state bounds. */
  readonly maxDepth: number;
  readonly maxStates: number;
  /** States admitted so far, and the time taken. */
  readonly distinct: number;
  readonly elapsedMs: number;
  /** States at each depth up to the one being expanded (the states admitted beyond them are at depth + 1). */
  readonly sizes: readonly number[];
}
