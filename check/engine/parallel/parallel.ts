/**
 * The exhaustive search on worker threads (`--workers N`; a random campaign on them: `explore/random-parallel.ts`):
 * level-synchronous breadth-first search on N threads, this one thread 0 and N - 1 workers (`share-search.ts` is what
 * each runs); thread w owns the fingerprints that are w modulo N (each fingerprint table is private and needs no locks)
 * and numbers the states it admits. A search one thread began can go on this way from where it stopped (`baton.ts`),
 * its thread as thread 0. A state stays with the thread that made it: only its fingerprint is sent to its owner, which
 * admits it or not, so states cross threads only to even out the level before judging (`balance.ts`), and the drain
 * memo is one table all workers share (`shared-memo.ts`). Distinct-state counts are the same for every N, and so is the
 * counterexample: the one thread's, step for step, the first of the fewest steps in its breadth-first order, which the
 * threads keep (`level-order.ts`; under symmetry, with the member of each orbit that order's first discovery made),
 * also where the look for a shorter one is cut (`levels.ts` budgets it in whole levels, counted from level sizes, not
 * from state numbers, which are a worker's here). Workers find the model by its name in the catalog
 * (`check/worker.ts`).
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { AnyAction } from '../../../model/core/model.js';
import { counterexample } from '../../run/counterexample.js';
import { indices } from '../../run/execute.js';
import { reported } from '../../run/unproved.js';
import type { Checked } from '../../types/checked.js';
import { clockOf } from '../../types/clock.js';
import type { ExhaustiveBounds } from '../../types/options.js';
import type { Counterexample, ExhaustiveOutcome } from '../../types/outcome.js';
import { sendDeadline } from '../../types/sent-deadline.js';
import { Levels } from '../frontier/levels.js';
import type { FingerprintSet } from '../store/fingerprint-set.js';
import { collisionProbability } from '../store/hash.js';
import { SharedMemo } from '../store/shared-memo.js';
import { balancePlan } from './balance.js';
import { batons, type Handed } from './baton.js';
import type { Batch } from './protocol.js';
import { Mailbox, startShare } from './share-search.js';
import { Handle, Here, type Named, type SearchThread, sumCoverage } from './threads.js';

/**
 * Slots the shared drain memo starts with (8 bytes each), and how many times its entries it grows to
 * between levels once half full (a model that rarely drains, as two-phase-commit, keeps it small).
 */
const MEMO_SLOTS = 1 << 10;
const MEMO_GROWTH = 4;

/**
 * An exhaustive search on `workers` threads, this one thread 0 and workers the others; a counterexample is
 * rebuilt here from the threads' links. `drains`: the drain memo of a search of the same model and options on one
 * thread, to start from; `from`: where that search stopped, to go on from there (`baton.ts`: this thread goes on
 * with its core) rather than from the initial state.
 */
