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
import type { AnyAction, Packed } from '../../../model/core/model.js';
import type { Bound, MemberOrder } from '../../types/outcome.js';
import { CompactTable } from '../store/compact-table.js';
import { fingerprint } from '../store/hash.js';
import { packedJudge, pushInto } from './packed-search.js';
import type { SearchCore } from './search-core.js';

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

/**
 * What a member searches: the successors of a state as a stack frame at a level, in the order `enabled` lists their
 * actions, each fingerprinted when taken. `C` is how a state is held: an object, or a place in packed words.
 */
export interface MemberSpace<C> {
  /** The initial state, fingerprinted into `core.fp`. */
  root(): C;
  /** Lists the successors of `c` as the frame at stack `level`: how many. */
  open(level: number, c: C): number;
  /** The `k`-th successor of the frame at `level`, fingerprinted into `core.fp`. */
  successor(level: number, k: number): C;
  /** How far `c` (fingerprint `hi`, `lo`) is from a violation: -1 none (`SearchCore.judge`). */
  judge(c: C, hi: number, lo: number): number;
  /** Whether some action is enabled in `c`. */
  moves(c: C): boolean;
}

/** The search over state objects: successors through the engine, the actions counted for coverage. */
export function objectSpace<S, A extends AnyAction>(core: SearchCore<S, A>, initial: S): MemberSpace<S> {
  const frames: { state: S; actions: readonly A[] }[] = [];
  return {
    root: () => {
      core.fingerprint(initial);
      return initial;
    },
    open: (level, s) => {
      const actions = core.enabledCounted(s);
      frames[level] = { state: s, actions };
      return actions.length;
    },
    successor: (level, k) => {
      const f = frames[level]!;
      const t = core.engine.successor(f.state, f.actions[k]!);
      core.fingerprint(t);
      return t;
    },
    judge: (s, hi, lo) => core.judge(s, hi, lo),
    moves: (s) => core.checked.model.enabled(s).length > 0,
  };
}

/**
 * The search over packed words (`Packed`: the model's word rules, as the breadth-first `packed-search.ts` takes
 * them): a state is a place in the words of its parent's frame (-1: the initial state), decoded into an object only
 * when the rules cannot vouch for it; the transitions are counted per tag into `counts`.
 */
export function packedSpace<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  p: Packed,
  initial: S,
  counts: Float64Array,
): MemberSpace<number> {
  const judge = packedJudge(core, p, initial);
  const w = p.width;
  const start = new Int32Array(w);
  core.checked.model.fast.encode(initial, pushInto(start));
  const outs: Int32Array[] = [];
  const types: Uint8Array[] = [];
  const spare = { out: new Int32Array(p.most * w), types: new Uint8Array(p.most) };
  const words = (c: number): Int32Array => (c < 0 ? start : outs[Math.floor(c / p.most)]!);
  const at = (c: number): number => (c < 0 ? 0 : (c % p.most) * w);
  return {
    root: () => {
      fingerprint(start, w, core.fp);
      return -1;
    },
    open: (level, c) => {
      outs[level] ??= new Int32Array(p.most * w);
      types[level] ??= new Uint8Array(p.most);
      const n = p.successors(words(c), at(c), outs[level]!, types[level]!);
      core.generated += n;
      for (let i = 0; i < n; i++) counts[types[level]![i]!]! += 1;
      return n;
    },
    successor: (level, k) => {
      fingerprint(outs[level]!, w, core.fp, k * w);
      return level * p.most + k;
    },
    judge: (c, hi, lo) => judge(words(c), at(c), hi, lo),
    moves: (c) => p.successors(words(c), at(c), spare.out, spare.types) > 0,
  };
}

/** Runs member `b.index` of `b.count` over `space`. */
export function searchMember<S, A extends AnyAction, C>(
  core: SearchCore<S, A>,
  space: MemberSpace<C>,
  b: MemberBounds,
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

  const initial = space.root();
  table.visit(core.fp.hi, core.fp.lo, 0);
  if (space.judge(initial, core.fp.hi, core.fp.lo) >= 0) return done([]);
  // The stack: a frame a level, its successors in the member's order and the next to try.
  const stack: Frame[] = [];
  const push = (c: C): void => {
    const n = space.open(stack.length, c);
    stack.push({ count: n, order: ordered(n), next: 0 });
  };
  if (b.depth > 0) push(initial);
  else if (space.moves(initial)) bound = 'depth';
  let expanded = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.count) {
      stack.pop();
      continue;
    }
    const t = space.successor(stack.length - 1, top.order[top.next++]!);
    const depth = stack.length;
    const { hi, lo } = core.fp;
    const seen = table.visit(hi, lo, depth);
    if (seen === 'known') continue;
    if (seen === 'full') {
      bound = 'max-states';
      return done(null);
    }
    if (seen === 'shallower') reexpanded += 1;
    else if (space.judge(t, hi, lo) >= 0) return done(pathOf(stack));
    if (depth > deepest) deepest = depth;
    if (depth < b.depth) push(t);
    else if (bound === null && space.moves(t)) bound = 'depth';
    if ((++expanded & 1023) === 0 && b.maxSeconds !== undefined && elapsedMs() > b.maxSeconds * 1000) {
      bound = 'max-seconds';
      return done(null);
    }
  }
  return done(null);
}

/** One stack frame: how many successors, their order, the next to try. */
interface Frame {
  readonly count: number;
  readonly order: Int32Array;
  next: number;
}

/** The indices into `enabled` of the actions taken along the stack, the last one included. */
function pathOf(stack: readonly Frame[]): number[] {
  return stack.map((f) => f.order[f.next - 1]!);
}
