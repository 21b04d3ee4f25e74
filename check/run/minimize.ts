/**
 * Trace minimization after fast-check's shrinking: drop two explored steps at a time (a crash and
 * its restart go together), then one, keeping the shorter trace whenever the same invariant is
 * still violated (a later step no longer enabled becomes its nearest enabled namesake, or is
 * skipped), until no removal helps;
 * once from the explored steps, once from all steps with the drain's made explored; then shortcuts
 * found by a local breadth-first search around each state of the trace (`shortcut.ts`).
 * Concrete actions make this effective where shrinking pick numbers cannot (removing a pick shifts
 * the meaning of every later pick). Deterministic, so a seed and path reproduce the same trace.
 */
import { type AnyAction, sameAction } from '../../model/core/model.js';
import type { Checked } from '../types/checked.js';
import { type Clock, realClock } from '../types/clock.js';
import type { Cut } from '../types/outcome.js';
import type { TraceStep } from '../types/trace.js';
import { owned, run, type Source } from './execute.js';
import { ownInvariants } from './own-invariants.js';
import { SHORTCUT_BUDGET, shortcut } from './shortcut.js';

/** Longest trace whose every pair of steps is tried for removal (the pass is cubic in the length). */
const PAIRS_UP_TO = 30;

/**
 * What a minimization may spend: `steps` replayed in all (the removals' replays and the local searches' steps;
 * counted, so the trace is the same on any machine), and a `deadline` it stops by (a time on `clock`: the
 * caller's time bound, kept to the letter; null: none). Either way the shortest trace found by then is kept.
 */
export interface MinimizeBudget {
  readonly steps: number;
  readonly deadline: number | null;
  readonly clock: Clock;
}

/**
 * Replayed steps a minimization may spend: more than three times the most the fast suite spends (138,564, a
 * 426-step `progress` trace, 1.3 s; the slowest 39,893 steps in 7.6 s, a flink-kafka trace whose steps each list
 * the actions enabled), so it only bounds the removals' cubic cost on a long trace, at tens of seconds.
 */
export const MINIMIZE_STEPS = 500_000;

/** The budget of a minimization the check's report is due by `deadline` on `clock`: MINIMIZE_STEPS, and that time. */
export function minimizeBudget(deadline: number | null, clock: Clock = realClock): MinimizeBudget {
  return { steps: MINIMIZE_STEPS, deadline, clock };
}

/** The default budget: MINIMIZE_STEPS, no deadline. */
export const MINIMIZE_BUDGET: MinimizeBudget = minimizeBudget(null);

/** The steps spent against a budget, and what it cut. */
class Spending {
  spent = 0;
  /** Set when the budget first refused something (`over` is asked only before work it would skip). */
  cut: Cut = null;
  constructor(private readonly budget: MinimizeBudget) {}
  /** Whether the budget is spent (its steps, or its deadline passed). */
  get over(): boolean {
    if (this.cut !== null) return true;
    if (this.spent >= this.budget.steps) this.cut = 'steps';
    else if (this.budget.deadline !== null && this.budget.clock.now() > this.budget.deadline) this.cut = 'time';
    return this.cut !== null;
  }
}

/** A minimized trace: its explored steps, its length with the drain, and what cut the minimization short. */
export interface Minimal<A extends AnyAction> {
  readonly explored: A[];
  readonly length: number;
  readonly cut: Cut;
}

/** How many fields two actions of the same tag share. */
function shared(a: AnyAction, b: AnyAction): number {
  const ra: Readonly<Record<string, unknown>> = { ...a };
  const rb: Readonly<Record<string, unknown>> = { ...b };
  let n = 0;
  for (const k of Object.keys(ra)) if (ra[k] === rb[k]) n += 1;
  return n;
}

/**
 * A candidate's steps, each looked up among the actions enabled where it stands: the same action,
 * or else the enabled action of the same tag that shares most of its fields (removing a step
 * renumbers what comes after it: a request id, an instance number), or skipped when the tag is not
 * enabled. A candidate is only kept if it still violates the invariant, so a near match is safe.
 */
