/**
 * Config keys as data. A model declares its `--set` keys once, as an object from a field name to
 * a key spec (the real system's key name, default, accepted values, meaning, the real system's
 * default when it differs); its config type is inferred from that object (`ConfigOf`), so a
 * misspelled field does not compile, and one generic reader resolves `key=value` pairs against it.
 * `eoscheck models`, the report and the trace files all read the same specs.
 */

/** A config value after parsing, as it appears in a report or trace. */
export type ConfigValue = boolean | number | string;

/** Reads the value of an earlier key (by its real name) while defaults are derived. */
export type Lookup = (name: string) => ConfigValue | undefined;

/** A default derived from keys declared before it: the release key it follows, and how. */
export interface Derived<T> {
  /**
   * The real name of the release key the default follows (`kafka.version`, `connector.version`): what `verify`
   * names when no file sets the key ("the real default follows ...").
   */
  readonly follows: string;
  readonly value: (get: Lookup) => T;
}

interface Common<T> {
  /** The real system's key name (`isolation.level`), or eoscheck's own (`faults.crashes`). */
  readonly name: string;
  /** The default (the safe configuration), and the one listed. */
  readonly default: T;
  /**
   * A default that depends on keys declared before this one (a release's default, say), used when
   * the key is not set; `default` is then its value under the other keys' defaults.
   */
  readonly derive?: Derived<T>;
  /** One line: what the key does in the model. */
  readonly meaning: string;
  /** Where the real system's default differs from the safe one the model starts from. */
  readonly realDefault?: string;
}

/** `true` / `false`. */
export interface BooleanKey extends Common<boolean> {
  readonly kind: 'boolean';
}

/** An integer within [min, max]. */
export interface IntegerKey extends Common<number> {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
}

/** One of a fixed list of values (strings or numbers, matched by their text). */
export interface EnumKey<V extends string | number = string | number> extends Common<V> {
  readonly kind: 'enum';
  readonly values: readonly V[];
}

/** Free text matching a pattern. */
export interface TextKey extends Common<string> {
  readonly kind: 'text';
  readonly pattern: RegExp;
  /** Human text of what the pattern accepts. */
  readonly accepted: string;
}

/** One key. One tag (`kind`), per-variant fields. */
export type Key = BooleanKey | IntegerKey | EnumKey | TextKey;

/** A model's keys: field name -> spec. Field order is resolution order. */
export type Keys = Readonly<Record<string, Key>>;

/** The value type of one key spec. */
export type ValueOf<K> = K extends BooleanKey
  ? boolean
  : K extends IntegerKey
    ? number
    : K extends EnumKey<infer V>
      ? V
      : K extends TextKey
        ? string
        : never;

/** The typed config of a key object: one field per key. */
export type ConfigOf<K extends Keys> = { readonly [F in keyof K]: ValueOf<K[F]> };

type Options<T> = Omit<Common<T>, 'name'>;

/** A boolean key. */
export function bool(name: string, o: Options<boolean>): BooleanKey {
  return { kind: 'boolean', name, ...o };
}

/** An integer key within [min, max]. */
export function int(name: string, o: Options<number> & { readonly min: number; readonly max: number }): IntegerKey {
  return { kind: 'integer', name, ...o };
}

/** A key taking one of `values`; the value type is the union of them. */
export function oneOf<const V extends string | number>(
  name: string,
  values: readonly V[],
  o: Options<NoInfer<V>>,
): EnumKey<V> {
  return { kind: 'enum', name, values, ...o };
}

/** A free-text key matching `pattern`. */
export function text(
  name: string,
  o: Options<string> & { readonly pattern: RegExp; readonly accepted: string },
): TextKey {
  return { kind: 'text', name, ...o };
}

/**
 * The same key with another default, and where the model's real system defaults it differently
 * (the Flink KafkaSink's `transaction.timeout.ms`, say), that real default. The meaning stays: one
 * place per meaning.
 */
export function withDefault<K extends Key>(key: K, value: ValueOf<K>, realDefault?: string): K {
  const { derive: _derive, ...rest } = key;
  // The same key with another default (and no `derive`): still a K, which a spread cannot show.
  return { ...rest, default: value, ...(realDefault === undefined ? {} : { realDefault }) } as K;
}

/** Human text of the values a key accepts (`true|false`, `an integer from 1 to 5`, `a|b`). Pure. */
export function acceptedValues(key: Key): string {
  switch (key.kind) {
    case 'boolean':
      return 'true|false';
    case 'integer':
      return `an integer from ${key.min} to ${key.max}`;
    case 'enum':
      return key.values.join('|');
    case 'text':
      return key.accepted;
  }
}

/** What `parseValue` returns: the value, or a one-line reason naming what is accepted. */
export type Parsed =
  | { readonly ok: true; readonly value: ConfigValue }
  | { readonly ok: false; readonly error: string };

/** Parses the text of a `--set key=value` against its key. Pure. */
export function parseValue(key: Key, raw: string): Parsed {
  const bad = (): Parsed => ({
    ok: false,
    error: `bad value '${raw}' for --set ${key.name}: accepted ${acceptedValues(key)}`,
  });
  switch (key.kind) {
    case 'boolean':
      return raw === 'true' ? { ok: true, value: true } : raw === 'false' ? { ok: true, value: false } : bad();
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) return bad();
      const n = Number(raw);
      return n >= key.min && n <= key.max ? { ok: true, value: n } : bad();
    }
    case 'enum': {
      const hit = key.values.find((v) => String(v) === raw);
      return hit === undefined ? bad() : { ok: true, value: hit };
    }
    case 'text':
      return key.pattern.test(raw) ? { ok: true, value: raw } : bad();
  }
}
