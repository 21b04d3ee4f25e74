/** Shared pieces of the verbs: looking up models, resolving config, files, config summaries. */
import { readFileSync, writeFileSync } from 'node:fs';
import { defaults, resolveConfig, type Config } from '../model/config.js';
import { UsageError, type Io } from './io.js';
import { models, type ModelEntry } from './registry.js';

/** The model named `name`, or a UsageError listing the models. */
export function modelNamed(name: string | undefined, verb: string): ModelEntry & { name: string } {
  const names = [...models.keys()].join(', ');
  if (name === undefined) throw new UsageError(`${verb} needs a model: accepted ${names}`);
  const m = models.get(name);
  if (!m) throw new UsageError(`unknown model '${name}': accepted ${names}`);
  return { ...m, name };
}

/** Resolves `--set` pairs against a model's keys, or throws a UsageError. */
export function modelConfig(m: ModelEntry & { name: string }, pairs: readonly (readonly [string, string])[]): Config {
  const r = resolveConfig(m.subject.model.keys, pairs, `model ${m.name}`);
  if (!r.ok) throw new UsageError(r.error);
  return r.config;
}

/** `key=value` for every key that differs from the model's defaults, or "defaults". Pure. */
export function configDiff(m: ModelEntry, config: Config): string {
  const d = defaults(m.subject.model.keys);
  const diff = Object.entries(config).filter(([k, v]) => d[k] !== v).map(([k, v]) => `${k}=${String(v)}`);
  return diff.length === 0 ? 'defaults' : diff.join(' ');
}

/** `--set k=v ...` arguments that reproduce the non-default keys. Pure. */
export function setArgs(m: ModelEntry, config: Config): string {
  const d = defaults(m.subject.model.keys);
  return Object.entries(config).filter(([k, v]) => d[k] !== v).map(([k, v]) => ` --set ${k}=${String(v)}`).join('');
}

/** Reads a file through the io, or throws a UsageError naming it. */
export function readText(io: Io, path: string): string {
  try {
    return io.readFile ? io.readFile(path) : readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read trace file '${path}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Writes a file through the io, or throws a UsageError naming it. */
export function writeText(io: Io, path: string, text: string): void {
  try {
    if (io.writeFile) io.writeFile(path, text);
    else writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`cannot write '${path}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The clock of the io (timing, default seeds). */
export function now(io: Io): number {
  return io.now ? io.now() : Date.now();
}

/** Seconds with one decimal. Pure. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
