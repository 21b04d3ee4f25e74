/**
 * A model: state, rules and keys, pure throughout. Each action is one entry of a table keyed by
 * its tag (what enables it, its effect, how it reads as a call, who takes it and whom it reaches,
 * whether it is a fault); `enabled`, `step`, the action lists and the engine's fast path are all
 * derived from that table by `compile`, so a new action without an entry does not compile.
 */
import { castDraft, type Draft, freeze, produce } from 'immer';
import type { ConfigOf, Keys } from './keys.js';
import { cloneState, encodePlain } from './plain.js';
import type { Words } from './words.js';

export type { Words } from './words.js';

/** An action: a plain object with one tag and primitive fields. */
export interface AnyAction {
  readonly type: string;
}

/** Who takes a step (a lane of a sequence diagram) and, for a request, the lane it reaches. */
export interface Lanes {
  readonly from: string;
  readonly to?: string;
}

/**
 * Where an action declares its footprint for partial-order reduction: the resources its guard
 * reads, the ones its effect reads, and the ones it may change. A resource is a number the model
 * chooses for one part of its state (or one predicate of it: "rm 2 is working").
 */
export interface Footprint {
  /** Read by the guard (whether the action is enabled depends on it). */
  guard(resource: number): void;
  /** Read by the effect. */
  read(resource: number): void;
  /** May be changed by the effect. */
  write(resource: number): void;
}

/**
 * Where an action says, at one state where it is enabled, which parts of that state it reads (its guard or its effect)
 * and which it may change, for the search's sleep sets (`check/engine/reduce/sleep-sets.ts`). A part is a number the
 * model chooses (one per instance, per coordinator, per clock, ...). Unlike `Footprint` it holds at that state only, so
 * it may name the instance or partition the action reaches there.
 */
export interface Access {
  /** Read by the guard or the effect. */
  read(part: number): void;
  /** May be changed by the effect (a part written is read too). */
  write(part: number): void;
}

/** Everything about one action type. */
export interface ActionSpec<S, A extends AnyAction> {
  /** A fault: explorers take it, the fault-free drain never does. */
  readonly fault?: true;
  /**
   * The exhaustive search's drain memo keeps and looks up the drain states this action is taken from
   * (`check/engine/search/search-core.ts`): two drains that merge meet again at the next such step, so a type
   * every drain takes often, at a steady pace, lets a drain stop soon after it merges. Speed only: which
   * states the memo keeps never changes a verdict. No entry marked: one drain state in about eight, by a
   * hash of its next action.
   */
  readonly meet?: true;
  /** Emits every enabled action of this type in `s`, in actor order. Pure. */
  enabled(s: S, emit: (a: A) => void): void;
  /**
   * A pass that lists the enabled actions of this tag among other tags' (speed only): `enabled` is that pass's
   * actions of this tag, in its order. A model's `enabled` runs each pass once per state instead of once per tag.
   */
  readonly listedBy?: SharedPass<S, AnyAction>;
  /** The rule: changes an immer draft (`step`) or the search's own plain copy (fast path). */
  effect(d: Draft<S>, a: A): void;
  /** The step as a call, from the state before it: `app-0#1.Produce(out-0, v3, epoch=0)`. Pure. */
  describe(before: S, a: A): string;
  /** Who acts, and whom its request reaches. Pure. */
  lanes(before: S, a: A): Lanes;
  /**
   * Partial-order reduction (optional: an action without one conflicts with every action, so the
   * search expands in full wherever it could take part): the footprint of `a` in every state where
   * it is, or could become, enabled; `s` is any state of the run, read for its static parts (the
   * config) only. Pure. Soundness conditions in docs/partial-order-reduction.md.
   */
  footprint?(s: S, a: A, fp: Footprint): void;
  /**
   * Sleep sets (optional: an action without one touches every part, so it is independent of nothing): the parts
   * of `s` that `a`, enabled at `s`, reads and may change. Two actions enabled at `s` that neither change a part
   * the other reads or changes are independent there: each stays enabled after the other and both orders reach
   * the same state, so the search need not take both orders. Pure. Checked against the model's own steps on
   * reached states (`test/helpers/sleep.ts`).
   */
  access?(s: S, a: A, at: Access): void;
  /**
   * Partial-order reduction (needed on every entry for any reduction): emits every action of this
   * tag that can ever be enabled in a run from the initial state `s` (a superset is fine). Pure.
   */
  every?(s: S, emit: (a: A) => void): void;
}

/** A model's action table: one entry per action tag, checked complete by the type system. */
export type ActionTable<S, A extends AnyAction> = {
  readonly [T in A['type']]: ActionSpec<S, Extract<A, { readonly type: T }>>;
};

