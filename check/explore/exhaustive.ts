/**
 * Bounded exhaustive search, breadth-first, level by level: states de-duplicated by 64-bit
 * fingerprints of their canonical encoding in a typed-array table, every invariant checked on every
 * new state, and from every new state the fault-free drain run to quiescence (memoized by
 * fingerprint) for the quiescence invariants. Successors are made by the fast path on plain copies
 * the search owns (or, with `plain`, by `step`), or, for a model with packed rules, on packed words
 * (`engine/search/packed-search.ts`). Only the frontier is kept as states, as words (`engine/frontier/frontier.ts`);
 * each state's parent and action index are kept in 4 bytes, and a counterexample is rebuilt by
 * replay through `step`. The counterexample has the fewest steps in total, drain included
 * (`engine/frontier/levels.ts`), or, when the search for a shorter one was cut, it is minimized (`unproved.ts`).
 * With `por`, and a model that declares footprints, only persistent sets are expanded
 * (`engine/search/reduced-search.ts`).
 * A search that hits a bound says which and how deep it got.
 */
import type { AnyAction, Packed } from '../../model/core/model.js';
import { newFrontier } from '../engine/frontier/frontier.js';
import { Levels } from '../engine/frontier/levels.js';
import { type Handed, handOver } from '../engine/parallel/baton.js';
import { JudgedLevel } from '../engine/parallel/judged-level.js';
import type { JudgeCrew } from '../engine/parallel/judges.js';
import { Reduction } from '../engine/reduce/por.js';
import { SleepSets } from '../engine/reduce/sleep-sets.js';
import { objectSpace, packedSpace, searchMember } from '../engine/search/member-search.js';
import { addCounts, searchPacked } from '../engine/search/packed-search.js';
import { searchReduced } from '../engine/search/reduced-search.js';
import { SearchCore, symmetryOf } from '../engine/search/search-core.js';
import { collisionProbability } from '../engine/store/hash.js';
import { counterexample } from '../run/counterexample.js';
import { indices } from '../run/execute.js';
import { anyFinding, minimized, reported } from '../run/unproved.js';
import type { Checked } from '../types/checked.js';
import { clockOf } from '../types/clock.js';
import type { Shard } from '../types/options.js';
import type { Counterexample, Cut, ExhaustiveOutcome } from '../types/outcome.js';
import type { ExhaustiveOptions } from './options.js';

/** Runs the search in this thread. */
export function exploreExhaustive<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: ExhaustiveOptions,
): ExhaustiveOutcome<S, A> {
  if (opts.member) return exploreMember(c, initial, opts, opts.member);
  const reduction = opts.por === true ? Reduction.of(c.model, initial) : null;
  const packed = reduction ? null : packedRules(c, initial, opts);
  const core = new SearchCore(c, {
    symmetry: opts.symmetry === true,
    plain: opts.plain === true,
    failedDrains: opts.failedDrains !== false,
    maxStates: opts.maxStates,
    drainMemo: opts.drainMemo,
    packAt: opts.packAt,
    // Only the search over state objects goes on as thread 0, numbering states among the workers'.
    handOffWorkers: reduction || packed ? undefined : opts.handOff?.workers,
  });
  // Only the search over state objects is handed over: workers would search the full graph instead of the reduced
  // one, and start the packed one again, on threads that lose to one (`check.ts`, `checkAuto`).
  const levels = new Levels(reduction || packed ? { ...opts, handOff: undefined } : opts);
  let por: ExhaustiveOutcome<S, A>['por'] = opts.por === true ? 'undeclared' : 'off';
  // Sleep sets in the search over state objects only (the reduced search keeps its own).
  const objects = !reduction && !packed;
  const sleepAsked = objects && opts.sleepSets === true;
  const sleep = sleepAsked ? SleepSets.of(c.model, core.engine.symmetry) : null;
  if (reduction) {
    por = searchReduced(core, levels, reduction, initial);
    por.depth = levels.depthCompleted;
  } else if (packed) searchPacked(core, levels, packed, initial);
  else searchObjects(core, levels, initial, sleep, opts.handOff?.take, opts.judges);
  const met = levels.best === null ? null : counterexample(c, initial, indices(c, core.links.pathTo(levels.best.id)));
  const judges = opts.judges?.started ?? null;
  const { found, minimizedFrom, cut } = reported(c, initial, met, levels);
  return {
    mode: 'exhaustive',
    status: found ? 'violation' : 'ok',
    found,
    minimizedFrom,
    cut,
    invariants: c.invariants.map((i) => i.name),
    coverage: core.coverage,
    elapsedMs: levels.elapsedMs,
    workers: 1 + (judges?.count ?? 0),
    distinct: core.distinct,
    generated: core.generated,
    drainSteps: core.drainSteps + (judges?.drainSteps ?? 0),
    judges: judges ? { threads: judges.count, judged: judges.judged } : null,
    depth: opts.depth,
    maxStates: opts.maxStates,
    maxSeconds: opts.maxSeconds ?? null,
    // A reduced search proves a depth of the full graph only by ending (`ReductionStats.depth`): cut, none past
    // the initial state.
    depthCompleted: typeof por !== 'string' && levels.bound !== null ? 0 : levels.depthCompleted,
    levels: levels.levelSizes,
    bound: levels.bound,
    // With judges, the drain memo they share with the search counts too.
    bytesPerState: core.bytesPerState + (judges ? judges.memo.bytes / Math.max(1, core.seen.size) : 0),
    collisionProbability: collisionProbability(core.distinct, core.generated),
    symmetry: core.engine.symmetry,
    // The reduced search keeps fewer paths: its traces are real, not proved the fewest. With symmetry one member
    // of an orbit is judged, and another's drain may reach the violation in fewer steps (the verdict is the same).
    shortest: levels.shortest && typeof por === 'string' && !core.engine.symmetry,
    foundMs: levels.foundMs,
    por,
    sleepSets: sleep ? { skipped: sleep.skipped } : sleepAsked ? 'undeclared' : 'off',
    member: null,
  };
}