function nearest<S, A extends AnyAction>(c: Checked<S, A>, actions: readonly A[]): Source<S, A> {
  return (s, i) => {
    const want = actions[i];
    if (want === undefined) return null;
    let best: A | null = null;
    let most = -1;
    // Only the wanted tag's actions are listed (`enabledOf`): listing every tag's at each replayed step cost a
    // flink-kafka minimization most of its time.
    for (const a of c.model.enabledOf(s, want.type)) {
      if (sameAction(a, want)) return a;
      const n = shared(a, want);
      if (n > most) {
        best = a;
        most = n;
      }
    }
    return best ?? { skipped: want };
  };
}

/** Re-executes explored steps (skipping the disabled ones), then drains; stops at the first violation. */
function attempt<S, A extends AnyAction>(c: Checked<S, A>, initial: S, explored: readonly A[]) {
  return run(c, initial, nearest(c, explored), 'explore', {
    stepper: owned(c, ownInvariants(c)),
    drain: true,
    stopAtViolation: true,
    skipDisabled: true,
    record: true,
  });
}

/** The shortest trace removals from `explored` reach that still violates `target`: its explored steps and length. */
function removeSteps<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  start: readonly A[],
  target: string,
  spending: Spending,
): { explored: A[]; length: number } {
  let explored = [...start];
  let best = attempt(c, initial, explored);
  spending.spent += best.length;
  // Once the budget is spent every candidate is refused, which ends the loops below.
  const better = (candidate: readonly A[]): boolean => {
    if (spending.over) return false;
    const r = attempt(c, initial, candidate);
    spending.spent += r.length;
    if (!r.violations.some((v) => v.invariant === target) || r.length >= best.length) return false;
    best = r;
    explored = r.steps.filter((s) => s.phase === 'explore').map((s) => s.action);
    return true;
  };
  for (const size of [2, 1]) {
    for (let i = 0; i + size <= explored.length; )
      if (!better([...explored.slice(0, i), ...explored.slice(i + size)])) i += 1;
  }
  // Two steps apart that only go together (a member that joins, and its pause further on): every
  // pair, while the trace is short enough for that to be cheap.
  for (let i = 0; explored.length <= PAIRS_UP_TO && i < explored.length; i++) {
    for (let j = i + 2; j < explored.length; )
      if (!better([...explored.slice(0, i), ...explored.slice(i + 1, j), ...explored.slice(j + 1)])) j += 1;
  }
  return { explored, length: best.length };
}

/**
 * The explored steps of the shortest trace found by removals that still violates `target`, and
 * that trace's length with its drain. Removals start twice: from the explored steps (the drain
 * follows them), and from every step with the drain's taken as explored ones, so that drain steps
 * the violation does not need can go too (the drain finishes every app's work before it gets to the
 * one that fails; as explored steps, the other apps' can be dropped). The shorter wins. Pure.
 */
export function minimize<S, A extends AnyAction>(
  c: Checked<S, A>,
  initial: S,
  steps: readonly TraceStep<A>[],
  target: string,
  budget: MinimizeBudget = MINIMIZE_BUDGET,
): Minimal<A> {
  const spending = new Spending(budget);
  const cut = (m: { explored: A[]; length: number }): Minimal<A> => ({ ...m, cut: spending.cut });
  const explored = steps.filter((s) => s.phase === 'explore').map((s) => s.action);
  const a = removeSteps(c, initial, explored, target, spending);
  const b =
    explored.length === steps.length || spending.over
      ? a
      : removeSteps(
          c,
          initial,
          steps.map((s) => s.action),
          target,
          spending,
        );
  const best = b.length < a.length ? b : a;
  if (spending.over) return cut(best);
  // Then shortcuts found by local search over the whole trace (drain included), and removals again.
  const whole = attempt(c, initial, best.explored).steps.map((s) => s.action);
  const short = shortcut(c, initial, whole, target, SHORTCUT_BUDGET, spending);
  if (short.length >= best.length || spending.over) return cut(best);
  const c2 = removeSteps(c, initial, short, target, spending);
  return cut(c2.length < best.length ? c2 : best);
}