/** What every state holds besides its own fields: what the last step did, for renderers (not identity). */
export interface Stepped {
  readonly events: readonly unknown[];
}

/** The engine's fast path: the same rules on a plain mutable copy the explorer owns. */
export interface FastPath<S, A extends AnyAction> {
  clone(state: S): S;
  apply(state: S, action: A): void;
  /**
   * `apply` without the step's events (a list that keeps nothing, `SILENT_EVENTS`), for a model whose rules and
   * invariants never read them (`ModelDef.eventsUnread`): the search takes it when it checks the model's own
   * invariants alone, as a property a user wrote may read events. Building a step's events (objects and their
   * strings, for the renderers) was about 3% of a kafka-txn search.
   */
  applySilent?(state: S, action: A): void;
  /** The words that identify a state (what `key` covers). */
  encode(state: S, out: Words): void;
  /** The words of the state's canonical representative under the model's symmetries, if it declares any. */
  encodeSymmetric?(state: S, out: Words): void;
  /**
   * The state `encode` wrote at `words[offset..]`, static parts from `like`; lets workers pass words. A new
   * copy as `clone` makes one: the search applies the fast path's steps to it in place.
   */
  decode?(words: Int32Array, offset: number, like: S): S;
  /**
   * What `decode` gives of a state's words, copied from the state instead (`Codec.copy`): the search starts each
   * successor but the last from a copy of the state it decoded (`SearchCore.successorAt`), not a new decoding.
   */
  copy?(state: S): S;
  /**
   * The rules over packed words for the configuration of `like` (null where the model has none for
   * it): the search's hottest path, with no state objects at all. Needs `decode`.
   */
  packed?(like: S): Packed | null;
}

/**
 * A model's rules written over its packed states: a state is the `width` words `encode` writes,
 * and successors and the quick verdict are computed on the words. A second implementation of the
 * meaning of `enabled`, `step` and the invariants, so a differential test compares it with them.
 */
export interface Packed {
  /** Words a state takes (what `encode` writes, always this many). */
  readonly width: number;
  /** Most successors a state can have (sizes the buffers `successors` writes). */
  readonly most: number;
  /**
   * Writes the successors of the state at `src[at..at + width)` to `out` (state k at `k * width`), in
   * the order `enabled` lists their actions, and each action's index in the action table to
   * `types`; returns how many (the length of `enabled`).
   */
  successors(src: Int32Array, at: number, out: Int32Array, types: Uint8Array): number;
  /**
   * True only if the state holds every invariant of the model and is quiescent (its drain is
   * null); false means "decode it and judge it the ordinary way", so a model may answer false
   * whenever it is unsure. The search asks it only when it checks the model's own invariants
   * (`check/run/own-invariants.ts`): it knows nothing of a property a user wrote.
   */
  quiet(src: Int32Array, at: number): boolean;
}

/** A model as its author writes it. */
export interface ModelDef<S extends Stepped, A extends AnyAction, K extends Keys> {
  readonly name: string;
  /** One line: what the model holds. */
  readonly summary: string;
  readonly keys: K;
  /** A one-line error when the real system would refuse this config (exit 2), else null. Pure. */
  validate?(config: ConfigOf<K>): string | null;
  /**
   * What the real system does differently from what the keys say when it accepts them (a setting it ignores with a
   * warning), one line each, for the report; none when absent. Pure.
   */
  notes?(config: ConfigOf<K>): readonly string[];
  /** The initial state (frozen by `compile`). Pure. */
  init(config: ConfigOf<K>): S;
  readonly actions: ActionTable<S, A>;
  /** The fault-free drain policy's next action, or null at quiescence. Pure. */
  drain(s: S): A | null;
  /** The parts of a state that identify it (config and events excluded), in a fixed order. Pure. */
  identity(s: S): readonly unknown[];
  /** How deep the exhaustive search goes by default (8 when absent). */
  readonly defaultDepth?: number;
  /**
   * No rule, drain or invariant of the model reads a state's `events` (only the renderers do, from states `step`
   * made): its fast path gets `applySilent`. A test holds each model that says so to it
   * (`test/helpers/differential.ts`).
   */
  readonly eventsUnread?: true;
  /**
   * Partial-order reduction: emits the resources the invariants, the drain and the quiescence verdict
   * depend on (`s`: the initial state, for the config). An action that may change one of them is
   * visible, and the reduction never defers another action behind it. Pure.
   */
  observed?(s: S, emit: (resource: number) => void): void;
  /** Hand-written parts of the fast path, where the generic plain-data ones are too slow. */
  readonly fast?: Partial<FastPath<S, A>>;
}

