/**
 * The part of the breadth-first search that one thread does, whether it is the only one or one
 * of several workers: encode and fingerprint a state, admit it if new (recording its parent and
 * action), judge it (every invariant, then the drain to quiescence through the one run loop,
 * memoized by fingerprint), count coverage. States are numbered globally as `base + local * workers + worker`.
 */
import { type AnyAction, sameAction, type Words } from '../../../model/core/model.js';
import { encodePlain } from '../../../model/core/plain.js';
import { WordBuffer } from '../../../model/core/words.js';
import type { Violation } from '../../../properties/invariant.js';
import { type DrainMemo, frozen, owned, run, type Stepper } from '../../run/execute.js';
import { ownInvariants } from '../../run/own-invariants.js';
import type { Checked } from '../../types/checked.js';
import { type Frontier, PACK_AT } from '../frontier/frontier.js';
import { ChunkPool } from '../store/chunks.js';
import { FailedDrains } from '../store/failed-drains.js';
import { FingerprintSet } from '../store/fingerprint-set.js';
import { type Fingerprint, fingerprint, StreamingFingerprint } from '../store/hash.js';
import { Links } from '../store/links.js';

/** How the search makes successors and encodes states. */
export interface Engine<S, A extends AnyAction> {
  successor(state: S, action: A): S;
  /**
   * The fast path's step applied in place to a copy the caller owns (a state decoded from a packed level is
   * one, and so is the model's `copy` of one: both cheaper than `clone`), or null with `plain` (successors
   * through `step` only).
   */
  readonly inPlace: ((own: S, action: A) => S) | null;
  /** The model's copy of a decoded state (`FastPath.copy`), or null: none, or `plain`. */
  readonly copy: ((s: S) => S) | null;
  /** How the drain from a new state runs. */
  readonly drain: Stepper<S, A>;
  encode(state: S, out: Words): void;
  readonly symmetry: boolean;
  /** `plain`: the model's `step` only, so no packed rules either (a worker's share is then its objects). */
  readonly plain: boolean;
  /**
   * Whether every checked invariant is the model's own (`own-invariants.ts`): only then are its symmetry and
   * its packed quick verdict taken.
   */
  readonly own: boolean;
  /** Whether the successor along a passing drain is passed without a drain of its own (`SearchCore.drainIndex`). */
  readonly along: boolean;
}

/**
 * The engine: the fast path (successors on plain copies the search owns, the drain on one owned
 * copy), or with `plain` the model's `step` over frozen states throughout (the reference the fast
 * path is tested against). Symmetry when asked and the model declares it.
 */
export function engineFor<S, A extends AnyAction>(c: Checked<S, A>, symmetry: boolean, plain = false): Engine<S, A> {
  const f = c.model.fast;
  const own = ownInvariants(c);
  const sym = symmetry && symmetryOf(c, own);
  const encode = sym ? (s: S, out: Words) => f.encodeSymmetric!(s, out) : (s: S, out: Words) => f.encode(s, out);
  if (plain)
    return {
      successor: (s, a) => c.model.step(s, a),
      inPlace: null,
      copy: null,
      drain: frozen(c),
      encode,
      symmetry: sym,
      plain: true,
      own,
      along: false,
    };
  // The model's own invariants read no events, so the steps need not write them where the model says none reads them.
  const drain = owned(c, own);
  const inPlace = drain.apply;
  return {
    successor: (s, a) => inPlace(f.clone(s), a),
    inPlace,
    copy: f.copy ?? null,
    drain,
    encode,
    symmetry: sym,
    plain: false,
    own,
    along: true,
  };
}

/**
 * Whether a search asked for symmetry gets it: the model declares its symmetric encoding and every checked
 * invariant is its own (`own`, `ownInvariants`).
 */
export function symmetryOf<S, A extends AnyAction>(c: Checked<S, A>, own = ownInvariants(c)): boolean {
  return c.model.fast.encodeSymmetric !== undefined && own;
}

/** How one thread's share of the search is set up. */
export interface CoreOptions {
  readonly symmetry: boolean;
  /** This thread's number and the number of threads (states are numbered `base + local * workers + worker`). */
  readonly worker?: number;
  readonly workers?: number;
  /** Successors through `step` (the reference the fast path is tested against). */
  readonly plain?: boolean;
  /** The drain memo keeps failing drains too (`failed-drains.ts`; default on). */
  readonly failedDrains?: boolean | undefined;
  /** Most distinct states the search admits (sizes the fingerprint table and the parent links). */
  readonly maxStates: number;
  /** The drain memo's table, when the caller keeps it past the search (a new one otherwise). */
  readonly drainMemo?: FingerprintSet | undefined;
  /** States a level keeps as objects before packing them (`frontier.ts`). */
  readonly packAt?: number | undefined;
  /** States numbered before this thread's (a search handed over by one thread, `baton.ts`): its numbers follow them. */
  readonly base?: number | undefined;
  /**
   * Fingerprints the table starts with room for: a handed search's, given in key order, would each walk the
   * run of those before it in a table that grows as they come (64,000 took 1.9 s; in a table sized for them, 6 ms).
   */
  readonly room?: number | undefined;
  /** Threads a search on this one may be handed to (`continueAs`): its parent links make room for their numbers. */
  readonly handOffWorkers?: number | undefined;
}

