/**
 * The one step-judge-drain loop. Every explorer runs actions through it: random runs (actions
 * picked from `enabled`), the exhaustive search (the drain from each new state), minimization,
 * scripted scenarios and replay. It applies each action, judges the every-step invariants after it,
 * drives the run to quiescence with the model's fault-free drain, and judges the quiescence
 * invariants there.
 */
import { type AnyAction, sameAction } from '../../model/core/model.js';
import { type Violation, violations } from '../../properties/invariant.js';
import type { KnownFailure } from '../engine/store/failed-drains.js';
import type { Checked } from '../types/checked.js';
import type { Phase, TraceStep } from '../types/trace.js';

/** Most drain steps before a run counts as not reaching quiescence (`progress`). */
export const DRAIN_LIMIT = 400;

/**
 * How a run holds its state: frozen states through `step` (every state kept intact, for traces),
 * or one plain copy the run owns and the fast path mutates in place (explorers, for speed).
 */
export interface Stepper<S, A extends AnyAction> {
  start(s: S): S;
  apply(s: S, a: A): S;
}

/** Frozen states through the model's `step`. */
export function frozen<S, A extends AnyAction>(c: Checked<S, A>): Stepper<S, A> {
  return { start: (s) => s, apply: (s, a) => c.model.step(s, a) };
}

/**
 * One owned plain copy, mutated in place by the fast path; `silent` (the caller checks the model's own invariants
 * alone, `ownInvariants`) steps without events where the model says nothing reads them (`applySilent`).
 */
export function owned<S, A extends AnyAction>(c: Checked<S, A>, silent = false): Stepper<S, A> {
  const f = c.model.fast;
  const apply = silent && f.applySilent !== undefined ? f.applySilent : f.apply;
  return {
    start: (s) => f.clone(s),
    apply: (s, a) => {
      apply(s, a);
      return s;
    },
  };
}

/** A source entry that is not enabled where it stands (a script's step the model cannot take now). */
export interface Skipped<A extends AnyAction> {
  readonly skipped: A;
}

/**
 * The actions a run takes before its drain: `next(state, i)` gives the i-th one (already one of
 * `enabled(state)`), `null` to end, or the entry that is not enabled now.
 */
export type Source<S, A extends AnyAction> = (state: S, i: number) => A | null | Skipped<A>;

/** How a random run turns a generated number into one of the actions enabled now (null: end the run). */
export type Choose<A extends AnyAction> = (enabled: readonly A[], pick: number) => A | null;

/** The uniform choice: action `pick mod n` of the `n` enabled. */
export function uniform<A extends AnyAction>(enabled: readonly A[], pick: number): A | null {
  return enabled.length === 0 ? null : enabled[pick % enabled.length]!;
}

/** Random runs: each number of the list chooses among the actions enabled now (`choose`, uniform by default). */
export function picks<S, A extends AnyAction>(
  c: Checked<S, A>,
  list: readonly number[],
  taken?: number[],
  choose: Choose<A> = uniform,
): Source<S, A> {
  return (s, i) => {
    const p = list[i];
    if (p === undefined) return null;
    const a = choose(c.model.enabled(s), p);
    if (a === null) return null;
    taken?.push(p);
    return a;
  };
}

/** A counterexample path of the exhaustive search: the `i`-th action is `enabled(state)[indices[i]]`. */
export function indices<S, A extends AnyAction>(c: Checked<S, A>, list: readonly number[]): Source<S, A> {
  return (s, i) => {
    const k = list[i];
    return k === undefined ? null : (c.model.enabled(s)[k] ?? null);
  };
}

/** A script of actions (a scenario, a saved trace, a candidate of minimization), each looked up among `enabled`. */
export function script<S, A extends AnyAction>(c: Checked<S, A>, actions: readonly A[]): Source<S, A> {
  return (s, i) => {
    const want = actions[i];
    if (want === undefined) return null;
    return c.model.enabledOf(s, want.type).find((a) => sameAction(a, want)) ?? { skipped: want };
  };
}

/**
 * The exhaustive search's memory of drains that pass: a state from which the drain is known to
 * reach a quiescence that holds every invariant ends the drain at once.
 */
export interface DrainMemo<S> {
  /**
   * What is known of the drain from `s` (not quiescent, `length` steps into the run, `next` its next action):
   * true, it passes; a failure, it reaches those violations that many steps on; false, nothing, and `s` joins
   * the current drain's path.
   */
  known<A extends AnyAction>(s: S, next: A, length: number): boolean | KnownFailure;
  /** The current drain passed: every state on its path is known to pass from now on. */
  passed(): void;
}

