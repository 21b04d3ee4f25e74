/** Messages between the search's main thread and its worker threads, as plain data. */
import type { MessagePort } from 'node:worker_threads';
import type { ConfigValue } from '../../../model/core/keys.js';
import type { AnyAction } from '../../../model/core/model.js';
import type { SwarmOutcome } from '../../types/outcome.js';
import type { SentDeadline } from '../../types/sent-deadline.js';
import type { Best } from '../frontier/levels.js';
import type { Shipment } from './balance.js';
import type { Baton } from './parcel.js';

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
  | (Base & {
      readonly kind: 'exhaustive';
      readonly symmetry: boolean;
      readonly plain: boolean;
      readonly maxStates: number;
    })
  | (Base & {
      readonly kind: 'random';
      readonly runs: number;
      readonly firstRun: number;
      readonly seed: number;
      readonly maxSteps: number;
      readonly shard: { readonly index: number; readonly count: number } | null;
      /** Shared: the lowest failing run number any worker has found (Int32, starts at runs). */
      readonly stop: SharedArrayBuffer;
    })
  | (Base & {
      /** A judge of the states a search on the main thread admits (`judges.ts`). */
      readonly kind: 'judge';
      readonly symmetry: boolean;
      /** The drain memo the judges and the search share (`shared-memo.ts`). */
      readonly memo: SharedArrayBuffer;
      /** Shared words (`JudgeWord`): judges ready. */
      readonly signal: SharedArrayBuffer;
      /** Where states come in and verdicts go back (the search takes them without yielding). */
      readonly port: MessagePort;
    })
  | (Base & {
      /** The portfolio's swarm, beside its breadth-first pass on the main thread (`side-by-side.ts`). */
      readonly kind: 'swarm';
      readonly runs: number;
      readonly seed: number;
      readonly maxSteps: number;
      /** When to stop, on the clock of the pass's kind (`sent-deadline.ts`: a ticking one of the swarm's own). */
      readonly deadline: SentDeadline;
      /**
       * Shared with the pass, three Int32 words (`BesideWord`): who found first or that the pass is done
       * (`Beside`), and the swarm's runs and steps so far (for the progress shown beside the pass's).
       */
      readonly stop: SharedArrayBuffer;
    });

/** A swarm campaign's failing run, as its outcome says it. */
export type SwarmFailure = NonNullable<SwarmOutcome<unknown, AnyAction>['failure']>;

/** The words the pass and the swarm share: who found first (`Beside`), the swarm's runs and steps so far. */
export const BesideWord = { flag: 0, runs: 1, steps: 2, count: 3 } as const;

/** The shared flag between the pass and the swarm: who found first, or that the pass is done. */
export const Beside = {
  running: 0,
  /** The swarm found a violation: the pass stops (unless it has one too). */
  swarmFound: 1,
  /** The pass found a violation, or exhausted the reachable space: the swarm stops before its next run. */
  passFound: 2,
  passDone: 3,
} as const;

/** Main to worker. */
export type ToWorker =
  | { readonly type: 'peers'; readonly ports: readonly (MessagePort | null)[] }
  | {
      readonly type: 'start';
      /** The drain memo all workers share (`shared-memo.ts`). */
      readonly memo: SharedArrayBuffer;
      /** Where to go on from, when one thread handed the search over (`baton.ts`); null: from the initial state. */
      readonly baton: Baton | null;
      /**
       * When the thread stops expanding (`--max-seconds`; null: never), on a clock of the search's kind: the thread
       * reads its own, every 128 states (`sent-deadline.ts`).
       */
      readonly deadline: SentDeadline | null;
    }
  | {
      readonly type: 'level';
      readonly depth: number;
      /**
       * New states `--max-states` leaves for the next level (the one-thread search admits that many of its first,
       * in the one-thread order, and stops). A thread drops a new state once it knows that many to come before it
       * (`share-search.ts`), so it admits at most this many from each thread's discoveries.
       */
      readonly left: number;
      /**
       * The ranks of the next level's states the search keeps if it is cut in that level: below `left` plus the
       * states of the level one thread admitted before it handed the search over.
       */
      readonly cut: number;
      /** The shared drain memo, when the main thread moved it to a bigger table since the last level. */
      readonly memo: SharedArrayBuffer | null;
    }
  /** The level's new states are admitted: which to send to whom, and how many shipments to wait for. */
  | { readonly type: 'balance'; readonly sends: readonly Shipment[]; readonly receives: number }
  /** The parent and action of state `id`, one the thread numbered. */
  | { readonly type: 'link'; readonly id: number };

