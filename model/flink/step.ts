/**
 * `step(state, action)`: the one transition function of `flink-kafka`. Pure: returns the next
 * frozen state (immer), performs nothing, reads no clock. Matched exhaustively on the action tag.
 */
import { produce, type Draft } from 'immer';
import { match } from 'ts-pattern';
import { expireTxn, writeTxnMarkers } from '../kafka/coordinator.js';
import { jobOf, type FlinkAction } from './actions.js';
import { failover, jobManagerFail } from './failure.js';
import { ack, loseNotification, notify, processItem, read, restart, tick, trigger } from './job.js';
import { abortLingering, commit, initSink, send } from './sink.js';
import type { FlinkState } from './state.js';

type D = Draft<FlinkState>;

/** Applies one action. Pure; the caller passes only actions that `enabled` listed. */
export function step(state: FlinkState, action: FlinkAction): FlinkState {
  return produce(state, (d) => recipe(d, action));
}

/**
 * The rules of one action as an immer recipe: `step` runs it on a draft; an explorer that owns a
 * plain mutable copy (the engine's fast path) runs it on that copy directly.
 */
export function recipe(d: D, action: FlinkAction): void {
  d.events = [];
  d.kafka.events = [];
  const no = jobOf(action);
  match(action)
    .with({ type: 'Tick' }, () => tick(d))
    .with({ type: 'Trigger' }, () => trigger(d, no))
    .with({ type: 'Notify' }, () => notify(d, no))
    .with({ type: 'Restart' }, () => restart(d, no))
    .with({ type: 'Read' }, (a) => read(d, a.input, no))
    .with({ type: 'Process' }, (a) => processItem(d, a.input, no))
    .with({ type: 'Send' }, () => void send(d, no))
    .with({ type: 'Ack' }, () => ack(d, no))
    .with({ type: 'AbortLingering' }, () => abortLingering(d, no))
    .with({ type: 'InitSink' }, () => initSink(d, no))
    .with({ type: 'Commit' }, (a) => commit(d, a.checkpoint, no))
    .with({ type: 'WriteTxnMarkers' }, (a) => writeTxnMarkers(d.kafka, a.txn))
    .with({ type: 'ExpireTxn' }, (a) => expireTxn(d.kafka, a.txn))
    .with({ type: 'Crash' }, () => {
      d.faults.crashes += 1;
      failover(d, 'TaskManager crash', no);
    })
    .with({ type: 'LoseNotification' }, () => loseNotification(d, no))
    .with({ type: 'JobManagerFail' }, () => jobManagerFail(d, no))
    .exhaustive();
}
