/**
 * `eoscheck verify FILE...`: real configuration files read as their systems read them, the pipeline's
 * model picked, every guarantee checked. Several directories are several pipelines, one answer each
 * (a JSON array with --json); files and a single directory are one pipeline.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Entry } from '../../catalog/entry.js';
import { checkEach } from '../../check/each.js';
import type { Keys } from '../../model/core/keys.js';
import type { AnyAction } from '../../model/core/model.js';
import { READABLE } from '../../verify/parts.js';
import { type FileText, releaseAssumed, type Verified, verifyConfig } from '../../verify/verify.js';
import { type Parsed, parse, setPairs } from '../args.js';
import { catalogOf, modelConfig, readText } from '../common.js';
import { verifyReport, verifyText } from '../format/verify.js';
import { type Io, isUsageError, UsageError } from '../io.js';
import { planOf, planSpec } from '../plan.js';
import { type Meter, meter, planWithProgress } from '../progress.js';
import type { Report } from '../report.js';

const spec = {
  set: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  ...planSpec,
} as const;

/** A file verify reads, by its name. */
const readable = /\.(properties|ya?ml|sql)$/i;

/** Whether `path` is a directory. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The pipelines of the arguments: each directory of several, or all of them as one. */
function pipelines(paths: readonly string[]): string[][] {
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .filter((f) => readable.test(f))
      .sort()
      .map((f) => join(dir, f));
  if (paths.length > 1 && paths.every(isDirectory)) return paths.map(files);
  return [paths.flatMap((p) => (isDirectory(p) ? files(p) : [p]))];
}

/**
 * `configure()`, with a refusal that depends on the release saying so when no file named it: the release is
 * assumed (the newest), and a file valid at an older one is refused only for that.
 */
function releaseNamed<T>(v: Verified, configure: () => T): T {
  try {
    return configure();
  } catch (err) {
    if (!isUsageError(err)) throw err;
    const assumed = v.assumed.find((a) => a.key === 'kafka.version');
    if (assumed === undefined || !err.message.includes('kafka.version')) throw new UsageError(placed(v, err.message));
    throw new UsageError(`${err.message}${releaseAssumed(String(assumed.value))}`);
  }
}

/** A model's refusal of a value (`key=value: ...`) a file wrote, with the file and line it came from. */
function placed(v: Verified, message: string): string {
  const w = v.winners.find((x) => message.startsWith(`${x.key}=`) && x.where !== '--set');
  return w === undefined ? message : `${w.where}: ${message}`;
}

/** One pipeline's check and answer. */
function verifyEntry<S, A extends AnyAction, K extends Keys>(
  e: Entry<S, A, K>,
  v: Verified,
  p: Parsed,
  io: Io,
  m: Meter,
): { code: number; text: string; report: Report } {
  const config = releaseNamed(v, () => modelConfig(e.model, v.pairs));
  const plan = planOf(p.values, e.model.defaultDepth);
  const r = checkEach(
    { model: e.model, invariants: e.invariants },
    e.model.init(config.config),
    planWithProgress(plan, io, m, `verify ${e.model.name}`),
  );
  m.stop();
  return {
    code: r.verdicts.some((x) => x.status === 'violated') ? 1 : 0,
    text: verifyText(e, config, v, plan, r, p.values['quiet'] === true),
    report: verifyReport(e, config, v, plan, r),
  };
}

/** Runs the verb; returns the exit code. */
export function verify(args: readonly string[], io: Io): number {
  const p = parse('verify', args, spec, Number.POSITIVE_INFINITY);
  if (p.positionals.length === 0)
    throw new UsageError(`verify needs configuration files or a directory of them: it reads ${READABLE}`);
  const json = p.values['json'] === true;
  const m = meter(io, !json && p.values['quiet'] !== true);
  const cat = catalogOf(io);
  const answers = pipelines(p.positionals).map((paths) => {
    if (paths.length === 0)
      throw new UsageError(`no configuration file in '${p.positionals.join("', '")}': verify reads ${READABLE}`);
    const files: FileText[] = paths.map((path) => ({ path, text: readText(io, path, 'configuration file') }));
    const v = verifyConfig(files, setPairs(p.values), (model) => {
      const listed = cat.get(model);
      if (!listed) throw new UsageError(`verify picked model ${model}, which this catalog lacks`);
      return listed.open((e) => e.model.keys);
    });
    if (!v.ok) throw new UsageError(v.error);
    const listed = cat.get(v.value.model)!;
    return listed.open((e) => verifyEntry(e, v.value, p, io, m));
  });
  if (json) {
    const reports = answers.map((a) => a.report);
    io.stdout(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
  } else io.stdout(answers.map((a) => a.text).join('\n'));
  return Math.max(...answers.map((a) => a.code));
}
