/**
 * Executing actions through a subject: every invariant after every step, the drain to quiescence,
 * and the quiescence invariants at the end. Shared by the random explorer (to rebuild a trace),
 * scenarios and replay.
 */
import { sameAction, type AnyAction } from '../model/model.js';
import { violations, type Violation } from './invariant.js';
import type { Subject } from './subject.js';

/** Where a step came from: explored, the final drain, or a scenario's script. */
export type Phase = 'explore' | 'drain' | 'script';

/** One step of a trace: the action taken and its phase. */
export interface TraceStep<A extends AnyAction = AnyAction> {
  readonly action: A;
  readonly phase: Phase;
}

/** Most drain steps before a run counts as not reaching quiescence. */
export const DRAIN_LIMIT = 400;

/** An executed run: states[0] is the initial state, states[i + 1] follows steps[i]. */
export interface Execution<S, A extends AnyAction> {
  readonly states: S[];
  readonly steps: TraceStep<A>[];
  readonly violations: Violation[];
  /** Whether the last state is quiescent (the drain has nothing left to do). */
  readonly quiescent: boolean;
}

/** A step that could not be applied: the action was not enabled at that point. */
export interface NotEnabled {
  readonly step: number;
  readonly action: AnyAction;
}

/** The violation reported when the drain does not finish. */
function noProgress(step: number): Violation {
  return { invariant: 'progress', message: `the fault-free drain did not reach quiescence within ${DRAIN_LIMIT} steps`, step };
}

/** Applies `a` to the last state, records it, checks the every-step invariants. */
function push<S, A extends AnyAction>(subject: Subject<S, A>, ex: Execution<S, A>, a: A, phase: Phase): void {
  const next = subject.model.step(ex.states[ex.states.length - 1]!, a);
  ex.states.push(next);
  ex.steps.push({ action: a, phase });
  record(ex, violations(subject.invariants, next, 'every-step', ex.steps.length - 1));
}

/** Adds violations of invariants not already violated: a broken invariant stays broken, it is reported once, at its first step. */
function record<S, A extends AnyAction>(ex: Execution<S, A>, found: readonly Violation[]): void {
  for (const v of found) if (!ex.violations.some((o) => o.invariant === v.invariant)) ex.violations.push(v);
}

/**
 * Runs `steps` from the initial state (each must be enabled), optionally drains, then judges the
 * quiescence invariants if the last state is quiescent. `stopAtViolation` ends at the first
 * violated step. Returns the step that was not enabled instead, if any. Pure.
 */
export function execute<S, A extends AnyAction>(
  subject: Subject<S, A>,
  initial: S,
  steps: readonly TraceStep<A>[],
  opts: { readonly drain: boolean; readonly stopAtViolation: boolean; /** Skip steps that are not enabled. */ readonly skipDisabled?: boolean; /** Try `Model.adapt` on steps that are not enabled. */ readonly adapt?: boolean },
): Execution<S, A> | NotEnabled {
  const ex: Execution<S, A> = { states: [initial], steps: [], violations: violations(subject.invariants, initial, 'every-step', -1), quiescent: false };
  for (let i = 0; i < steps.length; i++) {
    if (opts.stopAtViolation && ex.violations.length > 0) return finish(subject, ex, false);
    const st = steps[i]!;
    const cur = ex.states[ex.states.length - 1]!;
    const found = subject.model.enabled(cur).find((a) => sameAction(a, st.action)) ?? (opts.adapt ? subject.model.adapt(cur, st.action) : null);
    if (!found) {
      if (opts.skipDisabled) continue;
      return { step: i, action: st.action };
    }
    push(subject, ex, found, st.phase);
  }
  if (opts.drain && !(opts.stopAtViolation && ex.violations.length > 0)) drain(subject, ex, opts.stopAtViolation);
  return finish(subject, ex, opts.stopAtViolation && ex.violations.length > 0);
}

/** Drives the run to quiescence with the model's drain policy. */
function drain<S, A extends AnyAction>(subject: Subject<S, A>, ex: Execution<S, A>, stopAtViolation: boolean): void {
  for (let n = 0; ; n++) {
    const a = subject.model.drainAction(ex.states[ex.states.length - 1]!);
    if (a === null) return;
    if (n >= DRAIN_LIMIT) {
      ex.violations.push(noProgress(ex.steps.length - 1));
      return;
    }
    push(subject, ex, a, 'drain');
    if (stopAtViolation && ex.violations.length > 0) return;
  }
}

function finish<S, A extends AnyAction>(subject: Subject<S, A>, ex: Execution<S, A>, stopped: boolean): Execution<S, A> {
  const last = ex.states[ex.states.length - 1]!;
  const quiescent = subject.model.drainAction(last) === null;
  if (quiescent && !stopped) record(ex, violations(subject.invariants, last, 'quiescence', ex.steps.length - 1));
  return { ...ex, quiescent };
}

/** Whether `execute` returned a not-enabled step. */
export function isNotEnabled<S, A extends AnyAction>(r: Execution<S, A> | NotEnabled): r is NotEnabled {
  return 'action' in r;
}
