/**
 * How a matrix reads: a table with a row per setting and a column per invariant (cells `holds`,
 * `violated (N)` with the counterexample's length, `unknown`), a delivery column where the model judges
 * loss and duplicates, and a footer saying how each row was checked; as text, as markdown, or as the
 * contract's JSON. Pure: returns text or data.
 */
import Table from 'cli-table3';
import { type Cell, delivery, type Matrix, type Row } from '../../check/explore/matrix.js';

/** A cell as a word. Pure. */
export function cellText(c: Cell | undefined): string {
  if (c === undefined) return '-';
  switch (c.status) {
    case 'holds':
      return 'holds';
    case 'violated':
      return `violated (${c.length})`;
    case 'unknown':
      return 'unknown';
  }
}

/** The header and the rows of the table, as strings. Pure. */
function grid(m: Matrix): { head: string[]; body: string[][] } {
  const withDelivery = m.rows.length > 0 && m.rows.every((r) => delivery(r) !== null);
  const head = [...m.keys, ...(withDelivery ? ['delivery'] : []), ...m.invariants];
  const body = m.rows.map((r: Row) => [
    ...m.keys.map((k) => String(r.settings[k])),
    ...(withDelivery ? [delivery(r) ?? ''] : []),
    ...m.invariants.map((i) => cellText(r.cells[i])),
  ]);
  return { head, body };
}

/** The lines under the table: how each row was checked, what the cells mean, the refused settings. Pure. */
function footer(m: Matrix, how: string, base: string): string[] {
  const out = [
    `each setting: ${how}; other keys: ${base}`,
    'holds: no counterexample within these bounds; violated (N): a counterexample of N steps (explored + drain), ' +
      `shown by eoscheck check ${m.model} --set ... --exhaustive`,
  ];
  if (m.rows.some((r) => delivery(r) !== null))
    out.push(
      'delivery: exactly-once (no loss, no duplicates), at-least-once (duplicates), at-most-once (loss), ' +
        'none (both)',
    );
  for (const r of m.refused)
    out.push(
      `refused: ${Object.entries(r.settings)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' ')}: ${r.reason}`,
    );
  return out;
}

/** The matrix as a text table. Pure. */
export function matrixText(m: Matrix, how: string, base: string): string {
  const { head, body } = grid(m);
  const t = new Table({ head, style: { head: [], border: [], compact: true } });
  for (const row of body) t.push(row);
  return (
    `eoscheck matrix ${m.model}: ${m.keys.join(', ')} (${m.rows.length + m.refused.length} settings)\n` +
    `${t.toString()}\n${footer(m, how, base).join('\n')}\n`
  );
}

/** The matrix as a markdown table (GitHub's). Pure. */
export function matrixMarkdown(m: Matrix, how: string, base: string): string {
  const { head, body } = grid(m);
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  const cells = (row: readonly string[], n: number): string[] =>
    row.map((c, i) => (i < n ? `\`${c}\`` : c.startsWith('violated') ? `**${c}**` : c));
  return `${[
    line(head.map((h) => `\`${h}\``)),
    line(head.map(() => '---')),
    ...body.map((r) => line(cells(r, m.keys.length))),
    '',
    ...footer(m, how, base).map((l) => `- ${l}`),
  ].join('\n')}\n`;
}

/** The contract's `matrix --json` object, with each violation's details and the refused settings besides. Pure. */
export function matrixJson(m: Matrix, how: string, config: Readonly<Record<string, unknown>>): unknown {
  return {
    model: m.model,
    keys: m.keys,
    invariants: m.invariants,
    rows: m.rows.map((r) => ({
      settings: r.settings,
      status: r.status,
      results: Object.fromEntries(m.invariants.map((i) => [i, r.cells[i]?.status ?? 'unknown'])),
      delivery: delivery(r),
      violations: Object.fromEntries(
        Object.entries(r.cells).flatMap(([i, c]) =>
          c.status === 'violated' ? [[i, { length: c.length, by: c.by, message: c.message }]] : [],
        ),
      ),
    })),
    refused: m.refused,
    checkedBy: how,
    config,
  };
}
