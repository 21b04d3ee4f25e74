/**
 * Resolving `key=value` pairs against a model's keys: the one generic config reader. Unknown keys
 * and bad values are a one-line error naming what is accepted, never a silent default.
 */
import { type ConfigOf, type ConfigValue, type Key, type Keys, parseValue } from './keys.js';

/** A resolved configuration: typed by field, and by real key name for reports and traces. */
export interface Resolved<K extends Keys> {
  readonly config: ConfigOf<K>;
  /** Every key by its real name, in declaration order, defaults included (the report's `config`). */
  readonly record: Readonly<Record<string, ConfigValue>>;
  /** Real names of the keys that were set explicitly. */
  readonly explicit: ReadonlySet<string>;
}

/** A result: the value, or a one-line error. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** The specs of a key object, in declaration order. */
export function keyList(keys: Keys): Key[] {
  return Object.values(keys);
}

/**
 * Resolves pairs against `keys` (`what` names the model or scenario in errors): each key takes its
 * explicit value, else its derived default (from the keys before it), else its default. Pure.
 */
export function resolve<K extends Keys>(
  keys: K,
  pairs: readonly (readonly [string, string])[],
  what: string,
): Result<Resolved<K>> {
  const byName = new Map(keyList(keys).map((k) => [k.name, k]));
  const explicit = new Map<string, ConfigValue>();
  for (const [name, raw] of pairs) {
    const key = byName.get(name);
    if (!key)
      return { ok: false, error: `unknown --set key '${name}' for ${what}: accepted ${[...byName.keys()].join(', ')}` };
    const parsed = parseValue(key, raw);
    if (!parsed.ok) return parsed;
    explicit.set(name, parsed.value);
  }
  const record: Record<string, ConfigValue> = {};
  const config: Record<string, ConfigValue> = {};
  const get = (name: string): ConfigValue | undefined => record[name];
  for (const [field, key] of Object.entries(keys)) {
    const value = explicit.get(key.name) ?? (key.derive ? key.derive.value(get) : key.default);
    record[key.name] = value;
    config[field] = value;
  }
  // The values were each checked against their spec above (or are the spec's own defaults).
  return { ok: true, value: { config: config as ConfigOf<K>, record, explicit: new Set(explicit.keys()) } };
}

/** Resolves a record by real key name (a saved trace's config). Pure. */
export function resolveRecord<K extends Keys>(
  keys: K,
  record: Readonly<Record<string, ConfigValue>>,
  what: string,
): Result<Resolved<K>> {
  return resolve(
    keys,
    Object.entries(record).map(([k, v]) => [k, String(v)] as const),
    what,
  );
}

/** The defaults of a key object, by real name (derived defaults resolved). Pure. */
export function defaultRecord(keys: Keys): Readonly<Record<string, ConfigValue>> {
  const r = resolve(keys, [], 'defaults');
  if (!r.ok) throw new Error(`internal: defaults do not resolve: ${r.error}`);
  return r.value.record;
}

/**
 * The keys of `record` whose value differs from what they would be if not set (their default, or
 * their default derived from the keys before them), as `[name, value]` in declaration order: what
 * a command line needs to reproduce the record. Pure.
 */
export function differences(keys: Keys, record: Readonly<Record<string, ConfigValue>>): [string, ConfigValue][] {
  const out: [string, ConfigValue][] = [];
  const get = (name: string): ConfigValue | undefined => record[name];
  for (const key of keyList(keys)) {
    const value = record[key.name];
    if (value === undefined) continue;
    const otherwise = key.derive ? key.derive.value(get) : key.default;
    if (value !== otherwise) out.push([key.name, value]);
  }
  return out;
}
