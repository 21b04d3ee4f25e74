/**
 * Checking `flink-kafka` in tests: the entry, optionally narrowed to one invariant, through the flattened check of
 * test/helpers.
 */
import type { Entry } from '../../catalog/entry.js';
import { flinkKafkaEntry } from '../../catalog/flink-kafka.js';
import type { FlinkAction } from '../../model/flink/actions.js';
import type { flinkKafkaKeys } from '../../model/flink/config.js';
import type { FlinkState } from '../../model/flink/state.js';
import {
  check,
  exhaustive as exhaustiveOptions,
  explored as exploredOf,
  type Flat,
  only as onlyOf,
  random as randomOptions,
} from '../helpers/check.js';

type FlinkEntry = Entry<FlinkState, FlinkAction, typeof flinkKafkaKeys>;

/** The entry judging only `name` (to show one invariant holds while another is violated). */
export function only(name: string): FlinkEntry {
  return onlyOf(flinkKafkaEntry, name);
}

/** Random check: `runs` runs of at most 40 steps from `seed`. */
export function random(pairs: string[], seed: number, runs = 300, entry: FlinkEntry = flinkKafkaEntry) {
  return check(entry, pairs, randomOptions(runs, seed, 40));
}

/** Exhaustive check, breadth-first to depth 60, bounded by `maxStates`. */
export function exhaustive(pairs: string[], maxStates = 12000, entry: FlinkEntry = flinkKafkaEntry) {
  return check(entry, pairs, exhaustiveOptions(60, maxStates));
}

/** The explored (non-drain) action types of a check's counterexample (none when it found nothing). */
export function explored(r: Flat<FlinkState, FlinkAction>): string[] {
  return exploredOf(r.trace);
}
