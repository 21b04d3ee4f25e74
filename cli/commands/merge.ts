/**
 * `eoscheck merge <report.json>...`: merges the JSON reports of one random campaign's shards
 * (`check --shard i/n --json`) into the report one process would have given: the failing run with
 * the lowest number wins, runs and steps add up, and missing or repeated shards are named.
 */

import { errorMessage } from '../../util/errors.js';
import { parse } from '../args.js';
import { catalogOf, readText, setArgs } from '../common.js';
import { type Io, UsageError } from '../io.js';
import type { Report } from '../report.js';

const spec = { json: { type: 'boolean' } } as const;

/** The keys that must agree across shards of one campaign. */
const same = ['model', 'config', 'campaignSeed'] as const;

/** A shard's report, read and checked field by field: what merging needs beyond the envelope. */
export interface ShardReport {
  readonly file: string;
  readonly report: Report;
  readonly shard: { readonly index: number; readonly count: number } | null;
  readonly failingRun: number | null;
  readonly coverage: Readonly<Record<string, number>>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Checks that `json` (the parse of `file`) is a random check report and reads the fields merging
 * uses. Throws UsageError naming the file and the first field that is not what a shard writes.
 */
export function shardReport(file: string, json: unknown): ShardReport {
  const bad = (what: string): never => {
    throw new UsageError(`'${file}' is not a random check report (check --shard i/n --json): ${what}`);
  };
  if (!isObject(json) || json['tool'] !== 'eoscheck') return bad('no \'tool\': "eoscheck"');
  if (json['kind'] !== 'check' || json['mode'] !== 'random')
    return bad(`kind ${String(json['kind'])}, mode ${String(json['mode'])}`);
  if (typeof json['model'] !== 'string') return bad("no 'model'");
  if (!isObject(json['config'])) return bad("no 'config' object");
  if (json['status'] !== 'ok' && json['status'] !== 'violation') return bad(`status ${String(json['status'])}`);
  if (!Array.isArray(json['violations'])) return bad("no 'violations' list");
  const stats = json['stats'];
  if (!isObject(stats) || !isCount(stats['runs']) || !isCount(stats['steps']) || typeof stats['elapsedMs'] !== 'number')
    return bad("'stats' without runs, steps and elapsedMs");
  const shard = json['shard'] ?? null;
  if (
    shard !== null &&
    !(
      isObject(shard) &&
      isCount(shard['index']) &&
      isCount(shard['count']) &&
      shard['index'] >= 1 &&
      shard['index'] <= shard['count']
    )
  )
    return bad(`'shard' ${JSON.stringify(shard)} (expected {index, count} with 1 <= index <= count, or null)`);
  const failingRun = json['failingRun'] ?? null;
  if (failingRun !== null && !isCount(failingRun)) return bad(`'failingRun' ${JSON.stringify(failingRun)}`);
  if (json['status'] === 'violation' && failingRun === null) return bad("a violation without 'failingRun'");
  const coverage = json['coverage'] ?? {};
  if (!isObject(coverage) || !Object.values(coverage).every(isCount)) return bad("'coverage' is not a map of counts");
  return {
    file,
    // Checked above: the envelope fields merging reads (the rest is carried through as written).
    report: json as unknown as Report,
    shard: shard === null ? null : { index: Number(shard['index']), count: Number(shard['count']) },
    failingRun,
    // Every value was checked to be a count above.
    coverage: coverage as Record<string, number>,
  };
}

/** The merged report, and which shards it holds and lacks (`i/n`). */
export interface Merged {
  readonly report: Report;
  readonly shards: readonly string[];
  readonly missing: readonly string[];
}

/** Merges shard reports. Pure; throws UsageError when they are not shards of one campaign. */
export function mergeReports(reports: readonly ShardReport[]): Merged {
  const first = reports[0]!;
  for (const { file, report } of reports) {
    for (const k of same)
      if (JSON.stringify(report[k]) !== JSON.stringify(first.report[k]))
        throw new UsageError(`'${file}' is from another campaign: its ${k} differs from '${first.file}'`);
  }
  const count = first.shard?.count ?? 1;
  const indices = new Set<number>();
  for (const { file, shard } of reports) {
    if ((shard?.count ?? 1) !== count)
      throw new UsageError(
        `'${file}' splits the campaign into ${shard?.count ?? 1} shards, '${first.file}' into ${count}`,
      );
    const idx = shard?.index ?? 1;
    if (indices.has(idx)) throw new UsageError(`shard ${idx}/${count} is given twice ('${file}')`);
    indices.add(idx);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indices.has(i));
  const failing = reports
    .filter((r) => r.report.status === 'violation')
    .sort((a, b) => (a.failingRun ?? 0) - (b.failingRun ?? 0))[0];
  const base = failing?.report ?? first.report;
  const sum = (k: 'runs' | 'steps') => reports.reduce((n, { report }) => n + report.stats[k], 0);
  const elapsedMs = Math.max(...reports.map(({ report }) => report.stats.elapsedMs));
  const coverage: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.coverage)) coverage[k] = (coverage[k] ?? 0) + v;
  const shards = [...indices].sort((a, b) => a - b).map((i) => `${i}/${count}`);
  const lacking = missing.map((i) => `${i}/${count}`);
  const report: Report = {
    ...base,
    stats: {
      runs: sum('runs'),
      steps: sum('steps'),
      distinctStates: null,
      elapsedMs,
      statesPerSecond: elapsedMs > 0 ? Math.round((sum('steps') * 1000) / elapsedMs) : 0,
    },
    coverage,
    shard: null,
    merged: { shards, missing: lacking },
  };
  return { report, shards, missing: lacking };
}

/** `--set k=v` for each key of the report's config that differs from its model's default. */
function reproduceSets(io: Io, r: Report): string {
  return (
    catalogOf(io)
      .get(r.model)
      ?.open((e) => setArgs(e.model.keys, r.config)) ?? ''
  );
}

/** Runs the verb; returns the exit code. */
export function merge(args: readonly string[], io: Io): number {
  const p = parse('merge', args, spec, 10_000);
  if (p.positionals.length === 0)
    throw new UsageError(
      "merge needs the JSON reports of a campaign's shards, e.g. eoscheck merge shard1.json shard2.json",
    );
  const reports = p.positionals.map((file) => {
    const text = readText(io, file);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`'${file}' is not a JSON report: ${errorMessage(e)}`);
    }
    return shardReport(file, json);
  });
  const { report: merged, ...info } = mergeReports(reports);
  if (p.values['json'] === true) io.stdout(`${JSON.stringify(merged, null, 2)}\n`);
  else {
    const v = merged.violations[0];
    io.stdout(
      `eoscheck merge: ${merged.model}, shards ${info.shards.join(' ')}` +
        `${info.missing.length ? ` (missing ${info.missing.join(' ')}: the campaign is incomplete)` : ''}: ` +
        (v
          ? `VIOLATION of ${v.invariant} in run ${String(merged['failingRun'])}: ${v.message}\n` +
            `  reproduce: npx eoscheck check ${merged.model}${reproduceSets(io, merged)} ` +
            `--seed ${String(merged['seed'])} --path ${String(merged['path'])}\n`
          : `ok, no invariant violated in ${merged.stats.runs} runs (${merged.stats.steps} steps)\n`),
    );
  }
  return merged.status === 'ok' ? 0 : 1;
}
