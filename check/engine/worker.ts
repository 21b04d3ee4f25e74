/**
 * A worker thread of the search. Exhaustive: it expands its share of each level; a successor whose
 * fingerprint another worker owns is claimed from that owner (words only: the fingerprint, parent
 * and action) and stays here if the owner admits it; it judges each state it keeps as it keeps it
 * (the drain memo shared by all workers), then the main thread's balance plan evens out the level
 * to be expanded next. Random: it runs its
 * slice of the campaign's runs, stopping past the lowest failing run any worker has found. Swarm:
 * the default portfolio's swarm runs, beside its pass on the main thread. It builds its model from
 * the catalog by name.
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
import { exploreSwarm } from '../swarm.js';
import { ClaimCache } from './claim-cache.js';
import { type Best, beats } from './levels.js';
import { type Batch, Beside, BesideWord, type FromWorker, type ToWorker, type WorkerInit } from './protocol.js';
import { SearchCore } from './search-core.js';
import { DROP, held, newShare } from './share.js';
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
  switch (init.kind) {
    case 'random':
      randomWork(c, initial, init);
      return;
    case 'swarm':
      swarmWork(c, initial, init);
      return;
    case 'exhaustive':
      exhaustiveWork(c, initial, init);
      return;
  }
}

/** A slice of a random campaign's runs, stopping past the lowest failing run any worker has found. */
function randomWork<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  init: Extract<WorkerInit, { kind: 'random' }>,
): void {
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
}

/**
 * The portfolio's swarm beside its pass (`side-by-side.ts`): runs until the deadline, the campaign's
 * runs, or the pass's word to stop; a find is told to the pass at once, then sent with its explored actions.
 */
function swarmWork<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  init: Extract<WorkerInit, { kind: 'swarm' }>,
): void {
  const shared = new Int32Array(init.stop);
  const F = BesideWord.flag;
  // The pass shows these beside its own progress (steps capped to an Int32: a 30 s swarm makes a few million).
  const onProgress = (runs: number, steps: number): void => {
    Atomics.store(shared, BesideWord.steps, Math.min(steps, 0x7fffffff));
    Atomics.store(shared, BesideWord.runs, runs);
  };
  const r = exploreSwarm(
    c,
    initial,
    { mode: 'swarm', runs: init.runs, seed: init.seed, maxSteps: init.maxSteps, onProgress },
    {
      deadline: performance.now() + (init.deadline - Date.now()),
      stopAt: () => (Atomics.load(shared, F) === Beside.running ? init.runs : 0),
      // Once the pass has found the bug, the pass's trace is reported: a failing run here need not shrink on.
      interrupt: () => Atomics.load(shared, F) === Beside.passFound,
    },
  );
  if (r.found) Atomics.compareExchange(shared, F, Beside.running, Beside.swarmFound);
  send({
    type: 'swarm-done',
    runs: r.runs,
    steps: r.steps,
    elapsedMs: r.elapsedMs,
    coverage: { ...r.coverage },
    failure: r.failure,
    explored: r.found ? r.found.trace.filter((st) => st.phase === 'explore').map((st) => st.action) : null,
  });
}

/** This worker's share of a breadth-first search on workers (see the top of the file). */
function exhaustiveWork<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  init: Extract<WorkerInit, { kind: 'exhaustive' }>,
): void {
  const W = init.workers;
  const me = init.worker;
  const core = new SearchCore(c, { symmetry: init.symmetry, worker: me, workers: W, maxStates: init.maxStates });
  core.shareDrainMemo(new SharedMemo(init.memo));
  const share = newShare(core, initial, W);
  // This worker's shortest counterexample so far: the state it starts from (global number) and its total length;
  // of two as short, the lower-numbered (as the main thread picks among the workers'), whatever the order judged.
  let best: Best | null = null;
  const judged = (n: number, depth: number, k: number): void => {
    if (k < 0) return;
    const b = { id: n, total: depth + k, endless: k >= DRAIN_LIMIT };
    if (beats(b, best)) best = b;
  };
  let peers: readonly (MessagePort | null)[] = [];
  const mail = new Mailbox();
  let planned: ((m: Extract<ToWorker, { type: 'balance' }>) => void) | null = null;
  // Fingerprints already claimed from their owner: a state reached again is mostly not claimed again.
  const sent = new ClaimCache();
  const post = (to: number, b: Batch): void => peers[to]!.postMessage(b, [b.meta.buffer]);

  core.fingerprint(initial);
  if (core.owner(core.fp.lo) === me) {
    const { hi, lo } = core.fp;
    const n = core.admit(hi, lo, -1, 0);
    judged(n, 0, core.judge(initial, hi, lo));
    share.seed(initial, n);
  }

  /**
   * Expands this worker's share of the level: it keeps and judges the successors it owns and the owners
   * admit, with their global numbers, for the next level. True when the time ran out (the level's states
   * not kept by then are dropped, as the one-thread search drops them).
   */
  // States the owners admitted for this worker that the time ran out before it judged: found, not checked.
  let unjudged = 0;
  const expand = async (depth: number, deadline: number | null): Promise<boolean> => {
    let timedOut = false;
    const late = (j: number): boolean => deadline !== null && (j & 127) === 127 && Date.now() > deadline;
    const judgedNext = (n: number, k: number): void => judged(n, depth + 1, k);
    const claims = Array.from({ length: W }, () => new WordBuffer());
    sent.fit(core.seen.size);
    for (let k = 0; k < share.size && !timedOut; k++) {
      if (late(k)) timedOut = true;
      const from = share.id(k);
      share.expand(
        k,
        (hi, lo, i) => {
          const o = core.owner(lo);
          if (o === me) return core.seen.has(hi, lo) ? DROP : core.admit(hi, lo, from, i);
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
        answers[j] = core.seen.has(hi, lo) ? -1 : core.admit(hi, lo, m[4 * j + 2]!, m[4 * j + 3]!);
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

  const level = async (depth: number, deadline: number | null): Promise<void> => {
    const timedOut = await expand(depth, deadline);
    const plan = new Promise<Extract<ToWorker, { type: 'balance' }>>((resolve) => (planned = resolve));
    send({ type: 'kept', count: share.kept });
    await balance(depth, await plan);
    share.advance();
    send({
      type: 'level-done',
      distinct: core.seen.size,
      unjudged,
      generated: core.generated,
      drainSteps: core.drainSteps,
      frontier: share.size,
      enabledAtFrontier: share.enabledAtLevel(),
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
        send({ type: 'ready', frontier: share.size });
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
    }
  });
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
