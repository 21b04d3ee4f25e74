/**
 * eoscheck's library entry: models, invariants, explorers and traces, for writing your own
 * properties with vitest.
 */
export { type Catalog, type Entry, type Listed, listed, makeCatalog } from './catalog/entry.js';
export { catalog } from './catalog/index.js';
export { kafkaTxnEntry } from './catalog/kafka-txn.js';
export { select } from './catalog/select.js';
export { checkAuto, checkHere } from './check/check.js';
export { checkEach, type Plan, type Verdict } from './check/explore/each.js';
export { exploreExhaustive } from './check/explore/exhaustive.js';
export { type Matrix, runMatrix } from './check/explore/matrix.js';
export type { CheckOptions, ExhaustiveOptions } from './check/explore/options.js';
export { exploreRandom } from './check/explore/random.js';
export { frozen, owned, picks, type RunResult, run, script } from './check/run/execute.js';
export { type Minimal, minimize } from './check/run/minimize.js';
export type { Checked } from './check/types/checked.js';
export type { RandomOptions } from './check/types/options.js';
export type { Counterexample, Cut, ExhaustiveOutcome, Outcome, RandomOutcome } from './check/types/outcome.js';
export type { Phase, TraceStep } from './check/types/trace.js';
export { main } from './cli/main.js';
export { defaultRecord, differences, keyList, type Resolved, resolve, resolveRecord } from './model/core/config.js';
export {
  acceptedValues,
  bool,
  type ConfigOf,
  type ConfigValue,
  int,
  type Key,
  type Keys,
  oneOf,
  parseValue,
  text,
} from './model/core/keys.js';
export {
  type ActionSpec,
  type ActionTable,
  type AnyAction,
  compile,
  type Model,
  type ModelDef,
  sameAction,
} from './model/core/model.js';
/** The schema combinators (`schema.struct`, `schema.list`, ..., `schema.compileSchema`): a model's own encoding. */
export * as schema from './model/core/schema.js';
export type { KafkaTxnAction } from './model/kafka-txn/actions.js';
export type { KafkaTxnConfig } from './model/kafka-txn/config.js';
export { kafkaTxnModel } from './model/kafka-txn/model.js';
export type { KafkaTxnState } from './model/kafka-txn/state.js';
export {
  type AnyInvariantName,
  type Family,
  family,
  type Invariant,
  type InvariantName,
  invariant,
  invariantMeanings,
  meaningOf,
  type Violation,
  violations,
} from './properties/invariant.js';
export { kafkaTxnInvariants } from './properties/kafka-txn/invariants.js';
export { makeView, type View } from './properties/view.js';
export { renderHtml } from './traces/render/html/page.js';
export { renderItf } from './traces/render/itf.js';
export { type TraceView, traceView } from './traces/render/view.js';
export { replayTrace } from './traces/replay.js';
export { decodeTrace, encodeTrace, makeTrace, type Trace } from './traces/trace.js';
export { type Verified, verifyConfig } from './verify/verify.js';
