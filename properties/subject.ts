/**
 * A checkable subject: a model bound to its invariants and to how its outputs and logs are shown
 * in reports. The explorers, scenarios and replay all take a subject.
 */
import type { AnyAction, Model } from '../model/model.js';
import type { Invariant } from './invariant.js';
import type { View } from './view.js';

/** One row of the contract's `logs` section. */
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

/** A model with its invariants and report projections. */
export interface Subject<S, A extends AnyAction> {
  readonly model: Model<S, A>;
  readonly invariants: readonly Invariant<S>[];
  /** The output topics the invariants judge, at both isolation levels. Pure. */
  outputs(state: S): Record<string, TopicViews>;
  /** Every partition's log. Pure. */
  logs(state: S): Record<string, LogRow[]>;
}
