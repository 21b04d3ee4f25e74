/**
 * Test helpers over the catalog: typed configs from `key=value` pairs, a check flattened into one
 * record (whatever the explorer), scripted runs through the one run loop. States are built only
 * through a model (its initial state, then actions it enables), so a test never starts from an
 * unreachable state.
 */
import type { Entry } from '../../catalog/entry.js';
import { checkHere } from '../../check/check.js';
import type { CheckOptions } from '../../check/explore/options.js';
import { frozen, run, script } from '../../check/run/execute.js';
import type { Bound, ExhaustiveOutcome, Outcome } from '../../check/types/outcome.js';
import type { TraceStep } from '../../check/types/trace.js';
import { resolve } from '../../model/core/config.js';
import type { ConfigOf, ConfigValue, Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';

/** A typed config of `keys` from `key=value` pairs (defaults for the rest). Throws on a bad pair. */
export function cfg<K extends Keys>(keys: K, ...pairs: string[]): ConfigOf<K> {
  return resolved(keys, ...pairs).config;
}

/** The resolved config (typed and by real name) of `keys` from `key=value` pairs. Throws on a bad pair. */
export function resolved<K extends Keys>(keys: K, ...pairs: string[]) {
  const r = resolve(
    keys,
    pairs.map((p) => {
      const eq = p.indexOf('=');
      return [p.slice(0, eq), p.slice(eq + 1)] as const;
    }),
    'test',
  );
  if (!r.ok) throw new Error(`test config: ${r.error}`);
  return r.value;
}

/** The config record (by real key name) of `keys` from pairs: what a trace or report holds. */
export function record<K extends Keys>(keys: K, ...pairs: string[]): Readonly<Record<string, ConfigValue>> {
  return resolved(keys, ...pairs).record;
}

/** A check's outcome as one record, whatever the explorer (fields of the other explorer null). */
export interface Flat<S, A extends AnyAction> {
  readonly mode: Outcome<S, A>['mode'];
  readonly status: 'ok' | 'violation';
  readonly violations: readonly Violation[];
  readonly trace: readonly TraceStep<A>[] | null;
  readonly states: readonly S[] | null;
  readonly runs: number;
  readonly steps: number;
  readonly distinct: number | null;
  readonly generated: number | null;
  readonly bound: Bound;
  readonly depthCompleted: number | null;
  readonly runsUntilFailure: number | null;
  readonly originalLength: number | null;
  readonly seed: number | null;
  readonly path: string | null;
  readonly coverage: Readonly<Record<string, number>>;
  readonly symmetry: boolean;
  readonly bytesPerState: number | null;
  /** Steps the drains took to judge the states (an exhaustive search's), else null. */
  readonly drainSteps: number | null;
  readonly invariants: readonly string[];
  /** The counterexample was found by a breadth-first search that proved it of the fewest steps in total. */
  readonly shortest: boolean;
}

/** Flattens an outcome (a portfolio: its pass's figures and its swarm's runs, the failing part's run). Pure. */
export function flatten<S, A extends AnyAction>(o: Outcome<S, A>): Flat<S, A> {
  const base = {
    mode: o.mode,
    status: o.status,
    violations: o.found?.violations ?? [],
    trace: o.found?.trace ?? null,
    states: o.found?.states ?? null,
    coverage: o.coverage,
    invariants: o.invariants,
  };
  const ex = o.mode === 'exhaustive' ? o : o.mode === 'portfolio' ? o.exhaustive : null;
  const runs = o.mode === 'random' || o.mode === 'swarm' ? o : o.mode === 'portfolio' ? o.swarm : null;
  const failure = o.mode === 'portfolio' && o.foundBy !== 'swarm' ? null : (runs?.failure ?? null);
  return {
    ...base,
    runs: (runs?.runs ?? 0) + (ex ? 1 : 0),
    // An exhaustive search's: every transition of the states it expanded, those its sleep sets skipped included.
    steps: (runs?.steps ?? 0) + (ex ? transitions(ex) : 0),
    distinct: ex?.distinct ?? null,
    generated: ex?.generated ?? null,
    bound: ex?.bound ?? null,
    depthCompleted: ex?.depthCompleted ?? null,
    runsUntilFailure: failure ? failure.run + 1 : null,
    originalLength: failure?.originalLength ?? null,
    seed: failure?.seed ?? null,
    path: failure?.path ?? null,
    symmetry: ex?.symmetry ?? false,
    bytesPerState: ex?.bytesPerState ?? null,
    drainSteps: ex?.drainSteps ?? null,
    shortest: o.found !== null && ex !== null && failure === null && ex.shortest,
  };
}

/** The entry judging only the invariants named. */
export function only<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, ...names: string[]): Entry<S, A, K> {
  return { ...e, invariants: e.invariants.filter((i) => names.includes(i.name)) };
}

