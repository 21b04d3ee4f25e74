/**
 * A trace in the Informal Trace Format of Apalache and Quint (ADR-015): `#meta`, `vars`, and `states`,
 * each state a record of the variables with `#meta.index`. A variable is a top-level field of the
 * model's state, plus `mbt::actionTaken` (the tag of the action that led to the state, `init` first, as
 * Quint's model-based testing names it), `eoscheck::action` (the whole action) and `eoscheck::violations`
 * (the invariants broken at that state). Integers are `{"#bigint": "..."}`, records objects, lists
 * arrays; a number that is not an integer is `#unserializable`, and null is the variant `None`. Pure.
 */
import type { TraceStep } from '../../check/types/trace.js';
import type { AnyAction } from '../../model/core/model.js';
import type { Violation } from '../../properties/invariant.js';

/** An ITF expression. */
export type ItfValue =
  | boolean
  | string
  | readonly ItfValue[]
  | { readonly '#bigint': string }
  | { readonly '#unserializable': string }
  | { readonly tag: string; readonly value: ItfValue }
  | { readonly '#tup': readonly ItfValue[] }
  | { readonly [field: string]: ItfValue };

/** One state: its index and its variables. */
export interface ItfState {
  readonly '#meta': { readonly index: number };
  readonly [variable: string]: ItfValue | { readonly index: number };
}

/** An ITF trace. */
export interface ItfTrace {
  readonly '#meta': Readonly<Record<string, unknown>>;
  readonly vars: readonly string[];
  readonly states: readonly ItfState[];
}

/** The variant ITF readers take for an absent value. */
const NONE: ItfValue = { tag: 'None', value: { '#tup': [] } };

/** Plain data as an ITF expression. Pure. */
export function itfValue(x: unknown): ItfValue {
  if (x === null || x === undefined) return NONE;
  if (typeof x === 'boolean' || typeof x === 'string') return x;
  if (typeof x === 'number') return Number.isInteger(x) ? { '#bigint': String(x) } : { '#unserializable': String(x) };
  if (typeof x === 'bigint') return { '#bigint': x.toString() };
  if (Array.isArray(x)) return x.map(itfValue);
  if (typeof x === 'object') {
    const out: Record<string, ItfValue> = {};
    for (const [k, v] of Object.entries(x)) out[k] = itfValue(v);
    return out;
  }
  return { '#unserializable': String(x) };
}

/** What the trace is, for `#meta`. */
export interface ItfHead {
  readonly model: string;
  readonly scenario: string | null;
  readonly config: Readonly<Record<string, unknown>>;
  readonly seed: number | null;
  readonly path: string | null;
}

/** The ITF trace of a run; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderItf<S, A extends AnyAction>(
  head: ItfHead,
  states: readonly S[],
  steps: readonly TraceStep<A>[],
  violations: readonly Violation[],
): ItfTrace {
  const records = states.map(
    (s) => new Map<string, unknown>(typeof s === 'object' && s !== null ? Object.entries(s) : []),
  );
  const fields = new Set<string>(records.flatMap((r) => [...r.keys()]));
  const vars = [...fields, 'mbt::actionTaken', 'eoscheck::action', 'eoscheck::phase', 'eoscheck::violations'];
  return {
    '#meta': {
      format: 'ITF',
      'format-description': 'https://apalache-mc.org/docs/adr/015adr-trace.html',
      source: 'eoscheck',
      description: `eoscheck trace of model ${head.model}${head.scenario ? `, scenario ${head.scenario}` : ''}`,
      model: head.model,
      scenario: head.scenario,
      config: head.config,
      seed: head.seed,
      path: head.path,
      violations: violations.map((v) => ({ invariant: v.invariant, message: v.message, state: v.step + 1 })),
    },
    vars,
    states: states.map((s, i): ItfState => {
      const step = i === 0 ? null : (steps[i - 1] ?? null);
      const record: Record<string, ItfValue> = {};
      for (const k of fields)
        record[k] = itfValue(
          typeof s === 'object' && s !== null ? (Object.entries(s).find(([f]) => f === k)?.[1] ?? null) : null,
        );
      return {
        ...record,
        '#meta': { index: i },
        'mbt::actionTaken': step === null ? 'init' : step.action.type,
        'eoscheck::action': step === null ? { type: 'init' } : itfValue(step.action),
        'eoscheck::phase': step === null ? 'init' : step.phase,
        'eoscheck::violations': violations
          .filter((v) => v.step === i - 1)
          .map((v) => ({ invariant: v.invariant, message: v.message })),
      };
    }),
  };
}
