/**
 * The text rendering of a `kafka-txn` trace: a numbered timeline of calls with what each did, the
 * log of every partition a step wrote to, violations under their step, and an end-state summary.
 * Pure: returns the text, prints nothing.
 */
import picocolors from 'picocolors';
import type { KafkaAction } from '../../model/kafka/actions.js';
import { readPartition } from '../../model/kafka/read.js';
import type { KafkaState, Partition } from '../../model/kafka/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { describeAction, describeEvent } from './describe.js';
import { logTableLines, touchedPartitions } from './log-table.js';
import { inputName } from './names.js';

/** Options of `renderKafkaText`. */
export interface KafkaTextOptions {
  /** ANSI colours (default false: plain text without escape codes). */
  readonly color?: boolean;
}

type Colors = ReturnType<typeof picocolors.createColors>;

const INDENT = '   ';

function violationLines(c: Colors, vs: readonly Violation[]): string[] {
  return vs.map((v) => c.red(`${INDENT}!! VIOLATED ${v.invariant}: ${v.message}`));
}

/** `v1, v2, v3`, or `(none)`. */
function values(p: Partition, level: 'read_committed' | 'read_uncommitted'): string {
  const vs = readPartition(p, level).map((e) => `v${e.value}`);
  return vs.length === 0 ? '(none)' : vs.join(', ');
}

/** The end-state block: each output partition's reads at both isolation levels, and committed input offsets. */
function summaryLines(c: Colors, last: KafkaState): string[] {
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
  const c = picocolors.createColors(opts.color ?? false);
  const at = (i: number): Violation[] => violations.filter((v) => v.step === i);
  const out: string[] = [];
  const initial = at(-1);
  if (initial.length > 0) out.push(c.dim('-- initial state --'), ...violationLines(c, initial));
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i]!;
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    if (st.phase === 'drain' && steps[i - 1]?.phase !== 'drain') out.push(c.dim('-- final drain (fault-free) --'));
    out.push(`${c.bold(`${i + 1}.`)} ${describeAction(before, st.action)}`);
    for (const e of after.events) {
      const line = `${INDENT}${describeEvent(after, e)}`;
      out.push(e.type === 'rejected' ? c.yellow(line) : line);
    }
    out.push(...violationLines(c, at(i)));
    for (const p of touchedPartitions(after.events)) {
      const part = after.partitions[p];
      if (!part) continue;
      out.push(`${INDENT}${part.name} (LSO ${part.lastStableOffset}, high watermark ${part.highWatermark}):`);
      const [head, ...rows] = logTableLines(part);
      out.push(c.dim(`${INDENT}  ${head ?? ''}`), ...rows.map((r) => `${INDENT}  ${r}`));
    }
  }
  // Violations whose step lies past the rendered steps (a malformed trace) are still shown.
  const late = violations.filter((v) => v.step >= steps.length || (v.step >= 0 && !states[v.step + 1]));
  out.push(...violationLines(c, late));
  const last = states[Math.min(steps.length, states.length - 1)];
  if (last) out.push(...summaryLines(c, last));
  return `${out.join('\n')}\n`;
}
