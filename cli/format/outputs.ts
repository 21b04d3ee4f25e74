/** Summary lines of the output views: what each reader sees. Pure. */
import type { TopicViews } from '../../catalog/entry.js';
import { formatRanges } from '../../properties/view.js';

/** Two lines per topic and isolation level: the values read, their offsets, duplicates and missing inputs. Pure. */
export function outputsText(outputs: Record<string, TopicViews>): string[] {
  const lines: string[] = [];
  const first40 = (xs: readonly number[]): string =>
    xs.length > 40 ? `${xs.slice(0, 40).join(' ')} ... (${xs.length})` : xs.join(' ');
  for (const [topic, views] of Object.entries(outputs)) {
    for (const level of ['read_committed', 'read_uncommitted'] as const) {
      const v = views[level];
      const notes = [`${v.records} records`, `${v.distinct} distinct`];
      if (v.duplicates > 0) notes.push(`${v.duplicates} duplicates (${formatRanges(v.duplicateRanges)})`);
      if (v.missing > 0) notes.push(`${v.missing} missing (${formatRanges(v.missingRanges)})`);
      lines.push(
        `${topic} at ${level.padEnd(16)}: ${first40(v.values) || '(nothing)'}`,
        `${' '.repeat(topic.length + 20)}  offsets ${first40(v.offsets) || '-'}; ${notes.join(', ')}`,
      );
    }
  }
  return lines;
}
