/**
 * `step(state, action)`: the one transition function of the consumer applications. Pure: returns
 * the next frozen state (immer), performs nothing, reads no clock. Matched exhaustively.
 */
import { castDraft, produce, type Draft } from 'immer';
import { match } from 'ts-pattern';
import { expireTxn, writeTxnMarkers } from '../kafka/coordinator.js';
import { nextDeadline } from '../kafka/step.js';
import { completeTxnOffsets } from '../groups/coordinator.js';
import type { AppAction } from './actions.js';
import { appOf, die, doAbortTxn, doBeginTxn, doCommitOffsets, doCommitTxn, doFetchOffset, doInitializeTask, doInitProducerId, doRestoreStore, doJoin, doPause, doProcess, doResume, doSendOffsets, started } from './client.js';
import { newAppInstance } from './init.js';
import { flush, note } from './notes.js';
import { appName, type AppState } from './state.js';

type D = Draft<AppState>;

/** WriteTxnMarkers: the Kafka coordinator's markers, then the group's pending offsets of that producer. */
function markers(d: D, slot: number): void {
  const t = d.txns[slot]!;
  const pend = t.pending!;
  const withOffsets = t.offsets;
  const producerId = t.producerId;
  writeTxnMarkers(d, slot);
  if (withOffsets) completeTxnOffsets(d, producerId, pend.marker, pend.txnEpoch);
}

/** A new incarnation of instance slot `slot`: unjoined, it joins the group and fetches offsets. */
function restart(d: D, slot: number): void {
  const incarnation = d.apps.reduce((m, i) => (i.slot === slot ? Math.max(m, i.incarnation) : m), 0) + 1;
  const inst = newAppInstance(d.config, slot, incarnation);
  d.apps.push(castDraft(inst));
  started(d, d.apps[d.apps.length - 1]!);
}

/** The broker forgets idle producers (no open transaction) on every written partition. */
function loseProducerState(d: D): void {
  d.lost += 1;
  for (let p = 0; p < d.partitions.length; p++) {
    const part = d.partitions[p]!;
    const gone = part.producers.filter((e) => e.firstOpenOffset === null).map((e) => e.producerId);
    part.producers = part.producers.filter((e) => e.firstOpenOffset !== null);
    if (gone.length > 0) note(d, { type: 'producer-state-lost', partition: p, producerIds: gone });
  }
}

/** The rules of one action as an immer recipe (also the engine's fast path on a plain copy). */
export function appRecipe(d: D, action: AppAction): void {
  d.events = [];
  d.notes = [];
  const name = (id: number): string => appName(d, id);
  match(action)
    .with({ type: 'Join' }, (a) => doJoin(d, appOf(d, a.instance), name(a.instance)))
    .with({ type: 'InitProducerId' }, (a) => doInitProducerId(d, appOf(d, a.instance), name(a.instance)))
    .with({ type: 'FetchOffset' }, (a) => doFetchOffset(d, appOf(d, a.instance), a.partition))
    .with({ type: 'InitializeTask' }, (a) => doInitializeTask(d, appOf(d, a.instance)))
    .with({ type: 'RestoreStore' }, (a) => doRestoreStore(d, appOf(d, a.instance)))
    .with({ type: 'BeginTxn' }, (a) => doBeginTxn(appOf(d, a.instance)))
    .with({ type: 'Process' }, (a) => doProcess(d, appOf(d, a.instance), a.partition, false, name(a.instance)))
    .with({ type: 'ProcessRetried' }, (a) => doProcess(d, appOf(d, a.instance), a.partition, true, name(a.instance)))
    .with({ type: 'CommitOffsets' }, (a) => doCommitOffsets(d, appOf(d, a.instance), false))
    .with({ type: 'AutoCommit' }, (a) => doCommitOffsets(d, appOf(d, a.instance), true))
    .with({ type: 'SendOffsets' }, (a) => doSendOffsets(d, appOf(d, a.instance), name(a.instance)))
    .with({ type: 'CommitTxn' }, (a) => doCommitTxn(d, appOf(d, a.instance), name(a.instance)))
    .with({ type: 'AbortTxn' }, (a) => doAbortTxn(d, appOf(d, a.instance), name(a.instance)))
    .with({ type: 'WriteTxnMarkers' }, (a) => markers(d, a.slot))
    .with({ type: 'ExpireTxn' }, (a) => expireTxn(d, a.slot))
    .with({ type: 'Restart' }, (a) => restart(d, a.slot))
    .with({ type: 'Tick' }, () => {
      d.now = nextDeadline(d) ?? d.now;
      d.events.push({ type: 'clock', now: d.now });
    })
    .with({ type: 'Crash' }, (a) => {
      d.faults.crashes += 1;
      die(d, appOf(d, a.instance), 'crashed', name(a.instance));
    })
    .with({ type: 'Pause' }, (a) => {
      d.faults.pauses += 1;
      doPause(d, appOf(d, a.instance), name(a.instance));
    })
    .with({ type: 'Resume' }, (a) => doResume(d, appOf(d, a.instance)))
    .with({ type: 'LoseProducerState' }, () => loseProducerState(d))
    .exhaustive();
  flush(d);
}

/** Applies one action. Pure; the caller passes only actions that `enabled` listed. */
export function appStep(state: AppState, action: AppAction): AppState {
  return produce(state, (d) => appRecipe(d, action));
}
