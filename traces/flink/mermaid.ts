/**
 * The mermaid `sequenceDiagram` of a `flink-kafka` trace: JobManager, TaskManager (source, count,
 * sink), the transaction coordinator and the output partitions as participants; each step's
 * first line numbered like the text timeline, routine data-path runs folded into one note, a
 * `VIOLATED <invariant>` note after each violated step. Pure.
 */
import { match } from 'ts-pattern';
import type { FlinkAction } from '../../model/flink/actions.js';
import type { FlinkEvent, FlinkState, KafkaEvent } from '../../model/flink/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { at, describeFlinkAction, describeFlinkEvent, describeKafkaEvent, routine } from './describe.js';

const JM = 'JM';
const TM = 'TM';
const TC = 'TC';
const part = (p: number): string => `P${p}`;

/** Message text safe for mermaid (`#` and `;` end a message, `:` may be read as a separator). */
function safe(text: string): string {
  return text.replace(/#/g, 'no. ').replace(/;/g, ',').replace(/:/g, ' -');
}

/** Who a Flink event is about. */
function ownerOf(e: FlinkEvent): string {
  return e.type === 'triggered' || e.type === 'completed' || e.type === 'failed' || e.type === 'restored' || e.type === 'jobmanager' || e.type === 'checkpoint-aborted' || e.type === 'clock' ? JM : TM;
}

/** The step's first line. */
function callLine(before: FlinkState, a: FlinkAction, n: number): string {
  const text = `${n}. ${describeFlinkAction(before, a)}`;
  return match(a)
    .with({ type: 'Trigger' }, { type: 'Notify' }, { type: 'Restart' }, () => `${JM}->>${TM}: ${text}`)
    .with({ type: 'Ack' }, () => `${TM}->>${JM}: ${text}`)
    .with({ type: 'AbortLingering' }, { type: 'InitSink' }, { type: 'Commit' }, () => `${TM}->>${TC}: ${text}`)
    .with({ type: 'Send' }, () => `${TM}->>${part(0)}: ${text}`)
    .with({ type: 'WriteTxnMarkers' }, { type: 'ExpireTxn' }, () => `Note over ${TC}: ${text}`)
    .with({ type: 'LoseNotification' }, () => `${JM}--x${TM}: ${text}`)
    .with({ type: 'JobManagerFail' }, { type: 'Tick' }, () => `Note over ${JM}: ${text}`)
    .with({ type: 'Read' }, { type: 'Process' }, { type: 'Crash' }, () => `Note over ${TM}: ${text}`)
    .exhaustive();
}

function kafkaLine(after: FlinkState, e: KafkaEvent): string {
  const text = describeKafkaEvent(after, e);
  return match(e)
    .with({ type: 'appended' }, (x) => `${part(x.partition)}-->>${TM}: ${text}`)
    .with({ type: 'marker' }, (x) => (x.partition === 'offsets' ? `Note over ${TC}: ${text}` : `${TC}->>${part(x.partition)}: ${text}`))
    .with({ type: 'rejected' }, () => `${TC}--x${TM}: ${text}`)
    .otherwise(() => `Note over ${TC}: ${text}`);
}

/** The trace as a mermaid sequence diagram; `states[i + 1]` follows `steps[i]`. Pure. */
export function renderFlinkMermaid(states: readonly FlinkState[], steps: readonly TraceStep<FlinkAction>[], violations: readonly Violation[]): string {
  const first = states[0];
  if (!first) return 'sequenceDiagram\n';
  const participants: [string, string][] = [[JM, 'JobManager'], [TM, 'TaskManager (source, count, sink)'], [TC, 'coordinator']];
  for (let p = 0; p < first.kafka.partitions.length; p++) participants.push([part(p), `out-${p}`]);
  const span = `${JM},${participants[participants.length - 1]![0]}`;
  const violated = (i: number) => violations.filter((v) => v.step === i).map((v) => `Note over ${span}: VIOLATED ${v.invariant}`);
  const body: string[] = [...violated(-1)];
  for (let i = 0; i < steps.length; ) {
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    if (steps[i]!.phase === 'drain' && steps[i - 1]?.phase !== 'drain') body.push(`Note over ${span}: final drain (fault-free)`);
    let j = i;
    while (j < steps.length && states[j + 1] && routine(states[j + 1]!, steps[j]!.action) && violated(j).length === 0 && (j === i || steps[j]!.phase === steps[j - 1]!.phase)) j++;
    if (j - i >= 4) {
      const counted = states.slice(i + 1, j + 1).flatMap((s) => s.events.flatMap((e) => (e.type === 'counted' ? [e.value] : [])));
      body.push(`Note over ${TM},${participants[participants.length - 1]![0]}: ${i + 1}-${j}. t=${at(before.now)}..${at(states[j]!.now)} ${counted.length > 0 ? `v${counted[0]}..v${counted[counted.length - 1]} read, counted, written` : 'time passes'}`);
      i = j;
      continue;
    }
    body.push(callLine(before, steps[i]!.action, i + 1));
    for (const e of after.events) if (e.type !== 'clock') body.push(`Note over ${ownerOf(e)}: ${describeFlinkEvent(e)}`);
    for (const e of after.kafka.events) body.push(kafkaLine(after, e));
    body.push(...violated(i));
    i += 1;
  }
  const lines = ['sequenceDiagram', ...participants.map(([id, label]) => `  participant ${id} as ${safe(label)}`)];
  for (const l of body) {
    const sep = l.indexOf(': ');
    lines.push(`  ${sep < 0 ? l : `${l.slice(0, sep + 2)}${safe(l.slice(sep + 2))}`}`);
  }
  return `${lines.join('\n')}\n`;
}
