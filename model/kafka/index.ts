export type { KafkaAction, KafkaActionType } from './actions.js';
export { kafkaTxnConfig, kafkaTxnKeys, type IsolationLevel, type KafkaTxnConfig } from './config.js';
export { drainAction } from './drain.js';
export { enabled } from './enabled.js';
export { initialState } from './init.js';
export { kafkaTxnModel, kafkaStateKey } from './model.js';
export { fates, firstOpenOffsetFromLog, readPartition } from './read.js';
export * from './state.js';
export { step } from './step.js';
