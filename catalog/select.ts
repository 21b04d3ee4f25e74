/** Choosing what a check judges: every invariant of a model, or those named (`--invariant`). */
import type { Checked } from '../check/types/checked.js';
import type { Keys } from '../model/core/keys.js';
import type { AnyAction } from '../model/core/model.js';
import type { Entry } from './entry.js';

/**
 * The model bound to the invariants named in `names` (all of them when null), or a one-line error
 * naming an unknown one and what the model checks. `progress` is always judged (by the run loop).
 */
export function select<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  names: readonly string[] | null,
): { ok: true; checked: Checked<S, A> } | { ok: false; error: string } {
  if (names === null) return { ok: true, checked: { model: e.model, invariants: e.invariants } };
  const known = [...e.invariants.map((i) => i.name), 'progress'];
  const bad = names.find((n) => !known.includes(n));
  if (bad !== undefined)
    return { ok: false, error: `unknown invariant '${bad}' for model ${e.model.name}: accepted ${known.join(', ')}` };
  return { ok: true, checked: { model: e.model, invariants: e.invariants.filter((i) => names.includes(i.name)) } };
}
