/**
 * `eoscheck merge <report.json>...`: merges the JSON reports of one random campaign's shards
 * (`check --shard i/n --json`) into the report one process would have given: the failing run with
 * the lowest number wins, runs and steps add up, and missing or repeated shards are named. The
 * reports of a swarm verification's members (`check --exhaustive --shard i/n --json`) merge as SPIN's
 * swarm does: a violation any member found (the shortest trace, then the lowest member), else ok,
 * with how many members covered their whole bound.
 */

import { errorMessage } from '../../util/errors.js';
import { parse } from '../args.js';
import { catalogOf, readText, setArgs } from '../common.js';
import { helpText } from '../help.js';
import { type Io, UsageError } from '../io.js';
import type { Report } from '../report.js';

const spec = { json: { type: 'boolean' } } as const;

/** `eoscheck merge --help`. */
export const help = helpText(spec, {
  usage: 'eoscheck merge <report.json>... [--json]',
  about: "Merges the JSON reports of a campaign's shards or a swarm verification's members into one verdict.",
  flags: { json: 'the merged report as one JSON object' },
});

/** The keys that must agree across shards of one campaign (a member's `member` agrees in depth and states). */
const same = ['model', 'config', 'campaignSeed', 'mode', 'invariants'] as const;

/** What a swarm verification member's report says of its search. */
interface MemberPart {
  readonly depth: number;
  readonly maxStates: number;
  readonly bound: string | null;
  readonly traceLength: number | null;
}

/** A shard's report, read and checked field by field: what merging needs beyond the envelope. */
export interface ShardReport {
  readonly file: string;
  readonly report: Report;
  readonly shard: { readonly index: number; readonly count: number } | null;
  readonly failingRun: number | null;
  readonly coverage: Readonly<Record<string, number>>;
  /** A swarm verification member's search, or null for a random campaign's shard. */
  readonly member: MemberPart | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Checks that `json` (the parse of `file`) is a random check report and reads the fields merging
 * uses. Throws UsageError naming the file and the first field that is not what a shard writes.
 */
export function shardReport(file: string, json: unknown): ShardReport {
  const bad = (what: string): never => {
    throw new UsageError(
      `'${file}' is not a shard's check report (check --shard i/n --json, with --runs N or --exhaustive): ${what}`,
    );
  };
  if (!isObject(json) || json['tool'] !== 'eoscheck') return bad('no \'tool\': "eoscheck"');
  const memberJson = json['member'];
  const isMember = json['mode'] === 'exhaustive' && isObject(memberJson);
  if (json['kind'] !== 'check' || !(json['mode'] === 'random' || isMember))
    return bad(`kind ${String(json['kind'])}, mode ${String(json['mode'])}`);
  const member = isMember && isObject(memberJson) ? memberPart(json, memberJson, bad) : null;
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
  if (json['status'] === 'violation' && failingRun === null && member === null)
    return bad("a violation without 'failingRun'");
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
    member,
  };
}

/** A member report's search: its bounds (which must agree across members), why it stopped, its trace's length. */
function memberPart(
  json: Record<string, unknown>,
  m: Record<string, unknown>,
  bad: (what: string) => never,
): MemberPart {
  if (!isCount(m['depth']) || !isCount(m['maxStates'])) return bad("'member' without depth and maxStates");
  const bound = json['bound'] ?? null;
  if (bound !== null && typeof bound !== 'string') return bad(`'bound' ${JSON.stringify(bound)}`);
  const trace = json['trace'];
  const steps = isObject(trace) && Array.isArray(trace['steps']) ? trace['steps'].length : null;
  if (json['status'] === 'violation' && steps === null) return bad('a violation without a trace');
  return { depth: m['depth'], maxStates: m['maxStates'], bound, traceLength: steps };
}

/** The merged report, and which shards it holds and lacks (`i/n`). */
export interface Merged {
  readonly report: Report;
  readonly shards: readonly string[];
  readonly missing: readonly string[];
}

