/**
 * Config keys as data: every model declares its `--set` keys with their default, accepted
 * values and meaning, so the command line, `eoscheck models` and the report share one source.
 */

/** A config value after parsing. */
export type ConfigValue = boolean | number | string;

/** A resolved configuration: every key of a model, defaults included. */
export type Config = Readonly<Record<string, ConfigValue>>;

/** One `--set` key of a model. One tag (`kind`), per-variant fields. */
export type ConfigKey =
  | { readonly kind: 'boolean'; readonly name: string; readonly default: boolean; readonly meaning: string; readonly realDefault?: string }
  | { readonly kind: 'integer'; readonly name: string; readonly default: number; readonly min: number; readonly max: number; readonly meaning: string; readonly realDefault?: string }
  | { readonly kind: 'enum'; readonly name: string; readonly default: string | number; readonly values: readonly (string | number)[]; readonly meaning: string; readonly realDefault?: string }
  | { readonly kind: 'string'; readonly name: string; readonly default: string; readonly pattern: RegExp; readonly accepted: string; readonly meaning: string };

/** What `parseValue` returns: the value, or a one-line reason naming what is accepted. */
export type Parsed = { readonly ok: true; readonly value: ConfigValue } | { readonly ok: false; readonly error: string };

/** Human text of the values a key accepts (`true|false`, `1..5`, `read_committed|read_uncommitted`). */
export function acceptedValues(key: ConfigKey): string {
  switch (key.kind) {
    case 'boolean':
      return 'true|false';
    case 'integer':
      return `an integer from ${key.min} to ${key.max}`;
    case 'enum':
      return key.values.join('|');
    case 'string':
      return key.accepted;
  }
}

/** Parses the text of a `--set key=value` against its key. Pure. */
export function parseValue(key: ConfigKey, raw: string): Parsed {
  const bad = (): Parsed => ({ ok: false, error: `bad value '${raw}' for --set ${key.name}: accepted ${acceptedValues(key)}` });
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
    case 'string':
      return key.pattern.test(raw) ? { ok: true, value: raw } : bad();
  }
}

/** The defaults of a key list as a config. */
export function defaults(keys: readonly ConfigKey[]): Config {
  const out: Record<string, ConfigValue> = {};
  for (const k of keys) out[k.name] = k.default;
  return out;
}

/**
 * Resolves `key=value` pairs against a key list: unknown keys and bad values are reported as
 * one line each (the first one wins), never defaulted silently.
 */
export function resolveConfig(keys: readonly ConfigKey[], pairs: readonly (readonly [string, string])[], what: string): { ok: true; config: Config } | { ok: false; error: string } {
  const out: Record<string, ConfigValue> = { ...defaults(keys) };
  for (const [name, raw] of pairs) {
    const key = keys.find((k) => k.name === name);
    if (!key) return { ok: false, error: `unknown --set key '${name}' for ${what}: accepted ${keys.map((k) => k.name).join(', ')}` };
    const parsed = parseValue(key, raw);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    out[name] = parsed.value;
  }
  return { ok: true, config: out };
}
