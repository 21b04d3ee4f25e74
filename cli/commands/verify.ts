/**
 * `eoscheck verify FILE|DIR...`: real configuration files read as their systems read them, grouped into
 * pipelines (each directory that holds files, the files named together, each SQL job), each pipeline's
 * model picked and every guarantee checked. Each pipeline is answered on its own, one that cannot be
 * checked as exit 2 for that pipeline alone; many pipelines end with a summary table, and the exit code is
 * the worst of them. `--format sarif|junit` renders the answers for CI; `--out FILE` writes them too.
 */
import { basename } from 'node:path';
import { splitJobs } from '../../verify/jobs.js';
import { READABLE } from '../../verify/parts.js';
import { type FileText, readParts } from '../../verify/parts-read.js';
import { choiceOption, parse, setPairs } from '../args.js';
import { catalogOf, readText, writeText } from '../common.js';
import { junitXml } from '../format/junit.js';
import { sarifLog } from '../format/sarif.js';
import { summaryText } from '../format/verify.js';
import { helpText } from '../help.js';
import { type Io, UsageError } from '../io.js';
import { planOf, planSpec } from '../plan.js';
import { meter } from '../progress.js';
import { collect } from '../verify/collect.js';
import { type Evaluated, evaluate, failed, type Run } from '../verify/evaluate.js';
import { VERIFY_MORE } from '../verify/help.js';
import { VERSION } from '../version.js';

const spec = {
  set: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  format: { type: 'string' },
  out: { type: 'string' },
  quiet: { type: 'boolean' },
  ...planSpec,
} as const;

/** `eoscheck verify --help`: every file kind it reads, how it groups pipelines, its flags. */
export const help = helpText(spec, {
  usage: 'eoscheck verify <FILE|DIR>... [options]',
  about: 'Is this pipeline exactly-once? Reads the configuration files it runs with and answers per guarantee.',
  flags: {
    set: 'KEY=VALUE: what your code or deployment sets that no file says (once per key)',
    json: "the report as JSON (one pipeline's report, or { pipelines, exit })",
    format: 'F: text (default), json, sarif (SARIF 2.1.0 for code scanning), junit (JUnit XML)',
    out: 'FILE: also write the answers to FILE (.sarif: SARIF, .xml: JUnit, .json: JSON) and say so',
    quiet: 'the verdicts only',
    depth: "D: the exhaustive search's depth (the model's default unless given; 1 or more)",
    'max-states':
      'M: the most states the search keeps (1,000,000); a search it stops says "no violation in the first M states"',
    runs: 'N: random runs after the search (1000; 1 or more)',
    seed: "S: the random runs' seed (1)",
    'max-steps': 'K: the most steps of a random run (40)',
  },
  more: VERIFY_MORE,
});

const FORMATS = ['text', 'json', 'sarif', 'junit'] as const;
type Format = (typeof FORMATS)[number];

/** The answers of one candidate's files: each SQL job a pipeline, or exit 2 for the candidate. */
function answersOf(name: string, paths: readonly string[], run: Run): Evaluated[] {
  const files: FileText[] = [];
  for (const path of paths) {
    try {
      files.push({ path, text: readText(run.io, path, 'configuration file') });
    } catch (err) {
      return [failed(name, (err as Error).message)];
    }
  }
  const r = readParts(files);
  if (!r.ok) return [failed(name, r.error)];
  return splitJobs(name, r.value.parts, r.value.jobs).map((p) => evaluate(p.name, p.parts, run));
}

/** The answers rendered in one format. */
function rendered(format: Format, answers: readonly Evaluated[]): string {
  const worst = Math.max(...answers.map((a) => a.answer.exit));
  switch (format) {
    case 'text':
      return (
        answers.map((a) => a.text).join('\n') +
        (answers.length > 1 ? `\n${summaryText(answers.map((a) => a.answer))}` : '')
      );
    case 'json': {
      const reports = answers.map((a) => a.report);
      return `${JSON.stringify(reports.length === 1 ? reports[0] : { pipelines: reports, exit: worst }, null, 2)}\n`;
    }
    case 'sarif':
      return `${JSON.stringify(
        sarifLog(
          answers.map((a) => a.answer),
          { version: VERSION },
        ),
        null,
        2,
      )}\n`;
    case 'junit':
      return junitXml(answers.map((a) => a.answer));
  }
}

/** The format a file name asks for (`.sarif`, `.xml`, `.json`), else the one given. */
function formatOfFile(path: string, given: Format): Format {
  const name = basename(path).toLowerCase();
  if (name.endsWith('.sarif') || name.endsWith('.sarif.json')) return 'sarif';
  if (name.endsWith('.xml')) return 'junit';
  if (name.endsWith('.json')) return 'json';
  return given;
}

/** Runs the verb; returns the exit code. */
export function verify(args: readonly string[], io: Io): number {
  const p = parse('verify', args, spec, Number.POSITIVE_INFINITY);
  if (p.positionals.length === 0)
    throw new UsageError(`verify needs configuration files or a directory of them: it reads ${READABLE}`);
  const format: Format = p.values['json'] === true ? 'json' : choiceOption(p.values, 'format', FORMATS, 'text');
  if (p.values['json'] === true && p.values['format'] !== undefined && p.values['format'] !== 'json')
    throw new UsageError(`--json and --format ${String(p.values['format'])} ask for two formats: give one`);
  const set = setPairs(p.values);
  // Bad bounds are refused before any file is read.
  planOf(p.values, 1);
  const cat = catalogOf(io);
  const run: Run = {
    set,
    plan: (depth) => planOf(p.values, depth),
    quiet: p.values['quiet'] === true,
    io,
    meter: meter(io, format === 'text' && p.values['quiet'] !== true),
    models: (name) => cat.get(name),
  };
  const answers = collect(p.positionals, READABLE).flatMap((c) =>
    c.kind === 'error' ? [failed(c.name, c.error)] : answersOf(c.name, c.files, run),
  );
  // One pipeline that cannot be checked is bad input: one line on stderr, as every verb says it (and the report on
  // stdout for a format a script reads).
  const only = answers.length === 1 ? answers[0]! : null;
  if (only !== null && only.answer.exit === 2 && format === 'text') throw new UsageError(only.answer.error ?? '');
  if (only !== null && only.answer.exit === 2) io.stderr(`eoscheck: ${only.answer.error ?? ''}\n`);
  io.stdout(rendered(format, answers));
  const out = p.values['out'];
  if (out !== undefined) {
    const path = String(out);
    writeText(io, path, rendered(formatOfFile(path, format), answers));
    io.stderr(`eoscheck verify: wrote ${path}\n`);
  }
  return Math.max(...answers.map((a) => a.answer.exit));
}
