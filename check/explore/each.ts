/**
 * A verdict for every invariant of a model at one configuration, not only the first one broken: the
 * checks of a plan (an exhaustive search, then random runs, each deterministic) run over the
 * invariants not yet decided; an invariant found violated is set aside with its counterexample and
 * the same check runs again over the rest, until a check finds nothing. Used by `verify` and
 * `matrix`, whose tables have a cell per invariant. The outcome is plain data.
 */
import type { AnyAction } from '../../model/core/model.js';
import type { Checked } from '../types/checked.js';
import type { RandomOptions } from '../types/options.js';
import type { ExhaustiveOutcome, RandomOutcome } from '../types/outcome.js';
import { exploreExhaustive } from './exhaustive.js';
import type { ExhaustiveOptions } from './options.js';
import { exploreRandom } from './random.js';

/** The checks that decide a configuration, run in this order (an exhaustive search first finds the shortest trace). */
export interface Plan {
  readonly exhaustive: ExhaustiveOptions | null;
  readonly random: RandomOptions | null;
}

/** One invariant's verdict. */
export type Verdict<S, A extends AnyAction> =
  | { readonly status: 'holds'; readonly invariant: string }
  | {
      readonly status: 'violated';
      readonly invariant: string;
      readonly message: string;
      /** The check that found it; its `found` is the counterexample. */
      readonly outcome: EachOutcome<S, A>;
    }
  | {
      /** Not decided: every check stopped at a violation already reported (the drain's `progress`). */
      readonly status: 'unknown';
      readonly invariant: string;
      readonly maskedBy: string;
    };

/** Every verdict, in the model's invariant order (`progress` last), and every check run. */
export interface EachResult<S, A extends AnyAction> {
  readonly verdicts: readonly Verdict<S, A>[];
  readonly checks: readonly EachOutcome<S, A>[];
  readonly elapsedMs: number;
}

/** What one check is told to do: the plan's explorer over the invariants still open. */
type Step = ExhaustiveOptions | RandomOptions;

/** The outcome of one of a plan's checks: a plan runs the exhaustive search and uniform random runs only. */
export type EachOutcome<S, A extends AnyAction> = ExhaustiveOutcome<S, A> | RandomOutcome<S, A>;

/** Runs one check of a plan in this thread. */
function checkOne<S, A extends AnyAction>(c: Checked<S, A>, initial: S, opts: Step): EachOutcome<S, A> {
  if (opts.mode === 'exhaustive') return exploreExhaustive(c, initial, opts);
  const { nextRun: _nextRun, ...outcome } = exploreRandom(c, initial, opts);
  return outcome;
}

/** Checks every invariant of `c` from `initial` by `plan`, in this thread. */
export function checkEach<S, A extends AnyAction>(c: Checked<S, A>, initial: S, plan: Plan): EachResult<S, A> {
  const t0 = performance.now();
  const names = [...c.invariants.map((i) => i.name), 'progress'];
  const decided = new Map<string, Verdict<S, A>>();
  const checks: EachOutcome<S, A>[] = [];
  const steps: Step[] = [plan.exhaustive, plan.random].filter((s): s is Step => s !== null);
  for (const opts of steps) {
    for (;;) {
      const open = c.invariants.filter((i) => !decided.has(i.name));
      if (open.length === 0 && decided.has('progress')) break;
      const o = checkOne({ model: c.model, invariants: open }, initial, opts);
      checks.push(o);
      const fresh = (o.found?.violations ?? []).filter((v) => !decided.has(v.invariant));
      for (const v of fresh)
        decided.set(v.invariant, { status: 'violated', invariant: v.invariant, message: v.message, outcome: o });
      if (fresh.length > 0) continue;
      // Nothing new: either every open invariant held, or the check stopped at `progress`, which every run judges.
      const masking = o.found?.violations[0]?.invariant;
      if (masking !== undefined)
        for (const i of open) decided.set(i.name, { status: 'unknown', invariant: i.name, maskedBy: masking });
      break;
    }
  }
  const verdicts = names.map((n): Verdict<S, A> => decided.get(n) ?? { status: 'holds', invariant: n });
  return { verdicts, checks, elapsedMs: performance.now() - t0 };
}

/** The plan's bound in words: `exhaustive to depth 8 (12335 states), then 1000 random runs of <= 40 steps (seed 1)`. */
export function planText(plan: Plan): string {
  const parts: string[] = [];
  if (plan.exhaustive)
    parts.push(
      `exhaustive to depth ${plan.exhaustive.depth}` +
        `${plan.exhaustive.maxSeconds ? ` (at most ${plan.exhaustive.maxSeconds} s)` : ''}`,
    );
  if (plan.random)
    parts.push(`${plan.random.runs} random runs of <= ${plan.random.maxSteps} steps (seed ${plan.random.seed})`);
  return parts.join(', then ');
}