/** Where the drain memo keeps fingerprints of states whose drain passes: this thread's, or one the workers share. */
export interface DrainTable {
  has(hi: number, lo: number): boolean;
  add(hi: number, lo: number): unknown;
  readonly size: number;
  readonly bytes: number;
}

/** One thread's share of the search. */
export class SearchCore<S, A extends AnyAction> {
  readonly engine: Engine<S, A>;
  readonly seen: FingerprintSet;
  readonly links: Links;
  private me: number;
  private count: number;
  /** States numbered before this thread's share of a search on several threads (a handed search's, `baton.ts`). */
  private base: number;
  /** This thread's first local number after `base` (its links before it are the states below `base`). */
  private start = 0;
  private others = 0;
  readonly packAt: number;
  readonly coverage: Record<string, number> = {};
  /** The chunks of this thread's levels (`chunks.ts`): a level released gives them to the next. */
  readonly chunks = new ChunkPool();
  /** The fingerprint of the state last given to `fingerprint`. */
  readonly fp: Fingerprint = { hi: 0, lo: 0 };
  private readonly words = new WordBuffer();
  /** Words of the drain's states, for its memo (apart from `words`, which a level may still copy). */
  private readonly drainWords = new WordBuffer();
  generated = 0;
  /**
   * The distinct states the search counts when it stopped at a state after admitting more (judge threads settle
   * verdicts after the states: `judged-level.ts`); null: all it admitted.
   */
  counted: number | null = null;
  /**
   * Steps the fault-free drains took to judge this thread's states: a state's drain runs until it reaches
   * quiescence or a state an earlier drain passed (the memo). The search's work beyond its own states, the
   * figure a faster drain or memo changes whatever the machine's speed.
   */
  drainSteps = 0;
  private readonly stream = new StreamingFingerprint();
  /** The drain memo's table (`shareDrainMemo` replaces it with the workers' shared one, not counted in `bytes`). */
  private drainOk: DrainTable;
  private drainShared = false;
  /** The current drain's states the memo keeps: fingerprint halves and the steps into the drain, three numbers each. */
  private readonly path: number[] = [];
  /** The drain memo's failing half (`failed-drains.ts`): this thread's, filled once drains fail. */
  private readonly failed: FailedDrains | null;
  private readonly memo: DrainMemo<S>;
  /** The drain on the judged state itself, when the caller gives it up (fast path only). */
  private readonly given: Stepper<S, A> | null;
  /** The judged state's fingerprint, used for the drain's first state instead of encoding it again. */
  private first: Fingerprint | null = null;
  private readonly judgedFp: Fingerprint = { hi: 0, lo: 0 };

  constructor(
    readonly checked: Checked<S, A>,
    opts: CoreOptions,
  ) {
    this.me = opts.worker ?? 0;
    this.packAt = opts.packAt ?? PACK_AT;
    this.count = opts.workers ?? 1;
    this.base = opts.base ?? 0;
    this.engine = engineFor(checked, opts.symmetry, opts.plain === true);
    const inPlace = this.engine.inPlace;
    this.given = inPlace && { start: (s) => s, apply: inPlace };
    this.seen = new FingerprintSet(Math.max(256, opts.room ?? 0), opts.maxStates);
    this.drainOk = opts.drainMemo ?? new FingerprintSet();
    this.failed = opts.failedDrains === false ? null : new FailedDrains();
    this.links = new Links(this.base + opts.maxStates * Math.max(this.count, opts.handOffWorkers ?? 1));
    for (const t of checked.model.actionTypes) this.coverage[t] = 0;
    const drainFp: Fingerprint = { hi: 0, lo: 0 };
    const meets = checked.model.meetTypes;
    this.memo = {
      known: (s, next, length) => {
        let { hi, lo } = drainFp;
        if (this.first) {
          ({ hi, lo } = this.first);
          this.first = null;
        } else {
          if (meets === null ? !sampled(next, this.stream) : !meets.has(next.type)) return false;
          // The state's own words, with symmetry too: a drain is a function of the state, not of its orbit.
          this.ownFingerprint(s, drainFp);
          ({ hi, lo } = drainFp);
        }
        if (this.drainOk.has(hi, lo)) return true;
        const failure = this.failed?.get(hi, lo) ?? null;
        if (failure !== null) return failure;
        this.path.push(hi, lo, length);
        return false;
      },
      passed: () => {
        for (let i = 0; i < this.path.length; i += 3) this.drainOk.add(this.path[i]!, this.path[i + 1]!);
      },
    };
  }

