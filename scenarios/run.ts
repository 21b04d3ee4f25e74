/** Resolving a scenario's `--set` keys and running its script through the model. */
import { resolveConfig, type Config, type ConfigValue } from '../model/config.js';
import type { AnyAction } from '../model/model.js';
import { execute, isNotEnabled, type Execution } from '../properties/run.js';
import type { Subject } from '../properties/subject.js';
import type { Scenario } from './scenario.js';

/** The scenario's own config, the model config it runs with, and both merged for the report. */
export interface ScenarioConfig {
  readonly scenario: Config;
  readonly model: Config;
  readonly merged: Config;
}

/**
 * Splits `key=value` pairs between the scenario's keys and the model's. A model key the scenario
 * fixes is refused, as is any unknown key, with a one-line error naming what is accepted. Pure.
 */
export function resolveScenario(sc: Scenario, subject: Subject<unknown, AnyAction>, pairs: readonly (readonly [string, string])[]): { ok: true; config: ScenarioConfig } | { ok: false; error: string } {
  const own = new Set(sc.keys.map((k) => k.name));
  const scenarioPairs = pairs.filter(([k]) => own.has(k));
  const scen = resolveConfig(sc.keys, scenarioPairs, `scenario ${sc.name}`);
  if (!scen.ok) return scen;
  const fixed = sc.fixed(scen.config);
  const modelKeys = subject.model.keys.filter((k) => !(k.name in fixed));
  const accepted = [...sc.keys.map((k) => k.name), ...modelKeys.map((k) => k.name)].join(', ');
  const modelPairs: (readonly [string, string])[] = Object.entries(sc.defaults).map(([k, v]) => [k, String(v)] as const);
  for (const [k, v] of pairs) {
    if (own.has(k)) continue;
    if (k in fixed) return { ok: false, error: `--set ${k} is fixed by scenario ${sc.name} (it runs with ${k}=${String(fixed[k])}): accepted ${accepted}` };
    if (!subject.model.keys.some((m) => m.name === k)) return { ok: false, error: `unknown --set key '${k}' for scenario ${sc.name}: accepted ${accepted}` };
    modelPairs.push([k, v]);
  }
  const model = resolveConfig(subject.model.keys, [...modelPairs, ...Object.entries(fixed).map(([k, v]: [string, ConfigValue]) => [k, String(v)] as const)], `scenario ${sc.name}`);
  if (!model.ok) return model;
  return { ok: true, config: { scenario: scen.config, model: model.config, merged: { ...model.config, ...scen.config } } };
}

/** Runs the script (skipping steps not enabled at their turn), then the drain. Pure. */
export function runScenario<S, A extends AnyAction>(sc: Scenario<A>, subject: Subject<S, A>, config: ScenarioConfig): Execution<S, A> {
  const steps = sc.script(config.scenario, config.model).map((action) => ({ action, phase: 'script' as const }));
  const ex = execute(subject, subject.model.init(config.model), steps, { drain: true, stopAtViolation: false, skipDisabled: true });
  if (isNotEnabled(ex)) throw new Error('internal: skipDisabled returned a disabled step');
  return ex;
}