/** What every merge joins the same way: the longest time, the coverage summed, the shards given and missing. */
function joined(
  reports: readonly ShardReport[],
  count: number,
  indices: ReadonlySet<number>,
  missing: readonly number[],
) {
  const coverage: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.coverage)) coverage[k] = (coverage[k] ?? 0) + v;
  return {
    elapsedMs: Math.max(...reports.map(({ report }) => report.stats.elapsedMs)),
    coverage,
    shards: [...indices].sort((a, b) => a - b).map((i) => `${i}/${count}`),
    lacking: missing.map((i) => `${i}/${count}`),
  };
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
  if (first.member) return mergeMembers(reports, count, indices, missing);
  const failing = reports
    .filter((r) => r.report.status === 'violation')
    .sort((a, b) => (a.failingRun ?? 0) - (b.failingRun ?? 0))[0];
  const base = failing?.report ?? first.report;
  const sum = (k: 'runs' | 'steps') => reports.reduce((n, { report }) => n + report.stats[k], 0);
  const { elapsedMs, coverage, shards, lacking } = joined(reports, count, indices, missing);
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

/**
 * Merges a swarm verification's member reports: the violation with the shortest trace (then the
 * lowest member) is the report, else the first member's; `swarm` says which members covered their
 * whole bound (`complete`: a finished depth-first search visits every state within --depth, save
 * hash compaction's omissions, each member's salted differently).
 */
function mergeMembers(
  reports: readonly ShardReport[],
  count: number,
  indices: ReadonlySet<number>,
  missing: readonly number[],
): Merged {
  const first = reports[0]!;
  const m0 = first.member!;
  for (const { file, member } of reports)
    if (member === null || member.depth !== m0.depth || member.maxStates !== m0.maxStates)
      throw new UsageError(`'${file}' is from another swarm verification: its depth or --max-states differs`);
  const index = (r: ShardReport) => r.shard?.index ?? 1;
  const failing = reports
    .filter((r) => r.report.status === 'violation')
    .sort((a, b) => (a.member!.traceLength ?? 0) - (b.member!.traceLength ?? 0) || index(a) - index(b))[0];
  const base = failing?.report ?? first.report;
  const complete = reports.filter((r) => r.member!.bound === null || r.member!.bound === 'depth').map(index);
  const exhausted = reports.some((r) => r.member!.bound === null);
  const sum = (f: (r: Report) => number) => reports.reduce((n, { report }) => n + f(report), 0);
  const { elapsedMs, coverage, shards, lacking } = joined(reports, count, indices, missing);
  const stored = sum((r) => r.stats.distinctStates ?? 0);
  const report: Report = {
    ...base,
    stats: {
      runs: reports.length,
      steps: sum((r) => r.stats.steps),
      // Members' tables overlap: the largest is a lower bound of the states the swarm visited.
      distinctStates: Math.max(...reports.map(({ report }) => report.stats.distinctStates ?? 0)),
      elapsedMs,
      statesPerSecond: elapsedMs > 0 ? Math.round((stored * 1000) / elapsedMs) : 0,
    },
    coverage,
    shard: null,
    merged: { shards, missing: lacking },
    swarm: {
      members: count,
      depth: m0.depth,
      complete: complete.sort((a, b) => a - b),
      exhausted,
      foundBy: failing ? index(failing) : null,
      statesStored: stored,
    },
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

/** The verdict line of a merged swarm verification, and the command that reproduces its counterexample. */
function memberVerdict(merged: Report): string {
  const sw = merged['swarm'] as {
    members: number;
    depth: number;
    complete: number[];
    exhausted: boolean;
    foundBy: number | null;
  };
  const v = merged.violations[0];
  if (v && sw.foundBy !== null)
    return (
      `VIOLATION of ${v.invariant} found by member ${sw.foundBy}/${sw.members}: ${v.message}\n` +
      `  reproduce: ${String(merged['reproduce'] ?? '')}\n`
    );
  const covered =
    sw.complete.length === 0
      ? `no member covered its whole bound (each was cut short by its states or time): a partial search`
      : `member${sw.complete.length === 1 ? '' : 's'} ${sw.complete.join(', ')} covered ` +
        `${sw.exhausted ? 'the whole reachable state space' : `every state within --depth ${sw.depth}`} ` +
        "(save hash compaction's omissions, salted differently in each member)";
  return `ok, no member found a violation in ${merged.stats.steps} transitions; ${covered}\n`;
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
        (reports[0]!.member
          ? memberVerdict(merged)
          : v
            ? `VIOLATION of ${v.invariant} in run ${String(merged['failingRun'])}: ${v.message}\n` +
              `  reproduce: npx eoscheck check ${merged.model}${reproduceSets(io, merged)} ` +
              `--seed ${String(merged['seed'])} --path ${String(merged['path'])}\n`
            : `ok, no invariant violated in ${merged.stats.runs} runs (${merged.stats.steps} steps)\n`),
    );
  }
  return merged.status === 'ok' ? 0 : 1;
}