  /** Entries of the drain memo's passing half. */
  get drainMemoSize(): number {
    return this.drainOk.size;
  }

  /** Each entry of the drain memo's passing half (a table of this thread's own: `FingerprintSet`), to `f`. */
  forEachDrainMemo(f: (hi: number, lo: number) => void): void {
    if (this.drainOk instanceof FingerprintSet) this.drainOk.forEach(f);
  }

  /** Keeps the drain memo in `table` from now on (a table the workers share, counted by whoever made it). */
  shareDrainMemo(table: DrainTable): void {
    this.drainOk = table;
    this.drainShared = true;
  }

  /**
   * Fingerprints `s` into `this.fp`, its words left in `this.words` (hashed in one loop: a call a word to
   * a streaming hash was a tenth of a kafka-txn search).
   */
  fingerprint(s: S): void {
    this.words.reset();
    this.engine.encode(s, this.words);
    fingerprint(this.words.words, this.words.length, this.fp);
  }

  /** The fingerprint of `s`'s own words (the model's encoding, whatever the engine's) into `out`. */
  private ownFingerprint(s: S, out: Fingerprint): void {
    const w = this.drainWords;
    w.reset();
    this.checked.model.fast.encode(s, w);
    fingerprint(w.words, w.length, out);
  }

  /**
   * The model's own words of the state last fingerprinted, for a level that keeps states as them (null
   * under symmetry: the fingerprinted words are its orbit's).
   */
  get ownWords(): WordBuffer | null {
    return this.engine.symmetry ? null : this.words;
  }

  /** The worker that owns fingerprint (hi, lo). */
  owner(lo: number): number {
    return this.count === 1 ? 0 : (lo >>> 0) % this.count;
  }

  /** The distinct states the search counts. */
  get distinct(): number {
    return this.counted ?? this.seen.size;
  }

  /** This thread's number, and the number of threads (states are numbered `base + local * workers + worker`). */
  get worker(): number {
    return this.me;
  }
  get workers(): number {
    return this.count;
  }

  /**
   * This thread goes on as thread `worker` of `workers` with a search it ran alone so far (`baton.ts`): its states
   * keep their numbers, and the ones it admits from now on are numbered after them as that thread's.
   */
  continueAs(worker: number, workers: number, others: number): void {
    this.base = this.links.size;
    this.start = this.links.size;
    this.me = worker;
    this.count = workers;
    this.others = others;
  }

  /**
   * The fingerprints this thread holds as their owner: all it holds but, after `continueAs`, the `others` it
   * admitted alone that the other threads own now (it never looks them up again; they hold them too).
   */
  get owned(): number {
    return this.seen.size - this.others;
  }

  /** The local number (in this thread's links) of state `id`, one this thread numbered. */
  localOf(id: number): number {
    return id < this.base ? id : this.start + Math.floor((id - this.base) / this.count);
  }

  /** Admits a state the caller found absent from `seen`: its global number. */
  admit(hi: number, lo: number, parent: number, action: number): number {
    this.seen.insert(hi, lo);
    return this.base + (this.links.add(parent, action) - this.start) * this.count + this.me;
  }

  /**
   * Bytes the search keeps for its states: fingerprints, parent links and the drain's memo (its passing half
   * unless shared, its failing half).
   */
  get bytes(): number {
    const memo = this.drainShared || this.drainOk.size === 0 ? 0 : this.drainOk.bytes;
    const failed = this.failed === null || this.failed.size === 0 ? 0 : this.failed.bytes;
    return this.seen.bytes + this.links.bytes + memo + failed;
  }

  /** Memory per admitted state. */
  get bytesPerState(): number {
    return this.seen.size === 0 ? 0 : this.bytes / this.seen.size;
  }

