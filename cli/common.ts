/** Shared pieces of the verbs: looking up models, resolving config, files, config summaries. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Catalog, Listed } from '../catalog/entry.js';
import { catalog } from '../catalog/index.js';
import { differences, type Resolved, resolve } from '../model/core/config.js';
import type { Keys } from '../model/core/keys.js';
import type { AnyAction, Model } from '../model/core/model.js';
import type { ConfigRecord } from '../traces/trace.js';
import { errorCode, errorMessage } from '../util/errors.js';
import { type Io, UsageError } from './io.js';

/** The models the command line knows: the io's catalog, or eoscheck's own. */
export function catalogOf(io: Io): Catalog {
  return io.catalog ?? catalog;
}

/** The model named `name`, or a UsageError listing the models. */
export function modelNamed(io: Io, name: string | undefined, verb: string): Listed {
  const cat = catalogOf(io);
  const names = cat.models.map((m) => m.name).join(', ');
  if (name === undefined) throw new UsageError(`${verb} needs a model: accepted ${names}`);
  const m = cat.get(name);
  if (!m) throw new UsageError(`unknown model '${name}': accepted ${names}`);
  return m;
}

/** Resolves `--set` pairs against a model's keys and validates the result, or throws a UsageError. */
export function modelConfig<S, A extends AnyAction, K extends Keys>(
  model: Model<S, A, K>,
  pairs: readonly (readonly [string, string])[],
): Resolved<K> {
  const r = resolve(model.keys, pairs, `model ${model.name}`);
  if (!r.ok) throw new UsageError(r.error);
  const invalid = model.validate(r.value.config);
  if (invalid !== null) throw new UsageError(invalid);
  return r.value;
}

/** `key=value` for every key that differs from its default, or "defaults". Pure. */
export function configDiff(keys: Keys, record: ConfigRecord): string {
  const diff = differences(keys, record).map(([k, v]) => `${k}=${String(v)}`);
  return diff.length === 0 ? 'defaults' : diff.join(' ');
}

/** `--set k=v ...` arguments that reproduce the non-default keys. Pure. */
export function setArgs(keys: Keys, record: ConfigRecord): string {
  return differences(keys, record)
    .map(([k, v]) => ` --set ${k}=${String(v)}`)
    .join('');
}

/** Reads a file through the io, or throws a UsageError naming it (`what` it is: a trace file, a configuration file). */
export function readText(io: Io, path: string, what = 'trace file'): string {
  try {
    return io.readFile ? io.readFile(path) : readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${what} '${path}': ${errorCode(e) ?? errorMessage(e)}`);
  }
}

/** Writes a file through the io, or throws a UsageError naming it. */
export function writeText(io: Io, path: string, text: string): void {
  try {
    if (io.writeFile) io.writeFile(path, text);
    else writeFileSync(path, text);
  } catch (e) {
    throw new UsageError(`cannot write '${path}': ${errorCode(e) ?? errorMessage(e)}`);
  }
}

/** `opts` on the io's clock of time bounds (`Io.clock`), when it has one. */
export function onClock<T extends object>(opts: T, io: Io): T {
  return io.clock ? { ...opts, clock: io.clock } : opts;
}

/** The clock of the io (timing, default seeds). */
export function now(io: Io): number {
  return io.now ? io.now() : Date.now();
}

/** Seconds with one decimal. Pure. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