/** A compiled model: what explorers, scenarios, replay and renderers use. */
export interface Model<S, A extends AnyAction, K extends Keys = Keys> {
  readonly name: string;
  readonly summary: string;
  readonly keys: K;
  readonly defaultDepth: number;
  validate(config: ConfigOf<K>): string | null;
  /** The warnings the real system gives for an accepted config (`ModelDef.notes`), one line each. Pure. */
  notes(config: ConfigOf<K>): readonly string[];
  /** The initial state, frozen. */
  init(config: ConfigOf<K>): S;
  /** The next state, frozen (immer); only called with an action `enabled` listed. Pure. */
  step(state: S, action: A): S;
  /** Every action possible in `state`: the table's entries in order, each in actor order. Pure. */
  enabled(state: S): A[];
  /** The actions of `enabled(state)` whose tag is `type`, in its order, listing that tag's alone. Pure. */
  enabledOf(state: S, type: A['type']): A[];
  drain(state: S): A | null;
  /**
   * A string identifying the state: the JSON of its identity, each object's fields in name order (two
   * equal objects made by different rules, or decoded from words, may list their fields in other orders). Pure.
   */
  key(state: S): string;
  describe(before: S, action: A): string;
  lanes(before: S, action: A): Lanes;
  isFault(action: A): boolean;
  /** Every action tag, in table order. */
  readonly actionTypes: readonly A['type'][];
  /** The tags of the faults, in table order. */
  readonly faultTypes: readonly A['type'][];
  /** The tags marked `meet` (where drains are compared), or null when none is. */
  readonly meetTypes: ReadonlySet<string> | null;
  /** What partial-order reduction needs, when every action table entry declares it (else null). */
  readonly por: Por<S, A> | null;
  /** What sleep sets need, when any action tag says what it reads and changes (else null: the search keeps none). */
  readonly access: Accesses<S, A> | null;
  readonly fast: FastPath<S, A>;
}

/**
 * The partial-order reduction declarations of a model whose every action tag lists its actions
 * (`every`) and which says what its verdicts observe.
 */
export interface Por<S, A extends AnyAction> {
  /** Writes the footprint of `a`; false when its tag declares none (it then conflicts with every action). */
  footprint(s: S, a: A, fp: Footprint): boolean;
  every(s: S, emit: (a: A) => void): void;
  observed(s: S, emit: (resource: number) => void): void;
}

/** What a model's action tags say of the parts of a state their actions read and change (`ActionSpec.access`). */
export interface Accesses<S, A extends AnyAction> {
  /** Writes the parts `a` (enabled at `s`) reads and changes; false when its tag declares none (it touches all). */
  of(s: S, a: A, at: Access): boolean;
}

/** One pass over a state that lists the enabled actions of several tags (`ActionSpec.listedBy`). Pure. */
export interface SharedPass<S, A extends AnyAction> {
  list(s: S, emit: (a: A) => void): void;
}

/** Structural equality of two actions (plain data with primitive fields). Pure; allocates nothing (asked per state). */
export function sameAction(a: AnyAction, b: AnyAction): boolean {
  if (a.type !== b.type) return false;
  let fields = 0;
  for (const k in a) {
    if (Reflect.get(a, k) !== Reflect.get(b, k)) return false;
    fields += 1;
  }
  for (const _ in b) fields -= 1;
  return fields === 0;
}

/** Calls an entry's optional declaration `f` (a footprint, an access) with `out`: whether the entry has one. */
function declares<S, A, T>(f: ((s: S, a: A, out: T) => void) | undefined, s: S, a: A, out: T): boolean {
  if (f === undefined) return false;
  f(s, a, out);
  return true;
}

/** A JSON replacer that writes an object's fields in name order (arrays and other values as they are). */
function byFieldName(_: string, v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
  return sorted;
}

/** An events list that keeps nothing: `push` drops what it is given. */
class Discarded extends Array<unknown> {
  override push(..._items: unknown[]): number {
    return 0;
  }
}

/** The events of every state the fast path's `applySilent` stepped: one shared list that keeps nothing. */
export const SILENT_EVENTS: readonly unknown[] = Object.freeze(new Discarded());

