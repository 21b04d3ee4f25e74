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
import type { AnyAction } from '../../../model/core/model.js';
import { WordBuffer } from '../../../model/core/words.js';
import type { SentDeadline } from '../../types/sent-deadline.js';
import type { Frontier } from '../frontier/frontier.js';
import { keyOf } from '../frontier/level-order.js';
import type { Levels } from '../frontier/levels.js';
import type { SearchCore } from '../search/search-core.js';
import type { FingerprintSet } from '../store/fingerprint-set.js';
import { fingerprint } from '../store/hash.js';
import { SharedMemo } from '../store/shared-memo.js';
import { type Baton, copyKept, type Parcel, packState } from './parcel.js';
import type { FromWorker, ToWorker } from './protocol.js';
import { type Mailbox, shareSearch } from './share-search.js';

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
    deadline: SentDeadline | null,
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
    here: (workers, peers, mail, memo, send, mine, others, deadline) => {
      core.continueAs(0, workers, others);
      core.shareDrainMemo(new SharedMemo(memo));
      return shareSearch(
        core,
        initial,
        peers,
        mail,
        send,
        (share) => {
          share.seedParcel(mine.level);
          share.seedNext(mine.next);
        },
        deadline,
      );
    },
  };
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
