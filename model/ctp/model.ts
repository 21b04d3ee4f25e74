/** The application models over one engine: `consume-transform-produce` here, `kafka-streams` in model/streams. */
import type { Config, ConfigKey } from '../config.js';
import { clonePlain, encodePlain } from '../engine/plain.js';
import { sameAction, type Model, type Words } from '../model.js';
import { appActionTypes, appFaults, type AppAction } from './actions.js';
import { ctpConfig, ctpKeys, type AppConfig } from './config.js';
import { appDrainAction } from './drain.js';
import { appEnabled } from './enabled.js';
import { appInitialState } from './init.js';
import { latestOfSlot, type AppState } from './state.js';
import { appRecipe, appStep } from './step.js';

/** The fields that identify a state, in key order (config, events and notes excluded). */
function identity(s: AppState): unknown[] {
  return [s.now, s.partitions, s.offsets, s.txns, s.faults, s.outcomes, s.group, s.apps, s.sink, s.lost];
}

/** State key of an application state. Pure. */
export function appStateKey(s: AppState): string {
  return JSON.stringify(identity(s));
}

function encode(s: AppState, out: Words): void {
  for (const v of identity(s)) encodePlain(v, out);
}

/** The same call by the latest incarnation of the instance's slot, if that is enabled. Pure. */
function adapt(s: AppState, a: AppAction): AppAction | null {
  if (!('instance' in a)) return null;
  const slot = (a.instance - 1) % s.config.instances;
  const latest = latestOfSlot(s, slot);
  if (!latest || latest.id === a.instance) return null;
  const moved = { ...a, instance: latest.id };
  return appEnabled(s).find((e) => sameAction(e, moved)) ?? null;
}

/** Builds an application model from its name, keys and config reader. Pure. */
export function makeAppModel(name: string, summary: string, keys: readonly ConfigKey[], configOf: (c: Config) => AppConfig): Model<AppState, AppAction> {
  return {
    name,
    summary,
    keys,
    init: (config) => appInitialState(configOf(config)),
    step: appStep,
    enabled: appEnabled,
    drainAction: appDrainAction,
    adapt,
    fast: { clone: clonePlain, apply: appRecipe, encode },
    key: appStateKey,
    faults: appFaults,
    actionTypes: appActionTypes,
  };
}

/** The `consume-transform-produce` model. */
export const ctpModel: Model<AppState, AppAction> = makeAppModel(
  'consume-transform-produce',
  'a consumer group of application instances reading `in`, transforming each record to `out` (or an external sink), committing offsets per commit.strategy; rebalances, zombies, KIP-447',
  ctpKeys,
  ctpConfig,
);