/** Checks `e` at `config` (a typed config, or pairs) in this thread, flattened. */
export function check<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: ConfigOf<K> | readonly string[],
  opts: CheckOptions,
): Flat<S, A> {
  const c = Array.isArray(config) ? cfg(e.model.keys, ...(config as readonly string[])) : (config as ConfigOf<K>);
  return flatten(checkHere({ model: e.model, invariants: e.invariants }, e.model.init(c), opts));
}

/** Random options: `runs` runs of at most `maxSteps` steps from `seed`. */
export const random = (runs: number, seed: number, maxSteps = 40): CheckOptions => ({
  mode: 'random',
  runs,
  seed,
  maxSteps,
});

/** Exhaustive options: breadth-first to `depth`, at most `maxStates` states. */
export const exhaustive = (depth: number, maxStates = 1_000_000): CheckOptions => ({
  mode: 'exhaustive',
  depth,
  maxStates,
});

/** A scripted run: every state (initial first), the steps, the violations. */
export interface Scripted<S, A extends AnyAction> {
  readonly states: readonly S[];
  readonly steps: readonly TraceStep<A>[];
  readonly violations: readonly Violation[];
  readonly quiescent: boolean;
  readonly last: S;
}

/**
 * Runs `actions` from the initial state of `config` (each must be enabled where it stands, or the
 * test fails naming the step, the action and what was enabled), then drains when asked. Pure.
 */
export function scripted<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  config: ConfigOf<K>,
  actions: readonly A[],
  drain = false,
): Scripted<S, A> {
  const c = { model: e.model, invariants: e.invariants };
  const initial = e.model.init(config);
  const states: S[] = [initial];
  const r = run(c, initial, script(c, actions), 'script', {
    stepper: frozen(c),
    drain,
    stopAtViolation: false,
    skipDisabled: false,
    record: true,
    onStep: (s) => states.push(s),
  });
  if (r.notEnabled) {
    const at = states[states.length - 1]!;
    const show = (a: AnyAction): string => JSON.stringify(a);
    throw new Error(
      `step ${r.notEnabled.step + 1}: ${show(r.notEnabled.action)} is not enabled; enabled: ` +
        `${e.model.enabled(at).map(show).join(', ') || '(nothing)'}`,
    );
  }
  return { states, steps: r.steps, violations: r.violations, quiescent: r.quiescent, last: states[states.length - 1]! };
}

/** The explored (non-drain) action types of a trace. */
export function explored<A extends AnyAction>(trace: readonly TraceStep<A>[] | null): string[] {
  return (trace ?? []).filter((s) => s.phase === 'explore').map((s) => s.action.type);
}

/**
 * The transitions of the states a breadth-first search expanded, taken or skipped by its sleep sets: the same with and
 * without them, and on workers (which keep none).
 */
export function transitions<S, A extends AnyAction>(o: ExhaustiveOutcome<S, A>): number {
  return o.generated + (typeof o.sleepSets === 'object' ? o.sleepSets.skipped : 0);
}
