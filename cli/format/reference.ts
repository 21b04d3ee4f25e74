/**
 * The reference pages of the keys and the invariants as markdown, from the same data `eoscheck models --json`
 * and `invariants --json` print (so the pages are written from the code's declarations, and a test holds them
 * current). Pure.
 */

/** One key of one model, as `models --json` lists it. */
export interface KeyRow {
  readonly name: string;
  readonly default: unknown;
  readonly accepted: string;
  readonly meaning: string;
  readonly realDefault: string | null;
}

/** One model and its keys. */
export interface ModelRows {
  readonly name: string;
  readonly summary: string;
  readonly keys: readonly KeyRow[];
}

/** One release step of `kafka.version`. */
export interface ReleaseRow {
  readonly version: string;
  readonly transactionVersion: number;
  readonly verification: boolean;
  readonly changes: readonly string[];
}

/** One invariant and the models that check it. */
export interface InvariantRow {
  readonly name: string;
  readonly meaning: string;
  readonly models: readonly string[];
}

/** A table cell: pipes escaped, line breaks as spaces. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

const GENERATED =
  "<!-- Written by `npm run docs:reference` from the code's declarations; a test fails when it is stale. -->";

/** Every model's `--set` keys, and what each Kafka release changes. Pure. */
export function keysMarkdown(models: readonly ModelRows[], releases: readonly ReleaseRow[], accepted: string): string {
  const out = [
    "# Reference: every model's keys",
    '',
    GENERATED,
    '',
    '`--set key=value` sets a key (`check`, `run`, `matrix`, `verify`); `eoscheck models` prints the same lists. The',
    'default is the safe configuration the model starts from; "real default" says where the real system differs.',
    '',
  ];
  for (const m of models) {
    out.push(`## \`${m.name}\``, '', cell(m.summary), '', '| key | default | accepted | meaning | real default |');
    out.push('|---|---|---|---|---|');
    for (const k of m.keys)
      out.push(
        `| \`${k.name}\` | \`${cell(String(k.default))}\` | ${cell(k.accepted)} | ${cell(k.meaning)} | ` +
          `${k.realDefault === null ? '' : cell(k.realDefault)} |`,
      );
    out.push('');
  }
  out.push(
    '## `kafka.version`',
    '',
    `${accepted} (X.Y: its latest patch release). Each release has every change below up to it, so one not listed`,
    'behaves as the one before it (`model/kafka/release-history.ts`).',
    '',
    '| release | transaction.version | partition verification | what the release changed |',
    '|---|---|---|---|',
  );
  for (const r of releases)
    out.push(
      `| ${r.version} | ${r.transactionVersion} | ${r.verification ? 'on' : 'off'} | ` +
        `${r.changes.map(cell).join('<br>')} |`,
    );
  return `${out.join('\n')}\n`;
}

/** Every invariant: its name, meaning and the models that check it. Pure. */
export function invariantsMarkdown(invariants: readonly InvariantRow[]): string {
  const out = [
    '# Reference: every invariant',
    '',
    GENERATED,
    '',
    '`--invariant NAME` (repeatable) checks only the ones named; `eoscheck invariants` prints the same list.',
    '[invariants.md](../invariants.md) explains how they are checked.',
    '',
    '| invariant | meaning | models |',
    '|---|---|---|',
    ...invariants.map((i) => `| \`${i.name}\` | ${cell(i.meaning)} | ${i.models.join(', ') || '(none yet)'} |`),
  ];
  return `${out.join('\n')}\n`;
}
