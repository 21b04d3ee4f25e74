/** The `flink-kafka` model: a Flink job reading Kafka and writing Kafka, checkpoints, failures. */
import { clonePlain, encodePlain } from '../engine/plain.js';
import type { Model, Words } from '../model.js';
import { flinkActionTypes, flinkFaultActions, type FlinkAction } from './actions.js';
import { flinkKafkaKeys } from './config.js';
import { drainAction } from './drain.js';
import { enabled } from './enabled.js';
import { initialState } from './init.js';
import type { FlinkState } from './state.js';
import { recipe, step } from './step.js';

/** The fields that identify a state: everything but the static config and the last step's events (job 2 only with jobs=2). */
function parts(s: FlinkState): unknown[] {
  const p: unknown[] = [s.now, s.kafka.partitions, s.kafka.offsets, s.kafka.txns, s.jm, s.task, s.faults, s.ghost];
  if (s.second) p.push(s.second);
  return p;
}

/** State key. Pure. */
export function flinkStateKey(s: FlinkState): string {
  return JSON.stringify(parts(s));
}

function encode(s: FlinkState, out: Words): void {
  for (const p of parts(s)) encodePlain(p, out);
}

/** The `flink-kafka` model. */
export const flinkKafkaModel: Model<FlinkState, FlinkAction> = {
  name: 'flink-kafka',
  // Records, checkpoints, a crash and a restart take a couple of dozen steps: search that deep.
  defaultDepth: 24,
  summary: 'a Flink job (KafkaSource -> count -> KafkaSink) with checkpoints, barrier alignment, two-phase commit through the Kafka coordinator, crashes, lost notifications and restarts',
  keys: flinkKafkaKeys,
  init: initialState,
  step,
  enabled,
  drainAction,
  // Actions name no instance: nothing to stand in for a step that is not enabled.
  adapt: () => null,
  fast: { clone: clonePlain, apply: recipe, encode },
  key: flinkStateKey,
  faults: flinkFaultActions,
  actionTypes: flinkActionTypes,
};
