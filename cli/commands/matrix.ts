/** `eoscheck matrix <model> --keys k1,k2,...`: every combination of the keys' values, checked, as a table. */
import type { Entry } from '../../catalog/entry.js';
import { planText } from '../../check/explore/each.js';
import { type MatrixSubject, matrixValues, runMatrix } from '../../check/explore/matrix.js';
import { keyList, resolve } from '../../model/core/config.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { choiceOption, type Parsed, parse, setPairs } from '../args.js';
import { configDiff, modelConfig, modelNamed } from '../common.js';
import { matrixJson, matrixMarkdown, matrixText } from '../format/matrix.js';
import { helpText } from '../help.js';
import { type Io, UsageError } from '../io.js';
import { planOf, planSpec } from '../plan.js';
import { meter, planWithProgress } from '../progress.js';

const spec = {
  keys: { type: 'string' },
  set: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  format: { type: 'string' },
  quiet: { type: 'boolean' },
  ...planSpec,
} as const;

/** `eoscheck matrix --help`. */
export const help = helpText(spec, {
  usage: 'eoscheck matrix <model> --keys k1,k2,... [options]',
  about:
    "Checks every combination of the listed keys' values (boolean and enumerated keys) and prints the guarantees\n" +
    "as a table: each setting by the exhaustive search to the model's depth, then random runs of a pinned seed.",
  flags: {
    keys: 'K1,K2,...: the keys whose every combination is checked',
    set: 'KEY=VALUE: a key held at one value in every row',
    json: 'the matrix as one JSON object',
    format: 'F: text (default) or markdown',
    quiet: 'the table only',
    depth: "D: the exhaustive search's depth (the model's default unless given; 1 or more)",
    'max-states':
      'M: the most states the search keeps (1,000,000; below the initial state and its successors is refused)',
    runs: 'N: random runs after the search (1000; 1 or more)',
    seed: "S: the random runs' seed (1)",
    'max-steps': 'K: the most steps of a random run (40)',
  },
});

/** The --keys list, each an existing boolean or enumerated key of the model, none twice nor also in --set. */
function matrixKeys(keys: Keys, raw: unknown, model: string, set: readonly (readonly [string, string])[]): string[] {
  if (raw === undefined)
    throw new UsageError(`matrix needs --keys k1,k2,... (boolean or enumerated keys of ${model}, see eoscheck models)`);
  const names = String(raw).split(',');
  const byName = new Map(keyList(keys).map((k) => [k.name, k]));
  for (const [i, name] of names.entries()) {
    const key = byName.get(name);
    if (!key)
      throw new UsageError(
        `unknown --keys key '${name}' for model ${model}: accepted ${[...byName.keys()].join(', ')}`,
      );
    const vs = matrixValues(key);
    if (!vs.ok) throw new UsageError(vs.error);
    if (names.indexOf(name) !== i) throw new UsageError(`bad --keys: '${name}' appears twice (name each key once)`);
    if (set.some(([k]) => k === name))
      throw new UsageError(`'${name}' is both in --keys and --set: a matrix key takes all its values`);
  }
  return names;
}

function matrixEntry<S, A extends AnyAction, K extends Keys>(e: Entry<S, A, K>, p: Parsed, io: Io): number {
  const v = p.values;
  const set = setPairs(v);
  const base = modelConfig(e.model, set);
  const keys = matrixKeys(e.model.keys, v['keys'], e.model.name, set);
  const format = choiceOption(v, 'format', ['text', 'markdown'], 'text');
  const json = v['json'] === true;
  const plan = planOf(v, e.model.defaultDepth);
  const m = meter(io, !json && v['quiet'] !== true);
  const subject: MatrixSubject<S, A, K> = {
    model: e.model,
    invariants: e.invariants,
    initial(pairs) {
      const r = resolve(e.model.keys, pairs, `model ${e.model.name}`);
      if (!r.ok) return r;
      const refused = e.model.validate(r.value.config);
      return refused === null ? { ok: true, state: e.model.init(r.value.config) } : { ok: false, error: refused };
    },
  };
  const matrix = runMatrix(subject, keys, set, (row, of) => planWithProgress(plan, io, m, `row ${row + 1} of ${of}`));
  m.stop();
  const how = planText(plan);
  if (json) io.stdout(`${JSON.stringify(matrixJson(matrix, how, base.record), null, 2)}\n`);
  else {
    const others = configDiff(e.model.keys, base.record);
    io.stdout((format === 'markdown' ? matrixMarkdown : matrixText)(matrix, how, others));
  }
  return matrix.rows.some((r) => r.status === 'violation') ? 1 : 0;
}

/** Runs the verb; returns the exit code. */
export function matrix(args: readonly string[], io: Io): number {
  const p = parse('matrix', args, spec, 1);
  return modelNamed(io, p.positionals[0], 'matrix').open((e) => matrixEntry(e, p, io));
}
