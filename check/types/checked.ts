/** What an explorer checks: a compiled model bound to the invariants judged on its states. */
import type { AnyAction, Model } from '../../model/core/model.js';
import type { Invariant } from '../../properties/invariant.js';

/** A model and its invariants (all of the model's, or those a user asked for). */
export interface Checked<S, A extends AnyAction> {
  readonly model: Model<S, A>;
  readonly invariants: readonly Invariant<S>[];
}
