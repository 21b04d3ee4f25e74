/**
 * The search on worker threads (`--workers N`). Exhaustive: level-synchronous breadth-first
 * search; worker w owns the states whose fingerprint is w modulo N, so each fingerprint table is
 * private and needs no locks; a worker sends the successors another owns to it once per level.
 * Distinct-state counts are the same for every N; a counterexample is a shortest one (which of
 * the shortest may depend on N). Random: the campaign's runs are dealt to the workers, each stops
 * past the lowest failing run found so far, and that run is replayed here, so the result is the
 * one-thread result.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { Config } from '../../model/config.js';
import type { AnyAction } from '../../model/model.js';
import { checkModel, statesOf, type CheckOptions, type CheckResult } from '../check.js';
import { rebuild, type Bound } from '../exhaustive.js';
import { exploreRandom, runSeed, type RandomResult } from '../random.js';
import type { Subject } from '../subject.js';
import { subjects } from '../registry.js';
import { collisionProbability } from './hash.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';

/** The bundled worker script: next to this module in dist/, or dist/ of the package from source. */
export function workerScript(): URL {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../dist/worker.js', import.meta.url);
}

/** A worker with a queue of the messages it sent. */
class Handle {
  private queue: FromWorker[] = [];
  private wake: (() => void) | null = null;
  readonly worker: Worker;
  constructor(init: WorkerInit) {
    this.worker = new Worker(workerScript(), { workerData: init });
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
    this.worker.postMessage(m, transfer as MessagePort[]);
  }
  async next(): Promise<FromWorker> {
    while (this.queue.length === 0) await new Promise<void>((r) => (this.wake = r));
    this.wake = null;
    const m = this.queue.shift()!;
    if (m.type === 'error') throw new Error(`worker: ${m.message}`);
    return m;
  }
}

