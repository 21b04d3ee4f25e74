/**
 * The text rendering of a consumer-application trace (`consume-transform-produce`,
 * `kafka-streams`): a numbered timeline of calls with what each did, violations under their step,
 * the logs of the partitions a step wrote to, and an end-state summary. Pure.
 */
import type { AppAction } from '../../model/ctp/actions.js';
import { appName, type AppState } from '../../model/ctp/state.js';
import { readPartition } from '../../model/kafka/read.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { partitionBlock } from '../kafka/log-table.js';
import { INDENT, renderTimeline } from '../timeline.js';
import { describeAppAction, describeNote } from './describe.js';

/** Options of `renderCtpText`. */
export interface CtpTextOptions {
  readonly color?: boolean;
}


/** The written partitions a step touched. */
function touched(s: AppState): number[] {
  const out = new Set<number>();
  for (const n of s.notes) {
    if (n.type !== 'kafka') continue;
    const e = n.event;
    if ((e.type === 'appended' || e.type === 'marker' || e.type === 'duplicate') && e.partition !== 'offsets') out.add(e.partition);
  }
  return [...out].sort((a, b) => a - b);
}

function summary(last: AppState): string[] {
  const out = ['-- end state --'];
  for (const p of last.partitions) {
    const vs = (level: 'read_committed' | 'read_uncommitted'): string => readPartition(p, level).map((e) => `v${e.value}`).join(', ') || '(none)';
    out.push(`${p.name}: LSO ${p.lastStableOffset}, high watermark ${p.highWatermark}`);
    out.push(`${INDENT}read_committed:   ${vs('read_committed')}`);
    out.push(`${INDENT}read_uncommitted: ${vs('read_uncommitted')}`);
  }
  if (last.config.sink === 'upsert') out.push(`sink (upsert table): ${last.sink.table.map((v) => `v${v}`).join(', ') || '(empty)'}`);
  if (last.config.sink === 'side-effect') out.push(`sink (side-effect calls): ${last.sink.calls.map((v) => `v${v}`).join(', ') || '(none)'}`);
  out.push(`__consumer_offsets: committed ${last.offsets.committed.map((o, p) => `in-${p} -> ${o.offset}`).join(', ')}`);
  const owners = last.group.owners.map((m, p) => `in-${p} -> ${m === null ? 'nobody' : appName(last, m)}`).join(', ');
  out.push(`group: generation ${last.group.generation}, ${owners}`);
  for (const i of last.apps) if (i.store !== null) out.push(`${appName(last, i.id)}: count store ${i.store}`);
  return out;
}

/** The trace as a numbered timeline; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderCtpText(states: readonly AppState[], steps: readonly TraceStep<AppAction>[], violations: readonly Violation[], opts: CtpTextOptions = {}): string {
  return renderTimeline(states, steps, violations, opts.color ?? false, (before, after, st, c) => ({
    head: describeAppAction(before, st.action),
    body: after.notes.map((n) => {
      const line = `${INDENT}${describeNote(after, n)}`;
      return n.type === 'rejected' || (n.type === 'kafka' && n.event.type === 'rejected') ? c.yellow(line) : line;
    }),
    tail: touched(after).flatMap((p) => {
      const part = after.partitions[p];
      return part ? partitionBlock(part, INDENT, c.dim) : [];
    }),
  }), (last, c) => summary(last).map((l, k) => (k === 0 ? c.dim(l) : l)));
}