export async function exhaustiveParallel<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  named: Named,
  opts: ExhaustiveBounds,
  workers: number,
  drains?: FingerprintSet,
  from?: Handed,
): Promise<ExhaustiveOutcome<S, A>> {
  const clock = clockOf(opts);
  const t0 = clock.now();
  // Each thread stops at `--max-seconds` on a clock of its own, of this one's kind: a ticking one on a ticking clock.
  const deadline = opts.maxSeconds === undefined ? null : sendDeadline(clock, opts.maxSeconds * 1000);
  const { workers: remote, ports } = exhaustiveWorkers(named, opts, workers);
  const mail = new Mailbox();
  for (const p of ports) p?.on('message', (b: Batch) => mail.put(b));
  let threads: readonly SearchThread[] = remote;
  // Whatever happens (a worker's error included), no worker outlives the search.
  try {
    const handed = from === undefined ? null : batons(from, workers, c.model.fast.decode !== undefined);
    // The shared drain memo, from the drains a search on one thread already ran when there are some.
    const memo = SharedMemo.create(Math.max(MEMO_SLOTS, (drains?.size ?? 0) * MEMO_GROWTH));
    drains?.forEach((hi, lo) => {
      memo.add(hi, lo);
    });
    // The workers start first: this thread's share is set up while they set up theirs.
    remote.forEach((h, i) => {
      h.post({ type: 'start', memo: memo.buffer, baton: handed?.batons[i + 1] ?? null, deadline });
    });
    const here = new Here((send) => {
      if (from && handed) {
        return from.here(workers, ports, mail, memo.buffer, send, handed.batons[0]!, handed.others, deadline);
      }
      const setup = {
        symmetry: opts.symmetry === true,
        plain: opts.plain === true,
        maxStates: opts.maxStates,
        worker: 0,
        workers,
      };
      return startShare(c, initial, setup, ports, mail, send, {
        type: 'start',
        memo: memo.buffer,
        baton: null,
        deadline,
      });
    }, ports);
    threads = [here, ...remote];
    const r = await levelByLevel(threads, opts, memo, from ?? null);
    const found = r.levels.best === null ? null : await rebuild(c, initial, threads, r.levels.best.id, from?.base ?? 0);
    // A search handed over counts its time from the thread's start, as its `foundMs` does (its `Levels`).
    const elapsedMs = from ? from.levels.elapsedMs : clock.now() - t0;
    return outcome(c, initial, opts, workers, r, found, elapsedMs, from?.sleepSkipped);
  } finally {
    await Promise.all(threads.map((h) => h.terminate()));
  }
}

/** The workers of an exhaustive search (threads 1 to N - 1; the main thread is thread 0) and thread 0's ports. */
interface Crew {
  readonly workers: readonly Handle[];
  readonly ports: readonly (MessagePort | null)[];
}

/**
 * Starts threads 1 to `workers` - 1 of an exhaustive search, each told its peers; they wait for `start` (what
 * `exhaustiveParallel` sends).
 */