/** Options of a run. */
export interface RunOptions<S, A extends AnyAction> {
  readonly stepper: Stepper<S, A>;
  /** Drive the run to quiescence after the source ends. */
  readonly drain: boolean;
  /** End at the first violated step (explorers); scenarios and replay go on to show every violation. */
  readonly stopAtViolation: boolean;
  /**
   * A source entry that is not enabled is skipped (scenarios, minimization), or ends the run as `notEnabled` (replay).
   */
  readonly skipDisabled: boolean;
  /** Called after every step with the state it produced (before the next step may change an owned copy). */
  readonly onStep?: ((state: S, step: TraceStep<A>) => void) | undefined;
  readonly memo?: DrainMemo<S> | undefined;
  /** Record the steps taken (explorers that only need the verdict leave this off). */
  readonly record?: boolean | undefined;
}

/** The outcome of a run. */
export interface RunResult<S, A extends AnyAction> {
  /** The steps taken (empty unless recorded). */
  readonly steps: TraceStep<A>[];
  /** Every invariant violated, each once, at the step where it first failed. */
  readonly violations: Violation[];
  /** Steps taken, explored (or scripted) and drained. */
  readonly length: number;
  /** Whether the run ended quiescent (its quiescence invariants were judged). */
  readonly quiescent: boolean;
  /** The last state (the owned copy itself with the owned stepper; `initial` when no step was taken). */
  readonly last: S;
  /** The source entry that was not enabled where it stood, when not skipping. */
  readonly notEnabled: { readonly step: number; readonly action: A } | null;
}

/** Runs `source` from `initial`, judging every step, then drains. Pure but for `onStep` and `memo`. */
export function run<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  source: Source<S, A>,
  phase: 'explore' | 'script',
  opts: RunOptions<S, A>,
): RunResult<S, A> {
  const { model, invariants } = c;
  const steps: TraceStep<A>[] = [];
  const found: Violation[] = [];
  add(found, violations(invariants, initial, 'every-step', -1));
  // The run's own copy is made at its first step (a drain the memo ends at once needs none). One loop and no
  // closure over the run's variables (they would live on the heap): the search runs one of these a state, and
  // they were a twentieth of what it allocated.
  let state = initial;
  let started = false;
  let length = 0;
  const stopAt = opts.stopAtViolation;
  const watched = opts.record === true || opts.onStep !== undefined;
  // The source's steps, then (`drained` from 0) the drain's.
  let i = 0;
  let drained = -1;
  while (!(stopAt && found.length > 0)) {
    let a: A;
    if (drained < 0) {
      const next = source(state, i++);
      if (next === null) {
        if (!opts.drain) break;
        drained = 0;
        continue;
      }
      if ('skipped' in next) {
        if (opts.skipDisabled) continue;
        return ended(steps, found, length, false, state, { step: i - 1, action: next.skipped });
      }
      a = next;
    } else {
      const next = model.drain(state);
      if (next === null) break;
      // A quiescent state is judged at once, so the memo keeps only states the drain moves on from.
      const known = opts.memo?.known(state, next, length) ?? false;
      if (known === true) return ended(steps, found, length, true, state);
      // A failure known from here is taken when the drain itself would reach it before its limit: the
      // violations the drain meets that many steps on (the run ends there, short of its last state).
      if (known !== false && stopAt && drained + known.steps <= DRAIN_LIMIT) {
        add(
          found,
          known.violations.map((v) => ({ ...v, step: length - 1 + known.steps })),
        );
        return ended(steps, found, length, false, state);
      }
      if (drained >= DRAIN_LIMIT) {
        add(found, [
          {
            invariant: 'progress',
            message: `the fault-free drain did not reach quiescence within ${DRAIN_LIMIT} steps`,
            step: length - 1,
          },
        ]);
        return ended(steps, found, length, false, state);
      }
      drained += 1;
      a = next;
    }
    if (!started) {
      state = opts.stepper.start(state);
      started = true;
    }
    state = opts.stepper.apply(state, a);
    length += 1;
    if (watched) watch(opts, steps, state, a, drained < 0 ? phase : 'drain');
    add(found, violations(invariants, state, 'every-step', length - 1));
  }
  const quiescent = model.drain(state) === null;
  if (quiescent && !(stopAt && found.length > 0)) {
    add(found, violations(invariants, state, 'quiescence', length - 1));
    if (found.length === 0) opts.memo?.passed();
  }
  return ended(steps, found, length, quiescent, state);
}

/** A run's result (a function, not a closure over the run's variables). */
function ended<S, A extends AnyAction>(
  steps: TraceStep<A>[],
  violations: Violation[],
  length: number,
  quiescent: boolean,
  last: S,
  notEnabled: RunResult<S, A>['notEnabled'] = null,
): RunResult<S, A> {
  return { steps, violations, length, quiescent, last, notEnabled };
}

/** A step taken, for a run that records its steps or reports each. */
function watch<S, A extends AnyAction>(opts: RunOptions<S, A>, steps: TraceStep<A>[], state: S, a: A, ph: Phase): void {
  const st = { action: a, phase: ph };
  if (opts.record) steps.push(st);
  opts.onStep?.(state, st);
}

/** Adds violations of invariants not already violated: a broken invariant is reported once, at its first step. */
function add(into: Violation[], more: readonly Violation[]): void {
  for (const v of more) if (!into.some((o) => o.invariant === v.invariant)) into.push(v);
}
