/**
 * The text rendering of a `kafka-txn` trace: a numbered timeline of calls with what each did, the
 * log of every partition a step wrote to, violations under their step, and an end-state summary.
 * Pure: returns the text, prints nothing.
 */
import type { KafkaAction } from '../../model/kafka/actions.js';
import { readPartition } from '../../model/kafka/read.js';
import type { KafkaState, Partition } from '../../model/kafka/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { INDENT, renderTimeline, type Colors } from '../timeline.js';
import { describeAction, describeEvent } from './describe.js';
import { partitionBlock, touchedPartitions } from './log-table.js';
import { inputName } from './names.js';

/** Options of `renderKafkaText`. */
export interface KafkaTextOptions {
  /** ANSI colours (default false: plain text without escape codes). */
  readonly color?: boolean;
}


/** `v1, v2, v3`, or `(none)`. */
function values(p: Partition, level: 'read_committed' | 'read_uncommitted'): string {
  const vs = readPartition(p, level).map((e) => `v${e.value}`);
  return vs.length === 0 ? '(none)' : vs.join(', ');
}

/** The end-state block: each output partition's reads at both isolation levels, and committed input offsets. */
function summaryLines(last: KafkaState, c: Colors): string[] {
  const out = [c.dim('-- end state --')];
  for (const p of last.partitions) {
    out.push(`${p.name}: LSO ${p.lastStableOffset}, high watermark ${p.highWatermark}`);
    out.push(`${INDENT}read_committed:   ${values(p, 'read_committed')}`);
    out.push(`${INDENT}read_uncommitted: ${values(p, 'read_uncommitted')}`);
  }
  const committed = last.offsets.committed.map((o, app) => `${inputName(app)} -> ${o.offset}`);
  out.push(`__consumer_offsets: committed ${committed.join(', ')}`);
  return out;
}

/**
 * The trace as a numbered timeline (`1. app-0#1.InitProducerId()`), each step followed by its
 * indented events, its violations and the log of each partition it wrote to; a heading before the
 * final drain; an end-state summary. `states[i + 1]` follows `steps[i]`. Pure.
 */
export function renderKafkaText(states: readonly KafkaState[], steps: readonly TraceStep<KafkaAction>[], violations: readonly Violation[], opts: KafkaTextOptions = {}): string {
  return renderTimeline(states, steps, violations, opts.color ?? false, (before, after, st, c) => ({
    head: describeAction(before, st.action),
    body: after.events.map((e) => {
      const line = `${INDENT}${describeEvent(after, e)}`;
      return e.type === 'rejected' ? c.yellow(line) : line;
    }),
    tail: touchedPartitions(after.events).flatMap((p) => {
      const part = after.partitions[p];
      return part ? partitionBlock(part, INDENT, c.dim) : [];
    }),
  }), summaryLines);
}
