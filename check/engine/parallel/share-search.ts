/**
 * One thread's share of a breadth-first search on several (`parallel.ts`): it expands its share of each level;
 * a successor whose fingerprint another thread owns is claimed from that owner (words only: the fingerprint,
 * parent, action and parent's rank) and stays here if the owner admits it; it judges each state it keeps as it
 * keeps it (the drain memo shared by all); the threads merge their keys into the next level's ranks
 * (`level-order.ts`), then the main thread's balance plan evens out the level to be expanded next. A
 * worker thread runs it (`worker.ts`), and so does the main thread when it goes on with a search it began
 * alone (`baton.ts`): the transport is the caller's (`send` to the main thread's loop, `peers` to the others).
 */
import type { MessagePort } from 'node:worker_threads';
import type { AnyAction } from '../../../model/core/model.js';
import { WordBuffer } from '../../../model/core/words.js';
import { errorMessage } from '../../../util/errors.js';
import { DRAIN_LIMIT } from '../../run/execute.js';
import type { Checked } from '../../types/checked.js';
import { receiveDeadline, type SentDeadline } from '../../types/sent-deadline.js';
import { keyOf, LevelIndex, ranksOf, sortByKey, sortedKeys } from '../frontier/level-order.js';
import { type Best, beats } from '../frontier/levels.js';
import { SearchCore } from '../search/search-core.js';
import { ClaimCache } from '../store/claim-cache.js';
import { SharedMemo } from '../store/shared-memo.js';
import { type Batch, CLAIM_WORDS, type FromWorker, type ToWorker } from './protocol.js';
import { DROP, held, newShare, type Share } from './share.js';

/** The keeper of a state its owner keeps (`LevelIndex.keepers`; a claimant is its batch's place). */
const HERE = -1;

/**
 * Expands, claims, judges and balances `core`'s share of the search, level by level as the main thread says:
 * what it does with the main thread's messages. `seed` makes its first level (judging any state it admits);
 * it says `ready` once seeded. `deadline`: when it stops expanding (`--max-seconds`), on a clock of its own.
 */