/** Compiles a model definition: derives `enabled`, `step`, the fast path and the lists from its table. */
export function compile<S extends Stepped, A extends AnyAction, K extends Keys>(
  def: ModelDef<S, A, K>,
): Model<S, A, K> {
  const types = Object.keys(def.actions) as A['type'][];
  // The table is keyed by tag, so the entry of `a.type` is the spec of `a`'s own variant; TypeScript
  // cannot correlate the two through the mapped type, hence this one widening.
  const spec = (a: A): ActionSpec<S, A> => (def.actions as unknown as Record<string, ActionSpec<S, A>>)[a.type]!;
  const specs = types.map((t) => (def.actions as unknown as Record<string, ActionSpec<S, A>>)[t]!);
  const byType = new Map<string, ActionSpec<S, A>>(types.map((t, i) => [t, specs[i]!]));
  const apply = (d: Draft<S>, a: A): void => {
    // A new step's events; an empty list is left alone, so a step that changes nothing returns the same state.
    const e = d as Draft<Stepped>;
    // A state `applySilent` made has the list that keeps nothing: a step through here records its events again.
    if (e.events.length > 0 || e.events instanceof Discarded) e.events = [];
    spec(a).effect(d, a);
  };
  const applySilent = (s: S, a: A): void => {
    (s as { events: readonly unknown[] }).events = SILENT_EVENTS;
    spec(a).effect(castDraft(s), a);
  };
  const passes = [...new Set(specs.flatMap((sp) => (sp.listedBy ? [sp.listedBy] : [])))];
  const passOf = specs.map((sp) => (sp.listedBy ? passes.indexOf(sp.listedBy) : -1));
  const declared = specs.every((sp) => sp.every !== undefined) && def.observed;
  const por: Por<S, A> | null = declared
    ? {
        footprint: (s, a, fp) => declares(spec(a).footprint, s, a, fp),
        every: (s, emit) => {
          for (const sp of specs) sp.every!(s, emit);
        },
        observed: (s, emit) => def.observed!(s, emit),
      }
    : null;
  const access: Accesses<S, A> | null = specs.some((sp) => sp.access !== undefined)
    ? {
        of: (s, a, at) => declares(spec(a).access, s, a, at),
      }
    : null;
  const encode = (s: S, out: Words): void => {
    for (const part of def.identity(s)) encodePlain(part, out);
  };
  const fast: FastPath<S, A> = {
    clone: def.fast?.clone ?? cloneState,
    apply: def.fast?.apply ?? ((s, a) => apply(castDraft(s), a)),
    ...(def.eventsUnread && def.fast?.apply === undefined ? { applySilent } : {}),
    encode: def.fast?.encode ?? encode,
    ...(def.fast?.encodeSymmetric ? { encodeSymmetric: def.fast.encodeSymmetric } : {}),
    ...(def.fast?.decode ? { decode: def.fast.decode } : {}),
    ...(def.fast?.copy ? { copy: def.fast.copy } : {}),
    ...(def.fast?.packed ? { packed: def.fast.packed } : {}),
  };
  return {
    name: def.name,
    summary: def.summary,
    keys: def.keys,
    defaultDepth: def.defaultDepth ?? 8,
    validate: (c) => def.validate?.(c) ?? null,
    notes: (c) => def.notes?.(c) ?? [],
    init: (c) => freeze(def.init(c), true),
    step: (s, a) => produce(s, (d) => apply(d, a)),
    enabled(s) {
      const out: A[] = [];
      const emit = (a: A): void => {
        out.push(a);
      };
      if (passes.length === 0) {
        for (const sp of specs) sp.enabled(s, emit);
        return out;
      }
      // Each shared pass runs once; its actions go out under their tags, in table order, as the tags' own would.
      const listed: (A[] | undefined)[] = new Array(passes.length);
      for (let i = 0; i < specs.length; i++) {
        const p = passOf[i]!;
        if (p < 0) {
          specs[i]!.enabled(s, emit);
          continue;
        }
        let all = listed[p];
        if (all === undefined) {
          const got: A[] = [];
          // A pass lists actions of its model's own table (a tag's `enabled` is the pass filtered to the tag).
          passes[p]!.list(s, (a) => {
            got.push(a as A);
          });
          listed[p] = all = got;
        }
        const type = types[i];
        for (const a of all) if (a.type === type) out.push(a);
      }
      return out;
    },
    enabledOf(s, type) {
      const out: A[] = [];
      // A tag read from a file may be none of the table's: nothing is enabled of it.
      byType.get(type)?.enabled(s, (a) => {
        out.push(a);
      });
      return out;
    },
    drain: def.drain,
    key: (s) => JSON.stringify(def.identity(s), byFieldName),
    describe: (before, a) => spec(a).describe(before, a),
    lanes: (before, a) => spec(a).lanes(before, a),
    isFault: (a) => spec(a).fault === true,
    actionTypes: types,
    faultTypes: types.filter((_t, i) => specs[i]!.fault === true),
    meetTypes: specs.some((sp) => sp.meet) ? new Set(types.filter((_t, i) => specs[i]!.meet === true)) : null,
    por,
    access,
    fast,
  };
}
