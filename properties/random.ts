/**
 * Random exploration with fast-check. A run is a generated list of picks, each pick chooses one
 * of the actions enabled in the current state (its number modulo their count) — the command-list
 * idea of `fc.commands`, with the model's own `enabled` as the command list, so every generated
 * command is a real step. Every invariant is checked after every step; the run ends with the
 * fault-free drain and the quiescence invariants. A failing run is shrunk by fast-check (fewer,
 * smaller picks), then its concrete trace is minimized.
 *
 * A campaign of N runs gives run r its own seed (`runSeed(seed, r)`; run 0 uses the campaign
 * seed itself), so runs are independent: a campaign splits into shards (`--shard i/n` takes the
 * runs r with r mod n = i - 1) and across workers, and the merged result is the one process's
 * result: the failing run with the lowest number. `--seed S --path P` replays run 0 of seed S at
 * fast-check path P (the run's failing value, shrunk again the same way), which is how a
 * reported counterexample is reproduced.
 */
import fc from 'fast-check';
import type { AnyAction } from '../model/model.js';
import { violations, type Violation } from './invariant.js';
import { minimize } from './minimize.js';
import { DRAIN_LIMIT, execute, isNotEnabled, type TraceStep } from './run.js';
import type { Subject } from './subject.js';

/** Which part of a campaign a process runs: shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Options of a random campaign. */
export interface RandomOptions {
  readonly runs: number;
  readonly seed: number;
  readonly path?: string | undefined;
  readonly maxSteps: number;
  readonly shard?: Shard | undefined;
  /** Of the shard's runs, take only those with (r div shard.count) mod of.count = of.index (worker threads). */
  readonly slice?: { readonly index: number; readonly count: number } | undefined;
  /** Stop before run `stopAt` (another worker already failed earlier). */
  readonly stopAt?: (() => number) | undefined;
  /** Skip the runs numbered below this (done elsewhere already). */
  readonly firstRun?: number | undefined;
  /** Stop after the run during which `performance.now()` passes this; `nextRun` says where to go on. */
  readonly deadline?: number | undefined;
  /** Called now and then with the runs and steps done so far. */
  readonly onProgress?: ((runs: number, steps: number) => void) | undefined;
}

/** The outcome of a random campaign, as data. */
export interface RandomResult<A extends AnyAction> {
  readonly status: 'ok' | 'violation';
  /** Runs executed (not counting shrinking). */
  readonly runs: number;
  /** The number (0-based) of the failing run in the campaign, or null. */
  readonly failingRun: number | null;
  readonly shrinks: number;
  readonly steps: number;
  /** The seed of the failing run (reproduce with --seed and --path), else the campaign seed. */
  readonly seed: number;
  readonly path: string | null;
  readonly trace: TraceStep<A>[] | null;
  readonly violations: Violation[];
  /** Steps of the failing run before shrinking, and of the reported trace. */
  readonly originalLength: number | null;
  readonly shrunkLength: number | null;
  /** Actions taken per action name over all runs (not drains); names never taken have 0. */
  readonly coverage: Record<string, number>;
  /** With a deadline: the first run number not done (runs when all were done). */
  readonly nextRun: number;
}

/** The seed of run `r` of a campaign with seed `seed` (run 0: the seed itself). Pure. */
export function runSeed(seed: number, r: number): number {
  if (r === 0) return seed | 0;
  let h = (seed ^ Math.imul(r, 0x9e3779b1)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** Whether campaign run `r` belongs to this shard and slice. Pure. */
export function ownsRun(r: number, shard: Shard | undefined, slice: { index: number; count: number } | undefined): boolean {
  const n = shard?.count ?? 1;
  if (shard && r % n !== shard.index - 1) return false;
  return !slice || Math.floor(r / n) % slice.count === slice.index;
}

class Found extends Error {
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => `${v.invariant}: ${v.message}`).join('; '));
  }
}

/** Replays picks into concrete trace steps. Pure. */
export function picksToSteps<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, picks: readonly number[]): TraceStep<A>[] {
  const steps: TraceStep<A>[] = [];
  let s = initial;
  for (const c of picks) {
    const acts = subject.model.enabled(s);
    if (acts.length === 0) break;
    const a = acts[c % acts.length]!;
    steps.push({ action: a, phase: 'explore' });
    s = subject.model.step(s, a);
  }
  return steps;
}

