/**
 * A worker thread of the search. Exhaustive: it expands its share of each level; a successor whose
 * fingerprint another worker owns is claimed from that owner (words only: the fingerprint, parent
 * and action) and stays here if the owner admits it; after the main thread's balance plan evens
 * the level out, it judges its states, the drain memo shared by all workers. Random: it runs its
 * slice of the campaign's runs, stopping past the lowest failing run any worker has found. It builds
 * its model from the catalog by name.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { catalog } from '../../catalog/index.js';
import { select } from '../../catalog/select.js';
import { resolveRecord } from '../../model/core/config.js';
import type { AnyAction } from '../../model/core/model.js';
import { WordBuffer } from '../../model/core/words.js';
import { errorMessage } from '../../util/errors.js';
import type { Checked } from '../checked.js';
import { DRAIN_LIMIT } from '../execute.js';
import { exploreRandom } from '../random.js';
import { FingerprintSet } from './fingerprint-set.js';
import { newFrontier } from './frontier.js';
import type { Best } from './levels.js';
import type { Batch, FromWorker, ToWorker, WorkerInit } from './protocol.js';
import { SearchCore } from './search-core.js';
import { SharedMemo } from './shared-memo.js';

// The parent starts every worker with a WorkerInit (parallel.ts); worker_threads types it `any`.
const init = workerData as WorkerInit;
const port = parentPort!;
const send = (m: FromWorker): void => port.postMessage(m);

function start(): void {
  const listed = catalog.get(init.model);
  if (!listed) {
    send({ type: 'error', message: `unknown model ${init.model}` });
    return;
  }
  listed.open((e) => {
    const cfg = resolveRecord(e.model.keys, init.config, e.model.name);
    if (!cfg.ok) return send({ type: 'error', message: cfg.error });
    const sel = select(e, init.invariants);
    if (!sel.ok) return send({ type: 'error', message: sel.error });
    work(sel.checked, e.model.init(cfg.value.config));
  });
}

function work<S, A extends AnyAction>(c: Checked<S, A>, initial: S): void {
  if (init.kind === 'random') {
    const stop = new Int32Array(init.stop);
    const r = exploreRandom(
      c,
      initial,
      { mode: 'random', runs: init.runs, seed: init.seed, maxSteps: init.maxSteps, shard: init.shard ?? undefined },
      {
        firstRun: init.firstRun,
        slice: { index: init.worker, count: init.workers },
        stopAt: () => Atomics.load(stop, 0),
      },
    );
    const failing = r.failure?.run ?? null;
    if (failing !== null) {
      for (let cur = Atomics.load(stop, 0); failing < cur; cur = Atomics.load(stop, 0))
        Atomics.compareExchange(stop, 0, cur, failing);
    }
    send({
      type: 'random-done',
      runs: r.runs,
      steps: r.steps,
      failingRun: failing,
      coverage: { ...r.coverage },
    });
    return;
  }

  const W = init.workers;
  const me = init.worker;
  const fast = c.model.fast;
  const core = new SearchCore(c, { symmetry: init.symmetry, worker: me, workers: W, maxStates: init.maxStates });
  core.shareDrainMemo(new SharedMemo(init.memo));
  let frontier = newFrontier(c.model, initial);
  // This worker's shortest counterexample so far: the state it starts from (global number) and its total length.
  let best: Best | null = null;
  const judged = (n: number, depth: number, k: number): void => {
    if (k >= 0 && (best === null || depth + k < best.total))
      best = { id: n, total: depth + k, endless: k >= DRAIN_LIMIT };
  };
  let peers: readonly (MessagePort | null)[] = [];
  const mail = new Mailbox();
  let planned: ((m: Extract<ToWorker, { type: 'balance' }>) => void) | null = null;
  // Fingerprints already claimed from their owner: a state reached again is not claimed again.
  const sent = new FingerprintSet(256, init.maxStates);
  const post = (to: number, b: Batch): void => peers[to]!.postMessage(b, [b.meta.buffer]);

  core.fingerprint(initial);
  if (core.owner(core.fp.lo) === me) {
    const { hi, lo } = core.fp;
    const n = core.admit(hi, lo, -1, 0);
    judged(n, 0, core.judge(initial, hi, lo));
    frontier.push(initial, n);
  }

  /**
   * Expands this worker's share of the level: the new states their owners admitted are judged at once (while
   * their objects are fresh in the cache: judging a level's states after making them all ran a third slower) and
   * kept, with their global numbers and fingerprints, for the next level. True when the time ran out.
   */
  const expand = async (depth: number, deadline: number | null, kept: Kept<S>): Promise<boolean> => {
    let timedOut = false;
    const judge = (t: S, n: number, hi: number, lo: number): void => {
      kept.push(t, n, hi, lo);
    };
    const claims = Array.from({ length: W }, () => new WordBuffer());
    // A claimed state is made again from its parent if admitted: holding every claimed state until the answers
    // came kept half of them alive past young-generation collections (a tenth more time in the collector).
    const pending: { readonly k: number; readonly action: A }[][] = Array.from({ length: W }, () => []);
    for (let k = 0; k < frontier.length && !timedOut; k++) {
      if (deadline !== null && (k & 127) === 127 && Date.now() > deadline) timedOut = true;
      const s = frontier.state(k);
      const from = frontier.id(k);
      const acts = core.enabledCounted(s);
      for (let i = 0; i < acts.length; i++) {
        const t = core.engine.successor(s, acts[i]!);
        core.fingerprint(t);
        const { hi, lo } = core.fp;
        const o = core.owner(lo);
        if (o === me) {
          if (!core.seen.has(hi, lo)) judge(t, core.admit(hi, lo, from, i), hi, lo);
        } else if (sent.add(hi, lo)) {
          const out = claims[o]!;
          out.push(hi);
          out.push(lo);
          out.push(from);
          out.push(i);
          pending[o]!.push({ k, action: acts[i]! });
        }
      }
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
        answers[j] = core.seen.has(hi, lo) ? -1 : core.admit(hi, lo, m[4 * j + 2]!, m[4 * j + 3]!);
      }
      post(b.from, { kind: 'answers', depth, from: me, meta: answers });
    }
    for (const b of await mail.take('answers', depth, W - 1)) {
      const cl = claims[b.from]!.words;
      for (let j = 0; j < b.meta.length; j++) {
        const n = b.meta[j]!;
        if (n < 0) continue;
        const { k, action } = pending[b.from]![j]!;
        judge(core.engine.successor(frontier.state(k), action), n, cl[4 * j]! >>> 0, cl[4 * j + 1]! >>> 0);
      }
    }
    return timedOut;
  };

  /** Sends the surplus the main thread planned to the workers below their share, takes in what comes. */
  const balance = async (depth: number, plan: Extract<ToWorker, { type: 'balance' }>, kept: Kept<S>) => {
    for (const sh of plan.sends) {
      const meta = new WordBuffer();
      const states: S[] = [];
      for (let j = 0; j < sh.count; j++) {
        const { state, id, hi, lo } = kept.pop();
        meta.push(id);
        meta.push(hi);
        meta.push(lo);
        if (fast.decode) encodeInto(fast.encode, state, meta);
        else states.push(state);
      }
      const b: Batch = { kind: 'states', depth, from: me, meta: meta.words.slice(0, meta.length), states };
      post(sh.to, b);
    }
    for (const b of await mail.take('states', depth, plan.receives)) {
      const m = b.meta;
      for (let j = 0, at = 0; at < m.length; j++) {
        const id = m[at]!;
        const hi = m[at + 1]! >>> 0;
        const lo = m[at + 2]! >>> 0;
        at += 3;
        let t: S;
        if (fast.decode) {
          t = fast.decode(m, at + 1, initial);
          at += 1 + m[at]!;
        } else {
          // A peer of the same model sent it: a state of this model, as structured clone copied it.
          t = b.states[j] as S;
        }
        kept.push(t, id, hi, lo);
      }
    }
  };

  const level = async (depth: number, deadline: number | null): Promise<void> => {
    const kept = new Kept<S>();
    let timedOut = await expand(depth, deadline, kept);
    const plan = new Promise<Extract<ToWorker, { type: 'balance' }>>((resolve) => (planned = resolve));
    send({ type: 'kept', count: kept.length, timedOut });
    await balance(depth, await plan, kept);
    const next = newFrontier(c.model, initial);
    for (let j = 0; j < kept.length; j++) {
      if (deadline !== null && (j & 127) === 127 && Date.now() > deadline) {
        timedOut = true;
        break;
      }
      const t = kept.states[j]!;
      judged(kept.ids[j]!, depth + 1, core.judge(t, kept.fps[2 * j]!, kept.fps[2 * j + 1]!));
      next.push(t, kept.ids[j]!);
    }
    frontier = next;
    let enabledAtFrontier = false;
    for (let k = 0; k < frontier.length && !enabledAtFrontier; k++)
      enabledAtFrontier = c.model.enabled(frontier.state(k)).length > 0;
    send({
      type: 'level-done',
      distinct: core.seen.size,
      generated: core.generated,
      frontier: frontier.length,
      enabledAtFrontier,
      best,
      timedOut,
      coverage: core.coverage,
      bytes: core.bytes + sent.bytes,
    });
  };

  port.on('message', (m: ToWorker) => {
    switch (m.type) {
      case 'peers':
        peers = m.ports;
        for (const p of peers) p?.on('message', (b: Batch) => mail.put(b));
        send({ type: 'ready', frontier: frontier.length });
        return;
      case 'level':
        if (m.memo) core.shareDrainMemo(new SharedMemo(m.memo));
        void level(m.depth, m.deadline).catch((e: unknown) => send({ type: 'error', message: errorMessage(e) }));
        return;
      case 'balance':
        planned?.(m);
        planned = null;
        return;
      case 'link':
        send({ type: 'link', parent: core.links.parentOf(m.local), action: core.links.actionOf(m.local) });
        return;
      case 'stop':
        for (const p of peers) p?.close();
        port.close();
        return;
    }
  });
}

/** Appends the length of `state`'s encoding, then the words. */
function encodeInto<S>(encode: (s: S, out: WordBuffer) => void, state: S, out: WordBuffer): void {
  const words = new WordBuffer();
  encode(state, words);
  out.push(words.length);
  for (let i = 0; i < words.length; i++) out.push(words.words[i]!);
}

/** A level's new states held by this worker, judged: the objects with their global numbers. */
class Kept<S> {
  readonly states: S[] = [];
  readonly ids: number[] = [];
  readonly fps: number[] = [];
  get length(): number {
    return this.states.length;
  }
  push(state: S, id: number, hi: number, lo: number): void {
    this.states.push(state);
    this.ids.push(id);
    this.fps.push(hi, lo);
  }
  pop(): { readonly state: S; readonly id: number; readonly hi: number; readonly lo: number } {
    const lo = this.fps.pop()!;
    const hi = this.fps.pop()!;
    return { state: this.states.pop()!, id: this.ids.pop()!, hi, lo };
  }
}

/** Peer batches by kind and level, handed out in worker order once all expected have come. */
class Mailbox {
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

try {
  start();
} catch (e) {
  send({ type: 'error', message: errorMessage(e) });
}
