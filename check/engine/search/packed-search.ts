/**
 * The breadth-first search over packed words, for models with packed rules (`Packed`): a level is
 * one typed array of fixed-width states, successors are written by the model's word rules into a
 * scratch buffer, and a state is decoded into an object only when the rules cannot vouch for it
 * (`quiet` false: it may violate an invariant, or it needs its drain). No allocation per state.
 */
import type { AnyAction, Packed } from '../../../model/core/model.js';
import type { Levels } from '../frontier/levels.js';
import { fingerprint } from '../store/hash.js';
import type { SearchCore } from './search-core.js';

/** A level of packed states with their global numbers. */
export class PackedLevel {
  words: Int32Array;
  ids: Int32Array;
  length = 0;
  constructor(private readonly width: number) {
    this.words = new Int32Array(width * 1024);
    this.ids = new Int32Array(1024);
  }
  push(src: Int32Array, at: number, id: number): void {
    if (this.length === this.ids.length) {
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
      const words = new Int32Array(this.words.length * 2);
      words.set(this.words);
      this.words = words;
    }
    const o = this.length * this.width;
    for (let j = 0; j < this.width; j++) this.words[o + j] = src[at + j]!;
    this.ids[this.length++] = id;
  }
}

/** Searches from `initial` with the packed rules `p`, admitting and judging through `core`, bounded by `levels`. */
export function searchPacked<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  levels: Levels,
  p: Packed,
  initial: S,
): void {
  const counts = new Float64Array(core.checked.model.actionTypes.length);
  levelByLevel(core, levels, p, initial, packedJudge(core, p, initial), counts);
  addCounts(core, counts);
}

/**
 * How far the packed state at `src[at..]` (fingerprint `hi`, `lo`) is from a violation (`SearchCore.judge`): -1 at
 * once where the rules vouch for it (`quiet`, and every checked invariant the model's own), else decoded and judged.
 */
export function packedJudge<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  p: Packed,
  initial: S,
): (src: Int32Array, at: number, hi: number, lo: number) => number {
  const { model } = core.checked;
  const decode = model.fast.decode;
  if (!decode) throw new Error(`internal: ${model.name} has packed rules but no decode`);
  const { own } = core.engine;
  return (src, at, hi, lo) => (own && p.quiet(src, at) ? -1 : core.judge(decode(src, at, initial), hi, lo));
}

/** Adds the transitions counted per action tag (`counts`, by index in the action table) to `core`'s coverage. */
export function addCounts<S, A extends AnyAction>(core: SearchCore<S, A>, counts: Float64Array): void {
  const types = core.checked.model.actionTypes;
  for (let t = 0; t < types.length; t++) core.coverage[types[t]!] = (core.coverage[types[t]!] ?? 0) + counts[t]!;
}

/** The levels of the packed search; `counts` collects the transitions per action tag. */
function levelByLevel<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  levels: Levels,
  p: Packed,
  initial: S,
  judge: (src: Int32Array, at: number, hi: number, lo: number) => number,
  counts: Float64Array,
): void {
  const w = p.width;
  const out = new Int32Array(p.most * w);
  const taken = new Uint8Array(p.most);
  const fp = core.fp;
  let level = new PackedLevel(w);
  const start = new Int32Array(w);
  core.fingerprint(initial);
  core.checked.model.fast.encode(initial, pushInto(start));
  const n0 = core.admit(fp.hi, fp.lo, -1, 0);
  if (levels.judged(n0, 0, judge(start, 0, fp.hi, fp.lo))) return;
  level.push(start, 0, n0);
  for (let depth = 0; ; depth++) {
    const cur = level;
    const enabledAt = () => {
      for (let k = 0; k < cur.length; k++) if (p.successors(cur.words, k * w, out, taken) > 0) return true;
      return false;
    };
    if (!levels.expand(depth, cur.length, core.seen.size, enabledAt)) return;
    const next = new PackedLevel(w);
    for (let k = 0; k < cur.length; k++) {
      const n = p.successors(cur.words, k * w, out, taken);
      core.generated += n;
      const from = cur.ids[k]!;
      for (let i = 0; i < n; i++) counts[taken[i]!]! += 1;
      const src = k * w;
      for (let i = 0; i < n; i++) {
        // A step back to its own state (TwoPhase's TM receiving a Prepared it already has: a third of its transitions)
        // reaches a state admitted already: compared word by word, it skips a hash and a probe of the table.
        if (sameWords(out, i * w, cur.words, src, w)) continue;
        fingerprint(out, w, fp, i * w);
        const { hi, lo } = fp;
        if (core.seen.has(hi, lo)) continue;
        if (levels.full(core.seen.size)) return;
        const id = core.admit(hi, lo, from, i);
        if (levels.judged(id, depth + 1, judge(out, i * w, hi, lo))) return;
        next.push(out, i * w, id);
      }
      if (levels.late(k, depth, core.seen.size, cur.length)) return;
    }
    levels.completed(depth, next.length);
    level = next;
  }
}

/** Whether the `w` words of `a` at `i` equal those of `b` at `j`. */
function sameWords(a: Int32Array, i: number, b: Int32Array, j: number, w: number): boolean {
  for (let x = 0; x < w; x++) if (a[i + x] !== b[j + x]) return false;
  return true;
}

/** A `Words` sink that writes into `buf` from 0. */
export function pushInto(buf: Int32Array): { push(word: number): void } {
  let at = 0;
  return {
    push(word: number) {
      buf[at++] = word;
    },
  };
}
