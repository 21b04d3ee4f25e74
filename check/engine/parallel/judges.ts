/**
 * Threads that judge states for a breadth-first search running on this thread (`--workers N` over a model that
 * decodes its words): the search expands, fingerprints and admits every state itself, in the one-thread
 * order, and sends most of its new states, as their words, to judge threads, which decode each, check its
 * invariants and run its drain (`SearchCore.judge`, the shared drain memo of `shared-memo.ts`) and send its
 * verdict back. Judging is more than half of a Kafka model's search (kafka-txn depth 11: 52% of one thread's
 * time), and a verdict is a function of the state, so the search is the one-thread search: the same states
 * in the same order, the verdicts settled in that order (`verdicts.ts`). The search judges a state itself
 * when the judges are behind, so neither thread waits for the other.
 *
 * The search on this thread runs without yielding: it posts states on a MessageChannel and takes verdicts with
 * `receiveMessageOnPort`; at a level's end it judges the states still out itself rather than wait.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { WordBuffer } from '../../../model/core/words.js';
import { SharedMemo } from '../store/shared-memo.js';
import { type JudgeReply, type ToJudge, JudgeWord as Word } from './protocol.js';
import type { Named } from './threads.js';
import { workerScript, YOUNG_GENERATION_MB } from './threads.js';

/** States sent to a judge in one message. */
const BATCH = 64;
/** States a judge may have waiting before the search judges the next one itself. */
const BEHIND = 8 * BATCH;
/** Slots the shared drain memo starts with, and how many times the entries the search had its first table holds. */
const MEMO_SLOTS = 1 << 14;
const MEMO_GROWTH = 4;
/** The load the shared memo's table may reach within a level before it grows (its entries stop at 0.85). */
const MEMO_FULL = 0.7;

/** (Tests) smaller batches and backlogs than the defaults, to mix the order verdicts come back in. */
export interface JudgeTuning {
  readonly batch?: number;
  readonly behind?: number;
}

interface Judge {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** States to send: per state its place, fingerprint, word count and words. */
  readonly batch: WordBuffer;
  count: number;
}

export class Judges {
  private readonly judges: Judge[];
  private readonly signal: Int32Array;
  private sent = 0;
  private back = 0;
  private turn = 0;
  private ready = false;
  /** The level being judged: the judges' verdicts of a level before are dropped. */
  private epoch = 0;
  /** The drain memo the judges and the search share. */
  memo: SharedMemo;
  /** Drain steps the judges took. */
  drainSteps = 0;
  private readonly batchSize: number;
  private readonly behind: number;

