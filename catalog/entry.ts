/**
 * A catalog entry binds one model to everything that checks, reports and shows it: its invariants,
 * the report's projection of its outputs, its renderer and its scenarios. A catalog holds entries
 * of different state and action types; code that works on any of them is a generic function given
 * to `open`, so nothing is cast.
 */
import type { Keys } from '../model/core/keys.js';
import type { AnyAction, Model } from '../model/core/model.js';
import type { Invariant } from '../properties/invariant.js';
import type { View } from '../properties/view.js';
import type { Scenario } from '../scenarios/scenario.js';
import type { Renderer } from '../traces/render/renderer.js';

/** One row of the report's `logs` section. */
export interface LogRow {
  readonly offset: number;
  readonly kind: 'data' | 'control';
  readonly marker: 'COMMIT' | 'ABORT' | null;
  readonly value: number | null;
  readonly producerId: number;
  readonly epoch: number;
}

/** Both isolation levels' views of one output topic. */
export interface TopicViews {
  readonly read_committed: View;
  readonly read_uncommitted: View;
}

/** The report's projection of a state: the output topics the invariants judge, and every partition's log. */
export interface Report<S> {
  outputs(s: S): Record<string, TopicViews>;
  logs(s: S): Record<string, LogRow[]>;
}

/** One model with its invariants, report projection, renderer and scenarios. */
export interface Entry<S, A extends AnyAction, K extends Keys = Keys> {
  readonly model: Model<S, A, K>;
  readonly invariants: readonly Invariant<S>[];
  readonly report: Report<S>;
  readonly render: Renderer<S, A>;
  readonly scenarios: readonly Scenario<A, K>[];
}

/** Code that works on an entry of any types. */
export type UseEntry<R> = <S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>) => R;

/** An entry as a catalog holds it: its name, and `open` to work on it with its own types. */
export interface Listed {
  readonly name: string;
  open<R>(use: UseEntry<R>): R;
}

/** A catalog: models by name, in listing order. */
export interface Catalog {
  readonly models: readonly Listed[];
  get(name: string): Listed | undefined;
}

/** Lists an entry. */
export function listed<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>): Listed {
  return { name: e.model.name, open: (use) => use(e) };
}

/** A catalog of `entries`, in this order. */
export function makeCatalog(entries: readonly Listed[]): Catalog {
  const byName = new Map(entries.map((e) => [e.name, e]));
  return { models: entries, get: (name) => byName.get(name) };
}

/** A report projection for models with no Kafka topics. */
export const noReport: Report<unknown> = { outputs: () => ({}), logs: () => ({}) };
