/**
 * One thread's share of a breadth-first search on several (`parallel.ts`): it expands its share of each level;
 * a successor whose fingerprint another thread owns is claimed from that owner (words only: the fingerprint,
 * parent and action) and stays here if the owner admits it; it judges each state it keeps as it keeps it (the
 * drain memo shared by all), then the main thread's balance plan evens out the level to be expanded next. A
 * worker thread runs it (`worker.ts`), and so does the main thread when it goes on with a search it began
 * alone (`baton.ts`): the transport is the caller's (`send` to the main thread's loop, `peers` to the others).
 */
import type { MessagePort } from 'node:worker_threads';
import type { AnyAction } from '../../model/core/model.js';
import { WordBuffer } from '../../model/core/words.js';
import { errorMessage } from '../../util/errors.js';
import type { Checked } from '../checked.js';
import { DRAIN_LIMIT } from '../execute.js';
import { ClaimCache } from './claim-cache.js';
import { type Best, beats } from './levels.js';
import type { Batch, FromWorker, ToWorker } from './protocol.js';
import { SearchCore } from './search-core.js';
import { DROP, held, newShare, type Share } from './share.js';
import { SharedMemo } from './shared-memo.js';

/**
 * Expands, claims, judges and balances `core`'s share of the search, level by level as the main thread says:
 * what it does with the main thread's messages. `seed` makes its first level (judging any state it admits);
 * it says `ready` once seeded.
 */
export function shareSearch<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  initial: S,
  peers: readonly (MessagePort | null)[],
  mail: Mailbox,
  send: (m: FromWorker) => void,
  seed: (share: Share<S>, judged: (n: number, depth: number, k: number) => void) => void,
): (m: ToWorker) => void {
  const W = core.workers;
  const me = core.worker;
  const share = newShare(core, initial, W);
  // This worker's shortest counterexample so far: the state it starts from (global number) and its total length;
  // of two as short, the lower-numbered (as the main thread picks among the workers'), whatever the order judged.
  let best: Best | null = null;
  const judged = (n: number, depth: number, k: number): void => {
    if (k < 0) return;
    const b = { id: n, total: depth + k, endless: k >= DRAIN_LIMIT };
    if (beats(b, best)) best = b;
  };
  let planned: ((m: Extract<ToWorker, { type: 'balance' }>) => void) | null = null;
  // Fingerprints already claimed from their owner: a state reached again is mostly not claimed again.
  const sent = new ClaimCache();
  const post = (to: number, b: Batch): void => peers[to]!.postMessage(b, [b.meta.buffer]);

  seed(share, judged);

  /**
   * Expands this worker's share of the level: it keeps and judges the successors it owns and the owners
   * admit, with their global numbers, for the next level. True when the time ran out (the level's states
   * not kept by then are dropped, as the one-thread search drops them).
   */
  // States the owners admitted for this worker that the time ran out before it judged: found, not checked.
  let unjudged = 0;
  // Whether this thread used its budget of states (`--max-states`): it admits no more.
  let full = false;
  const expand = async (depth: number, deadline: number | null, budget: number): Promise<boolean> => {
    let timedOut = false;
    let room = budget;
    // Admits a state this thread owns, within its budget: its global number, or DROP (the budget is used).
    const admit = (hi: number, lo: number, parent: number, action: number): number => {
      if (room <= 0) {
        full = true;
        return DROP;
      }
      room -= 1;
      return core.admit(hi, lo, parent, action);
    };
    const late = (j: number): boolean => deadline !== null && (j & 127) === 127 && Date.now() > deadline;
    const judgedNext = (n: number, k: number): void => judged(n, depth + 1, k);
    const claims = Array.from({ length: W }, () => new WordBuffer());
    sent.fit(core.seen.size);
    for (let k = 0; k < share.size && !timedOut && !full; k++) {
      if (late(k)) timedOut = true;
      const from = share.id(k);
      share.expand(
        k,
        (hi, lo, i) => {
          const o = core.owner(lo);
          if (o === me) return core.seen.has(hi, lo) ? DROP : admit(hi, lo, from, i);
          if (!sent.add(hi, lo)) return DROP;
          const out = claims[o]!;
          out.push(hi);
          out.push(lo);
          out.push(from);
          out.push(i);
          return held(o);
        },
        judgedNext,
      );
    }
    for (let p = 0; p < W; p++) {
      if (p !== me) post(p, { kind: 'claims', depth, from: me, meta: claims[p]!.words.slice(0, claims[p]!.length) });
    }
    // The owner admits the claims in worker order after its own states, so the numbering is the same every run.
    for (const b of await mail.take('claims', depth, W - 1)) {
      const m = b.meta;
      const answers = new Int32Array(m.length / 4);
      for (let j = 0; j < answers.length; j++) {
        const hi = m[4 * j]! >>> 0;
        const lo = m[4 * j + 1]! >>> 0;
        // -1: seen, or past this thread's budget (DROP is -1): not admitted, so the claimant drops it.
        answers[j] = core.seen.has(hi, lo) ? -1 : admit(hi, lo, m[4 * j + 2]!, m[4 * j + 3]!);
      }
      post(b.from, { kind: 'answers', depth, from: me, meta: answers });
    }
    for (const b of await mail.take('answers', depth, W - 1)) {
      const cl = claims[b.from]!.words;
      for (let j = 0; j < b.meta.length; j++) {
        if (!timedOut && late(j)) timedOut = true;
        const n = b.meta[j]!;
        if (n < 0) continue;
        if (timedOut) unjudged += 1;
        else judgedNext(n, share.admitHeld(b.from, j, n, cl[4 * j]! >>> 0, cl[4 * j + 1]! >>> 0));
      }
    }
    return timedOut;
  };

  /** Sends the surplus the main thread planned to the workers below their share, takes in what comes. */
  const balance = async (depth: number, plan: Extract<ToWorker, { type: 'balance' }>): Promise<void> => {
    for (const sh of plan.sends) {
      const meta = new WordBuffer();
      const states: unknown[] = [];
      share.ship(sh.count, meta, states);
      post(sh.to, { kind: 'states', depth, from: me, meta: meta.words.slice(0, meta.length), states });
    }
    for (const b of await mail.take('states', depth, plan.receives)) share.receive(b.meta, b.states);
  };

  const level = async (depth: number, deadline: number | null, budget: number): Promise<void> => {
    const timedOut = await expand(depth, deadline, budget);
    const plan = new Promise<Extract<ToWorker, { type: 'balance' }>>((resolve) => (planned = resolve));
    send({ type: 'kept', count: share.kept });
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
        void level(m.depth, m.deadline, m.budget).catch((e: unknown) =>
          send({ type: 'error', message: errorMessage(e) }),
        );
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
  return shareSearch(core, initial, peers, mail, send, (share, judged) => {
    if (baton) {
      // Going on where one thread stopped: its fingerprints this worker owns, its slice of the level and the next.
      const fps = baton.seen;
      for (let j = 0; j < fps.length; j += 2) core.seen.insert(fps[j]!, fps[j + 1]!);
      share.seedParcel(baton.level);
      share.receive(baton.next.meta, baton.next.states);
      return;
    }
    core.fingerprint(initial);
    if (core.owner(core.fp.lo) !== core.worker) return;
    const { hi, lo } = core.fp;
    const n = core.admit(hi, lo, -1, 0);
    judged(n, 0, core.judge(initial, hi, lo));
    share.seed(initial, n);
  });
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
