/**
 * An exhaustive search handed from one thread to workers, going on from where it stopped (`check.ts`) rather
 * than starting again: the thread stops after a state of the level it is expanding and becomes thread 0 of the
 * search on several threads (`share-search.ts`), its core kept (tables, links, counts, and its compiled code,
 * warm: a worker started fresh expands its first level about as slowly as one thread does). Each other thread
 * gets the fingerprints it owns (`SearchCore.owner`) and its slice of the states of that level the thread had
 * not expanded and of the next level's it had admitted and judged, and numbers its states after the thread's
 * (`base`); thread 0 answers for those below `base` when a counterexample is rebuilt (`parallel.ts`). Every
 * state is expanded once and judged once, so the counts and the verdict are the one thread's.
 */
import type { MessagePort } from 'node:worker_threads';
import type { AnyAction, Words } from '../../../model/core/model.js';
import { WordBuffer } from '../../../model/core/words.js';
import type { Frontier } from '../frontier/frontier.js';
import { keyOf } from '../frontier/level-order.js';
import type { Levels } from '../frontier/levels.js';
import type { SearchCore } from '../search/search-core.js';
import type { FingerprintSet } from '../store/fingerprint-set.js';
import { fingerprint } from '../store/hash.js';
import { SharedMemo } from '../store/shared-memo.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { type Mailbox, shareSearch } from './share-search.js';

/**
 * States as a worker receives them: per state its global number and fingerprint halves, then, for a model that
 * decodes its words, their count and the words (else the state is the next of `states`, copied as structured
 * clone copies it).
 */
export interface Parcel {
  readonly meta: Int32Array<ArrayBuffer>;
  readonly states: unknown[];
  readonly count: number;
  /**
   * Per state, its place in the one-thread order (`level-order.ts`): in a level, its rank; in the next level, its
   * key.
   */
  readonly order: Float64Array<ArrayBuffer>;
}

/** Appends state `t` (number `id`, fingerprint `hi`, `lo`) to a parcel: as its words when `encode` is given. */
export function packState<S>(
  meta: WordBuffer,
  states: unknown[],
  t: S,
  id: number,
  hi: number,
  lo: number,
  encode: ((s: S, out: Words) => void) | null,
): void {
  meta.push(id);
  meta.push(hi);
  meta.push(lo);
  if (encode === null) {
    states.push(t);
    return;
  }
  const at = meta.length;
  meta.push(0);
  encode(t, meta);
  meta.words[at] = meta.length - at - 1;
}

/**
 * Appends the k-th state of `level` (fingerprint `hi`, `lo`) to a parcel as `packState` does, its words copied
 * from the level when it keeps them (the model's own words, what `encode` writes) rather than decoded and encoded
 * again.
 */
export function packKept<S>(
  meta: WordBuffer,
  states: unknown[],
  level: Frontier<S>,
  k: number,
  hi: number,
  lo: number,
  encode: ((s: S, out: Words) => void) | null,
): void {
  const at = encode === null ? -1 : copyKept(meta, level, k);
  if (at < 0) {
    packState(meta, states, level.state(k), level.id(k), hi, lo, encode);
    return;
  }
  meta.words[at + 1] = hi;
  meta.words[at + 2] = lo;
}

/**
 * Appends the k-th state of `level` to a parcel as its words, when the level keeps them: where its entry starts
 * (its fingerprint halves, at 1 and 2 from there, left 0 for the caller), or -1, nothing appended.
 */
function copyKept<S>(meta: WordBuffer, level: Frontier<S>, k: number): number {
  const at = meta.length;
  meta.push(level.id(k));
  meta.push(0);
  meta.push(0);
  meta.push(0);
  if (!level.wordsOf(k, meta)) {
    meta.length = at;
    return -1;
  }
  meta.words[at + 3] = meta.length - at - 4;
  return at;
}

/**
 * Calls `each` for every state of a parcel in order: with its words (`words` true: a view of the parcel, valid
 * until the next call) or with the parcel's object (`words` false: `state` is it, `view` empty).
 */
export function readParcel<S>(
  meta: Int32Array<ArrayBuffer>,
  states: readonly unknown[],
  words: boolean,
  each: (view: WordBuffer, state: S | null, id: number, hi: number, lo: number) => void,
): void {
  const view = new WordBuffer();
  for (let j = 0, at = 0; at < meta.length; j++) {
    const id = meta[at]!;
    const hi = meta[at + 1]! >>> 0;
    const lo = meta[at + 2]! >>> 0;
    at += 3;
    if (words) {
      const n = meta[at]!;
      view.words = meta.subarray(at + 1, at + 1 + n);
      view.length = n;
      each(view, null, id, hi, lo);
      at += 1 + n;
    } else {
      // A thread of the same model sent it: a state of this model, as structured clone copied it.
      each(view, states[j] as S, id, hi, lo);
    }
  }
}