function exhaustiveWorkers(named: Named, opts: ExhaustiveBounds, workers: number): Crew {
  const handles = Array.from(
    { length: workers - 1 },
    (_, i) =>
      new Handle({
        ...named,
        kind: 'exhaustive',
        symmetry: opts.symmetry === true,
        plain: opts.plain === true,
        maxStates: opts.maxStates,
        worker: i + 1,
        workers,
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
  handles.forEach((h, i) => {
    const mine = channels[i + 1]!;
    h.post(
      { type: 'peers', ports: mine },
      mine.filter((p): p is MessagePort => p !== null),
    );
  });
  return { workers: handles, ports: channels[0]! };
}

/** What the levels of a search on workers came to. */
interface Levelled {
  readonly levels: Levels;
  readonly distinct: number;
  readonly generated: number;
  readonly drainSteps: number;
  /** Bytes the workers keep, the shared drain memo included. */
  readonly bytes: number;
  /** States the threads hold: `distinct` and those admitted but not judged when the time ran out. */
  readonly held: number;
  readonly coverage: Record<string, number>;
}

/**
 * The search, level by level: each level expanded, claimed and judged, then evened out, by the threads. A search
 * handed over (`from`) goes on with what the thread left of its level (thread 0's counts include the thread's).
 */
async function levelByLevel(
  handles: readonly SearchThread[],
  opts: ExhaustiveBounds,
  first: SharedMemo,
  from: Handed | null,
): Promise<Levelled> {
  let memo = first;
  let frontier = 0;
  for (const h of handles) frontier += (await h.expect('ready')).frontier;
  const levels = from?.levels ?? new Levels(opts);
  levels.resume();
  let distinct = from?.seen.size ?? 1;
  let generated = 0;
  let drainSteps = 0;
  let bytes = 0;
  let held = distinct;
  let coverage: Record<string, number> = {};
  let enabledAtFrontier = true;
  // The level the thread was expanding is expanded to its end whatever is left of it (the thread chose to).
  let going = from?.mid === true;
  for (
    let depth = from?.depth ?? 0;
    going || levels.expand(depth, frontier, distinct, () => enabledAtFrontier);
    depth++, going = false
  ) {
    // The workers wait between levels: the only time the shared memo may move to a bigger table.
    const moved = memo.crowded;
    if (moved) memo = memo.grown(memo.size * MEMO_GROWTH);
    // The new states `--max-states` leaves: if the level has more, the search keeps its first, in the one-thread
    // order, as one thread does (after the states of the level the thread admitted before handing over).
    const left = Math.max(0, opts.maxStates - distinct);
    const cut = left + (going ? (from?.next.count ?? 0) : 0);
    for (const h of handles) h.post({ type: 'level', depth, left, cut, memo: moved ? memo.buffer : null });
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
    const before = distinct;
    distinct = 0;
    generated = 0;
    drainSteps = 0;
    bytes = 0;
    held = 0;
    frontier = 0;
    enabledAtFrontier = false;
    coverage = {};
    let timedOut = false;
    let full = false;
    let admitted = 0;
    for (const h of handles) {
      const m = await h.expect('level-done');
      // A state admitted but not judged before the time ran out is not one the search checked.
      distinct += m.distinct - m.unjudged;
      held += m.distinct;
      generated += m.generated;
      drainSteps += m.drainSteps;
      bytes += m.bytes;
      frontier += m.frontier;
      enabledAtFrontier ||= m.enabledAtFrontier;
      timedOut ||= m.timedOut;
      full ||= m.full;
      admitted += m.admitted;
      sumCoverage(coverage, m.coverage);
      if (m.best) levels.offer(m.best);
    }
    if (timedOut) {
      levels.bound = 'max-seconds';
      break;
    }
    // As on one thread, the level a bound stopped inside is not complete, and its first `left` states were judged;
    // unless one of those is a counterexample nothing deeper can beat: one thread stops there, before the bound.
    const over = full || admitted > left;
    if (over) distinct = before + left;
    const done = levels.best !== null && levels.best.total <= depth + 1;
    if (over && !done) {
      levels.bound = 'max-states';
      break;
    }
    // A level that ends at M exactly is complete: as on one thread, the next stops at its first new state (none
    // is left room for), and a search with none ends there unbounded.
    levels.completed(depth, frontier);
  }
  return { levels, distinct, generated, drainSteps, bytes: bytes + memo.bytes, held, coverage };
}

/**
 * The counterexample ending at state `id`: its path from the threads' parent links, replayed here. States below
 * `base` are those one thread numbered before it handed the search over: thread 0's.
 */
async function rebuild<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  threads: readonly SearchThread[],
  id: number,
  base: number,
) {
  const workers = threads.length;
  const path: number[] = [];
  for (let g = id; g >= 0; ) {
    const h = threads[g < base ? 0 : (g - base) % workers]!;
    h.post({ type: 'link', id: g });
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
  opts: ExhaustiveBounds,
  workers: number,
  r: Levelled,
  found: Counterexample<S, A> | null,
  elapsedMs: number,
  sleepSkipped: number | undefined,
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
    judges: null,
    depth: opts.depth,
    maxStates: opts.maxStates,
    maxSeconds: opts.maxSeconds ?? null,
    depthCompleted: levels.depthCompleted,
    levels: levels.levelSizes,
    bound: levels.bound,
    // Per state held: a search the time cut holds states it did not judge (not counted in `distinct`).
    bytesPerState: r.held === 0 ? 0 : r.bytes / r.held,
    collisionProbability: collisionProbability(distinct, generated),
    symmetry,
    // With symmetry, another member of the judged state's orbit may drain to the violation sooner (exhaustive.ts).
    shortest: levels.shortest && !symmetry,
    foundMs: levels.foundMs,
    por: 'off',
    // The threads keep no sleep sets; a search handed over counts what the first thread's spared before.
    sleepSets: sleepSkipped === undefined ? 'off' : { skipped: sleepSkipped },
    member: null,
  };
}
