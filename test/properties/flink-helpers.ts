/** Checking `flink-kafka` in tests: the subject, optionally narrowed to one invariant. */
import type { FlinkAction, FlinkState } from '../../model/flink/index.js';
import { checkModel, type CheckOptions } from '../../properties/check.js';
import { flinkKafkaSubject } from '../../properties/flink/subject.js';
import type { Subject } from '../../properties/subject.js';
import { flinkCfg } from '../model/flink/helpers.js';

/** The subject judging only `name` (to show one invariant holds while another is violated). */
export function only(name: string): Subject<FlinkState, FlinkAction> {
  return { ...flinkKafkaSubject, invariants: flinkKafkaSubject.invariants.filter((i) => i.name === name) };
}

/** Random check: `runs` runs of at most 40 steps from `seed`. */
export function random(pairs: string[], seed: number, runs = 300, subject = flinkKafkaSubject) {
  return checkModel(subject, flinkCfg(...pairs), { mode: 'random', runs, seed, maxSteps: 40 });
}

/** Exhaustive check, breadth-first, bounded by `maxStates`. */
export function exhaustive(pairs: string[], maxStates = 12000, subject = flinkKafkaSubject) {
  const opts: CheckOptions = { mode: 'exhaustive', depth: 60, maxStates };
  return checkModel(subject, flinkCfg(...pairs), opts);
}

/** The explored (non-drain) action types of a counterexample. */
export function explored(r: ReturnType<typeof random>): string[] {
  return (r.trace ?? []).filter((s) => s.phase === 'explore').map((s) => s.action.type);
}
