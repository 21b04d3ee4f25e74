/**
 * States in transit between the threads of a search: a parcel (their numbers, fingerprints and words, or the
 * objects themselves) and a baton, what one worker is given to go on with a search handed over (`baton.ts`).
 */
import type { Words } from '../../../model/core/model.js';
import { WordBuffer } from '../../../model/core/words.js';
import type { Frontier } from '../frontier/frontier.js';

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
export function copyKept<S>(meta: WordBuffer, level: Frontier<S>, k: number): number {
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

/** What one worker is given to go on with a handed search. */
export interface Baton {
  /** The thread's states: this worker numbers its own from here (`SearchCore`'s `base`). */
  readonly base: number;
  /** The fingerprints this worker owns, as (hi, lo) pairs. */
  readonly seen: Uint32Array<ArrayBuffer>;
  readonly level: Parcel;
  readonly next: Parcel;
}
