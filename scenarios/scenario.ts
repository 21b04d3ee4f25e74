/**
 * Scripted scenarios: a fixed schedule of actions over a model (no separate simulator), with keys
 * of its own, model keys it fixes or whose defaults it changes, then the model's fault-free drain.
 * Steps of the script that are not enabled when their turn comes (a fenced zombie's next call,
 * say) are skipped: the trace shows only what happened.
 */
import { keyList, type Resolved, type Result, resolve } from '../model/core/config.js';
import type { ConfigOf, ConfigValue, Key, Keys } from '../model/core/keys.js';
import type { AnyAction } from '../model/core/model.js';

/** A scenario as its author writes it: `SK` its own keys, `K` its model's. */
export interface ScenarioDef<A extends AnyAction, K extends Keys, SK extends Keys> {
  readonly name: string;
  /** The seed document it reproduces ('003'), see shared/seeds. */
  readonly seed: string;
  readonly summary: string;
  /** The run's one-line title from its own config (the summary when absent): it says what the keys say. Pure. */
  headline?(sc: ConfigOf<SK>): string;
  readonly keys: SK;
  /** Model keys (by real name) the scenario sets, given its own config; users may not override these. Pure. */
  fixed(sc: ConfigOf<SK>): Readonly<Record<string, ConfigValue>>;
  /** Model keys (by real name) whose defaults the scenario changes (users may override). */
  readonly defaults: Readonly<Record<string, ConfigValue>>;
  /** The schedule. Pure. */
  script(sc: ConfigOf<SK>, model: ConfigOf<K>): A[];
}

/** A scenario's resolved configuration: the model's, both merged by real name (the report's), and the schedule. */
export interface ScenarioConfig<K extends Keys, A extends AnyAction = AnyAction> {
  readonly model: Resolved<K>;
  readonly record: Readonly<Record<string, ConfigValue>>;
  readonly script: readonly A[];
  /** The run's title: the scenario's headline for this config, or its summary. */
  readonly headline: string;
}

/** A scenario ready to run: its own keys' types are closed over. */
export interface Scenario<A extends AnyAction, K extends Keys> {
  readonly name: string;
  readonly seed: string;
  readonly summary: string;
  readonly keys: readonly Key[];
  /**
   * Splits `key=value` pairs between the scenario's keys and the model's. A model key the scenario
   * fixes is refused, as is any unknown key, with a one-line error naming what is accepted. Pure.
   */
  resolve(modelKeys: K, model: string, pairs: readonly (readonly [string, string])[]): Result<ScenarioConfig<K, A>>;
}

/** Makes a scenario from its definition. */
export function scenario<A extends AnyAction, K extends Keys, SK extends Keys>(
  def: ScenarioDef<A, K, SK>,
): Scenario<A, K> {
  return {
    name: def.name,
    seed: def.seed,
    summary: def.summary,
    keys: keyList(def.keys),
    resolve(modelKeys, model, pairs) {
      const own = new Set(keyList(def.keys).map((k) => k.name));
      const scen = resolve(
        def.keys,
        pairs.filter(([k]) => own.has(k)),
        `scenario ${def.name}`,
      );
      if (!scen.ok) return scen;
      const fixed = def.fixed(scen.value.config);
      const modelList = keyList(modelKeys);
      const accepted = [...own, ...modelList.map((k) => k.name).filter((n) => !(n in fixed))].join(', ');
      const modelPairs: (readonly [string, string])[] = Object.entries(def.defaults).map(
        ([k, v]) => [k, String(v)] as const,
      );
      for (const [k, v] of pairs) {
        if (own.has(k)) continue;
        if (k in fixed)
          return {
            ok: false,
            error:
              `--set ${k} is fixed by scenario ${def.name} (it runs with ${k}=${String(fixed[k])}): ` +
              `accepted ${accepted}`,
          };
        if (!modelList.some((m) => m.name === k))
          return { ok: false, error: `unknown --set key '${k}' for scenario ${def.name}: accepted ${accepted}` };
        modelPairs.push([k, v]);
      }
      const m = resolve(
        modelKeys,
        [...modelPairs, ...Object.entries(fixed).map(([k, v]) => [k, String(v)] as const)],
        `scenario ${def.name} (model ${model})`,
      );
      if (!m.ok) return m;
      return {
        ok: true,
        value: {
          model: m.value,
          record: { ...m.value.record, ...scen.value.record },
          script: def.script(scen.value.config, m.value.config),
          headline: def.headline?.(scen.value.config) ?? def.summary,
        },
      };
    },
  };
}
