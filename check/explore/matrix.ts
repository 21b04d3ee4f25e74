/**
 * A table of guarantees: every combination of some keys' values (booleans and enumerations), each
 * configuration checked invariant by invariant (`checkEach`) with the same deterministic plan. Rows
 * are data; `cli/format/matrix.ts` prints them.
 */
import { keyList } from '../../model/core/config.js';
import { acceptedValues, type ConfigValue, type Key, type Keys } from '../../model/core/keys.js';
import type { AnyAction, Model } from '../../model/core/model.js';
import { type Invariant, invariantMeanings } from '../../properties/invariant.js';
import { checkEach, type Plan, type Verdict } from './each.js';

/** One cell: an invariant's verdict at one setting (a violation with its counterexample's length and finder). */
export type Cell =
  | { readonly status: 'holds' }
  | {
      readonly status: 'violated';
      readonly length: number;
      readonly by: 'exhaustive' | 'random';
      readonly message: string;
    }
  | { readonly status: 'unknown'; readonly maskedBy: string };

/** One row: a setting of the keys and its verdict per invariant. */
export interface Row {
  readonly settings: Readonly<Record<string, ConfigValue>>;
  readonly status: 'ok' | 'violation';
  readonly cells: Readonly<Record<string, Cell>>;
  readonly elapsedMs: number;
}

/** A combination the model refuses as the real system would (its `validate`). */
export interface Refused {
  readonly settings: Readonly<Record<string, ConfigValue>>;
  readonly reason: string;
}

/** The matrix: its keys, the invariants (columns), rows and refused combinations. */
export interface Matrix {
  readonly model: string;
  readonly keys: readonly string[];
  readonly invariants: readonly string[];
  readonly rows: readonly Row[];
  readonly refused: readonly Refused[];
}

/** The values a key takes in a matrix, or a one-line reason it cannot be a column of settings. Pure. */
export function matrixValues(key: Key): { ok: true; values: ConfigValue[] } | { ok: false; error: string } {
  switch (key.kind) {
    case 'boolean':
      return { ok: true, values: [true, false] };
    case 'enum':
      return { ok: true, values: [...key.values] };
    case 'integer':
    case 'text':
      return {
        ok: false,
        error:
          `matrix key '${key.name}' takes ${acceptedValues(key)}: only boolean and enumerated keys are accepted ` +
          `(set one value with --set ${key.name}=...)`,
      };
  }
}

/** Every combination of `values` (the first key varies slowest), as `[name, value]` lists. Pure. */
export function combinations(
  values: readonly (readonly [string, readonly ConfigValue[]])[],
): [string, ConfigValue][][] {
  let out: [string, ConfigValue][][] = [[]];
  for (const [name, vs] of values)
    out = out.flatMap((row) => vs.map((v): [string, ConfigValue][] => [...row, [name, v]]));
  return out;
}

/** The cell of a verdict. Pure. */
export function cellOf<S, A extends AnyAction>(v: Verdict<S, A>): Cell {
  switch (v.status) {
    case 'holds':
      return { status: 'holds' };
    case 'violated':
      return {
        status: 'violated',
        length: v.outcome.found?.trace.length ?? 0,
        by: v.outcome.mode,
        message: v.message,
      };
    case 'unknown':
      return { status: 'unknown', maskedBy: v.maskedBy };
  }
}

/** What a matrix needs of a model: its compiled model, invariants, and how to resolve `key=value` pairs. */
export interface MatrixSubject<S, A extends AnyAction, K extends Keys> {
  readonly model: Model<S, A, K>;
  readonly invariants: readonly Invariant<S>[];
  /** The initial state of these pairs, or the reason the model refuses them. */
  initial(pairs: readonly (readonly [string, string])[]): { ok: true; state: S } | { ok: false; error: string };
}

/**
 * Checks every combination of `keys` (real names, each boolean or enumerated: the caller checks) over
 * `base` pairs by `plan`; `onRow` hears of each row before it is checked (progress). Deterministic
 * when the plan is.
 */
export function runMatrix<S, A extends AnyAction, K extends Keys>(
  subject: MatrixSubject<S, A, K>,
  keys: readonly string[],
  base: readonly (readonly [string, string])[],
  plan: (row: number, of: number) => Plan,
): Matrix {
  const byName = new Map(keyList(subject.model.keys).map((k) => [k.name, k]));
  const values = keys.map((name): [string, ConfigValue[]] => {
    const key = byName.get(name);
    const vs = key ? matrixValues(key) : null;
    if (!vs?.ok) throw new Error(`internal: matrix key ${name} is not boolean or enumerated`);
    return [name, vs.values];
  });
  const combos = combinations(values);
  const rows: Row[] = [];
  const refused: Refused[] = [];
  const invariants = columnOrder([...subject.invariants.map((i) => i.name), 'progress']);
  combos.forEach((combo, k) => {
    const settings = Object.fromEntries(combo);
    const init = subject.initial([...base, ...combo.map(([n, v]) => [n, String(v)] as const)]);
    if (!init.ok) {
      refused.push({ settings, reason: init.error });
      return;
    }
    const r = checkEach({ model: subject.model, invariants: subject.invariants }, init.state, plan(k, combos.length));
    const cells = Object.fromEntries(r.verdicts.map((v) => [v.invariant, cellOf(v)]));
    rows.push({
      settings,
      status: r.verdicts.some((v) => v.status === 'violated') ? 'violation' : 'ok',
      cells,
      elapsedMs: r.elapsedMs,
    });
  });
  return { model: subject.model.name, keys: [...keys], invariants, rows, refused };
}

/** Invariant names in the contract's order (loss and duplicates first), then the model's others. Pure. */
export function columnOrder(names: readonly string[]): string[] {
  const contract = Object.keys(invariantMeanings);
  const rank = (n: string): number => {
    const i = contract.indexOf(n);
    return i < 0 ? contract.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b));
}

/**
 * The delivery semantics a row shows when the model judges both `no-loss` and `no-duplicates` (the
 * first table of seed 001): exactly-once, at-least-once (duplicates), at-most-once (loss), or none. Pure.
 */
export function delivery(row: Row): string | null {
  const loss = row.cells['no-loss'];
  const dup = row.cells['no-duplicates'];
  if (!loss || !dup) return null;
  if (loss.status === 'unknown' || dup.status === 'unknown') return '?';
  if (loss.status === 'holds') return dup.status === 'holds' ? 'exactly-once' : 'at-least-once';
  return dup.status === 'holds' ? 'at-most-once' : 'none';
}
