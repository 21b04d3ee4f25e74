/**
 * Whether a model's packed quick verdict may stand for judging a check's invariants. `Packed.quiet`
 * says a state holds every invariant of the model (its catalog entry's) and is quiescent: it knows
 * nothing of a property a library user wrote. So it is taken only when each checked invariant is one
 * of the entry's own, the same object (a subset, as `--invariant` picks, is covered too); any other
 * check decodes and judges every state.
 */
import { catalog } from '../../catalog/index.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../checked.js';

export function packedVouches<S, A extends AnyAction>(c: Checked<S, A>): boolean {
  const listed = catalog.get(c.model.name);
  if (listed === undefined) return false;
  return listed.open((e) => {
    const model: unknown = e.model;
    const own: readonly unknown[] = e.invariants;
    return model === c.model && c.invariants.every((i) => own.includes(i));
  });
}
