/**
 * Whether every invariant a check judges is one of its model's own (its catalog entry's, the same
 * object; a subset, as `--invariant` picks, counts). Two things a model declares hold for its own
 * invariants alone, so the search takes them only then:
 *
 * - the packed quick verdict (`Packed.quiet`: the state holds every invariant of the model and is
 *   quiescent) knows nothing of a property a library user wrote;
 * - a symmetry (`encodeSymmetric`) keeps one state per orbit, sound for invariants that do not tell
 *   renamed apps apart, as the model's own do (tested per safeguard row); a property that does (say,
 *   "app 1 never begins a transaction") would be judged on whichever member the search met first.
 *
 * Any other check decodes and judges every state, without the symmetry.
 */
import { catalog } from '../../catalog/index.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../types/checked.js';

export function ownInvariants<S, A extends AnyAction>(c: Checked<S, A>): boolean {
  const listed = catalog.get(c.model.name);
  if (listed === undefined) return false;
  return listed.open((e) => {
    const model: unknown = e.model;
    const own: readonly unknown[] = e.invariants;
    return model === c.model && c.invariants.every((i) => own.includes(i));
  });
}
