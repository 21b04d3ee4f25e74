/**
 * A worker thread of the search. Exhaustive: it owns the states whose fingerprint falls to it,
 * expands its share of each level, sends the successors other workers own to them, admits and
 * judges its own. Random: it runs its slice of the campaign's runs, stopping past the lowest
 * failing run any worker has found. It builds its model from the catalog by name.
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
import { type Frontier, newFrontier } from './frontier.js';
import type { Best } from './levels.js';
import type { Batch, FromWorker, ToWorker, WorkerInit } from './protocol.js';
import { SearchCore } from './search-core.js';

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
  // States cross to other workers as words when the model can decode them, else as objects.
  const decode = c.model.fast.decode;
  const me = init.worker;
  const core = new SearchCore(c, { symmetry: init.symmetry, worker: me, workers: W, maxStates: init.maxStates });
  let frontier = newFrontier(c.model, initial);
  // This worker's shortest counterexample so far: the state it starts from (global number) and its total length.
  let best: Best | null = null;
  const judged = (n: number, depth: number, k: number): void => {
    if (k >= 0 && (best === null || depth + k < best.total))
      best = { id: n, total: depth + k, endless: k >= DRAIN_LIMIT };
  };
  let peers: readonly (MessagePort | null)[] = [];
  const inbox = new Map<number, Batch[]>();
  // Fingerprints already sent to their owner: a state reached again is not sent again.
  const sent = new FingerprintSet(256, init.maxStates);
  let waiting: { depth: number; resolve: () => void } | null = null;

  core.fingerprint(initial);
  if (core.owner(core.fp.lo) === me) {
    const { hi, lo } = core.fp;
    const n = core.admit(hi, lo, -1, 0);
    judged(n, 0, core.judge(initial, hi, lo));
    frontier.push(initial, n);
  }

  const admit = (t: S, hi: number, lo: number, parent: number, action: number, depth: number, next: Frontier<S>) => {
    if (core.seen.has(hi, lo)) return;
    const n = core.admit(hi, lo, parent, action);
    judged(n, depth, core.judge(t, hi, lo));
    next.push(t, n);
  };

  const check = (): void => {
    if (waiting && (inbox.get(waiting.depth)?.length ?? 0) === W - 1) {
      const w = waiting;
      waiting = null;
      w.resolve();
    }
  };

  const level = async (depth: number, deadline: number | null): Promise<void> => {
    const next = newFrontier(c.model, initial);
    const outStates: S[][] = Array.from({ length: W }, () => []);
    const outMeta: WordBuffer[] = Array.from({ length: W }, () => new WordBuffer());
    let timedOut = false;
    for (let k = 0; k < frontier.length; k++) {
      const s = frontier.state(k);
      const from = frontier.id(k);
      const acts = core.enabledCounted(s);
      for (let i = 0; i < acts.length; i++) {
        const t = core.engine.successor(s, acts[i]!);
        core.fingerprint(t);
        const { hi, lo } = core.fp;
        const o = core.owner(lo);
        if (o === me) admit(t, hi, lo, from, i, depth + 1, next);
        else if (sent.add(hi, lo)) {
          const out = outMeta[o]!;
          out.push(hi);
          out.push(lo);
          out.push(from);
          out.push(i);
          if (decode) core.appendEncoding(t, out);
          else outStates[o]!.push(t);
        }
      }
      if (deadline !== null && (k & 255) === 255 && Date.now() > deadline) {
        timedOut = true;
        break;
      }
    }
    for (let p = 0; p < W; p++) {
      if (p === me) continue;
      const meta = outMeta[p]!.words.slice(0, outMeta[p]!.length);
      const batch: Batch = { depth, states: outStates[p]!, meta };
      peers[p]!.postMessage(batch, [meta.buffer]);
    }
    await new Promise<void>((resolve) => {
      waiting = { depth, resolve };
      check();
    });
    for (const b of inbox.get(depth) ?? []) {
      const m = b.meta;
      for (let j = 0, at = 0; at < m.length; j++) {
        const hi = m[at]! >>> 0;
        const lo = m[at + 1]! >>> 0;
        const parent = m[at + 2]!;
        const action = m[at + 3]!;
        at += 4;
        let t: S | undefined;
        if (decode) {
          const len = m[at]!;
          if (!core.seen.has(hi, lo)) t = decode(m, at + 1, initial);
          at += 1 + len;
        } else {
          // A peer of the same model sent it: a state of this model, as structured clone copied it.
          t = b.states[j] as S;
        }
        if (t !== undefined) admit(t, hi, lo, parent, action, depth + 1, next);
      }
    }
    inbox.delete(depth);
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
      bytes: core.bytes,
    });
  };

  port.on('message', (m: ToWorker) => {
    switch (m.type) {
      case 'peers':
        peers = m.ports;
        for (const p of peers) {
          p?.on('message', (b: Batch) => {
            const list = inbox.get(b.depth) ?? [];
            list.push(b);
            inbox.set(b.depth, list);
            check();
          });
        }
        send({ type: 'ready', frontier: frontier.length });
        return;
      case 'level':
        void level(m.depth, m.deadline).catch((e: unknown) => send({ type: 'error', message: errorMessage(e) }));
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

try {
  start();
} catch (e) {
  send({ type: 'error', message: errorMessage(e) });
}
