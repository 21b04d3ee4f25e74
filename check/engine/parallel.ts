/**
 * The search on worker threads (`--workers N`). Exhaustive: level-synchronous breadth-first
 * search; worker w owns the fingerprints that are w modulo N (each fingerprint table is private and
 * needs no locks) and numbers the states it admits. A state stays with the worker that made it:
 * only its fingerprint is sent to its owner, which admits it or not, so states cross threads only
 * to even out the level before judging (`balance.ts`), and the drain memo is one table all workers
 * share (`shared-memo.ts`). Distinct-state counts are the same for every N; a counterexample has
 * the fewest steps in total (which of the shortest may depend on N: the lowest-numbered start state
 * among them), also where the look for a shorter one is cut (`levels.ts` budgets it in whole levels,
 * counted from level sizes, not from state numbers, which are a worker's here). Random: the
 * campaign's runs are dealt to the workers, each stops past the lowest failing run found so far,
 * and that run is replayed here, so the result is the one-thread result. Workers find the model
 * by its name in the catalog.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { ConfigValue } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../checked.js';
import { counterexample } from '../counterexample.js';
import { indices } from '../execute.js';
import type { ExhaustiveOptions, RandomOptions } from '../options.js';
import type { Counterexample, ExhaustiveOutcome, RandomOutcome } from '../outcome.js';
import { exploreRandom, runSeed } from '../random.js';
import { reported } from '../unproved.js';
import { balancePlan } from './balance.js';
import type { FingerprintSet } from './fingerprint-set.js';
import { collisionProbability } from './hash.js';
import { Levels } from './levels.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';
import { SharedMemo } from './shared-memo.js';

/**
 * Slots the shared drain memo starts with (8 bytes each), and how many times its entries it grows to
 * between levels once half full (a model that rarely drains, as two-phase-commit, keeps it small).
 */
const MEMO_SLOTS = 1 << 10;
const MEMO_GROWTH = 4;

/** The bundled worker script: next to this module in dist/, or dist/ of the package from source. */
export function workerScript(): URL {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/worker.js', import.meta.url);
}

/**
 * A worker's young generation: successors and drain copies die young, and a bigger nursery collects
 * them less often (kafka-txn depth 11 on two workers: 7.0 s against 7.3 s with V8's default, medians
 * of three; a one-thread search showed no such difference).
 */
const YOUNG_GENERATION_MB = 64;