export function shareSearch<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  initial: S,
  peers: readonly (MessagePort | null)[],
  mail: Mailbox,
  send: (m: FromWorker) => void,
  seed: (share: Share<S>, judged: (n: number, k: number) => void) => void,
  deadline: SentDeadline | null,
): (m: ToWorker) => void {
  const W = core.workers;
  // This thread's clock, read every 128 states: the real one, or on a ticking clock one that moves at its own readings
  // only, so that where the time cuts its share is a function of its work, not of the other threads' speed.
  const time = deadline === null ? null : receiveDeadline(deadline);
  const me = core.worker;
  const share = newShare(core, initial, W);
  // This worker's shortest counterexample so far (`beats`: the one-thread order's first of the fewest steps).
  let best: Best | null = null;
  // The level being made: its states kept here that are some steps from a violation (their place among the kept,
  // number, total length, whether endless), chosen between once their ranks are known. All are kept, not only the
  // shortest: a state past the cut (`cut`) is not one the search judged.
  let candidates: { readonly at: number; readonly id: number; readonly total: number; readonly endless: boolean }[] =
    [];
  const judged = (n: number, depth: number, k: number): void => {
    if (k < 0) return;
    const total = depth + k;
    // A shallower state's counterexample as short comes first in the one-thread order.
    if (best !== null && total >= best.total) return;
    candidates.push({ at: share.kept - 1, id: n, total, endless: k >= DRAIN_LIMIT });
  };
  /** The level's candidates (`ranks`: their ranks, by place among the kept) below `cut`: the first may be the best. */
  const choose = (depth: number, ranks: Int32Array, cut: number): void => {
    for (const c of candidates) {
      const rank = ranks[c.at]!;
      if (rank >= cut) continue;
      const b = { id: c.id, total: c.total, depth, rank, endless: c.endless };
      if (beats(b, best)) best = b;
    }
    candidates = [];
  };
  let planned: ((m: Extract<ToWorker, { type: 'balance' }>) => void) | null = null;
  // Fingerprints already claimed from their owner: a state reached again is mostly not claimed again (this
  // thread expands its states in rank order, so its first claim of a state has its least key).
  const sent = new ClaimCache();
  // The states this thread admitted as owner in the level being made, with their least keys.
  const index = new LevelIndex();
  // Under symmetry a fingerprint is an orbit's, and the member a thread keeps is the one its discovery made (its
  // successors' links are that member's actions): the state is kept by whoever found it first in the one-thread
  // order, so the owner holds its own finds too until the claims are in, and keeps them then if none came first.
  const orbits = core.engine.symmetry;
  // States this thread admitted for itself in the level and holds (under symmetry).
  let ownHeld = 0;
  const post = (to: number, b: Batch, more: readonly ArrayBuffer[] = []): void =>
    peers[to]!.postMessage(b, [b.meta.buffer, ...more]);

  // The initial state, of rank 0 in its level.
  seed(share, (n, k) => {
    if (k >= 0) best = { id: n, total: k, depth: 0, rank: 0, endless: k >= DRAIN_LIMIT };
  });

  // States the owners admitted for this worker that the time ran out before it judged: found, not checked.
  let unjudged = 0;
  // Whether this thread dropped a new state of the level, one `--max-states` has no room for: the level is cut.
  let full = false;
  // New states this thread admitted in the level.
  let admitted = 0;
  /**
   * Expands this worker's share of the level in rank order: it keeps and judges the successors it owns and the
   * owners admit, with their global numbers and keys, for the next level. True when the time ran out (the level's
   * states not kept by then are dropped, as the one-thread search drops them).
   *
   * `--max-states` leaves `left` new states: the one-thread search admits the level's first `left` and stops. Here a
   * thread drops a new state once it knows `left` of the level's states to come before it: each source of keys
   * (its own expansion, each other thread's claims) gives keys in increasing order, so once `left` states were
   * admitted from one source, up to key K, every state whose key is past K has `left` before it. So the first
   * `left` of the level are all admitted, with their least keys, and their ranks are exact (`choose` keeps those).
   */
  const expand = async (depth: number, left: number): Promise<boolean> => {
    let timedOut = false;
    // The least key at which a source had given `left` new states (a state past it has `left` before it), and the
    // count of the source being read.
    let past = left > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    let count = 0;
    core.seen.allow(core.seen.size + W * left);
    // Admits a new state this thread owns unless `left` come before it: its global number, or DROP.
    const admit = (hi: number, lo: number, parent: number, action: number, key: number): number => {
      if (key > past) {
        full = true;
        return DROP;
      }
      if (++count === left) past = Math.min(past, key);
      admitted += 1;
      return core.admit(hi, lo, parent, action);
    };
    const late = (j: number): boolean => time !== null && (j & 127) === 127 && time.clock.now() > time.at;
    const judgedNext = (n: number, k: number): void => judged(n, depth + 1, k);
    const claims = Array.from({ length: W }, () => new WordBuffer());
    sent.fit(core.seen.size);
    index.clear();
    ownHeld = 0;
    admitted = 0;
    full = false;
    for (let j = 0; j < share.size && !timedOut; j++) {
      if (late(j)) timedOut = true;
      const from = share.id(j);
      const rank = share.rank(j);
      // Every successor of this state and of those after it has `left` states before it, and the level is known to
      // be cut (a new state was dropped): the rest of the share can only add states past the cut. (Not before: if
      // the level has exactly `left` new states, one thread completes it, and only the whole level tells.)
      if (full && keyOf(rank, 0) > past) break;
      share.expand(
        j,
        (hi, lo, i) => {
          const o = core.owner(lo);
          if (o === me) {
            // Found here before, in this level too: from a state of lower rank, or by a lesser action.
            if (core.seen.has(hi, lo)) return DROP;
            const key = keyOf(rank, i);
            const n = admit(hi, lo, from, i, key);
            if (n < 0) return n;
            index.add(hi, lo, core.links.size - 1, n, key, HERE, orbits ? ownHeld++ : share.kept);
            return orbits ? held(me) : n;
          }
          if (!sent.add(hi, lo)) return DROP;
          const out = claims[o]!;
          out.push(hi);
          out.push(lo);
          out.push(from);
          out.push(i);
          out.push(rank);
          return held(o);
        },
        judgedNext,
      );
    }
    for (let p = 0; p < W; p++) {
      if (p !== me) post(p, { kind: 'claims', depth, from: me, meta: claims[p]!.words.slice(0, claims[p]!.length) });
    }
    // The owner admits the claims in worker order after its own states, so the numbering is the same every run,
    // and keeps each new state's least key and its link, whoever keeps the state.
    const batches = await mail.take('claims', depth, W - 1);
    const answers = batches.map((b) => new Int32Array(b.meta.length / CLAIM_WORDS));
    batches.forEach((b, x) => {
      const m = b.meta;
      const a = answers[x]!;
      // Each claimant's keys are a source of their own.
      count = 0;
      for (let j = 0, at = 0; j < a.length; j++, at += CLAIM_WORDS) {
        const hi = m[at]! >>> 0;
        const lo = m[at + 1]! >>> 0;
        const parent = m[at + 2]!;
        const action = m[at + 3]!;
        const key = keyOf(m[at + 4]!, action);
        // -1: seen (or dropped: DROP is -1): not admitted, so the claimant drops it.
        a[j] = -1;
        if (core.seen.has(hi, lo)) {
          const e = index.find(hi, lo);
          if (e >= 0 && key < index.keys[e]!) {
            index.keys[e] = key;
            core.links.set(index.locals[e]!, parent, action);
            if (orbits) {
              // This claimant keeps the state now; the one that was to keep it drops it.
              const before = index.keepers[e]!;
              if (before !== HERE) answers[before]![index.at[e]!] = -1;
              index.keepers[e] = x;
              index.at[e] = j;
              a[j] = index.ids[e]!;
            }
          }
          continue;
        }
        const n = admit(hi, lo, parent, action, key);
        a[j] = n;
        if (n >= 0) index.add(hi, lo, core.links.size - 1, n, key, x, j);
      }
    });
    // Each admitted state's least key, to whoever keeps it (a state held here is kept now: none came first).
    const keys = answers.map((a) => new Float64Array(a.length));
    for (let e = 0; e < index.size; e++) {
      const keeper = index.keepers[e]!;
      if (keeper !== HERE) keys[keeper]![index.at[e]!] = index.keys[e]!;
      else if (!orbits) share.order.setKey(index.at[e]!, index.keys[e]!);
      else if (timedOut) unjudged += 1;
      else {
        const { ids, his, los } = index;
        judgedNext(ids[e]!, share.admitHeld(me, index.at[e]!, ids[e]!, his[e]! >>> 0, los[e]! >>> 0, index.keys[e]!));
      }
    }
    batches.forEach((b, x) => {
      post(b.from, { kind: 'answers', depth, from: me, meta: answers[x]!, keys: keys[x]! }, [keys[x]!.buffer]);
    });
    for (const b of await mail.take('answers', depth, W - 1)) {
      const cl = claims[b.from]!.words;
      for (let j = 0; j < b.meta.length; j++) {
        if (!timedOut && late(j)) timedOut = true;
        const n = b.meta[j]!;
        if (n < 0) continue;
        if (timedOut) unjudged += 1;
        else {
          const hi = cl[CLAIM_WORDS * j]! >>> 0;
          const lo = cl[CLAIM_WORDS * j + 1]! >>> 0;
          judgedNext(n, share.admitHeld(b.from, j, n, hi, lo, b.keys[j]!));
        }
      }
    }
    return timedOut;
  };

  /** Sends the surplus the main thread planned to the workers below their share, takes in what comes. */
  const balance = async (depth: number, plan: Extract<ToWorker, { type: 'balance' }>): Promise<void> => {
    for (const sh of plan.sends) {
      const meta = new WordBuffer();
      const states: unknown[] = [];
      const ranks: number[] = [];
      share.ship(sh.count, meta, states, ranks);
      const r = Int32Array.from(ranks);
      post(sh.to, { kind: 'states', depth, from: me, meta: meta.words.slice(0, meta.length), states, ranks: r }, [
        r.buffer,
      ]);
    }
    for (const b of await mail.take('states', depth, plan.receives)) share.receive(b.meta, b.states, b.ranks);
  };

  const level = async (depth: number, left: number, cut: number): Promise<void> => {
    const timedOut = await expand(depth, left);
    // The next level's ranks: this thread's keys merged with the others'.
    const keys = share.order.keys.values;
    const order = sortByKey(keys, share.kept);
    for (let p = 0; p < W; p++) if (p !== me) post(p, { kind: 'keys', depth, from: me, meta: sortedKeys(keys, order) });
    const plan = new Promise<Extract<ToWorker, { type: 'balance' }>>((resolve) => (planned = resolve));
    send({ type: 'kept', count: share.kept });
    const others = await mail.take('keys', depth, W - 1);
    const ranks = ranksOf(
      keys,
      order,
      others.map((b) => b.meta),
    );
    share.order.setRanks(ranks);
    choose(depth + 1, ranks, cut);
    await balance(depth, await plan);
    share.advance();
    send({
      type: 'level-done',
      distinct: core.owned,
      unjudged,
      generated: core.generated,
      drainSteps: core.drainSteps,
      frontier: share.size,
      enabledAtFrontier: share.enabledAtLevel(),
      best,
      timedOut,
      full,
      admitted,
      coverage: core.coverage,
      bytes: core.bytes + sent.bytes,
    });
  };

  send({ type: 'ready', frontier: share.size });
  return (m) => {
    switch (m.type) {
      case 'peers':
      case 'start':
        send({ type: 'error', message: `internal: ${m.type} after start` });
        return;
      case 'level':
        if (m.memo) core.shareDrainMemo(new SharedMemo(m.memo));
        void level(m.depth, m.left, m.cut).catch((e: unknown) => send({ type: 'error', message: errorMessage(e) }));
        return;
      case 'balance':
        planned?.(m);
        planned = null;
        return;
      case 'link':
        send({
          type: 'link',
          parent: core.links.parentOf(core.localOf(m.id)),
          action: core.links.actionOf(core.localOf(m.id)),
        });
        return;
    }
  };
}

