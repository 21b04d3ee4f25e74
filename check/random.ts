/**
 * Random exploration with fast-check. A run is a generated list of picks, each choosing one of the
 * actions enabled in the current state (its number modulo their count) — the command-list idea of
 * `fc.commands`, with the model's own `enabled` as the command list, so every generated command is
 * a real step. Runs go through the one run loop on a plain copy they own (the fast path): every
 * invariant after every step, the fault-free drain, the quiescence invariants. A failing run is
 * shrunk by fast-check (fewer, smaller picks), then its concrete trace is minimized.
 *
 * A campaign of N runs gives run r its own seed (`runSeed(seed, r)`; run 0 uses the campaign seed
 * itself), so runs are independent: a campaign splits into shards (`--shard i/n` takes the runs r
 * with r mod n = i - 1) and across workers, and the merged result is the one process's result: the
 * failing run with the lowest number. `--seed S --path P` replays run 0 of seed S at fast-check
 * path P (the run's failing value, shrunk again the same way).
 */
import fc from 'fast-check';
import type { AnyAction } from '../model/core/model.js';
import type { Violation } from '../properties/invariant.js';
import type { Checked } from './checked.js';
import { counterexample } from './counterexample.js';
import { owned, picks, run, script, type TraceStep } from './execute.js';
import { minimize } from './minimize.js';
import type { RandomOptions, Shard } from './options.js';
import type { RandomOutcome } from './outcome.js';

/** How a worker thread narrows a campaign. */
export interface Slice {
  /** Of the shard's runs, take only those with (r div shard.count) mod count = index. */
  readonly index: number;
  readonly count: number;
}

/** Extra controls for workers and the portfolio. */
export interface RandomControl {
  readonly slice?: Slice | undefined;
  /** Stop before run `stopAt()` (another worker already failed earlier). */
  readonly stopAt?: (() => number) | undefined;
  /** Skip the runs numbered below this (done elsewhere already). */
  readonly firstRun?: number | undefined;
  /** Stop after the run during which `performance.now()` passes this. */
  readonly deadline?: number | undefined;
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
export function ownsRun(r: number, shard: Shard | undefined, slice: Slice | undefined): boolean {
  const n = shard?.count ?? 1;
  if (shard && r % n !== shard.index - 1) return false;
  return !slice || Math.floor(r / n) % slice.count === slice.index;
}

class Found extends Error {
  constructor(readonly violations: readonly Violation[]) {
    super(violations.map((v) => `${v.invariant}: ${v.message}`).join('; '));
  }
}

/** Runs a random campaign (or its shard, or a worker's slice of it) from `initial`. */
export function exploreRandom<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  opts: RandomOptions,
  control: RandomControl = {},
): RandomOutcome<S, A> & { readonly nextRun: number } {
  const t0 = performance.now();
  const coverage: Record<string, number> = {};
  for (const t of c.model.actionTypes) coverage[t] = 0;
  const count = { steps: 0, runs: 0 };
  let firstFailure: number[] | null = null;
  const stepper = owned(c);
  const prop = fc.property(fc.array(fc.nat({ max: 1023 }), { maxLength: opts.maxSteps, size: 'max' }), (list) => {
    const taken: number[] = [];
    const counting = firstFailure === null;
    const r = run(c, initial, picks(c, list, taken), 'explore', {
      stepper,
      drain: true,
      stopAtViolation: true,
      skipDisabled: false,
      onStep: counting
        ? (_s, st) => {
            if (st.phase === 'explore') coverage[st.action.type] = (coverage[st.action.type] ?? 0) + 1;
          }
        : undefined,
    });
    count.steps += r.length;
    if (r.violations.length > 0) {
      firstFailure ??= taken;
      throw new Found(r.violations);
    }
  });
  const base = {
    mode: 'random' as const,
    invariants: c.invariants.map((i) => i.name),
    coverage,
    workers: 1,
    campaignSeed: opts.seed,
    maxSteps: opts.maxSteps,
    shard: opts.shard ?? null,
  };
  const ok = (nextRun: number): RandomOutcome<S, A> & { readonly nextRun: number } => ({
    ...base,
    status: 'ok',
    found: null,
    failure: null,
    runs: count.runs,
    steps: count.steps,
    elapsedMs: performance.now() - t0,
    nextRun,
  });
  const first = control.firstRun ?? 0;
  const runs =
    opts.path !== undefined
      ? [0]
      : Array.from({ length: Math.max(0, opts.runs - first) }, (_, r) => r + first).filter((r) =>
          ownsRun(r, opts.shard, control.slice),
        );
  for (const r of runs) {
    if (control.stopAt && r >= control.stopAt()) break;
    if (control.deadline !== undefined && performance.now() > control.deadline) return ok(r);
    const seed = opts.path !== undefined ? opts.seed | 0 : runSeed(opts.seed, r);
    firstFailure = null;
    count.runs += 1;
    const params: fc.Parameters<[number[]]> = { numRuns: 1, seed };
    // A path replays its run from the first failing value (its first segment) and shrinks again,
    // deterministically: the reported trace depends on that first value too (see `report`).
    if (opts.path !== undefined) Object.assign(params, { path: opts.path.split(':')[0] });
    const out = fc.check(prop, params);
    if (opts.onProgress && count.runs % 50 === 0) opts.onProgress(count.runs, count.steps);
    if (!out.failed || out.counterexample === null) continue;
    if (!(out.errorInstance instanceof Found)) throw out.errorInstance;
    const { found, originalLength } = report(c, initial, out.counterexample[0], firstFailure);
    return {
      ...base,
      status: 'violation',
      found,
      failure: { run: r, seed, path: out.counterexamplePath ?? '', originalLength },
      runs: count.runs,
      steps: count.steps,
      elapsedMs: performance.now() - t0,
      nextRun: r + 1,
    };
  }
  return ok(opts.runs);
}

/**
 * The reported counterexample of a failing run: the shrunk picks and the first failing picks are
 * both rebuilt (drain included) and minimized, and the shorter wins, so a reported trace is never
 * longer than the run that failed (the drain can make a shrunk pick list the longer trace).
 */
function report<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  shrunk: readonly number[],
  firstPicks: readonly number[] | null,
) {
  const explore = (list: readonly number[]): { steps: TraceStep<A>[]; minimal: { explored: A[]; length: number } } => {
    const r = run(c, initial, picks(c, list), 'explore', {
      stepper: owned(c),
      drain: true,
      stopAtViolation: true,
      skipDisabled: false,
      record: true,
    });
    const target = r.violations[0]!.invariant;
    return { steps: r.steps, minimal: minimize(c, initial, r.steps, target) };
  };
  const a = explore(shrunk);
  const b = firstPicks === null ? null : explore(firstPicks);
  const best = b !== null && b.minimal.length < a.minimal.length ? b : a;
  return {
    found: counterexample(c, initial, script(c, best.minimal.explored)),
    originalLength: b ? b.steps.length : a.steps.length,
  };
}