/** Where the one thread stopped, for workers to go on (`take` in `ExhaustiveOptions.handOff`). */
export interface Handed {
  /** The level being expanded when the thread stopped, or the next one when it stopped at a level's end. */
  readonly depth: number;
  /** Whether it stopped inside that level (its end not yet counted: `Levels.completed`). */
  readonly mid: boolean;
  /** Its states the thread had not expanded yet. */
  readonly level: Parcel;
  /** The states of the level at depth + 1 the thread admitted and judged. */
  readonly next: Parcel;
  readonly seen: FingerprintSet;
  /** The states the thread numbered (0 to base - 1). */
  readonly base: number;
  readonly levels: Levels;
  /** The transitions the thread's sleep sets spared before it stopped (absent: it kept none; the threads keep none). */
  readonly sleepSkipped?: number;
  /**
   * The thread goes on as thread 0 of `workers` (its core, counts, tables and links kept, its compiled code warm),
   * with `mine` its share of the levels (`batons`) and `others` of the fingerprints it holds owned by the other
   * threads now: what it does with the main thread's messages (`share-search.ts`).
   */
  here(
    workers: number,
    peers: readonly (MessagePort | null)[],
    mail: Mailbox,
    memo: SharedArrayBuffer,
    send: (m: FromWorker) => void,
    mine: Baton,
    others: number,
  ): (m: ToWorker) => void;
}

/**
 * What the thread hands over after expanding `expanded` states of `level` (at `depth`), with `next` the states it
 * admitted for the level after. The thread's drain memo goes to the workers separately (`exhaustiveParallel`).
 */
export function handOver<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  initial: S,
  levels: Levels,
  depth: number,
  level: Frontier<S>,
  expanded: number,
  next: Frontier<S>,
  mid: boolean,
): Handed {
  const encode = core.checked.model.fast.decode ? core.checked.model.fast.encode : null;
  const fp = { hi: 0, lo: 0 };
  // One thread numbers a level's states in the order it admits them: a state's rank is its place, and a state of
  // the next level has the key of its parent's place and its action (its link).
  const first = level.length === 0 ? 0 : level.id(0);
  const rankOf = (k: number): number => k;
  const keyIn = (k: number): number => {
    const n = core.localOf(next.id(k));
    return keyOf(core.links.parentOf(n) - first, core.links.actionOf(n));
  };
  const parcel = (f: Frontier<S>, from: number, order: (k: number) => number): Parcel => {
    const meta = new WordBuffer();
    const states: unknown[] = [];
    const places = new Float64Array(f.length - from);
    for (let k = from; k < f.length; k++) {
      places[k - from] = order(k);
      // A level of words is copied as it is, fingerprinted as the search did (the words' own, but under symmetry).
      const at = core.engine.symmetry ? -1 : copyKept(meta, f, k);
      if (at >= 0) {
        fingerprint(meta.words, meta.words[at + 3]!, fp, at + 4);
        meta.words[at + 1] = fp.hi;
        meta.words[at + 2] = fp.lo;
        continue;
      }
      const t = f.state(k);
      core.fingerprint(t);
      packState(meta, states, t, f.id(k), core.fp.hi, core.fp.lo, encode);
    }
    return { meta: meta.words.slice(0, meta.length), states, count: f.length - from, order: places };
  };
  return {
    depth,
    mid,
    level: parcel(level, expanded, rankOf),
    next: parcel(next, 0, keyIn),
    seen: core.seen,
    base: core.links.size,
    levels,
    here: (workers, peers, mail, memo, send, mine, others) => {
      core.continueAs(0, workers, others);
      core.shareDrainMemo(new SharedMemo(memo));
      return shareSearch(core, initial, peers, mail, send, (share) => {
        share.seedParcel(mine.level);
        share.seedNext(mine.next);
      });
    },
  };
}

/** What one worker is given to go on with a handed search. */
export interface Baton {
  /** The thread's states: this worker numbers its own from here (`SearchCore`'s `base`). */
  readonly base: number;
  /** The fingerprints this worker owns, as (hi, lo) pairs. */
  readonly seen: Uint32Array<ArrayBuffer>;
  readonly level: Parcel;
  readonly next: Parcel;
}

/**
 * One baton a thread: thread w gets the w-th of `workers` runs of each level's states (their order kept: the
 * balance evens them out after the level) and, but thread 0 (the one that holds them all), the fingerprints that
 * are w modulo `workers` (as it owns them). `others`: how many of them thread 0 holds for the others.
 */
export function batons(h: Handed, workers: number, words: boolean): { batons: Baton[]; others: number } {
  const counts = new Array<number>(workers).fill(0);
  h.seen.forEach((_hi, lo) => {
    counts[(lo >>> 0) % workers]! += 1;
  });
  const seen = counts.map((n, w) => new Uint32Array(w === 0 ? 0 : 2 * n));
  const filled = new Array<number>(workers).fill(0);
  h.seen.forEach((hi, lo) => {
    const w = (lo >>> 0) % workers;
    if (w === 0) return;
    const at = filled[w]!;
    seen[w]![at] = hi;
    seen[w]![at + 1] = lo;
    filled[w] = at + 2;
  });
  const rest = deal(h.level, workers, words);
  const next = deal(h.next, workers, words);
  return {
    batons: seen.map((s, w) => ({ base: h.base, seen: s, level: rest[w]!, next: next[w]! })),
    others: h.seen.size - counts[0]!,
  };
}

/** A parcel cut into `workers` runs of states as even as can be, in order. */
function deal(p: Parcel, workers: number, words: boolean): Parcel[] {
  const out: Parcel[] = [];
  let at = 0;
  let j = 0;
  let k = 0;
  for (let w = 0; w < workers; w++) {
    const count = Math.floor(p.count / workers) + (w < p.count % workers ? 1 : 0);
    const start = at;
    for (let n = 0; n < count; n++) at += words ? 4 + p.meta[at + 3]! : 3;
    const states = p.states.slice(j, words ? j : j + count);
    out.push({ meta: p.meta.slice(start, at), states, count, order: p.order.slice(k, k + count) });
    if (!words) j += count;
    k += count;
  }
  return out;
}
