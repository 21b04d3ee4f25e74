/** The `flink-kafka` entry: model, invariants, report, renderer, scenarios. */
import type { FlinkAction } from '../model/flink/actions.js';
import type { flinkKafkaKeys } from '../model/flink/config.js';
import { flinkKafkaModel } from '../model/flink/model.js';
import type { FlinkState } from '../model/flink/state.js';
import { flinkInvariants } from '../properties/flink/invariants.js';
import { flinkReport } from '../properties/flink/outputs.js';
import { checkpointAlignment } from '../scenarios/checkpoint-alignment.js';
import { flinkKafkaCrash } from '../scenarios/flink-kafka-crash.js';
import { flinkSlowCheckpoint } from '../scenarios/flink-slow-checkpoint.js';
import { flinkRenderer } from '../traces/flink/render.js';
import type { Entry } from './entry.js';

/** The `flink-kafka` entry. */
export const flinkKafkaEntry: Entry<FlinkState, FlinkAction, typeof flinkKafkaKeys> = {
  model: flinkKafkaModel,
  invariants: flinkInvariants,
  report: flinkReport,
  render: flinkRenderer,
  scenarios: [flinkKafkaCrash, checkpointAlignment, flinkSlowCheckpoint],
};
