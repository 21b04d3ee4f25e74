/**
 * The mermaid `sequenceDiagram` of a `kafka-txn` trace (the text GitHub renders): instances, the
 * coordinator, the output partitions, `__consumer_offsets` and the network as participants; calls,
 * replies, rejections (`--x`), markers and notes, each step's first line numbered like the text
 * timeline. Pure.
 */
import { match, P } from 'ts-pattern';
import type { KafkaAction } from '../../model/kafka/actions.js';
import { inputValue, partitionName, transactionalId, type KafkaState, type StepEvent } from '../../model/kafka/state.js';
import type { Violation } from '../../properties/invariant.js';
import type { TraceStep } from '../../properties/run.js';
import { inputName } from './names.js';

const TC = 'TC';
const CO = 'CO';
const NET = 'NET';

/** Mermaid participant id of instance `id`. */
function inst(id: number): string {
  return `I${id}`;
}

/** Mermaid participant id of output partition `p`. */
function part(p: number): string {
  return `P${p}`;
}

/**
 * Message text safe for mermaid: its lexer ends a message at `#` or `;` and reads `#...` as a
 * comment, so those never appear; a colon would be taken for the separator in some positions.
 */
function safe(text: string): string {
  return text.replace(/#/g, 'no. ').replace(/;/g, ',').replace(/:/g, ' -');
}

/** `(epoch 0, seq 2)`, or nothing for a plain producer. */
function ids(producerId: number, epoch: number, sequence: number): string {
  return producerId < 0 ? '' : ` (epoch ${epoch}, seq ${sequence})`;
}

const delivering = new Set(['ProduceDelayed', 'CommitTxnDelayed', 'Deliver']);

/** The instances a trace involves (named by an action or a client event), by id. */
function instancesOf(states: readonly KafkaState[], steps: readonly TraceStep<KafkaAction>[]): { id: number; app: number; incarnation: number }[] {
  const used = new Set<number>();
  for (const st of steps) if ('instance' in st.action) used.add(st.action.instance);
  for (const s of states) for (const e of s.events) if (e.type === 'client') used.add(e.instance);
  const last = states[states.length - 1];
  const out: { id: number; app: number; incarnation: number }[] = [];
  for (const id of [...used].sort((a, b) => a - b)) {
    const i = last?.instances.find((x) => x.id === id);
    out.push({ id, app: i?.app ?? 0, incarnation: i?.incarnation ?? id });
  }
  return out;
}

/** The caller a reply goes back to: the instance that acted, the network for a delivery, or nobody. */
function callerOf(a: KafkaAction): string | null {
  if (a.type === 'Deliver') return NET;
  if (a.type === 'Crash' || a.type === 'Pause' || a.type === 'Resume') return null;
  return 'instance' in a ? inst(a.instance) : null;
}

/** The output partition a produce-like step writes to, or null. */
function producedPartition(before: KafkaState, a: KafkaAction): number | null {
  return match(a)
    .with({ type: P.union('Produce', 'ProduceDelayed') }, (x) => x.partition)
    .with({ type: 'Retry' }, (x) => before.instances.find((i) => i.id === x.instance)?.unacked[0]?.partition ?? null)
    .with({ type: 'Deliver' }, (x) => {
      const r = before.network.find((q) => q.id === x.request);
      return r?.type === 'Produce' ? r.partition : null;
    })
    .otherwise(() => null);
}

/** The step's own lines: the call (or note) that starts it, numbered `n.`. */
function callLines(before: KafkaState, after: KafkaState, a: KafkaAction, n: number): string[] {
  const i = 'instance' in a ? before.instances.find((x) => x.id === a.instance) : undefined;
  const me = 'instance' in a ? inst(a.instance) : TC;
  const value = i ? inputValue(before.config, i.app, i.position) : 0;
  const produce = (p: number): string => `Produce v${value}${i ? ids(i.producerId, i.epoch, i.sequences[p] ?? 0) : ''}`;
  return match(a)
    .with({ type: 'InitProducerId' }, () => [`${me}->>${TC}: ${n}. InitProducerId`])
    .with({ type: 'BeginTxn' }, () => [`Note over ${me}: ${n}. BeginTxn`])
    .with({ type: 'Produce' }, (x) => [`${me}->>${part(x.partition)}: ${n}. ${produce(x.partition)}`])
    .with({ type: 'ProduceDelayed' }, (x) => [`${me}->>${NET}: ${n}. ${produce(x.partition)} to ${partitionName(x.partition)}, delayed`])
    .with({ type: 'Retry' }, () => {
      const u = i?.unacked[0];
      return u && i ? [`${me}->>${part(u.partition)}: ${n}. Retry Produce v${u.value}${ids(i.producerId, i.epoch, u.sequence)}`] : [`Note over ${me}: ${n}. Retry`];
    })
    .with({ type: 'SendOffsets' }, () => [`${me}->>${TC}: ${n}. SendOffsets ${inputName(i?.app ?? 0)} -> ${i?.position ?? 0}`])
    .with({ type: 'CommitTxn' }, () => [`${me}->>${TC}: ${n}. CommitTxn`])
    .with({ type: 'CommitTxnDelayed' }, () => [`${me}->>${NET}: ${n}. CommitTxn, EndTxn COMMIT delayed`, `${me}->>${TC}: EndTxn COMMIT retry`])
    .with({ type: 'AbortTxn' }, () => [`${me}->>${TC}: ${n}. AbortTxn`])
    .with({ type: 'CommitOffsets' }, () => [`${me}->>${CO}: ${n}. CommitOffsets ${inputName(i?.app ?? 0)} -> ${i?.position ?? 0}`])
    .with({ type: 'WriteTxnMarkers' }, (x) => [`Note over ${TC}: ${n}. WriteTxnMarkers ${transactionalId(x.app)} ${before.txns[x.app]?.pending?.marker ?? ''}`.trimEnd()])
    .with({ type: 'ExpireTxn' }, (x) => [`Note over ${TC}: ${n}. ${transactionalId(x.app)} timed out, abort`])
    .with({ type: 'Restart' }, (x) => {
      const started = after.events.find((e) => e.type === 'client' && e.status === 'started');
      return [`Note over ${started?.type === 'client' ? inst(started.instance) : TC}: ${n}. supervisor restarts ${transactionalId(x.app)}`];
    })
    .with({ type: 'Deliver' }, (x) => {
      const r = before.network.find((q) => q.id === x.request);
      if (!r) return [`Note over ${NET}: ${n}. deliver request ${x.request}`];
      return r.type === 'Produce'
        ? [`${NET}->>${part(r.partition)}: ${n}. deliver request ${r.id}, Produce v${r.value}${ids(r.producerId, r.epoch, r.sequence)}`]
        : [`${NET}->>${TC}: ${n}. deliver request ${r.id}, EndTxn ${r.result} (epoch ${r.epoch})`];
    })
    .with({ type: 'Tick' }, () => [`Note over ${TC}: ${n}. clock ${after.now} ms`])
    .with({ type: 'Crash' }, () => [`Note over ${me}: ${n}. crash`])
    .with({ type: 'Pause' }, () => [`Note over ${me}: ${n}. pause`])
    .with({ type: 'Resume' }, () => [`Note over ${me}: ${n}. resume`])
    .exhaustive();
}

/** The lines of one event of a step; `app` prefixes coordinator notes when there are several apps. */
function eventLines(after: KafkaState, a: KafkaAction, e: StepEvent, caller: string | null, produced: number | null): string[] {
  const app = (x: number): string => (after.config.producers > 1 ? `${transactionalId(x)} ` : '');
  const reply = (from: string, text: string): string => (caller ? `${from}-->>${caller}: ${text}` : `Note over ${from}: ${text}`);
  return match(e)
    .with({ type: 'appended' }, (x) => [reply(part(x.partition), `appended at offset ${x.offset}`)])
    .with({ type: 'marker' }, (x) =>
      x.partition === 'offsets' ? [`${TC}->>${CO}: ${x.marker} marker`] : [`${TC}->>${part(x.partition)}: ${x.marker} marker at offset ${x.offset ?? '?'} (epoch ${x.epoch})`],
    )
    .with({ type: 'duplicate' }, (x) => [reply(part(x.partition), `duplicate of seq ${x.sequence} acknowledged (offset ${x.offset})`)])
    .with({ type: 'rejected' }, (x) => {
      const from = x.by === 'coordinator' ? TC : x.by === '__consumer_offsets' ? CO : part(after.partitions.findIndex((p) => p.name === x.by));
      // With transaction.version=2 the leader, not the client, asks the coordinator to verify a write.
      const to = x.by === 'coordinator' && produced !== null && after.config.transactionVersion === 2 ? part(produced) : caller;
      const text = `${x.error} (${x.request})`;
      if (!to) return [`Note over ${from}: rejected ${text}`];
      // The leader passes the coordinator's refusal on to the client that wrote.
      return to !== caller && caller ? [`${from}--x${to}: ${text}`, `${to}--x${caller}: ${x.error}`] : [`${from}--x${to}: ${text}`];
    })
    .with({ type: 'txn-state' }, (x) => [`Note over ${TC}: ${app(x.app)}${x.from} -> ${x.to}`])
    .with({ type: 'epoch' }, (x) => [`Note over ${TC}: ${app(x.app)}epoch ${x.epoch}`])
    .with({ type: 'added' }, (x) => [`Note over ${TC}: ${app(x.app)}${x.partition === 'offsets' ? '__consumer_offsets' : partitionName(x.partition)} added`])
    .with({ type: 'offsets' }, (x) => [`Note over ${CO}: ${inputName(x.input)} -> ${x.offset} ${x.how}`])
    .with({ type: 'client' }, (x) => {
      // Faults and restarts have their own numbered note; ready / in-txn show in the replies.
      if (x.status === 'ready' || x.status === 'in-txn' || x.status === 'paused' || x.status === 'resumed' || x.status === 'crashed') return [];
      if (x.status === 'started' && a.type === 'Restart') return [];
      return [`Note over ${inst(x.instance)}: ${x.status}`];
    })
    .with({ type: 'delayed' }, (x) => [`Note over ${NET}: holds request ${x.request}, ${x.what}`])
    .with({ type: 'clock' }, () => [])
    .exhaustive();
}

/** The success reply of a client call to the coordinator, when nothing rejected it. */
function okReply(after: KafkaState, a: KafkaAction): string[] {
  if (after.events.some((e) => e.type === 'rejected')) return [];
  return match(a)
    .with({ type: 'InitProducerId' }, (x) => {
      const i = after.instances.find((y) => y.id === x.instance);
      return i ? [`${TC}-->>${inst(x.instance)}: pid ${i.producerId}, epoch ${i.epoch}`] : [];
    })
    .with({ type: P.union('SendOffsets', 'CommitTxn', 'CommitTxnDelayed', 'AbortTxn') }, (x) => [`${TC}-->>${inst(x.instance)}: ok`])
    .otherwise(() => []);
}

/**
 * The trace as a mermaid `sequenceDiagram`: participants, then each step's call and what it did,
 * a note before the final drain, and a `VIOLATED <invariant>` note after each violated step
 * (before step 1 for the initial state). `states[i + 1]` follows `steps[i]`. Pure.
 */
export function renderKafkaMermaid(states: readonly KafkaState[], steps: readonly TraceStep<KafkaAction>[], violations: readonly Violation[]): string {
  const first = states[0];
  if (!first) return 'sequenceDiagram\n';
  const participants: [string, string][] = [];
  for (const { id, app, incarnation } of instancesOf(states, steps)) participants.push([inst(id), `${transactionalId(app)} instance ${incarnation}`]);
  participants.push([TC, 'coordinator']);
  for (let p = 0; p < first.partitions.length; p++) participants.push([part(p), partitionName(p)]);
  participants.push([CO, '__consumer_offsets']);
  if (steps.some((s) => delivering.has(s.action.type))) participants.push([NET, 'network']);
  const span = `${participants[0]![0]},${participants[participants.length - 1]![0]}`;
  const violated = (i: number): string[] => violations.filter((v) => v.step === i).map((v) => `Note over ${span}: VIOLATED ${v.invariant}`);

  const body: string[] = [...violated(-1)];
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i]!;
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) break;
    if (st.phase === 'drain' && steps[i - 1]?.phase !== 'drain') body.push(`Note over ${span}: final drain (fault-free)`);
    body.push(...callLines(before, after, st.action, i + 1));
    const caller = callerOf(st.action);
    const produced = producedPartition(before, st.action);
    for (const e of after.events) body.push(...eventLines(after, st.action, e, caller, produced));
    body.push(...okReply(after, st.action));
    body.push(...violated(i));
  }
  const lines = ['sequenceDiagram', ...participants.map(([id, label]) => `  participant ${id} as ${safe(label)}`)];
  for (const l of body) {
    const sep = l.indexOf(': ');
    lines.push(`  ${sep < 0 ? l : `${l.slice(0, sep + 2)}${safe(l.slice(sep + 2))}`}`);
  }
  return `${lines.join('\n')}\n`;
}
