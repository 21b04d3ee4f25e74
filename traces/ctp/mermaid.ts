/**
 * The mermaid `sequenceDiagram` of a consumer-application trace: instances, the group
 * coordinator, the transaction coordinator and the written partitions as participants; each step
 * a numbered call or note, followed by what it did as notes; `VIOLATED` notes. Pure.
 */
import type { AppAction } from '../../model/ctp/actions.js';
import { appName, CHANGELOG, type AppState } from '../../model/ctp/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { describeAppAction, describeNote } from './describe.js';

const GC = 'GC';
const TC = 'TC';

/** Text safe inside a mermaid message (no `#`, `;`, `:`). */
function safe(text: string): string {
  return text.replace(/#/g, ' no. ').replace(/;/g, ',').replace(/:/g, ' -');
}

/** Who a step's note goes over. */
function actor(a: AppAction): string {
  if ('instance' in a) return `I${a.instance}`;
  if (a.type === 'WriteTxnMarkers' || a.type === 'ExpireTxn' || a.type === 'Tick') return TC;
  return GC;
}

/** The trace as a mermaid sequence diagram; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderCtpMermaid(states: readonly AppState[], steps: readonly TraceStep<AppAction>[], violations: readonly Violation[]): string {
  const first = states[0];
  if (!first) return 'sequenceDiagram\n';
  const last = states[Math.min(steps.length, states.length - 1)] ?? first;
  const ids = new Set<number>();
  for (const s of steps) if ('instance' in s.action) ids.add(s.action.instance);
  for (const s of states) for (const n of s.notes) if ('instance' in n) ids.add(n.instance);
  const participants: [string, string][] = [...ids].sort((a, b) => a - b).map((id) => [`I${id}`, appName(last, id)]);
  participants.push([GC, 'group coordinator'], [TC, 'transaction coordinator']);
  first.partitions.forEach((p, k) => participants.push([`P${k}`, p.name]));
  const span = `${participants[0]![0]},${participants[participants.length - 1]![0]}`;
  const lines = ['sequenceDiagram', ...participants.map(([id, label]) => `  participant ${id} as ${safe(label)}`)];
  const violated = (i: number): string[] => violations.filter((v) => v.step === i).map((v) => `  Note over ${span}: VIOLATED ${v.invariant}`);
  lines.push(...violated(-1));
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i]!;
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    if (st.phase === 'drain' && steps[i - 1]?.phase !== 'drain') lines.push(`  Note over ${span}: final drain (fault-free)`);
    const me = actor(st.action);
    const call = safe(`${i + 1}. ${describeAppAction(before, st.action)}`);
    const target = st.action.type === 'Join' || st.action.type === 'FetchOffset' || st.action.type === 'CommitOffsets' || st.action.type === 'AutoCommit' ? GC : st.action.type === 'Process' || st.action.type === 'ProcessRetried' ? 'P0' : st.action.type === 'InitializeTask' || st.action.type === 'RestoreStore' ? `P${CHANGELOG}` : 'instance' in st.action ? TC : null;
    lines.push(target && me !== target ? `  ${me}->>${target}: ${call}` : `  Note over ${me}: ${call}`);
    for (const n of after.notes) {
      const over = n.type === 'rebalance' || n.type === 'fetched' || n.type === 'committed' || n.type === 'pending-offset' || n.type === 'offset-fate' ? GC : n.type === 'kafka' ? TC : 'instance' in n ? `I${n.instance}` : me;
      lines.push(`  Note over ${over}: ${safe(describeNote(after, n))}`);
    }
    lines.push(...violated(i));
  }
  return `${lines.join('\n')}\n`;
}
