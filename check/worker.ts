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
import { catalog } from '../catalog/index.js';
import { select } from '../catalog/select.js';
import { resolveRecord } from '../model/core/config.js';
import type { AnyAction } from '../model/core/model.js';
import { WordBuffer } from '../model/core/words.js';
import { errorMessage } from '../util/errors.js';
import {
  type Batch,
  Beside,
  BesideWord,
  type FromWorker,
  type JudgeReply,
  JudgeWord,
  type ToJudge,
  type ToWorker,
  type WorkerInit,
} from './engine/parallel/protocol.js';
import { Mailbox, startShare } from './engine/parallel/share-search.js';
import { SearchCore } from './engine/search/search-core.js';
import { SharedMemo } from './engine/store/shared-memo.js';
import { exploreRandom } from './explore/random.js';
import { exploreSwarm } from './explore/swarm.js';
import type { Checked } from './types/checked.js';
import { receiveDeadline } from './types/sent-deadline.js';

// The parent starts every worker with a WorkerInit (parallel.ts); worker_threads types it `any`.
const init = workerData as WorkerInit;
const port = parentPort!;
const send = (m: FromWorker): void => port.postMessage(m);
/** Why this worker cannot work: to the main thread, or to the search a judge answers (which never yields). */
function fail(message: string): void {
  if (init.kind === 'judge') {
    const reply: JudgeReply = { type: 'error', message };
    init.port.postMessage(reply);
  } else send({ type: 'error', message });
}

function start(): void {
  const listed = catalog.get(init.model);
  if (!listed) {
    fail(`unknown model ${init.model}`);
    return;
  }
  listed.open((e) => {
    const cfg = resolveRecord(e.model.keys, init.config, e.model.name);
    if (!cfg.ok) {
      fail(cfg.error);
      return;
    }
    const sel = select(e, init.invariants);
    if (!sel.ok) {
      fail(sel.error);
      return;
    }
    // In the order the main thread judges them (the first violation of a state is reported first).
    const names = init.invariants;
    const invariants =
      names === null
        ? sel.checked.invariants
        : [...sel.checked.invariants].sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
    work({ model: sel.checked.model, invariants }, e.model.init(cfg.value.config));
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
    case 'judge':
      judgeWork(c, initial, init);
      return;
  }
}

/**
 * A judge of the states a search on the main thread admits (`judges.ts`): each batch decoded and judged state by
 * state, in place, with the shared drain memo, and the verdicts sent back with the batch's level (the search drops
 * those of a level it has settled itself). It says once on the shared word that it is ready.
 */
function judgeWork<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  init: Extract<WorkerInit, { kind: 'judge' }>,
): void {
  const decode = c.model.fast.decode;
  if (decode === undefined) {
    fail(`internal: ${c.model.name} has no decoding for a judge thread`);
    return;
  }
  const core = new SearchCore(c, {
    symmetry: init.symmetry,
    plain: false,
    worker: init.worker,
    workers: init.workers,
    maxStates: 1,
  });
  core.shareDrainMemo(new SharedMemo(init.memo));
  const signal = new Int32Array(init.signal);
  const out = new WordBuffer();
  init.port.on('message', (m: ToJudge) => {
    if (m.type === 'memo') {
      core.shareDrainMemo(new SharedMemo(m.memo));
      return;
    }
    const w = m.states;
    const before = core.drainSteps;
    out.reset();
    try {
      for (let at = 0; at < m.length; at += 4 + w[at + 3]!) {
        out.push(w[at]!);
        out.push(core.judge(decode(w, at + 4, initial), w[at + 1]! >>> 0, w[at + 2]! >>> 0, true));
      }
      const verdicts = out.words.slice(0, out.length);
      const reply: JudgeReply = { type: 'verdicts', epoch: m.epoch, verdicts, drainSteps: core.drainSteps - before };
      init.port.postMessage(reply, [verdicts.buffer]);
    } catch (e) {
      fail(errorMessage(e));
    }
  });
  Atomics.add(signal, JudgeWord.ready, 1);
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
  // The swarm's deadline on its own clock: the real one, or a ticking one as the pass's (`PortfolioOptions.clock`).
  const { clock, at: deadline } = receiveDeadline(init.deadline);
  const r = exploreSwarm(
    c,
    initial,
    { mode: 'swarm', runs: init.runs, seed: init.seed, maxSteps: init.maxSteps, onProgress, clock },
    {
      deadline,
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

/** A worker of a breadth-first search: it waits for its peers and for `start`, which says where to start from. */
function exhaustiveWork<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  init: Extract<WorkerInit, { kind: 'exhaustive' }>,
): void {
  let peers: readonly (MessagePort | null)[] = [];
  const mail = new Mailbox();
  let search: ((m: ToWorker) => void) | null = null;
  port.on('message', (m: ToWorker) => {
    if (m.type === 'peers') {
      peers = m.ports;
      for (const p of peers) p?.on('message', (b: Batch) => mail.put(b));
    } else if (m.type === 'start') search = startShare(c, initial, init, peers, mail, send, m);
    else if (search === null) send({ type: 'error', message: `internal: ${m.type} before start` });
    else search(m);
  });
}

try {
  start();
} catch (e) {
  fail(errorMessage(e));
}
