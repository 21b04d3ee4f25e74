/**
 * The shapes of plain-data objects (their field names, in order) met so far in this process, as a
 * tree of field-name sequences. What is made once per shape hangs on its node: the packed encoding's
 * shape number and builder (`pack.ts`), the deep copy's copier (`plain.ts`). Found by walking an
 * object's fields: most nodes have one longer sequence (a prefix of field names nearly always goes on
 * the same way), kept beside the map and found by comparing one name instead of hashing it.
 */

/** A node: the shape of the field names on the path to it, and the longer ones. */
export interface ShapeNode {
  /** The packed encoding's number of this shape (-1: none yet). */
  id: number;
  /** A deep copy of an object of this shape, its values copied by `c` (null: none made yet). */
  copy: ((o: Record<string, unknown>, c: (v: unknown) => unknown) => Record<string, unknown>) | null;
  key: string | null;
  child: ShapeNode | null;
  readonly next: Map<string, ShapeNode>;
}

const node = (): ShapeNode => ({ id: -1, copy: null, key: null, child: null, next: new Map() });

/** The empty sequence: every walk starts here. */
export const shapeRoot: ShapeNode = node();

/** The node after `at` for field name `k`, made on first sight (callers check `at.key === k` first). */
export function after(at: ShapeNode, k: string): ShapeNode {
  if (at.key === k) return at.child!;
  const found = at.next.get(k);
  if (found !== undefined) return found;
  const n = node();
  if (at.key === null) {
    at.key = k;
    at.child = n;
  } else at.next.set(k, n);
  return n;
}

/** The node of `v`'s shape (its own enumerable field names, in order). */
export function shapeOf(v: object): ShapeNode {
  let at = shapeRoot;
  for (const k in v) at = at.key === k ? at.child! : after(at, k);
  return at;
}