function sumCoverage(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/** Checks model `name` at `config` on `workers` threads. */
export async function checkParallel(name: string, config: Config, opts: CheckOptions, workers: number, firstRun = 0): Promise<CheckResult<unknown, AnyAction>> {
  const subject = subjects.get(name);
  if (!subject) throw new Error(`internal: no subject ${name}`);
  const initial = subject.model.init(config);
  const t0 = performance.now();
  if (opts.mode === 'random') {
    const stop = new SharedArrayBuffer(4);
    new Int32Array(stop)[0] = opts.runs;
    const handles = Array.from({ length: workers }, (_, w) => new Handle({ kind: 'random', model: name, config, runs: opts.runs, firstRun, seed: opts.seed, maxSteps: opts.maxSteps, shard: opts.shard ?? null, worker: w, workers, stop }));
    const coverage: Record<string, number> = {};
    let runs = 0;
    let steps = 0;
    let failing: number | null = null;
    for (const h of handles) {
      const m = await h.next();
      if (m.type !== 'random-done') throw new Error('internal: unexpected worker message');
      runs += m.runs;
      steps += m.steps;
      sumCoverage(coverage, m.coverage);
      if (m.failingRun !== null && (failing === null || m.failingRun < failing)) failing = m.failingRun;
    }
    await Promise.all(handles.map((h) => h.worker.terminate()));
    const base = {
      mode: 'random' as const, runs, steps, distinct: null, bound: null, depthCompleted: null, coverage, bytesPerState: null, collisionProbability: null, symmetry: false, workers,
    };
    if (failing === null) {
      return { ...base, status: 'ok', violations: [], trace: null, states: null, elapsedMs: performance.now() - t0, seed: opts.seed, path: null, failingRun: null, runsUntilFailure: null, originalLength: null };
    }
    // Replay the lowest failing run here: its seed, from its first failing value, shrunk the same way.
    const r = exploreRandom(subject, initial, { runs: 1, seed: runSeed(opts.seed, failing), path: '0', maxSteps: opts.maxSteps });
    return {
      ...base, status: r.status, violations: r.violations, trace: r.trace, states: statesOf(subject, initial, r.trace), elapsedMs: performance.now() - t0,
      seed: r.seed, path: r.path, failingRun: failing, runsUntilFailure: failing + 1, originalLength: r.originalLength,
    };
  }

  const handles = Array.from({ length: workers }, (_, w) => new Handle({ kind: 'exhaustive', model: name, config, symmetry: opts.symmetry === true, worker: w, workers }));
  const channels: (MessagePort | null)[][] = Array.from({ length: workers }, () => Array.from({ length: workers }, () => null));
  for (let i = 0; i < workers; i++) {
    for (let j = i + 1; j < workers; j++) {
      const ch = new MessageChannel();
      channels[i]![j] = ch.port1;
      channels[j]![i] = ch.port2;
    }
  }
  handles.forEach((h, w) => h.post({ type: 'peers', ports: channels[w]! }, channels[w]!.filter((p): p is MessagePort => p !== null)));
  let frontier = 0;
  for (const h of handles) {
    const m = await h.next();
    if (m.type !== 'ready') throw new Error('internal: unexpected worker message');
    frontier += m.frontier;
  }
  let distinct = 1;
  let generated = 0;
  let bytes = 0;
  let depthCompleted = 0;
  let bound: Bound = null;
  let violation: number | null = null;
  let coverage: Record<string, number> = {};
  let enabledAtFrontier = true;
  const deadline = opts.maxSeconds === undefined ? null : Date.now() + opts.maxSeconds * 1000;
  for (let depth = 0; frontier > 0; depth++) {
    opts.onProgress?.({ depth, distinct, queue: frontier, elapsedMs: performance.now() - t0 });
    if (depth >= opts.depth) {
      if (enabledAtFrontier) bound = 'depth';
      break;
    }
    for (const h of handles) h.post({ type: 'level', depth, deadline });
    distinct = 0;
    generated = 0;
    bytes = 0;
    frontier = 0;
    enabledAtFrontier = false;
    coverage = {};
    let timedOut = false;
    for (const h of handles) {
      const m = await h.next();
      if (m.type !== 'level-done') throw new Error('internal: unexpected worker message');
      distinct += m.distinct;
      generated += m.generated;
      bytes += m.bytes;
      frontier += m.frontier;
      enabledAtFrontier ||= m.enabledAtFrontier;
      timedOut ||= m.timedOut;
      sumCoverage(coverage, m.coverage);
      if (violation === null && m.violation !== null) violation = m.violation;
    }
    if (violation !== null) break;
    if (timedOut) {
      bound = 'max-seconds';
      break;
    }
    if (frontier > 0) depthCompleted = depth + 1;
    if (distinct >= opts.maxStates) {
      bound = 'max-states';
      break;
    }
  }
  let trace = null;
  let vs: CheckResult<unknown, AnyAction>['violations'] = [];
  if (violation !== null) {
    const indices: number[] = [];
    for (let g = violation; g >= 0; ) {
      const h = handles[g % workers]!;
      h.post({ type: 'link', local: Math.floor(g / workers) });
      const m = await h.next();
      if (m.type !== 'link') throw new Error('internal: unexpected worker message');
      if (m.parent < 0) break;
      indices.push(m.action);
      g = m.parent;
    }
    const r = rebuild(subject, initial, indices.reverse());
    trace = r.trace;
    vs = r.violations;
  }
  for (const h of handles) h.post({ type: 'stop' });
  await Promise.all(handles.map((h) => h.worker.terminate()));
  const symmetry = opts.symmetry === true && subject.model.fast?.encodeSymmetric !== undefined;
  return {
    mode: 'exhaustive', status: vs.length > 0 ? 'violation' : 'ok', violations: vs, trace, states: statesOf(subject, initial, trace), runs: 1, steps: generated, distinct,
    elapsedMs: performance.now() - t0, seed: null, path: null, failingRun: null, runsUntilFailure: null, originalLength: null, bound, depthCompleted,
    coverage, bytesPerState: distinct === 0 ? 0 : bytes / distinct, collisionProbability: collisionProbability(distinct, generated), symmetry, workers,
  };
}

/** Below this much work (milliseconds in one thread) starting workers costs more than it saves. */
export const WORKER_THRESHOLD_MS = 2000;

/**
 * Checks on up to `workers` threads, starting them only when the work is worth it: the search
 * first runs here for two seconds; a search that finishes in that time is the result (one thread),
 * a longer exhaustive search starts again on the workers, a longer random campaign hands its
 * remaining runs to them. Results are those of one thread either way (counts, verdicts, the
 * lowest failing run).
 */
export async function checkAuto(name: string, config: Config, opts: CheckOptions, workers: number): Promise<CheckResult<unknown, AnyAction>> {
  const subject = subjects.get(name);
  if (!subject) throw new Error(`internal: no subject ${name}`);
  if (workers <= 1 || (opts.mode === 'random' && opts.path !== undefined)) return checkModel(subject, config, opts);
  const t0 = performance.now();
  if (opts.mode === 'exhaustive') {
    const budget = opts.maxSeconds === undefined ? WORKER_THRESHOLD_MS / 1000 : Math.min(opts.maxSeconds, WORKER_THRESHOLD_MS / 1000);
    const here = checkModel(subject, config, { ...opts, maxSeconds: budget });
    if (here.bound !== 'max-seconds' || (opts.maxSeconds !== undefined && opts.maxSeconds <= budget)) return here;
    const rest = opts.maxSeconds === undefined ? undefined : Math.max(1, opts.maxSeconds - budget);
    const r = await checkParallel(name, config, { ...opts, maxSeconds: rest }, workers);
    return { ...r, elapsedMs: performance.now() - t0 };
  }
  const initial = subject.model.init(config);
  const here = exploreRandom(subject, initial, { ...opts, deadline: t0 + WORKER_THRESHOLD_MS });
  if (here.status === 'violation' || here.nextRun >= opts.runs) {
    return { ...checkModelFromRandom(subject, initial, here, performance.now() - t0) };
  }
  const r = await checkParallel(name, config, opts, workers, here.nextRun);
  const coverage = { ...r.coverage };
  for (const [k, v] of Object.entries(here.coverage)) coverage[k] = (coverage[k] ?? 0) + v;
  return { ...r, runs: r.runs + here.runs, steps: r.steps + here.steps, coverage, elapsedMs: performance.now() - t0 };
}

function checkModelFromRandom(subject: Subject<unknown, AnyAction>, initial: unknown, r: RandomResult<AnyAction>, elapsedMs: number): CheckResult<unknown, AnyAction> {
  return {
    mode: 'random', status: r.status, violations: r.violations, trace: r.trace, states: statesOf(subject, initial, r.trace), runs: r.runs, steps: r.steps, distinct: null,
    elapsedMs, seed: r.seed, path: r.path, failingRun: r.failingRun, runsUntilFailure: r.failingRun === null ? null : r.failingRun + 1,
    originalLength: r.originalLength, bound: null, depthCompleted: null, coverage: r.coverage, bytesPerState: null, collisionProbability: null, symmetry: false, workers: 1,
  };
}
