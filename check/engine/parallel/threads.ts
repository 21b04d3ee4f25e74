/**
 * The worker threads of a search or campaign, as the main thread holds them: the bundled script each runs
 * (`check/worker.ts`), a queue of the messages each sent (`Handle`), the main thread's own share as one more
 * thread (`Here`), and what a worker needs to build the model (`Named`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type MessagePort, Worker } from 'node:worker_threads';
import type { ConfigValue } from '../../../model/core/keys.js';
import { errorMessage } from '../../../util/errors.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';

/** The bundled worker script: next to this module in dist/, or dist/ of the package from source. */
export function workerScript(): URL {
  const here = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('../../../dist/worker.js', import.meta.url);
}

/**
 * A worker's young generation: successors and drain copies die young, and a bigger nursery collects
 * them less often (kafka-txn depth 11 on two workers: 7.0 s against 7.3 s with V8's default, medians
 * of three; a one-thread search showed no such difference).
 */
export const YOUNG_GENERATION_MB = 64;

/** The messages a thread of the search sent, queued until taken. */
class Inbox {
  private readonly queue: FromWorker[] = [];
  private wake: (() => void) | null = null;
  protected put(m: FromWorker): void {
    this.queue.push(m);
    this.wake?.();
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

/** A thread of an exhaustive search, as the main thread's loop talks to it: a worker, or its own share (`Here`). */
export interface SearchThread {
  post(m: ToWorker, transfer?: readonly MessagePort[]): void;
  expect<T extends FromWorker['type']>(type: T): Promise<Extract<FromWorker, { type: T }>>;
  terminate(): Promise<unknown>;
}

/** A worker with a queue of the messages it sent. */
export class Handle extends Inbox implements SearchThread {
  readonly worker: Worker;
  constructor(init: WorkerInit) {
    super();
    this.worker = new Worker(workerScript(), {
      workerData: init,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.on('message', (m: FromWorker) => this.put(m));
    this.worker.on('error', (e) => this.put({ type: 'error', message: e.message }));
  }
  post(m: ToWorker, transfer: readonly MessagePort[] = []): void {
    this.worker.postMessage(m, [...transfer]);
  }
  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * The main thread's own share of an exhaustive search (worker 0): the messages it is posted are handled once the
 * loop that posted them waits (after it has posted them to the workers too), and what it sends is queued here.
 */
export class Here extends Inbox implements SearchThread {
  private readonly handle: (m: ToWorker) => void;
  constructor(
    build: (send: (m: FromWorker) => void) => (m: ToWorker) => void,
    private readonly ports: readonly (MessagePort | null)[],
  ) {
    super();
    this.handle = build((m) => this.put(m));
  }
  post(m: ToWorker): void {
    queueMicrotask(() => {
      try {
        this.handle(m);
      } catch (e) {
        this.put({ type: 'error', message: errorMessage(e) });
      }
    });
  }
  async terminate(): Promise<void> {
    for (const p of this.ports) p?.close();
  }
}

/** Adds a thread's action counts to `into`. */
export function sumCoverage(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/** What the workers need to find and build the model: its catalog name, resolved config and judged invariants. */
export interface Named {
  readonly model: string;
  readonly config: Readonly<Record<string, ConfigValue>>;
  readonly invariants: readonly string[] | null;
}
