/** Messages between the search's main thread and its worker threads, as plain data. */
import type { MessagePort } from 'node:worker_threads';
import type { ConfigValue } from '../../model/core/keys.js';
import type { Best } from './levels.js';

/** What every worker is started with: the model by name, its resolved config, the invariants judged. */
interface Base {
  readonly model: string;
  readonly config: Readonly<Record<string, ConfigValue>>;
  /** Names of the invariants to judge (all of the model's when null). */
  readonly invariants: readonly string[] | null;
  readonly worker: number;
  readonly workers: number;
}

/** What a worker is started with. */
export type WorkerInit =
  | (Base & { readonly kind: 'exhaustive'; readonly symmetry: boolean; readonly maxStates: number })
  | (Base & {
      readonly kind: 'random';
      readonly runs: number;
      readonly firstRun: number;
      readonly seed: number;
      readonly maxSteps: number;
      readonly shard: { readonly index: number; readonly count: number } | null;
      /** Shared: the lowest failing run number any worker has found (Int32, starts at runs). */
      readonly stop: SharedArrayBuffer;
    });

/** Main to worker. */
export type ToWorker =
  | { readonly type: 'peers'; readonly ports: readonly (MessagePort | null)[] }
  | { readonly type: 'level'; readonly depth: number; readonly deadline: number | null }
  | { readonly type: 'link'; readonly local: number }
  | { readonly type: 'stop' };

/** Worker to main. */
export type FromWorker =
  | { readonly type: 'ready'; readonly frontier: number }
  | {
      readonly type: 'level-done';
      readonly distinct: number;
      readonly generated: number;
      readonly frontier: number;
      readonly enabledAtFrontier: boolean;
      /** The worker's shortest counterexample so far: the state it starts from and its length with the drain. */
      readonly best: Best | null;
      readonly timedOut: boolean;
      readonly coverage: Record<string, number>;
      readonly bytes: number;
    }
  | { readonly type: 'link'; readonly parent: number; readonly action: number }
  | {
      readonly type: 'random-done';
      readonly runs: number;
      readonly steps: number;
      readonly failingRun: number | null;
      readonly coverage: Record<string, number>;
    }
  | { readonly type: 'error'; readonly message: string };

/** Worker to worker, once per level: the states it found that the peer owns. */
export interface Batch {
  readonly depth: number;
  /** The states as objects, when the model cannot decode words (else empty). */
  readonly states: readonly unknown[];
  /**
   * Per state: fingerprint halves, parent's global number, action index, then (decodable models) the word count and
   * words.
   */
  readonly meta: Int32Array;
}