  /**
   * How far `s` (fingerprint `hi`, `lo`) is from a violation: -1 when it holds every invariant and
   * drains to a quiescence that does, else the steps from `s` to the violated step (0: `s` itself
   * violates an every-step invariant or is a quiescence that violates one; k: the k-th drain step).
   * `mine`: the caller gives `s` up (it is packed away), so the drain steps it in place instead of a copy.
   */
  judge(s: S, hi: number, lo: number, mine = false): number {
    this.path.length = 0;
    if (this.engine.symmetry) {
      // (hi, lo) is the orbit's fingerprint: the memo keys drains by the state's own.
      this.ownFingerprint(s, this.judgedFp);
      this.first = this.judgedFp;
    } else this.first = { hi, lo };
    const r = run(this.checked, s, () => null, 'explore', {
      stepper: mine && this.given ? this.given : this.engine.drain,
      drain: true,
      stopAtViolation: true,
      skipDisabled: false,
      memo: this.memo,
    });
    this.first = null;
    this.drainSteps += r.length;
    if (r.violations.length === 0) return -1;
    const d = distance(r.violations);
    this.failedAt(r.violations, d);
    return d;
  }

  /**
   * Keeps the states of a drain that failed `d` steps into it (each is that many steps from the violation less
   * its own steps into it), unless the failure is the drain's step limit's (`progress`: a count, not a state's).
   */
  private failedAt(vs: readonly Violation[], d: number): void {
    const path = this.path;
    if (this.failed === null || path.length === 0 || vs.some((v) => v.invariant === 'progress')) return;
    for (let i = 2; i < path.length; i += 3) path[i] = d - path[i]!;
    this.failed.record(vs, path);
  }

  /**
   * The successor by `a` of the k-th state of `level` (`s`: that state, when the caller has it). On a packed
   * level the step is applied in place: to the model's copy of `s` (`FastPath.copy`, what decoding it again
   * gives: in a kafka-txn depth-12 profile, decoding for successors took 662 ms, and decoding once a state plus
   * copying 528 ms), or without one to a new decoding; with `last` (the caller's last use of `s`, which a packed
   * level decoded for it alone) to `s` itself.
   */
  successorAt(level: Frontier<S>, k: number, a: A, s?: S, last = false): S {
    const inPlace = level.packed ? this.engine.inPlace : null;
    if (inPlace === null) return this.engine.successor(s ?? level.state(k), a);
    if (s === undefined) return inPlace(level.state(k), a);
    if (last) return inPlace(s, a);
    // `s` is the level's state k as decoded, untouched until its last successor: its copy is a decoding.
    const copy = this.engine.copy;
    return inPlace(copy === null ? level.state(k) : copy(s), a);
  }

  /**
   * Where in `acts` (the enabled actions of `s`, a state whose drain passed: `judge` gave -1) the action is
   * that the drain takes first from `s`, or -1 (quiescent, or not one of them, or the plain engine). The
   * successor by it is the second state of that drain, so its own drain is the rest of that one and passes
   * too (the drain is a function of the state): its `judge` is -1 without a drain. On kafka-txn depth 10,
   * one judged state in eight is such a successor, and the search takes 9% fewer drain steps (entering it in
   * the drain memo too saved none).
   */
  drainIndex(s: S, acts: readonly A[]): number {
    if (!this.engine.along) return -1;
    const d = this.checked.model.drain(s);
    if (d === null) return -1;
    for (let i = 0; i < acts.length; i++) if (sameAction(acts[i]!, d)) return i;
    return -1;
  }

  /** The enabled actions of `s`, counted for coverage (at most 255: the links store a byte). */
  enabledCounted(s: S): A[] {
    const acts = this.checked.model.enabled(s);
    if (acts.length > 255) throw new Error(`internal: ${acts.length} enabled actions, the search records at most 255`);
    for (const a of acts) this.coverage[a.type] = (this.coverage[a.type] ?? 0) + 1;
    this.generated += acts.length;
    return acts;
  }
}

/**
 * Where a model marks no action `meet`, the drain memo keeps and looks up one drain state in about this many
 * (`sampled`): 8 was the fastest such rate on kafka-txn.
 */
const SAMPLE = 8;

/**
 * Whether the drain memo keeps and looks up a drain state, chosen by the action the drain takes
 * next from it. Encoding the whole state at every drain step was a third of the search; a drain
 * that meets another at a state takes the same actions from there on (the drain is a function of
 * the state), so it meets that drain's kept states too, at most a few steps later. A judged state
 * itself is always kept. Which states are kept never changes a verdict: a hit needs the whole
 * state's fingerprint.
 */
function sampled(next: AnyAction, h: StreamingFingerprint): boolean {
  h.reset();
  encodePlain(next, h);
  h.finish(SAMPLED);
  return SAMPLED.lo % SAMPLE === 0;
}
const SAMPLED: Fingerprint = { hi: 0, lo: 0 };

/** Steps from a run's start to its first violation (a violation at step index i is i + 1 steps in). */
function distance(vs: readonly { readonly step: number }[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const v of vs) first = Math.min(first, v.step + 1);
  return first;
}