/** A worker with a queue of the messages it sent. */
export class Handle {
  private readonly queue: FromWorker[] = [];
  private wake: (() => void) | null = null;
  readonly worker: Worker;
  constructor(init: WorkerInit) {
    this.worker = new Worker(workerScript(), {
      workerData: init,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.on('message', (m: FromWorker) => {
      this.queue.push(m);
      this.wake?.();
    });
    this.worker.on('error', (e) => {
      this.queue.push({ type: 'error', message: e.message });
      this.wake?.();
    });
  }
  post(m: ToWorker, transfer: readonly MessagePort[] = []): void {
    this.worker.postMessage(m, [...transfer]);
  }
  async next(): Promise<FromWorker> {
    while (this.queue.length === 0) await new Promise<void>((r) => (this.wake = r));
    this.wake = null;
    const m = this.queue.shift()!;
    if (m.type === 'error') throw new Error(`worker: ${m.message}`);
    return m;
  }
  /** The next message, which must be of type `type`. */
  async expect<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>> {
    const m = await this.next();
    if (m.type !== type) throw new Error(`internal: worker sent ${m.type}, expected ${type}`);
    return m as Extract<FromWorker, { type: T }>;
  }
}

function sumCoverage(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/** What the workers need to find and build the model: its catalog name, resolved config and judged invariants. */
export interface Named {
  readonly model: string;
  readonly config: Readonly<Record<string, ConfigValue>>;
  readonly invariants: readonly string[] | null;
}

/** A random campaign on `workers` threads (from run `firstRun` on); the failing run, if any, is replayed here. */
export async function randomParallel<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  named: Named,
  opts: RandomOptions,
  workers: number,
  firstRun = 0,
): Promise<RandomOutcome<S, A>> {
  const t0 = performance.now();
  const stop = new SharedArrayBuffer(4);
  new Int32Array(stop)[0] = opts.runs;
  const handles = Array.from(
    { length: workers },
    (_, w) =>
      new Handle({
        ...named,
        kind: 'random',
        runs: opts.runs,
        firstRun,
        seed: opts.seed,
        maxSteps: opts.maxSteps,
        shard: opts.shard ?? null,
        worker: w,
        workers,
        stop,
      }),
  );
  const coverage: Record<string, number> = {};
  let runs = 0;
  let steps = 0;
  let failing: number | null = null;
  for (const h of handles) {
    const m = await h.expect('random-done');
    runs += m.runs;
    steps += m.steps;
    sumCoverage(coverage, m.coverage);
    if (m.failingRun !== null && (failing === null || m.failingRun < failing)) failing = m.failingRun;
  }
  await Promise.all(handles.map((h) => h.worker.terminate()));
  const base = {
    mode: 'random' as const,
    invariants: c.invariants.map((i) => i.name),
    coverage,
    workers,
    campaignSeed: opts.seed,
    maxSteps: opts.maxSteps,
    shard: opts.shard ?? null,
    runs,
    steps,
  };
  if (failing === null) return { ...base, status: 'ok', found: null, failure: null, elapsedMs: performance.now() - t0 };
  // Replay the lowest failing run here: its seed, from its first failing value, shrunk the same way.
  const r = exploreRandom(c, initial, {
    mode: 'random',
    runs: 1,
    seed: runSeed(opts.seed, failing),
    path: '0',
    maxSteps: opts.maxSteps,
  });
  return {
    ...base,
    status: r.status,
    found: r.found,
    failure: r.failure && { ...r.failure, run: failing },
    elapsedMs: performance.now() - t0,
  };
}

/**
 * An exhaustive search on `workers` threads; a counterexample is rebuilt here from the workers' links. `drains`:
 * the drain memo of a search of the same model and options on one thread, to start from.
 */
export async function exhaustiveParallel<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  named: Named,
  opts: ExhaustiveOptions,
  workers: number,
  drains?: FingerprintSet,
): Promise<ExhaustiveOutcome<S, A>> {
  const t0 = performance.now();
  // The shared drain memo, from the drains a search on one thread already ran when there are some.
  const memo = SharedMemo.create(Math.max(MEMO_SLOTS, (drains?.size ?? 0) * MEMO_GROWTH));
  drains?.forEach((hi, lo) => {
    memo.add(hi, lo);
  });
  const handles = Array.from(
    { length: workers },
    (_, w) =>
      new Handle({
        ...named,
        kind: 'exhaustive',
        symmetry: opts.symmetry === true,
        maxStates: opts.maxStates,
        worker: w,
        workers,
        memo: memo.buffer,
      }),
  );
  const channels: (MessagePort | null)[][] = Array.from({ length: workers }, () =>
    Array.from({ length: workers }, () => null),
  );
  for (let i = 0; i < workers; i++) {
    for (let j = i + 1; j < workers; j++) {
      const ch = new MessageChannel();
      channels[i]![j] = ch.port1;
      channels[j]![i] = ch.port2;
    }
  }
  handles.forEach((h, w) => {
    h.post(
      { type: 'peers', ports: channels[w]! },
      channels[w]!.filter((p): p is MessagePort => p !== null),
    );
  });
  // Whatever happens (a worker's error included), no worker outlives the search.
  try {
    const r = await levelByLevel(handles, opts, memo);
    const found = r.levels.best === null ? null : await rebuild(c, initial, handles, r.levels.best.id);
    return outcome(c, initial, opts, workers, r, found, performance.now() - t0);
  } finally {
    await Promise.all(handles.map((h) => h.worker.terminate()));
  }
}

/** What the levels of a search on workers came to. */
interface Levelled {
  readonly levels: Levels;
  readonly distinct: number;
  readonly generated: number;
  readonly drainSteps: number;
  /** Bytes the workers keep, the shared drain memo included. */
  readonly bytes: number;
  readonly coverage: Record<string, number>;
}

/** The search, level by level: each level expanded, claimed and judged, then evened out, by the workers. */
async function levelByLevel(handles: readonly Handle[], opts: ExhaustiveOptions, first: SharedMemo): Promise<Levelled> {
  let memo = first;
  let frontier = 0;
  for (const h of handles) frontier += (await h.expect('ready')).frontier;
  const levels = new Levels(opts);
  let distinct = 1;
  let generated = 0;
  let drainSteps = 0;
  let bytes = 0;
  let coverage: Record<string, number> = {};
  let enabledAtFrontier = true;
  const deadline = opts.maxSeconds === undefined ? null : Date.now() + opts.maxSeconds * 1000;
  for (let depth = 0; levels.expand(depth, frontier, distinct, () => enabledAtFrontier); depth++) {
    // The workers wait between levels: the only time the shared memo may move to a bigger table.
    const moved = memo.crowded;
    if (moved) memo = memo.grown(memo.size * MEMO_GROWTH);
    for (const h of handles) h.post({ type: 'level', depth, deadline, memo: moved ? memo.buffer : null });
    const counts: number[] = [];
    for (const h of handles) counts.push((await h.expect('kept')).count);
    const plan = balancePlan(counts);
    handles.forEach((h, w) => {
      h.post({
        type: 'balance',
        sends: plan.filter((p) => p.from === w),
        receives: plan.filter((p) => p.to === w).length,
      });
    });
    distinct = 0;
    generated = 0;
    drainSteps = 0;
    bytes = 0;
    frontier = 0;
    enabledAtFrontier = false;
    coverage = {};
    let timedOut = false;
    for (const h of handles) {
      const m = await h.expect('level-done');
      // A state admitted but not judged before the time ran out is not one the search checked.
      distinct += m.distinct - m.unjudged;
      generated += m.generated;
      drainSteps += m.drainSteps;
      bytes += m.bytes;
      frontier += m.frontier;
      enabledAtFrontier ||= m.enabledAtFrontier;
      timedOut ||= m.timedOut;
      sumCoverage(coverage, m.coverage);
      if (m.best) levels.offer(m.best);
    }
    if (timedOut) {
      levels.bound = 'max-seconds';
      break;
    }
    levels.completed(depth, frontier);
    if (levels.full(distinct)) break;
  }
  return { levels, distinct, generated, drainSteps, bytes: bytes + memo.bytes, coverage };
}

/** The counterexample ending at state `id`: its path from the workers' parent links, replayed here. */
async function rebuild<S, A extends AnyAction>(c: Checked<S, A>, initial: S, handles: readonly Handle[], id: number) {
  const workers = handles.length;
  const path: number[] = [];
  for (let g = id; g >= 0; ) {
    const h = handles[g % workers]!;
    h.post({ type: 'link', local: Math.floor(g / workers) });
    const m = await h.expect('link');
    if (m.parent < 0) break;
    path.push(m.action);
    g = m.parent;
  }
  return counterexample(c, initial, indices(c, path.reverse()));
}

/** The outcome of a search on workers. */
function outcome<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: ExhaustiveOptions,
  workers: number,
  r: Levelled,
  found: Counterexample<S, A> | null,
  elapsedMs: number,
): ExhaustiveOutcome<S, A> {
  const { levels, distinct, generated, drainSteps } = r;
  const symmetry = opts.symmetry === true && c.model.fast.encodeSymmetric !== undefined;
  const shown = reported(c, initial, found, levels);
  return {
    mode: 'exhaustive',
    status: shown.found ? 'violation' : 'ok',
    found: shown.found,
    minimizedFrom: shown.minimizedFrom,
    cut: shown.cut,
    invariants: c.invariants.map((i) => i.name),
    coverage: r.coverage,
    elapsedMs,
    workers,
    distinct,
    generated,
    drainSteps,
    depth: opts.depth,
    maxStates: opts.maxStates,
    maxSeconds: opts.maxSeconds ?? null,
    depthCompleted: levels.depthCompleted,
    bound: levels.bound,
    bytesPerState: distinct === 0 ? 0 : r.bytes / distinct,
    collisionProbability: collisionProbability(distinct, generated),
    symmetry,
    // With symmetry, another member of the judged state's orbit may drain to the violation sooner (exhaustive.ts).
    shortest: levels.shortest && !symmetry,
    foundMs: levels.foundMs,
    por: 'off',
    member: null,
  };
}
