/** The `flink-kafka` model: state, actions, config, rules. */
export type { FlinkAction, FlinkActionType } from './actions.js';
export { flinkActionTypes, flinkFaultActions, jobOf } from './actions.js';
export { flinkConfig, flinkKafkaKeys, type CheckpointingMode, type DeliveryGuarantee, type FlinkConfig, type StartupMode } from './config.js';
export { drainAction } from './drain.js';
export { enabled } from './enabled.js';
export { initialState, newTask } from './init.js';
export { flinkKafkaModel, flinkStateKey } from './model.js';
export * from './state.js';
export { recipe, step } from './step.js';
export { jobWorkLeft, nextEvent, workLeft } from './time.js';