  /** Starts `count` judges of `named`'s model (`symmetry`: the search's). */
  constructor(named: Named, symmetry: boolean, count: number, tuning: JudgeTuning = {}) {
    this.batchSize = tuning.batch ?? BATCH;
    this.behind = tuning.behind ?? BEHIND;
    this.signal = new Int32Array(new SharedArrayBuffer(4));
    this.memo = SharedMemo.create(MEMO_SLOTS);
    this.judges = Array.from({ length: count }, (_, i) => {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(workerScript(), {
        workerData: {
          ...named,
          kind: 'judge',
          symmetry,
          worker: i + 1,
          workers: count + 1,
          memo: this.memo.buffer,
          signal: this.signal.buffer,
          port: port2,
        },
        transferList: [port2],
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      // A judge's failure is sent on its port (`worker.ts`); the search, never yielding, would not see this event.
      worker.on('error', () => undefined);
      return { worker, port: port1, batch: new WordBuffer(), count: 0 };
    });
  }

  /** The judge threads. */
  get count(): number {
    return this.judges.length;
  }

  /**
   * Whether to send the next new state to a judge: one is ready and not too far behind, nor further than the
   * `left` states the search has yet to expand in its level (so that the judges finish about when it does).
   */
  takes(left: number): boolean {
    if (!this.ready) this.ready = Atomics.load(this.signal, Word.ready) === this.judges.length;
    return this.ready && this.sent - this.back < Math.min(this.behind * this.judges.length, this.batchSize + left);
  }

  /** (Tests) Resolves once every judge is ready, so that the search sends states from its first level on. */
  async whenReady(): Promise<void> {
    while (Atomics.load(this.signal, Word.ready) < this.judges.length) await new Promise((r) => setTimeout(r, 5));
  }

  /** States the judges judged (some of them judged here too, when the search judged what they had at a level's end). */
  get judged(): number {
    return this.back;
  }

  /** Sends the state at `place` of its level (fingerprint `hi`, `lo`, words `words`) to be judged. */
  send(place: number, hi: number, lo: number, words: WordBuffer): void {
    const j = this.judges[this.turn]!;
    const b = j.batch;
    b.push(place);
    b.push(hi);
    b.push(lo);
    b.push(words.length);
    b.append(words.words, words.length);
    this.sent += 1;
    if (++j.count === this.batchSize) {
      this.post(j);
      this.turn = (this.turn + 1) % this.judges.length;
    }
  }

  private post(j: Judge): void {
    if (j.count === 0) return;
    // The batch's own list is sent: a copy of it was one more pass over every judged state's words.
    const length = j.batch.length;
    const states = j.batch.take();
    const m: ToJudge = { type: 'states', epoch: this.epoch, states, length };
    j.port.postMessage(m, [states.buffer]);
    j.count = 0;
  }

  /** Takes the verdicts of the level back so far: `set(place, k)` each (those of a level before are dropped). */
  poll(set: (place: number, k: number) => void): void {
    for (const j of this.judges) {
      for (let r = receiveMessageOnPort(j.port); r !== undefined; r = receiveMessageOnPort(j.port)) {
        const m = r.message as JudgeReply;
        if (m.type === 'error') throw new Error(`judge: ${m.message}`);
        const v = m.verdicts;
        if (m.epoch === this.epoch) for (let i = 0; i < v.length; i += 2) set(v[i]!, v[i + 1]!);
        this.back += v.length / 2;
        this.drainSteps += m.drainSteps;
      }
    }
  }

  /**
   * Sends what is batched, and settles every verdict of the level: those back, and the others judged here by
   * `steal` (one state still out each call, the last sent first, while the judges work from the first; false when
   * none is out). The judges' verdicts for states judged here are dropped when they come; a judge still at them
   * when the next level begins is behind, so the search judges more itself until it catches up.
   */
  all(set: (place: number, k: number) => void, steal: () => boolean): void {
    for (const j of this.judges) this.post(j);
    for (;;) {
      this.poll(set);
      if (!steal()) break;
    }
    this.epoch += 1;
  }

  /**
   * The search had a drain memo of its own (`each` gives its `size` entries): the judges and the search share a
   * table with them from now on (told before any state is sent).
   */
  adopt(size: number, each: (add: (hi: number, lo: number) => void) => void): SharedMemo {
    const memo = SharedMemo.create(Math.max(MEMO_SLOTS, size * MEMO_GROWTH));
    each((hi, lo) => memo.add(hi, lo));
    this.moveTo(memo);
    return memo;
  }

  private moveTo(memo: SharedMemo): void {
    this.memo = memo;
    const m: ToJudge = { type: 'memo', memo: memo.buffer };
    for (const j of this.judges) j.port.postMessage(m);
  }

  /**
   * Before a level: moves the shared memo to a bigger table, for the judges too, when the `ahead` entries the level
   * is expected to add would fill more than `MEMO_FULL` of it; the new table, sized to be half full after them, when
   * it moved. (Growing it fourfold once half full, as the workers' is, kept about four times the slots
   * it filled: kafka-txn depth 12 at 39.1 bytes a state against 21.8 on one thread.)
   */
  grow(ahead: number): SharedMemo | null {
    const need = this.memo.size + ahead;
    if (need <= MEMO_FULL * this.memo.slots) return null;
    this.moveTo(this.memo.grown(2 * need));
    return this.memo;
  }

  /** Ends the judges. */
  async end(): Promise<void> {
    for (const j of this.judges) j.port.close();
    await Promise.all(this.judges.map((j) => j.worker.terminate()));
  }
}

/**
 * The judge threads a breadth-first search may start (`ExhaustiveOptions.judges`): once, before the first level
 * after which it has `states` states and foresees `ahead` more (`Levels.judgesPay`), so that a search too small to
 * repay their start (kafka-txn at its default depth 8: 0.83 s with a judge from the start, 0.54 s alone) runs alone.
 * The caller ends them.
 */
export class JudgeCrew {
  private judges: Judges | null = null;

  constructor(
    private readonly named: Named,
    private readonly symmetry: boolean,
    private readonly count: number,
    readonly states: number,
    readonly ahead: number,
    private readonly tuning: JudgeTuning = {},
  ) {}

  /** The judges, started on the first call. */
  start(): Judges {
    this.judges ??= new Judges(this.named, this.symmetry, this.count, this.tuning);
    return this.judges;
  }

  /** The judges, if started. */
  get started(): Judges | null {
    return this.judges;
  }

  async end(): Promise<void> {
    await this.judges?.end();
  }
}
