/**
 * The part of the breadth-first search that one thread does, whether it is the only one or one
 * of several workers: encode and fingerprint a state, admit it if new (recording its parent and
 * action), judge it (every invariant, then the drain to quiescence, memoized by fingerprint),
 * count coverage. States are numbered globally as `local * workers + worker`.
 */
import type { AnyAction, Model, Words } from '../../model/model.js';
import { violations } from '../invariant.js';
import { DRAIN_LIMIT } from '../run.js';
import type { Subject } from '../subject.js';
import { fingerprint, fp } from './hash.js';
import { FingerprintSet, Links } from './fingerprint-set.js';
import { pushKey, WordBuffer } from './words.js';

/** How the search makes successors and encodes states: the fast path, or `step` and `key`. */
export interface Engine<S, A extends AnyAction> {
  successor(state: S, action: A): S;
  /** A private mutable copy for the drain, and applying one action to it in place. */
  own(state: S): S;
  applyOwned(state: S, action: A): S;
  encode(state: S, out: Words): void;
  readonly symmetry: boolean;
}

/** The engine for a model: its fast path when it has one, else `step` and `key`. */
export function engineFor<S, A extends AnyAction>(model: Model<S, A>, symmetry: boolean): Engine<S, A> {
  const f = model.fast;
  if (!f) {
    return {
      successor: (s, a) => model.step(s, a),
      own: (s) => s,
      applyOwned: (s, a) => model.step(s, a),
      encode: (s, out) => pushKey(model.key(s), out),
      symmetry: false,
    };
  }
  const sym = symmetry && f.encodeSymmetric !== undefined;
  return {
    successor: (s, a) => {
      const c = f.clone(s);
      f.apply(c, a);
      return c;
    },
    own: (s) => f.clone(s),
    applyOwned: (s, a) => {
      f.apply(s, a);
      return s;
    },
    encode: sym ? (s, out) => f.encodeSymmetric!(s, out) : (s, out) => f.encode(s, out),
    symmetry: sym,
  };
}

/** One thread's share of the search. */
export class SearchCore<S, A extends AnyAction> {
  readonly engine: Engine<S, A>;
  readonly seen = new FingerprintSet();
  readonly links = new Links();
  readonly coverage: Record<string, number> = {};
  generated = 0;
  private readonly words = new WordBuffer();
  private readonly drainOk = new FingerprintSet();
  private readonly path: number[] = [];

  constructor(
    readonly subject: Subject<S, A>,
    symmetry: boolean,
    readonly worker = 0,
    readonly workers = 1,
  ) {
    this.engine = engineFor(subject.model, symmetry);
    for (const t of subject.model.actionTypes) this.coverage[t] = 0;
  }

  /** Fingerprints `s` into `fp` (hi, lo). */
  fingerprint(s: S): void {
    this.words.reset();
    this.engine.encode(s, this.words);
    fingerprint(this.words.words, this.words.length);
  }

  /**
   * The words of `s` as `fast.encode` writes them (what `fast.decode` reads), appended to `out`:
   * the length, then the words. With symmetry off these are the words just fingerprinted.
   */
  appendEncoding(s: S, out: Words): void {
    const f = this.subject.model.fast!;
    const b = this.engine.symmetry ? this.spare : this.words;
    if (this.engine.symmetry) {
      b.reset();
      f.encode(s, b);
    }
    out.push(b.length);
    for (let i = 0; i < b.length; i++) out.push(b.words[i]!);
  }
  private readonly spare = new WordBuffer();

  /** The worker that owns fingerprint (hi, lo). */
  owner(lo: number): number {
    return this.workers === 1 ? 0 : (lo >>> 0) % this.workers;
  }

  /** Admits a state by its fingerprint: its global number if new, else -1. */
  admit(hi: number, lo: number, parent: number, action: number): number {
    if (!this.seen.add(hi, lo)) return -1;
    return this.links.add(parent, action) * this.workers + this.worker;
  }

  /** Memory per admitted state. */
  get bytesPerState(): number {
    return this.seen.size === 0 ? 0 : (this.seen.bytes + this.links.bytes) / this.seen.size;
  }

  /** Whether `s` (fingerprint in `fp`) holds every invariant and drains to a quiescence that does. */
  judge(s: S): boolean {
    if (violations(this.subject.invariants, s, 'every-step', 0).length > 0) return false;
    return this.drainPasses(s);
  }

  private drainPasses(s: S): boolean {
    const { model, invariants } = this.subject;
    const { engine, drainOk, path, words } = this;
    let hi = fp.hi;
    let lo = fp.lo;
    if (drainOk.has(hi, lo)) return true;
    let next = model.drainAction(s);
    if (next === null) {
      if (violations(invariants, s, 'quiescence', 0).length > 0) return false;
      drainOk.add(hi, lo);
      return true;
    }
    path.length = 0;
    let cur = engine.own(s);
    for (let n = 0; ; n++) {
      path.push(hi, lo);
      cur = engine.applyOwned(cur, next!);
      if (n >= DRAIN_LIMIT || violations(invariants, cur, 'every-step', 0).length > 0) return false;
      words.reset();
      engine.encode(cur, words);
      fingerprint(words.words, words.length);
      hi = fp.hi;
      lo = fp.lo;
      if (drainOk.has(hi, lo)) break;
      next = model.drainAction(cur);
      if (next === null) {
        if (violations(invariants, cur, 'quiescence', 0).length > 0) return false;
        drainOk.add(hi, lo);
        break;
      }
    }
    for (let i = 0; i < path.length; i += 2) drainOk.add(path[i]!, path[i + 1]!);
    return true;
  }

  /** The enabled actions of `s`, counted for coverage (at most 255: the links store a byte). */
  enabledCounted(s: S): A[] {
    const acts = this.subject.model.enabled(s);
    if (acts.length > 255) throw new Error(`internal: ${acts.length} enabled actions, the search records at most 255`);
    for (const a of acts) this.coverage[a.type] = (this.coverage[a.type] ?? 0) + 1;
    this.generated += acts.length;
    return acts;
  }
}