/**
 * Whether a search with `opts` may go on on other threads: the breadth-first search over state objects, not the
 * reduced one, a swarm member's or the one over packed words.
 */
export function handsOver<S, A extends AnyAction>(c: Checked<S, A>, initial: S, opts: ExhaustiveOptions): boolean {
  return !opts.member && opts.por !== true && packedRules(c, initial, opts) === null;
}

/** The model's packed rules for a search from `initial`, or null: none, or the plain engine, or symmetry. */
function packedRules<S, A extends AnyAction>(c: Checked<S, A>, initial: S, opts: ExhaustiveOptions): Packed | null {
  const symmetry = opts.symmetry === true && symmetryOf(c);
  return opts.plain || symmetry ? null : (c.model.fast.packed?.(initial) ?? null);
}

/**
 * Runs one member of a swarm verification (`engine/search/member-search.ts`). Its counterexample, found
 * depth-first, is minimized as a random run's is, and reported with its length before.
 */
function exploreMember<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: ExhaustiveOptions,
  member: Shard,
): ExhaustiveOutcome<S, A> {
  const clock = clockOf(opts);
  const t0 = clock.now();
  const core = new SearchCore(c, { symmetry: opts.symmetry === true, maxStates: 16, plain: opts.plain === true });
  // Over packed words where the model has word rules (as the breadth-first search), else over state objects.
  const packed = packedRules(c, initial, opts);
  const counts = new Float64Array(c.model.actionTypes.length);
  const bounds = { ...member, ...opts };
  const elapsed = () => clock.now() - t0;
  const m = packed
    ? searchMember(core, packedSpace(core, packed, initial, counts), bounds, elapsed)
    : searchMember(core, objectSpace(core, initial), bounds, elapsed);
  addCounts(core, counts);
  let found: Counterexample<S, A> | null = null;
  let originalLength: number | null = null;
  let cut: Cut = null;
  // A member's first counterexample ends its search: met when the search returned, before it is minimized.
  const foundMs = m.path === null ? null : clock.now() - t0;
  if (m.path !== null) {
    const raw = counterexample(c, initial, indices(c, m.path));
    ({ found, cut } = minimized(
      c,
      initial,
      raw,
      anyFinding,
      opts.maxSeconds === undefined ? null : t0 + opts.maxSeconds * 1000,
      clock,
    ));
    originalLength = raw.trace.length;
  }
  return {
    mode: 'exhaustive',
    status: found ? 'violation' : 'ok',
    found,
    // A member reports the length it met in its own summary (`member.originalLength`).
    minimizedFrom: null,
    cut,
    invariants: c.invariants.map((i) => i.name),
    coverage: core.coverage,
    elapsedMs: clock.now() - t0,
    workers: 1,
    distinct: m.stored,
    generated: core.generated,
    drainSteps: core.drainSteps,
    judges: null,
    depth: opts.depth,
    maxStates: opts.maxStates,
    maxSeconds: opts.maxSeconds ?? null,
    depthCompleted: m.bound === null || m.bound === 'depth' ? m.deepest : 0,
    levels: [],
    bound: m.bound,
    bytesPerState: m.stored === 0 ? 0 : (m.bytes + core.bytes) / m.stored,
    collisionProbability: m.omissionProbability,
    symmetry: core.engine.symmetry,
    shortest: false,
    foundMs,
    por: 'off',
    sleepSets: 'off',
    member: {
      index: m.index,
      count: m.count,
      order: m.order,
      salt: m.salt,
      reexpanded: m.reexpanded,
      deepest: m.deepest,
      omissionProbability: m.omissionProbability,
      originalLength,
    },
  };
}

