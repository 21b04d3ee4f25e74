/**
 * Scripted scenarios: a fixed schedule of actions over a model (no separate simulator), with keys
 * of its own, model keys it fixes, then the model's fault-free drain. Steps of the script that are
 * not enabled when their turn comes (a fenced zombie's next call, say) are skipped: the trace
 * shows only what happened.
 */
import type { Config, ConfigKey, ConfigValue } from '../model/config.js';
import type { AnyAction } from '../model/model.js';

/** One scenario. */
export interface Scenario<A extends AnyAction = AnyAction> {
  readonly name: string;
  /** The seed document it reproduces ('003'), see shared/seeds. */
  readonly seed: string;
  readonly model: string;
  readonly summary: string;
  /** Keys of the scenario itself (not model keys). */
  readonly keys: readonly ConfigKey[];
  /** Model keys the scenario sets, given its own config; users may not override these. Pure. */
  fixed(scenarioConfig: Config): Record<string, ConfigValue>;
  /** Model keys whose defaults the scenario changes (users may override). */
  readonly defaults: Record<string, ConfigValue>;
  /** The schedule. Pure. */
  script(scenarioConfig: Config, modelConfig: Config): A[];
}
