export { appActionTypes, appFaults, type AppAction, type AppActionType } from './actions.js';
export { ctpConfig, ctpKeys, type AppConfig, type CommitStrategy, type SinkKind } from './config.js';
export { appDrainAction } from './drain.js';
export { appEnabled } from './enabled.js';
export { appInitialState, newAppInstance } from './init.js';
export { appStateKey, ctpModel, makeAppModel } from './model.js';
export * from './state.js';
export { appStep } from './step.js';
