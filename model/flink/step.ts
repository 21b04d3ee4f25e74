/**
 * `step(state, action)`: the one transition function of `flink-kafka`. Pure: returns the next
 * frozen state (immer), performs nothing, reads no clock. Matched exhaustively on the action tag.
 */
import { produce, type Draft } from 'immer';
import { match } from 'ts-pattern';
import { expireTxn, writeTxnMarkers } from '../kafka/coordinator.js';
import type { FlinkAction } from './actions.js';
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
  match(action)
    .with({ type: 'Tick' }, () => tick(d))
    .with({ type: 'Trigger' }, () => trigger(d))
    .with({ type: 'Notify' }, () => notify(d))
    .with({ type: 'Restart' }, () => restart(d))
    .with({ type: 'Read' }, (a) => read(d, a.input))
    .with({ type: 'Process' }, (a) => processItem(d, a.input))
    .with({ type: 'Send' }, () => void send(d))
    .with({ type: 'Ack' }, () => ack(d))
    .with({ type: 'AbortLingering' }, () => abortLingering(d))
    .with({ type: 'InitSink' }, () => initSink(d))
    .with({ type: 'Commit' }, (a) => commit(d, a.checkpoint))
    .with({ type: 'WriteTxnMarkers' }, (a) => writeTxnMarkers(d.kafka, a.txn))
    .with({ type: 'ExpireTxn' }, (a) => expireTxn(d.kafka, a.txn))
    .with({ type: 'Crash' }, () => {
      d.faults.crashes += 1;
      failover(d, 'TaskManager crash');
    })
    .with({ type: 'LoseNotification' }, () => loseNotification(d))
    .with({ type: 'JobManagerFail' }, () => jobManagerFail(d))
    .exhaustive();
}
