/**
 * The judged output of a consumer application: topic `out` read at an isolation level, or the
 * external sink's contents (an upsert table's keys, a side effect's calls), as a view; and the
 * report's projection. Pure.
 */
import type { Report, TopicViews } from '../../catalog/entry.js';
import { type AppState, OUT } from '../../model/ctp/state.js';
import type { Cluster } from '../../model/kafka/cluster.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import { readPartition, scratchFates } from '../../model/kafka/read.js';
import type { Marker } from '../../model/kafka/records.js';
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
 * Which input values have a committed (or plain) record in `out`, whatever a reader sees now, counting a
 * marker already decided as written (`decidedFates`): value v has one when `done[v]` is 1. Written into one
 * list this module reuses, which the next call overwrites (`offsets-atomic` asks after every step: a new
 * fates list and a Set each time were a tenth of a consume-transform-produce search). Read it at once.
 */
export function committedValues(s: AppState): Readonly<Uint8Array> {
  const k = s.kafka;
  const p = k.partitions[OUT]!;
  const f = scratchFates(p);
  DONE.fill(0, 0, doneHigh);
  doneHigh = 0;
  for (const e of p.log) {
    if (e.kind !== 'data') continue;
    const fate = f[e.offset] ?? decidedMarker(k, e.producerId);
    if (fate !== 'COMMIT' && fate !== 'plain') continue;
    if (e.value >= DONE.length) {
      const bigger = new Uint8Array(Math.max(e.value + 1, DONE.length * 2));
      bigger.set(DONE);
      DONE = bigger;
    }
    DONE[e.value] = 1;
    doneHigh = Math.max(doneHigh, e.value + 1);
  }
  return DONE;
}
let DONE = new Uint8Array(64);
/** One past the highest value `DONE` marks. */
let doneHigh = 0;

/**
 * The marker decided for `out` by the first transaction whose pending end (PrepareCommit or PrepareAbort) is
 * still due there from producer `producerId` (`decidedFates`' rule for a record still open), or null.
 */
function decidedMarker(k: Cluster, producerId: number): Marker | null {
  for (const t of k.txns) {
    const pend = t.pending;
    if (pend !== null && pend.producerId === producerId && pend.partitions.includes(OUT)) return pend.marker;
  }
  return null;
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