/** Worker to main. */
export type FromWorker =
  | { readonly type: 'ready'; readonly frontier: number }
  /** The worker's new states of the level, admitted by their owners and judged. */
  | { readonly type: 'kept'; readonly count: number }
  | {
      readonly type: 'level-done';
      readonly distinct: number;
      /** States its owner admitted for this worker that the time ran out before it judged (not counted as checked). */
      readonly unjudged: number;
      readonly generated: number;
      readonly drainSteps: number;
      readonly frontier: number;
      readonly enabledAtFrontier: boolean;
      /** The worker's shortest counterexample so far: the state it starts from and its length with the drain. */
      readonly best: Best | null;
      readonly timedOut: boolean;
      /**
       * The thread dropped a new state of the level, as past what `--max-states` leaves: the search stops there, the
       * level not complete.
       */
      readonly full: boolean;
      /** New states the thread admitted in the level (those of ranks past the cut included). */
      readonly admitted: number;
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
  | {
      readonly type: 'swarm-done';
      readonly runs: number;
      readonly steps: number;
      readonly elapsedMs: number;
      readonly coverage: Record<string, number>;
      /** The find: the failing run as the swarm reports it, and the explored actions of its minimized trace. */
      readonly failure: SwarmFailure | null;
      readonly explored: readonly AnyAction[] | null;
    }
  | { readonly type: 'error'; readonly message: string };

/**
 * Worker to worker, four times a level. `claims`: the new states it made that the peer owns, as
 * fingerprint halves, the parent's global number, the action index and the parent's rank (5 words
 * each); the states stay with their maker. `answers`: per claim, in order, the global number its
 * owner gave it, or -1 when the owner knew it or admitted another thread's claim, and the key of
 * each admitted (`keys`: the least of the level's discoveries, `level-order.ts`). `keys`: the keys
 * of the states it kept, sorted, for the ranks. `states`: a shipment of the balance, judged, with
 * their global numbers (a word each), as words when the model can decode them (length, then the
 * words) else as objects, and their ranks.
 */
export type Batch =
  | { readonly kind: 'claims'; readonly depth: number; readonly from: number; readonly meta: Int32Array<ArrayBuffer> }
  | {
      readonly kind: 'answers';
      readonly depth: number;
      readonly from: number;
      readonly meta: Int32Array<ArrayBuffer>;
      readonly keys: Float64Array<ArrayBuffer>;
    }
  | { readonly kind: 'keys'; readonly depth: number; readonly from: number; readonly meta: Float64Array<ArrayBuffer> }
  | {
      readonly kind: 'states';
      readonly depth: number;
      readonly from: number;
      readonly meta: Int32Array<ArrayBuffer>;
      readonly states: readonly unknown[];
      readonly ranks: Int32Array<ArrayBuffer>;
    };

/** The claim's words in a `claims` batch: fingerprint halves, parent, action, parent's rank. */
export const CLAIM_WORDS = 5;

/** The words a search and its judge threads share (`judges.ts`): judges ready. */
export const JudgeWord = { ready: 0 } as const;

/** The search to a judge thread (`judges.ts`). */
export type ToJudge =
  /**
   * States of level `epoch` to judge, in the first `length` words of `states`: per state its place in its level,
   * fingerprint halves, word count and words.
   */
  | {
      readonly type: 'states';
      readonly epoch: number;
      readonly states: Int32Array<ArrayBuffer>;
      readonly length: number;
    }
  /** The shared drain memo moved to a bigger table (between levels, no judge writing). */
  | { readonly type: 'memo'; readonly memo: SharedArrayBuffer };

/** A judge thread to the search: verdicts (place and distance, per state of a batch), or why it cannot judge. */
export type JudgeReply =
  | {
      readonly type: 'verdicts';
      readonly epoch: number;
      readonly verdicts: Int32Array<ArrayBuffer>;
      readonly drainSteps: number;
    }
  | { readonly type: 'error'; readonly message: string };
