/**
 * One member of a swarm verification (Holzmann, Joshi and Groce, "Swarm Verification", ASE 2008, as
 * SPIN's swarm tool runs it): a depth-first search to `--depth` over a hash-compacted table
 * (`compact-table.ts`), whose search order and hash salt depend on the member's number, so that
 * members cut short by their time or state bound cover different parts of the state space, and
 * their tables omit different states. Member 1 takes the model's order, member 2 the reverse, the
 * others a shuffle of each state's actions drawn from their number.
 *
 * A state reached again at a smaller depth than before is explored again (its successors were cut
 * at the depth bound before), so a member that finishes has visited every state within `--depth`
 * steps, as the breadth-first search does, save what hash compaction omitted. Each new state is
 * judged as in the breadth-first search (every invariant, then the drain); the first violation ends
 * the member with the path on its stack (not the fewest steps: the caller minimizes it).
 */
import type { AnyAction } from '../../model/core/model.js';
import type { Bound } from '../outcome.js';
import { CompactTable } from './compact-table.js';
import type { SearchCore } from './search-core.js';

/** How a member orders each state's actions. */
export type MemberOrder = 'model' | 'reversed' | 'shuffled';

/** What one member did. */
export interface MemberResult {
  readonly index: number;
  readonly count: number;
  readonly order: MemberOrder;
  readonly salt: number;
  /** On a violation: the path to the state that starts the failing drain, as indices into `enabled`. */
  readonly path: readonly number[] | null;
  readonly stored: number;
  /** States reached again closer to the initial state than before, and explored again. */
  readonly reexpanded: number;
  readonly deepest: number;
  readonly bound: Bound;
  readonly bytes: number;
  readonly omissionProbability: number;
}

/** The member's order: the model's, the reverse, or a shuffle drawn from its number. */
function memberOrder(index: number): MemberOrder {
  return index === 1 ? 'model' : index === 2 ? 'reversed' : 'shuffled';
}

/** The member's salt for hash compaction (member 1's is 0). */
function memberSalt(index: number): number {
  return index === 1 ? 0 : Math.imul(index, 0x9e3779b1) | 0;
}

/** The bounds of a member's search. */
export interface MemberBounds {
  readonly index: number;
  readonly count: number;
  readonly depth: number;
  readonly maxStates: number;
  readonly maxSeconds?: number | undefined;
}

/** One stack frame: a state, its actions in the member's order, the next to try. */
interface Frame<S, A> {
  readonly state: S;
  readonly actions: readonly A[];
  readonly order: Int32Array;
  next: number;
}

/** Runs member `b.index` of `b.count` from `initial`. */
export function searchMember<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  b: MemberBounds,
  initial: S,
  elapsedMs: () => number,
): MemberResult {
  const order = memberOrder(b.index);
  const salt = memberSalt(b.index);
  const table = new CompactTable(salt, b.maxStates);
  let rng = (b.index * 0x2545f491) | 1;
  const ordered = (n: number): Int32Array => {
    const o = new Int32Array(n);
    for (let i = 0; i < n; i++) o[i] = order === 'reversed' ? n - 1 - i : i;
    if (order === 'shuffled')
      for (let i = n - 1; i > 0; i--) {
        rng ^= rng << 13;
        rng ^= rng >>> 17;
        rng ^= rng << 5;
        const j = (rng >>> 0) % (i + 1);
        const t = o[i]!;
        o[i] = o[j]!;
        o[j] = t;
      }
    return o;
  };
  let reexpanded = 0;
  let deepest = 0;
  let bound: Bound = null;
  const done = (path: number[] | null): MemberResult => ({
    index: b.index,
    count: b.count,
    order,
    salt,
    path,
    stored: table.size,
    reexpanded,
    deepest,
    bound,
    bytes: table.bytes,
    omissionProbability: table.omissionProbability(),
  });

  core.fingerprint(initial);
  table.visit(core.fp.hi, core.fp.lo, 0);
  if (core.judge(initial, core.fp.hi, core.fp.lo) >= 0) return done([]);
  const stack: Frame<S, A>[] = [];
  const push = (s: S): void => {
    const actions = core.enabledCounted(s);
    stack.push({ state: s, actions, order: ordered(actions.length), next: 0 });
  };
  if (b.depth > 0) push(initial);
  else if (core.checked.model.enabled(initial).length > 0) bound = 'depth';
  let expanded = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.actions.length) {
      stack.pop();
      continue;
    }
    const k = top.order[top.next++]!;
    const t = core.engine.successor(top.state, top.actions[k]!);
    const depth = stack.length;
    core.fingerprint(t);
    const { hi, lo } = core.fp;
    const seen = table.visit(hi, lo, depth);
    if (seen === 'known') continue;
    if (seen === 'full') {
      bound = 'max-states';
      return done(null);
    }
    if (seen === 'shallower') reexpanded += 1;
    else if (core.judge(t, hi, lo) >= 0) return done(pathOf(stack));
    if (depth > deepest) deepest = depth;
    if (depth < b.depth) push(t);
    else if (bound === null && core.checked.model.enabled(t).length > 0) bound = 'depth';
    if ((++expanded & 1023) === 0 && b.maxSeconds !== undefined && elapsedMs() > b.maxSeconds * 1000) {
      bound = 'max-seconds';
      return done(null);
    }
  }
  return done(null);
}

/** The indices into `enabled` of the actions taken along the stack, the last one included. */
function pathOf<S, A>(stack: readonly Frame<S, A>[]): number[] {
  return stack.map((f) => f.order[f.next - 1]!);
}