/**
 * The search over state objects (or words the model decodes), through `enabled` and the fast path. Stopped to be handed
 * to workers, it gives `take` what they need to go on from there (`engine/parallel/baton.ts`). With `judges`, judge
 * threads judge most of its new states (`engine/parallel/judges.ts`), their verdicts settled in the order admitted
 * (`engine/frontier/verdicts.ts`).
 */
function searchObjects<S, A extends AnyAction>(
  core: SearchCore<S, A>,
  levels: Levels,
  initial: S,
  sleep: SleepSets<S, A> | null,
  take?: (h: Handed) => void,
  crew?: JudgeCrew,
): void {
  const { model } = core.checked;
  core.fingerprint(initial);
  const n0 = core.admit(core.fp.hi, core.fp.lo, -1, 0);
  const j0 = core.judge(initial, core.fp.hi, core.fp.lo);
  if (levels.judged(n0, 0, j0)) return;
  let frontier = newFrontier(model, initial, core.packAt, core.chunks);
  frontier.push(initial, n0);
  // Per state of the frontier, 1 when its drain passed (`SearchCore.drainIndex`).
  let passed = [j0 === -1 ? 1 : 0];
  let judged: JudgedLevel<S, A> | null = null;
  for (let depth = 0; ; depth++) {
    const level = frontier;
    const enabledAt = () => {
      for (let k = 0; k < level.length; k++) if (model.enabled(level.state(k)).length > 0) return true;
      return false;
    };
    if (!levels.expand(depth, level.length, core.seen.size, enabledAt)) return;
    if (crew && judged === null && levels.judgesPay(depth, core.seen.size, crew.states, crew.ahead))
      judged = new JudgedLevel(core, levels, crew.start());
    const next = newFrontier(model, initial, core.packAt, core.chunks);
    let nextPassed: number[] = [];
    judged?.begin(level, next, depth + 1);
    for (let k = 0; k < level.length; k++) {
      const s = level.state(k);
      const from = level.id(k);
      const acts = core.enabledCounted(s);
      const along = passed[k] === 1 ? core.drainIndex(s, acts) : -1;
      sleep?.begin(k, s, acts);
      const last = sleep ? sleep.lastAwake() : acts.length - 1;
      for (let i = 0; i < acts.length; i++) {
        if (sleep?.skip(i)) {
          core.generated -= 1;
          continue;
        }
        const t = core.successorAt(level, k, acts[i]!, s, i === last);
        core.fingerprint(t);
        const { hi, lo } = core.fp;
        if (core.seen.has(hi, lo)) {
          sleep?.again(hi, lo, i);
          continue;
        }
        // With judges, the verdicts of the states admitted before count first (one thread had them by now).
        if (judged && core.seen.size >= levels.maxStates && judged.stopped(k)) return;
        if (levels.full(core.seen.size)) return;
        const n = core.admit(hi, lo, from, i);
        next.push(t, n, core.ownWords);
        sleep?.admitted(next.length - 1, hi, lo, i);
        if (judged) {
          if (judged.admitted(t, n, k, i === along, next.packed)) return;
          continue;
        }
        // Packed, `t` is no longer needed: the drain steps it in place.
        const j = i === along ? -1 : core.judge(t, hi, lo, next.packed);
        nextPassed.push(j === -1 ? 1 : 0);
        if (levels.judged(n, depth + 1, j)) return;
      }
      if (judged?.expanded(k)) return;
      if (levels.late(k, depth, core.seen.size, level.length)) {
        // A verdict still out may stop the search before this bound, as it would have on one thread.
        if (judged?.stoppedBefore(k)) return;
        if (levels.handed) take?.(spared(handOver(core, initial, levels, depth, level, k + 1, next, true), sleep));
        return;
      }
    }
    if (judged) {
      if (judged.stopped(level.length - 1)) return;
      nextPassed = judged.passed;
    }
    levels.completed(depth, next.length);
    if (take && levels.handAtEnd(depth, core.seen.size)) {
      const rest = newFrontier(model, initial, core.packAt, core.chunks);
      take(spared(handOver(core, initial, levels, depth + 1, next, 0, rest, false), sleep));
      return;
    }
    level.release();
    frontier = next;
    passed = nextPassed;
    sleep?.nextLevel();
  }
}

/** A search handed over with what its sleep sets spared (the threads go on without: every transition taken). */
function spared<S, A extends AnyAction>(h: Handed, sleep: SleepSets<S, A> | null): Handed {
  return sleep === null ? h : { ...h, sleepSkipped: sleep.skipped };
}
