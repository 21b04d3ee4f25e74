/**
 * One `kafka-txn` step in words: the action as a call that reads like a bug report, derived from
 * the state before it, and one short line per event the step recorded. Pure.
 */
import { match, P } from 'ts-pattern';
import type { KafkaAction } from '../../model/kafka/actions.js';
import { inputValue, partitionName, transactionalId, type KafkaState, type Request, type StepEvent } from '../../model/kafka/state.js';
import { nextDeadline } from '../../model/kafka/step.js';
import { inputName, instanceName, statusWords } from './names.js';

/** `pid=1, epoch=0, seq=2`, or nothing for a plain producer (no producer id). */
function idFields(producerId: number, epoch: number, sequence: number, withPid: boolean): string {
  if (producerId < 0) return '';
  return `${withPid ? `pid=${producerId}, ` : ''}epoch=${epoch}, seq=${sequence}`;
}

/** `out-0, v3, pid=1, epoch=0, seq=2`: the arguments of a produce call. */
function produceArgs(partition: number, value: number, producerId: number, epoch: number, sequence: number, withPid: boolean): string {
  const ids = idFields(producerId, epoch, sequence, withPid);
  return `${partitionName(partition)}, v${value}${ids === '' ? '' : `, ${ids}`}`;
}

/** A request held in the network, as a call: `Produce(out-0, v1, epoch=0, seq=0)`. Pure. */
export function describeRequest(r: Request): string {
  return r.type === 'Produce' ? `Produce(${produceArgs(r.partition, r.value, r.producerId, r.epoch, r.sequence, false)})` : `EndTxn(${r.result}, epoch=${r.epoch})`;
}

/** A call of a client instance's API (faults name an instance too, but are not calls). */
type ClientAction = Extract<KafkaAction, { type: 'InitProducerId' | 'BeginTxn' | 'Produce' | 'ProduceDelayed' | 'Retry' | 'SendOffsets' | 'CommitTxn' | 'CommitTxnDelayed' | 'AbortTxn' | 'CommitOffsets' }>;

/** The call a client action makes, without the instance prefix. */
function clientCall(before: KafkaState, action: ClientAction): string {
  const i = before.instances.find((x) => x.id === action.instance);
  if (!i) return `${action.type}()`;
  const produce = (partition: number): string => produceArgs(partition, inputValue(before.config, i.app, i.position), i.producerId, i.epoch, i.sequences[partition] ?? 0, true);
  return match(action)
    .with({ type: 'InitProducerId' }, () => 'InitProducerId()')
    .with({ type: 'BeginTxn' }, () => 'BeginTxn()')
    .with({ type: 'Produce' }, (a) => `Produce(${produce(a.partition)})`)
    .with({ type: 'ProduceDelayed' }, (a) => `ProduceDelayed(${produce(a.partition)}) (request delayed in the network)`)
    .with({ type: 'Retry' }, () => {
      const u = i.unacked[0];
      return u ? `Retry(${produceArgs(u.partition, u.value, i.producerId, i.epoch, u.sequence, true)})` : 'Retry()';
    })
    .with({ type: 'SendOffsets' }, () => `SendOffsets(${inputName(i.app)} -> ${i.position})`)
    .with({ type: 'CommitTxn' }, () => 'CommitTxn()')
    .with({ type: 'CommitTxnDelayed' }, () => 'CommitTxnDelayed() (first EndTxn delayed in the network, the retry lands)')
    .with({ type: 'AbortTxn' }, () => 'AbortTxn()')
    .with({ type: 'CommitOffsets' }, () => `CommitOffsets(${inputName(i.app)} -> ${i.position})`)
    .exhaustive();
}

/**
 * The step as a call, from the state before it: `app-0#1.Produce(out-0, v3, pid=1, epoch=0,
 * seq=2)`, `coordinator.WriteTxnMarkers(app-0: COMMIT)`, `fault.Pause(app-0#1)`. Pure.
 */
export function describeAction(before: KafkaState, action: KafkaAction): string {
  return match(action)
    .with({ type: 'WriteTxnMarkers' }, (a) => `coordinator.WriteTxnMarkers(${transactionalId(a.app)}: ${before.txns[a.app]?.pending?.marker ?? 'nothing pending'})`)
    .with({ type: 'ExpireTxn' }, (a) => `coordinator.ExpireTxn(${transactionalId(a.app)})`)
    .with({ type: 'Restart' }, (a) => `supervisor.Restart(${transactionalId(a.app)})`)
    .with({ type: 'Deliver' }, (a) => {
      const r = before.network.find((x) => x.id === a.request);
      return `network.Deliver(#${a.request}${r ? ` ${describeRequest(r)}` : ''})`;
    })
    .with({ type: 'Tick' }, () => {
      const due = nextDeadline(before);
      return `clock.Tick(${due === null ? '' : `-> ${due} ms`})`;
    })
    .with({ type: 'Crash' }, { type: 'Pause' }, { type: 'Resume' }, (a) => `fault.${a.type}(${instanceName(before, a.instance)})`)
    .with({ type: P.union('InitProducerId', 'BeginTxn', 'Produce', 'ProduceDelayed', 'Retry', 'SendOffsets', 'CommitTxn', 'CommitTxnDelayed', 'AbortTxn', 'CommitOffsets') }, (a) => `${instanceName(before, a.instance)}.${clientCall(before, a)}`)
    .exhaustive();
}

/** One event of a step as a short line; `after` is the state the step produced. Pure. */
export function describeEvent(after: KafkaState, e: StepEvent): string {
  return match(e)
    .with({ type: 'appended' }, (x) => `${partitionName(x.partition)}: appended offset ${x.offset}`)
    .with({ type: 'marker' }, (x) =>
      x.partition === 'offsets' ? `__consumer_offsets: ${x.marker} marker` : `${partitionName(x.partition)}: ${x.marker} marker at offset ${x.offset ?? '?'} (epoch ${x.epoch})`,
    )
    .with({ type: 'duplicate' }, (x) => `${partitionName(x.partition)}: duplicate of sequence ${x.sequence} acknowledged (already at offset ${x.offset}), not appended`)
    .with({ type: 'rejected' }, (x) => `rejected by ${x.by}: ${x.error} (${x.request})`)
    .with({ type: 'txn-state' }, (x) => `coordinator ${transactionalId(x.app)}: ${x.from} -> ${x.to} (epoch ${x.epoch})`)
    .with({ type: 'epoch' }, (x) => `coordinator ${transactionalId(x.app)}: ${x.epoch === 0 ? `producer id ${x.producerId}, epoch 0` : `epoch bumped to ${x.epoch}`}`)
    .with({ type: 'added' }, (x) => `coordinator ${transactionalId(x.app)}: ${x.partition === 'offsets' ? '__consumer_offsets' : partitionName(x.partition)} added to the transaction`)
    .with({ type: 'offsets' }, (x) => `__consumer_offsets: ${inputName(x.input)} -> ${x.offset} ${x.how}`)
    .with({ type: 'client' }, (x) => `${instanceName(after, x.instance)}: ${statusWords(x.status)}`)
    .with({ type: 'delayed' }, (x) => `request #${x.request} delayed in the network: ${x.what}`)
    .with({ type: 'clock' }, (x) => `clock: ${x.now} ms`)
    .exhaustive();
}

/** One short line per event of the step that produced `after`, in the order they happened. Pure. */
export function describeEvents(after: KafkaState): string[] {
  return after.events.map((e) => describeEvent(after, e));
}
