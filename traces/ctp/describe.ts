/**
 * One consumer-application step in words: the action as a call (derived from the state before it)
 * and one short line per note the step recorded. Reuses model/kafka's event lines. Pure.
 */
import { match } from 'ts-pattern';
import type { AppAction } from '../../model/ctp/actions.js';
import { appName, inputValue, txnIdName, type AppEvent, type AppState } from '../../model/ctp/state.js';
import { nextDeadline } from '../../model/kafka/step.js';
import { partitionName } from '../../model/kafka/state.js';
import { describeEvent } from '../kafka/describe.js';

/** The step as a call: `i0#1.Process(in-0@3 -> v4)`, `coordinator.WriteTxnMarkers(ctp-0: COMMIT)`, `fault.Pause(i0#1)`. Pure. */
export function describeAppAction(before: AppState, action: AppAction): string {
  const i = 'instance' in action ? before.apps.find((x) => x.id === action.instance) : undefined;
  const who = 'instance' in action ? appName(before, action.instance) : '';
  const pos = (p: number): number => i?.positions[p] ?? 0;
  return match(action)
    .with({ type: 'Join' }, () => `${who}.JoinGroup()`)
    .with({ type: 'InitProducerId' }, () => `${who}.InitProducerId(${i ? txnIdName(before.config, before.config.txnIdPerTask ? 0 : i.slot) : ''})`)
    .with({ type: 'FetchOffset' }, (a) => `${who}.OffsetFetch(in-${a.partition})`)
    .with({ type: 'InitializeTask' }, () => `${who}.InitializeTask(0_0) (lists the end offset of changelog-0)`)
    .with({ type: 'RestoreStore' }, () => `${who}.RestoreStore(0_0) (the restore consumer reached offset ${i?.restoreEnd ?? '?'})`)
    .with({ type: 'BeginTxn' }, () => `${who}.BeginTxn()`)
    .with({ type: 'Process' }, (a) => `${who}.Process(in-${a.partition}@${pos(a.partition)} = v${inputValue(before.config, a.partition, pos(a.partition))})`)
    .with({ type: 'ProcessRetried' }, (a) => `${who}.Process(in-${a.partition}@${pos(a.partition)} = v${inputValue(before.config, a.partition, pos(a.partition))}) (ack lost, the batch is retried)`)
    .with({ type: 'CommitOffsets' }, () => `${who}.CommitOffsets(generation ${i?.generation ?? -1})`)
    .with({ type: 'AutoCommit' }, () => `${who}.AutoCommit(generation ${i?.generation ?? -1})`)
    .with({ type: 'SendOffsets' }, () => `${who}.SendOffsetsToTransaction(generation ${i?.generation ?? -1})`)
    .with({ type: 'CommitTxn' }, () => `${who}.CommitTxn()`)
    .with({ type: 'AbortTxn' }, () => `${who}.AbortTxn()`)
    .with({ type: 'WriteTxnMarkers' }, (a) => `coordinator.WriteTxnMarkers(${txnIdName(before.config, a.slot)}: ${before.txns[a.slot]?.pending?.marker ?? 'nothing pending'})`)
    .with({ type: 'ExpireTxn' }, (a) => `coordinator.ExpireTxn(${txnIdName(before.config, a.slot)})`)
    .with({ type: 'Restart' }, (a) => `supervisor.Restart(i${a.slot})`)
    .with({ type: 'Tick' }, () => {
      const due = nextDeadline(before);
      return `clock.Tick(${due === null ? '' : `-> ${due} ms`})`;
    })
    .with({ type: 'Crash' }, { type: 'Pause' }, { type: 'Resume' }, (a) => `fault.${a.type}(${who})`)
    .with({ type: 'LoseProducerState' }, () => 'fault.LoseProducerState() (the broker forgets idle producers)')
    .exhaustive();
}

/** One note as a short line. Pure. */
export function describeNote(after: AppState, n: AppEvent): string {
  const name = (id: number): string => appName(after, id);
  const owners = (o: readonly (number | null)[]): string => o.map((m, p) => `in-${p} -> ${m === null ? 'nobody' : name(m)}`).join(', ');
  return match(n)
    .with({ type: 'kafka' }, (x) =>
      x.event.type === 'txn-state' || x.event.type === 'epoch' || x.event.type === 'added'
        ? describeEvent(after, x.event).replace(/app-(\d+)/, (_, k: string) => txnIdName(after.config, Number(k)))
        : x.event.type === 'client'
          ? `instance ${x.event.instance}: ${x.event.status}`
          : describeEvent(after, x.event),
    )
    .with({ type: 'rebalance' }, (x) => `group: ${x.reason}, rebalance to generation ${x.generation}: ${owners(x.owners)}`)
    .with({ type: 'fetched' }, (x) => `${name(x.instance)}: committed offset of in-${x.partition} is ${x.offset}`)
    .with({ type: 'restoring' }, (x) => `${name(x.instance)}: task 0_0 restoring its count store from changelog-0 up to end offset ${x.end}`)
    .with({ type: 'restored' }, (x) => `${name(x.instance)}: count store restored to ${x.count} from ${x.records} changelog records`)
    .with({ type: 'committed' }, (x) => `__consumer_offsets: in-${x.partition} -> ${x.offset} committed (generation ${x.generation})`)
    .with({ type: 'pending-offset' }, (x) => `__consumer_offsets: in-${x.partition} -> ${x.offset} pending (generation ${x.generation}${x.stale ? ', from an old generation' : ''})`)
    .with({ type: 'offset-fate' }, (x) => `__consumer_offsets: in-${x.partition} -> ${x.offset} ${x.fate === 'COMMIT' ? 'committed' : 'dropped'}`)
    .with({ type: 'rejected' }, (x) => `rejected by ${x.by}: ${x.error} (${x.request})`)
    .with({ type: 'sink' }, (x) => `sink: v${x.value} ${x.effect === 'called' ? 'side effect called' : x.effect === 'inserted' ? 'upserted (new key)' : 'upserted (key already there, no change)'}`)
    .with({ type: 'life' }, (x) => `${name(x.instance)}: ${x.status}`)
    .with({ type: 'producer-state-lost' }, (x) => `${partitionName(x.partition)}: producer state of ${x.producerIds.join(', ')} forgotten`)
    .exhaustive();
}
