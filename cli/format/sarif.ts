/**
 * verify's answers as a SARIF 2.1.0 log, the format code-scanning tools (GitHub's among them) read: a rule per
 * guarantee, a result per violated guarantee located at the keys that decide it, and a result per pipeline whose
 * files cannot be checked. Pure: plain data in, plain data out, the same for the same answers.
 */
import { createHash } from 'node:crypto';
import type { KeyLocation, PipelineAnswer } from '../../verify/answer.js';

/** The rule of a pipeline whose files cannot be checked (exit 2): not a guarantee, so it has a name of its own. */
export const UNREADABLE_RULE = 'eoscheck/unreadable-pipeline';

interface Rule {
  readonly id: string;
  readonly shortDescription: { readonly text: string };
  readonly defaultConfiguration: { readonly level: 'error' };
}

interface Location {
  readonly physicalLocation: {
    readonly artifactLocation: { readonly uri: string };
    readonly region?: { readonly startLine: number };
  };
  readonly message?: { readonly text: string };
}

/**
 * A file path as a URI reference: forward slashes, no leading `./`, each segment percent-encoded (a space, `#` or
 * `%` in a name would otherwise change what the reference means). An absolute path becomes a `file:` URI, since
 * a reference starting with `/` would be read against the repository root.
 */
export function artifactUri(path: string): string {
  const slashed = path.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
  const drive = /^[A-Za-z]:\//.test(slashed);
  const encoded = slashed
    .split('/')
    .map((s, i) => (drive && i === 0 ? s : encodeURIComponent(s)))
    .join('/');
  return drive ? `file:///${encoded}` : slashed.startsWith('/') ? `file://${encoded}` : encoded;
}

/** A location at a file, at a line when there is a valid one (SARIF lines start at 1). */
function fileLocation(file: string, line: number | null, text: string | null): Location {
  return {
    physicalLocation: {
      artifactLocation: { uri: artifactUri(file) },
      ...(line !== null && Number.isInteger(line) && line >= 1 ? { region: { startLine: line } } : {}),
    },
    ...(text === null ? {} : { message: { text } }),
  };
}

/** Where a violation is: the keys that decide it, else the pipeline's first file, else nowhere. */
function locations(a: PipelineAnswer, decidedBy: readonly KeyLocation[]): Location[] {
  if (decidedBy.length > 0) return decidedBy.map((k) => fileLocation(k.file, k.line, k.key));
  const first = a.files[0];
  return first === undefined ? [] : [fileLocation(first.path, null, null)];
}

/** The same (pipeline, rule) keeps the same fingerprint from run to run, whatever its lines or message. */
function fingerprint(pipeline: string, ruleId: string): string {
  return createHash('sha256')
    .update(JSON.stringify([pipeline, ruleId]))
    .digest('hex');
}

/** The rules met in the answers, in the order first met: each guarantee, then the unreadable one if any. */
function rulesOf(answers: readonly PipelineAnswer[]): Rule[] {
  const rules = new Map<string, string>();
  for (const a of answers) {
    if (a.exit === 2) continue;
    for (const g of a.guarantees) if (!rules.has(g.invariant)) rules.set(g.invariant, g.meaning);
  }
  if (answers.some((a) => a.exit === 2))
    rules.set(UNREADABLE_RULE, 'eoscheck can read and check the files of the pipeline');
  return [...rules].map(([id, text]) => ({
    id,
    shortDescription: { text },
    defaultConfiguration: { level: 'error' },
  }));
}

/** One result, with the pipeline (and what its code decides) in its property bag. */
function result(a: PipelineAnswer, ruleId: string, ruleIndex: number, text: string, where: Location[]) {
  return {
    ruleId,
    ruleIndex,
    level: 'error',
    message: { text },
    ...(where.length > 0 ? { locations: where } : {}),
    partialFingerprints: { 'pipelineRule/v1': fingerprint(a.pipeline, ruleId) },
    properties: {
      pipeline: a.pipeline,
      ...(a.model === null ? {} : { model: a.model }),
      ...(a.dependsOnCode.length > 0
        ? {
            dependsOnCode: a.dependsOnCode.map((d) => ({
              key: d.key,
              realDefault: d.realDefault,
              verdicts: { ...d.verdicts },
            })),
          }
        : {}),
      ...(a.combinations.length > 0
        ? {
            combinations: a.combinations.map((c) => ({
              values: { ...c.values },
              verdict: c.verdict,
              violated: [...c.violated],
            })),
          }
        : {}),
    },
  };
}

/**
 * The SARIF log of verify's answers, in the order given. A pipeline that cannot be checked (exit 2) has one result,
 * its error; any other has one per violated guarantee. Pure.
 */
export function sarifLog(answers: readonly PipelineAnswer[], tool: { version: string }): object {
  const rules = rulesOf(answers);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = answers.flatMap((a) => {
    if (a.exit === 2) {
      const text = `${a.pipeline}: ${a.error ?? 'the files cannot be checked'}`;
      return [result(a, UNREADABLE_RULE, index.get(UNREADABLE_RULE)!, text, locations(a, []))];
    }
    return a.guarantees.flatMap((g) => {
      if (g.verdict !== 'violated') return [];
      const said = g.message ?? `${g.invariant} is violated.`;
      const text = `${a.pipeline}: ${said}${g.reproduce === null ? '' : ` Reproduce: ${g.reproduce}`}`;
      return [result(a, g.invariant, index.get(g.invariant)!, text, locations(a, g.decidedBy))];
    });
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'eoscheck',
            informationUri: 'https://github.com/eoscheck/eoscheck',
            version: tool.version,
            rules,
          },
        },
        results,
      },
    ],
  };
}
