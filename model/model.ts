/**
 * What every model gives the explorers: pure `init`, `step`, `enabled` and `drainAction` over
 * frozen states, a state key for de-duplication, and its config keys. Explorers (random,
 * exhaustive, scripted) and traces all go through this one interface.
 */
import type { Config, ConfigKey } from './config.js';

/** An action: a plain object with one tag. */
export interface AnyAction {
  readonly type: string;
}

/** A model of one system, pure throughout. */
export interface Model<S, A extends AnyAction> {
  readonly name: string;
  /** One line: what the model holds. */
  readonly summary: string;
  readonly keys: readonly ConfigKey[];
  /** The initial state for a resolved config. */
  init(config: Config): S;
  /** The next state; only called with an action `enabled` listed. */
  step(state: S, action: A): S;
  /** Every action possible in `state`, in a documented deterministic order. */
  enabled(state: S): A[];
  /** The fault-free drain policy's next action, or null at quiescence. */
  drainAction(state: S): A | null;
  /** A string identifying the state for de-duplication (rendering-only fields excluded). */
  key(state: S): string;
  /**
   * An enabled action standing in for `action` when it is not enabled as written (the same call by
   * the app's current instance, say), or null. Only trace minimization uses it. Pure.
   */
  adapt(state: S, action: A): A | null;
  /**
   * The engine's fast path, for explorers that own their states: no immer draft, no freezing.
   * Optional; without it the explorers use `step` and `key`.
   */
  readonly fast?: FastPath<S, A>;
  /** The exhaustive search's default depth for this model (8 when absent): how deep its bugs lie. */
  readonly defaultDepth?: number;
  /** Action names that are faults (never taken by the drain). */
  readonly faults: ReadonlySet<string>;
  /** Every action name of the model, for coverage reports. */
  readonly actionTypes: readonly string[];
}

/** Structural equality of two actions (plain data with primitive fields). Pure. */
export function sameAction(a: AnyAction, b: AnyAction): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if ((a as unknown as Record<string, unknown>)[k] !== (b as unknown as Record<string, unknown>)[k]) return false;
  return true;
}

/** Appends 32-bit words: a state's canonical encoding, hashed into a fingerprint. */
export interface Words {
  push(word: number): void;
}

/**
 * A model's fast path. `apply` runs the very rules `step` runs (the immer recipe) on a plain
 * mutable copy made by `clone`; `encode` writes the words that identify a state (what `key`
 * covers); `encodeSymmetric`, when the model declares symmetric identities (resource managers,
 * producers, partitions), writes the words of the state's canonical representative under them.
 */
export interface FastPath<S, A extends AnyAction> {
  clone(state: S): S;
  apply(state: S, action: A): void;
  encode(state: S, out: Words): void;
  encodeSymmetric?(state: S, out: Words): void;
  /**
   * The state `encode` wrote at `words[offset..]` (static parts such as the config taken from
   * `like`). Optional: with it, worker threads pass states to each other as words.
   */
  decode?(words: Int32Array, offset: number, like: S): S;
}
