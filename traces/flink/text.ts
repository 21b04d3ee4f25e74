/**
 * The text rendering of a `flink-kafka` trace: a numbered timeline (`12. t=20.0 s
 * JobManager.Trigger(...)`) with each step's events, runs of routine data-path steps folded into
 * one line, violations under their step, and an end-state summary (the output at both isolation
 * levels, the coordinator's transactions, the latest checkpoint). Pure: returns the text.
 */
import picocolors from 'picocolors';
import type { FlinkAction } from '../../model/flink/actions.js';
import type { FlinkState } from '../../model/flink/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { readFlinkOut } from '../../properties/flink/outputs.js';
import { at, describeFlinkAction, describeFlinkEvents, routine } from './describe.js';

/** Options of `renderFlinkText`. */
export interface FlinkTextOptions {
  /** ANSI colours (default false). */
  readonly color?: boolean;
}

const INDENT = '   ';
/** Shorter runs of routine steps are shown step by step. */
const FOLD = 4;

function values(s: FlinkState, level: 'read_committed' | 'read_uncommitted'): string {
  const vs = readFlinkOut(s, level).values;
  if (vs.length === 0) return '(none)';
  const shown = vs.length > 30 ? [...vs.slice(0, 30).map((v) => `v${v}`), `... (${vs.length} records)`] : vs.map((v) => `v${v}`);
  return shown.join(', ');
}

function summary(last: FlinkState): string[] {
  const out = ['-- end state --', `t=${at(last.now)}; job ${last.jm.job}, attempt ${last.jm.attempts}; latest checkpoint ${last.jm.latest ? `${last.jm.latest.id} (offsets ${last.jm.latest.offsets.join(', ')}, count ${last.jm.latest.count})` : 'none'}; count ${last.task ? last.task.count : '(job down)'}`];
  const j = last.second;
  if (j) out.push(`job 2: job ${j.jm.job}, attempt ${j.jm.attempts}; latest checkpoint ${j.jm.latest ? `${j.jm.latest.id} (offsets ${j.jm.latest.offsets.join(', ')}, count ${j.jm.latest.count})` : 'none'}; count ${j.task ? j.task.count : '(job down)'}`);
  out.push(`out read_committed:   ${values(last, 'read_committed')}`, `out read_uncommitted: ${values(last, 'read_uncommitted')}`);
  if (last.kafka.txns.length > 0) out.push(`coordinator: ${last.kafka.txns.map((t) => `${t.transactionalId} ${t.state} (epoch ${t.epoch})`).join(', ')}`);
  return out;
}

/**
 * The trace as a numbered timeline; `states[i + 1]` follows `steps[i]`. Routine runs (ticks,
 * reads, counts, sends) of at least four steps fold into one line naming the records they moved.
 * Pure.
 */
export function renderFlinkText(states: readonly FlinkState[], steps: readonly TraceStep<FlinkAction>[], violations: readonly Violation[], opts: FlinkTextOptions = {}): string {
  const c = picocolors.createColors(opts.color ?? false);
  const atStep = (i: number) => violations.filter((v) => v.step === i);
  const vLines = (vs: Violation[]) => vs.map((v) => c.red(`${INDENT}!! VIOLATED ${v.invariant}: ${v.message}`));
  const out: string[] = [];
  if (atStep(-1).length > 0) out.push(c.dim('-- initial state --'), ...vLines(atStep(-1)));
  const isRoutine = (i: number) => {
    const after = states[i + 1];
    return after !== undefined && routine(after, steps[i]!.action) && atStep(i).length === 0 && (i === 0 || steps[i]!.phase === steps[i - 1]!.phase);
  };
  for (let i = 0; i < steps.length; ) {
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    if (steps[i]!.phase === 'drain' && steps[i - 1]?.phase !== 'drain') out.push(c.dim('-- final drain (fault-free) --'));
    let j = i;
    while (j < steps.length && isRoutine(j)) j++;
    if (j - i >= FOLD) {
      const moved = states.slice(i + 1, j + 1).flatMap((s) => s.events.filter((e) => e.type === 'counted').map((e) => (e.type === 'counted' ? e.value : 0)));
      const written = states.slice(i + 1, j + 1).reduce((n, s) => n + s.kafka.events.filter((e) => e.type === 'appended').length, 0);
      const range = moved.length === 0 ? 'no records counted' : `v${moved[0]}..v${moved[moved.length - 1]} counted (${moved.length})`;
      out.push(`${c.bold(`${i + 1}-${j}.`)} t=${at(before.now)}..${at(states[j]!.now)}: ${range}, ${written} record(s) written to out`);
      i = j;
      continue;
    }
    out.push(`${c.bold(`${i + 1}.`)} t=${at(after.now)} ${describeFlinkAction(before, steps[i]!.action)}`);
    for (const line of describeFlinkEvents(after)) out.push(line.startsWith('rejected') ? c.yellow(`${INDENT}${line}`) : `${INDENT}${line}`);
    out.push(...vLines(atStep(i)));
    i += 1;
  }
  out.push(...vLines(violations.filter((v) => v.step >= steps.length)));
  const last = states[Math.min(steps.length, states.length - 1)];
  if (last) out.push(...summary(last).map((l, k) => (k === 0 ? c.dim(l) : l)));
  return `${out.join('\n')}\n`;
}
