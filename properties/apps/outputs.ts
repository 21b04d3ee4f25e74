/**
 * The judged output of a consumer application: topic `out` read at an isolation level, or the
 * external sink's contents (an upsert table's keys, a side effect's calls), as a view; and the
 * report's projection. Pure.
 */
import type { Report, TopicViews } from '../../catalog/entry.js';
import { type AppState, OUT } from '../../model/ctp/state.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import { decidedFates, readPartition } from '../../model/kafka/read.js';
import { logRows } from '../kafka/report.js';
import { makeView, type View } from '../view.js';

/** Every input value: 1 .. input.partitions * input.records. */
export function appInputs(s: AppState): number[] {
  return Array.from({ length: s.config.inputPartitions * s.config.inputRecords }, (_, i) => i + 1);
}

/** Values and offsets the judged reader sees at `level` (the sink's entries, in order, for an external sink). */
export function readJudged(s: AppState, level: IsolationLevel): { values: number[]; offsets: number[] } {
  if (s.config.sink === 'upsert') return { values: [...s.sink.table], offsets: s.sink.table.map((_, k) => k) };
  if (s.config.sink === 'side-effect') return { values: [...s.sink.calls], offsets: s.sink.calls.map((_, k) => k) };
  const records = readPartition(s.kafka.partitions[OUT]!, level);
  return { values: records.map((e) => e.value), offsets: records.map((e) => e.offset) };
}

/** The judged view at `level`. */
export function judgedView(s: AppState, level: IsolationLevel): View {
  const r = readJudged(s, level);
  return makeView(r.values, r.offsets, appInputs(s));
}

/** What the judged output is called in messages: `out` or the sink. */
export function judgedName(s: AppState): string {
  return s.config.sink === 'kafka' ? 'out' : `the ${s.config.sink} sink`;
}

/**
 * The input values with a committed (or plain) record in `out`, whatever a reader sees now, counting
 * a marker already decided as written (`decidedFates`).
 */
export function committedValues(s: AppState): Set<number> {
  const p = s.kafka.partitions[OUT]!;
  const f = decidedFates(s.kafka, OUT);
  const out = new Set<number>();
  for (const e of p.log)
    if (e.kind === 'data' && (f[e.offset] === 'COMMIT' || f[e.offset] === 'plain')) out.add(e.value);
  return out;
}

/**
 * The report's projection: topic `out` at both isolation levels (or the external sink), every written partition's log.
 */
export const appReport: Report<AppState> = {
  outputs(s): Record<string, TopicViews> {
    const key = s.config.sink === 'kafka' ? 'out' : 'sink';
    return {
      [key]: { read_committed: judgedView(s, 'read_committed'), read_uncommitted: judgedView(s, 'read_uncommitted') },
    };
  },
  logs: (s) => logRows(s.kafka.partitions),
};