/** Runs a random campaign (or its shard, or a worker's slice of it) from `initial`. */
export function exploreRandom<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, opts: RandomOptions): RandomResult<A> {
  const { model } = subject;
  const coverage: Record<string, number> = {};
  for (const t of model.actionTypes) coverage[t] = 0;
  const count = { steps: 0, runs: 0 };
  let firstFailure: number[] | null = null;
  const prop = fc.property(fc.array(fc.nat({ max: 1023 }), { maxLength: opts.maxSteps, size: 'max' }), (picks) => {
    let state = initial;
    let steps = 0;
    const taken: number[] = [];
    const fail = (v: Violation[]): never => {
      firstFailure ??= taken;
      throw new Found(v);
    };
    for (const c of picks) {
      const acts = model.enabled(state);
      if (acts.length === 0) break;
      const a = acts[c % acts.length]!;
      if (firstFailure === null) coverage[a.type] = (coverage[a.type] ?? 0) + 1;
      state = model.step(state, a);
      taken.push(c);
      steps += 1;
      count.steps += 1;
      const v = violations(subject.invariants, state, 'every-step', steps - 1);
      if (v.length > 0) fail(v);
    }
    for (let n = 0; ; n++) {
      const a = model.drainAction(state);
      if (a === null) break;
      if (n >= DRAIN_LIMIT) fail([{ invariant: 'progress', message: 'drain limit', step: steps }]);
      state = model.step(state, a!);
      steps += 1;
      count.steps += 1;
      const v = violations(subject.invariants, state, 'every-step', steps - 1);
      if (v.length > 0) fail(v);
    }
    const q = violations(subject.invariants, state, 'quiescence', steps - 1);
    if (q.length > 0) fail(q);
  });

  const base = { coverage, shrinks: 0 };
  const runOne = (seed: number, path: string | undefined): fc.RunDetails<[number[]]> => {
    firstFailure = null;
    count.runs += 1;
    const params: fc.Parameters<[number[]]> = { numRuns: 1, seed };
    if (path !== undefined) Object.assign(params, { path });
    return fc.check(prop, params);
  };
  const first = opts.firstRun ?? 0;
  const runs = opts.path !== undefined ? [0] : Array.from({ length: Math.max(0, opts.runs - first) }, (_, r) => r + first).filter((r) => ownsRun(r, opts.shard, opts.slice));
  for (const r of runs) {
    if (opts.stopAt && r >= opts.stopAt()) break;
    if (opts.deadline !== undefined && performance.now() > opts.deadline) {
      return { ...base, status: 'ok', runs: count.runs, failingRun: null, steps: count.steps, seed: opts.seed, path: null, trace: null, violations: [], originalLength: null, shrunkLength: null, nextRun: r };
    }
    const seed = opts.path !== undefined ? opts.seed | 0 : runSeed(opts.seed, r);
    // A path replays its run from the first failing value (its first segment) and shrinks again,
    // deterministically: the reported trace depends on that first value too (see `counterexample`).
    const out = runOne(seed, opts.path?.split(':')[0]);
    if (opts.onProgress && count.runs % 50 === 0) opts.onProgress(count.runs, count.steps);
    if (!out.failed || out.counterexample === null) continue;
    if (!(out.errorInstance instanceof Found)) throw out.errorInstance;
    return { ...base, ...counterexample(subject, initial, out.counterexample[0], firstFailure), status: 'violation', runs: count.runs, failingRun: r, shrinks: out.numShrinks, steps: count.steps, seed, path: out.counterexamplePath, nextRun: r + 1 };
  }
  return { ...base, status: 'ok', runs: count.runs, failingRun: null, steps: count.steps, seed: opts.seed, path: null, trace: null, violations: [], originalLength: null, shrunkLength: null, nextRun: opts.runs };
}

/**
 * The reported trace of a failing run: the shrunk picks and the first failing picks are both
 * rebuilt (drain included) and minimized, and the shorter wins, so a reported trace is never
 * longer than the run that failed (the drain can make a shrunk pick list the longer trace).
 */
function counterexample<S, A extends AnyAction>(subject: Subject<S, A>, initial: S, shrunkPicks: readonly number[], firstPicks: readonly number[] | null) {
  const rebuild = (picks: readonly number[]) => {
    const ex = execute(subject, initial, picksToSteps(subject, initial, picks), { drain: true, stopAtViolation: true });
    if (isNotEnabled(ex)) throw new Error('internal: a rebuilt counterexample step is not enabled');
    const first = ex.violations[0];
    return { raw: ex, min: first ? minimize(subject, initial, ex.steps, first.invariant) : ex };
  };
  const shrunk = rebuild(shrunkPicks);
  const original = firstPicks === null ? null : rebuild(firstPicks);
  const ex = original && original.min.steps.length < shrunk.min.steps.length ? original.min : shrunk.min;
  return { trace: ex.steps, violations: ex.violations, originalLength: original ? original.raw.steps.length : null, shrunkLength: ex.steps.length };
}
