/**
 * How long a breadth-first search still has to run, estimated from how far it got: the time per
 * state so far, and the growth of its last levels carried on to the depth bound. `check` asks it
 * once, two seconds in, whether starting worker threads will pay, of a search over state objects the counts
 * (`Levels.handAtEnd`) took for a short one: the workers take a few tenths of a second to start, and run their
 * first level about as slowly as one thread, so a search with a few seconds left finishes sooner on the one
 * thread it is on.
 */
import type { Standing } from '../../types/standing.js';

/**
 * Milliseconds the search still needs on one thread, by this estimate: each level after the last
 * complete one is as many times bigger as that one was than the one before it. Pure.
 */
export function remainingMs(s: Standing): number {
  if (s.distinct === 0 || s.queue === 0) return 0;
  const perState = s.elapsedMs / s.distinct;
  const cur = s.sizes[s.depth] ?? s.queue;
  const before = s.sizes[s.depth - 1] ?? 0;
  const growth = before > 0 ? cur / before : 2;
  // The next level's states still to come, then every deeper level to the bound.
  const nextFull = s.queue * growth;
  let nextHave = s.distinct;
  for (let d = 0; d <= s.depth; d++) nextHave -= s.sizes[d] ?? 0;
  const states = Math.max(0, nextFull - nextHave) + levelsAhead(nextFull, growth, s.depth + 2, s.maxDepth);
  return withinBound(states, s.maxStates, s.distinct) * perState;
}

/**
 * The states of the levels at depths `from` to `to`, each `growth` times the one before it, the first after one
 * of `level` states: summed until they reach `enough`. Pure.
 */
export function levelsAhead(level: number, growth: number, from: number, to: number, enough = Infinity): number {
  let ahead = 0;
  for (let d = from; d <= to && ahead < enough; d++) {
    level *= growth;
    ahead += level;
  }
  return ahead;
}

/** `states` more, of a search with `distinct` states, as `--max-states` (`maxStates`) lets it admit. Pure. */
export function withinBound(states: number, maxStates: number, distinct: number): number {
  return Math.min(states, Math.max(0, maxStates - distinct));
}

/**
 * Time left on one thread beyond which two workers finish sooner, measured on kafka-txn (2026-12-01):
 * the workers' start and the levels they expand again cost about 1.2 s, and they run 1.36 times as
 * fast, so they pay once more than 1.2 / (1 - 1 / 1.36) = 4.5 s are left.
 */
export const WORKERS_PAY_OFF_MS = 4500;
