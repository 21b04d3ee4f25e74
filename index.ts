/**
 * eoscheck's library entry: models, invariants, explorers and traces, for writing your own
 * properties with vitest.
 */
export { acceptedValues, defaults, parseValue, resolveConfig, type Config, type ConfigKey, type ConfigValue } from './model/config.js';
export { sameAction, type AnyAction, type Model } from './model/model.js';
export * as kafka from './model/kafka/index.js';
export type { KafkaAction, KafkaState } from './model/kafka/index.js';
export { kafkaTxnModel } from './model/kafka/index.js';
export { invariantMeanings, meaningOf, violations, type AnyInvariantName, type Invariant, type InvariantName, type Violation } from './properties/invariant.js';
export { kafkaInvariants } from './properties/kafka/index.js';
export { kafkaTxnSubject } from './properties/kafka/subject.js';
export type { LogRow, Subject, TopicViews } from './properties/subject.js';
export { makeView, type View } from './properties/view.js';
export { execute, isNotEnabled, type Execution, type Phase, type TraceStep } from './properties/run.js';
export { exploreRandom, type RandomOptions, type RandomResult } from './properties/random.js';
export { exploreExhaustive, type ExhaustiveOptions, type ExhaustiveResult } from './properties/exhaustive.js';
export { checkModel, type CheckOptions, type CheckResult } from './properties/check.js';
export { minimize } from './properties/minimize.js';
export { decodeTrace, encodeTrace, makeTrace, type Trace } from './traces/trace.js';
export { replayTrace } from './traces/replay.js';
export { scenarios, type Scenario } from './scenarios/index.js';
export { resolveScenario, runScenario } from './scenarios/run.js';
export { main } from './cli/main.js';
