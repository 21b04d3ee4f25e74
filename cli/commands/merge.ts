/**
 * `eoscheck merge <report.json>...`: merges the JSON reports of one random campaign's shards
 * (`check --shard i/n --json`) into the report one process would have given: the failing run with
 * the lowest number wins, runs and steps add up, and missing or repeated shards are named.
 */
import type { Report } from '../report.js';
import { parse } from '../args.js';
import { catalogOf, readText, setArgs } from '../common.js';
import { UsageError, type Io } from '../io.js';

const spec = { json: { type: 'boolean' } } as const;

/** The keys that must agree across shards of one campaign. */
const same = ['model', 'config', 'campaignSeed'] as const;

/** Merges shard reports. Pure; throws UsageError when they are not shards of one campaign. */
export function mergeReports(reports: readonly { file: string; report: Report }[]): Report {
  const first = reports[0]!;
  for (const { file, report } of reports) {
    if (report.kind !== 'check' || report['mode'] !== 'random') throw new UsageError(`'${file}' is not a random check report (check --shard i/n --json)`);
    for (const k of same) if (JSON.stringify(report[k]) !== JSON.stringify(first.report[k])) throw new UsageError(`'${file}' is from another campaign: its ${k} differs from '${first.file}'`);
  }
  const shards = reports.map(({ report }) => report['shard'] as { index: number; count: number } | null);
  const count = shards[0]?.count ?? 1;
  const indices = new Set<number>();
  for (const [i, s] of shards.entries()) {
    if ((s?.count ?? 1) !== count) throw new UsageError(`'${reports[i]!.file}' splits the campaign into ${s?.count ?? 1} shards, '${first.file}' into ${count}`);
    const idx = s?.index ?? 1;
    if (indices.has(idx)) throw new UsageError(`shard ${idx}/${count} is given twice ('${reports[i]!.file}')`);
    indices.add(idx);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !indices.has(i));
  const failing = reports.filter(({ report }) => report.status === 'violation').sort((a, b) => (a.report['failingRun'] as number) - (b.report['failingRun'] as number))[0];
  const base = failing?.report ?? first.report;
  const sum = (k: 'runs' | 'steps') => reports.reduce((n, { report }) => n + report.stats[k], 0);
  const elapsedMs = Math.max(...reports.map(({ report }) => report.stats.elapsedMs));
  const coverage: Record<string, number> = {};
  for (const { report } of reports) for (const [k, v] of Object.entries((report['coverage'] as Record<string, number> | null) ?? {})) coverage[k] = (coverage[k] ?? 0) + v;
  return {
    ...base,
    stats: { runs: sum('runs'), steps: sum('steps'), distinctStates: null, elapsedMs, statesPerSecond: elapsedMs > 0 ? Math.round((sum('steps') * 1000) / elapsedMs) : 0 },
    coverage,
    shard: null,
    merged: { shards: [...indices].sort((a, b) => a - b).map((i) => `${i}/${count}`), missing: missing.map((i) => `${i}/${count}`) },
  };
}

/** `--set k=v` for each key of the report's config that differs from its model's default. */
function reproduceSets(io: Io, r: Report): string {
  return catalogOf(io).get(r.model)?.open((e) => setArgs(e.model.keys, r.config)) ?? '';
}

/** Runs the verb; returns the exit code. */
export function merge(args: readonly string[], io: Io): number {
  const p = parse('merge', args, spec, 10_000);
  if (p.positionals.length === 0) throw new UsageError('merge needs the JSON reports of a campaign\'s shards, e.g. eoscheck merge shard1.json shard2.json');
  const reports = p.positionals.map((file) => {
    try {
      return { file, report: JSON.parse(readText(io, file)) as Report };
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`'${file}' is not a JSON report: ${(e as Error).message}`);
    }
  });
  const merged = mergeReports(reports);
  const info = merged['merged'] as { shards: string[]; missing: string[] };
  if (p.values['json'] === true) io.stdout(`${JSON.stringify(merged, null, 2)}\n`);
  else {
    const v = merged.violations[0];
    io.stdout(
      `eoscheck merge: ${merged.model}, shards ${info.shards.join(' ')}${info.missing.length ? ` (missing ${info.missing.join(' ')}: the campaign is incomplete)` : ''}: ` +
        (v ? `VIOLATION of ${v.invariant} in run ${String(merged['failingRun'])}: ${v.message}\n  reproduce: npx eoscheck check ${merged.model}${reproduceSets(io, merged)} --seed ${String(merged['seed'])} --path ${String(merged['path'])}\n` : `ok, no invariant violated in ${merged.stats.runs} runs (${merged.stats.steps} steps)\n`),
    );
  }
  return merged.status === 'ok' ? 0 : 1;
}
