/**
 * A partition's log as a small table: offset | producer | epoch | record | read_committed, where
 * the last column says whether a read_committed reader sees that data record now. Pure.
 */
import { fates, readPartition } from '../../model/kafka/read.js';
import type { Partition } from '../../model/kafka/records.js';

/** Whether a read_committed reader sees a data record now, and if not, why. */
export type Visibility =
  | 'yes'
  | 'yes (aborted: not in the transaction index)'
  | 'no (open)'
  | 'no (aborted)'
  | 'no (past LSO)'
  | 'no (removed by the cleaner)';

/** The read_committed visibility of every data record of `p`, by offset (undefined for markers). Pure. */
export function visibility(p: Partition): (Visibility | undefined)[] {
  const seen = new Set(readPartition(p, 'read_committed').map((e) => e.offset));
  const f = fates(p);
  return p.log.map((e): Visibility | undefined => {
    if (e.kind === 'control') return undefined;
    if (e.removed === true) return 'no (removed by the cleaner)';
    if (seen.has(e.offset)) return f[e.offset] === 'ABORT' ? 'yes (aborted: not in the transaction index)' : 'yes';
    const fate = f[e.offset];
    if (fate === 'ABORT') return 'no (aborted)';
    if (fate === null) return 'no (open)';
    return 'no (past LSO)';
  });
}

const header = ['offset', 'producer', 'epoch', 'record', 'read_committed'] as const;

/** Cells padded to each column's width, joined by ` | `, with trailing blanks dropped. */
function formatRows(rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows.map((r) =>
    r
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join(' | ')
      .replace(/[\s|]+$/, ''),
  );
}

/**
 * The table of `p`'s log: a header row, then one row per entry (`v3` for a data record, `COMMIT`
 * or `ABORT` for a marker; producer `-` for a plain producer). Unindented lines. Pure.
 */
export function logTableLines(p: Partition): string[] {
  const vis = visibility(p);
  const rows: string[][] = [[...header]];
  for (const e of p.log) {
    const producer = e.producerId < 0 ? '-' : String(e.producerId);
    const epoch = e.producerId < 0 ? '-' : String(e.epoch);
    const record = e.kind === 'data' ? `v${e.value}` : `${e.marker}${e.removed === true ? ' (removed)' : ''}`;
    rows.push([String(e.offset), producer, epoch, record, vis[e.offset] ?? '']);
  }
  return formatRows(rows);
}

/** A partition's log as a block: `out-0 (LSO 1, high watermark 2):` and the table indented by two. Unindented. Pure. */
export function partitionBlock(part: Partition): string[] {
  const [head, ...rows] = logTableLines(part);
  return [
    `${part.name} (LSO ${part.lastStableOffset}, high watermark ${part.highWatermark}):`,
    `  ${head ?? ''}`,
    ...rows.map((r) => `  ${r}`),
  ];
}
