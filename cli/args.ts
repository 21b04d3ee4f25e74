/**
 * Argument parsing with node's own `util.parseArgs` (strict), with every mistake turned into a
 * one-line UsageError that names the bad thing and what is accepted.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { errorCode, errorMessage } from '../util/errors.js';
import { UsageError } from './io.js';

/** Option specs: name -> string (takes a value) or boolean (a flag), and whether it repeats. */
export type OptionSpec = Record<string, { readonly type: 'string' | 'boolean'; readonly multiple?: boolean }>;

/** Parsed options and positionals. */
export interface Parsed {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
}

/** Parses `args` for `verb` against `spec`. Throws UsageError on any mistake. */
export function parse(verb: string, args: readonly string[], spec: OptionSpec, maxPositionals: number): Parsed {
  const accepted = Object.keys(spec)
    .map((k) => `--${k}`)
    .join(', ');
  let out: ReturnType<typeof parseArgs>;
  try {
    out = parseArgs({
      args: [...args],
      // OptionSpec is parseArgs' option shape, written readonly.
      options: spec as ParseArgsConfig['options'],
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    const msg = errorMessage(e);
    const opt = /'(-{1,2}[^' ]+)/.exec(msg)?.[1];
    const code = errorCode(e);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageError(`unknown option '${opt ?? msg}' for ${verb}: accepted ${accepted}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(
        `option '${opt ?? '?'}' of ${verb} ${msg.includes('argument missing') ? 'needs a value' : 'takes no value'}`,
      );
    throw new UsageError(`${verb}: ${msg.split('\n')[0]}`);
  }
  if (out.positionals.length > maxPositionals)
    throw new UsageError(`unexpected argument '${out.positionals[maxPositionals]}' for ${verb}`);
  // strict parseArgs gives only declared options, valued as their spec says.
  return { values: out.values as Parsed['values'], positionals: out.positionals };
}

/** An integer option within [min, max], or its default. */
export function intOption(values: Parsed['values'], name: string, min: number, max: number, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const text = String(raw);
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`bad value '${text}' for --${name}: accepted an integer from ${min} to ${max}`);
  return Number(text);
}

/** `--set key=value` pairs, in order; one key given twice with different values is refused, not the last kept. */
export function setPairs(values: Parsed['values']): [string, string][] {
  const raw = values['set'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const seen = new Map<string, string>();
  const out: [string, string][] = [];
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0)
      throw new UsageError(`bad --set '${item}': expected key=value, e.g. --set isolation.level=read_uncommitted`);
    const key = item.slice(0, eq);
    const value = item.slice(eq + 1);
    const before = seen.get(key);
    if (before !== undefined && before !== value)
      throw new UsageError(`--set ${key} is given twice, as '${before}' and '${value}': give it once`);
    if (before === undefined) out.push([key, value]);
    seen.set(key, value);
  }
  return out;
}

/** One of the accepted words for an option, or its default. */
export function choiceOption<T extends string>(
  values: Parsed['values'],
  name: string,
  accepted: readonly T[],
  fallback: T,
): T {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const hit = accepted.find((a) => a === raw);
  if (!hit) throw new UsageError(`bad value '${String(raw)}' for --${name}: accepted ${accepted.join('|')}`);
  return hit;
}