/** How a thread's share of a search is set up: its number and the search's options. */
export interface ShareSetup {
  readonly symmetry: boolean;
  /** The model's `step` only (`ExhaustiveOptions.plain`). */
  readonly plain: boolean;
  readonly maxStates: number;
  readonly worker: number;
  readonly workers: number;
}

/**
 * Thread `setup.worker`'s share of the search from where `start` says (the initial state, or a baton:
 * `baton.ts`), in a new core: what it does with the main thread's messages from then on.
 */
export function startShare<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  setup: ShareSetup,
  peers: readonly (MessagePort | null)[],
  mail: Mailbox,
  send: (m: FromWorker) => void,
  start: Extract<ToWorker, { type: 'start' }>,
): (m: ToWorker) => void {
  const baton = start.baton;
  const core = new SearchCore(c, {
    symmetry: setup.symmetry,
    plain: setup.plain,
    worker: setup.worker,
    workers: setup.workers,
    maxStates: setup.maxStates,
    base: baton?.base,
    room: baton?.seen.length,
  });
  core.shareDrainMemo(new SharedMemo(start.memo));
  return shareSearch(
    core,
    initial,
    peers,
    mail,
    send,
    (share, judged) => {
      if (baton) {
        // Going on where one thread stopped: its fingerprints this worker owns, its slice of the level and the next.
        const fps = baton.seen;
        for (let j = 0; j < fps.length; j += 2) core.seen.insert(fps[j]!, fps[j + 1]!);
        share.seedParcel(baton.level);
        share.seedNext(baton.next);
        return;
      }
      core.fingerprint(initial);
      if (core.owner(core.fp.lo) !== core.worker) return;
      const { hi, lo } = core.fp;
      const n = core.admit(hi, lo, -1, 0);
      judged(n, core.judge(initial, hi, lo));
      share.seed(initial, n);
    },
    start.deadline,
  );
}

/** Peer batches by kind and level, handed out in worker order once all expected have come. */
export class Mailbox {
  private readonly boxes = new Map<string, Batch[]>();
  private waiter: { key: string; count: number; resolve: (b: Batch[]) => void } | null = null;
  put(b: Batch): void {
    const key = `${b.kind}:${b.depth}`;
    const list = this.boxes.get(key) ?? [];
    list.push(b);
    this.boxes.set(key, list);
    this.check();
  }
  take<K extends Batch['kind']>(kind: K, depth: number, count: number): Promise<Extract<Batch, { kind: K }>[]> {
    return new Promise((resolve) => {
      // Batches under the key `kind:depth` are of that kind (`put` files them so).
      this.waiter = { key: `${kind}:${depth}`, count, resolve: (b) => resolve(b as Extract<Batch, { kind: K }>[]) };
      this.check();
    });
  }
  private check(): void {
    const w = this.waiter;
    if (w === null) return;
    const list = this.boxes.get(w.key) ?? [];
    if (list.length < w.count) return;
    this.waiter = null;
    this.boxes.delete(w.key);
    w.resolve(list.sort((a, b) => a.from - b.from));
  }
}
