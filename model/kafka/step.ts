/**
 * `step(state, action)`: the one transition function of `kafka-txn`. Pure: returns the next
 * frozen state (immer), performs nothing, reads no clock. Matched exhaustively on the action tag.
 */
import { castDraft, produce, type Draft } from 'immer';
import { match } from 'ts-pattern';
import type { KafkaAction } from './actions.js';
import { doAbortTxn, doBeginTxn, doCommitOffsets, doCommitTxn, doInitProducerId, doProduce, doRetry, doSendOffsets, deliverProduce, instanceOf, setLife } from './client.js';
import { endTxn, expireTxn, writeTxnMarkers } from './coordinator.js';
import { newInstance } from './init.js';
import type { KafkaState } from './state.js';

type D = Draft<KafkaState>;

/** Starts a new instance of `app` from the committed input offset (a restart or a replacement). */
function startInstance(d: D, app: number): void {
  const incarnation = d.instances.reduce((m, i) => (i.app === app ? Math.max(m, i.incarnation) : m), 0) + 1;
  const inst = newInstance(d.config, app, incarnation, d.offsets.committed[app]!.offset);
  d.instances.push(castDraft(inst));
  d.events.push({ type: 'client', instance: inst.id, status: 'started' });
}

/** The earliest deadline of an open transaction, or null. */
export function nextDeadline(s: KafkaState): number | null {
  let best: number | null = null;
  for (const t of s.txns) {
    if (t.state !== 'Ongoing' || t.startMs === null) continue;
    const due = t.startMs + s.config.transactionTimeoutMs;
    if (due > s.now && (best === null || due < best)) best = due;
  }
  return best;
}

/** Applies one action. Pure; the caller passes only actions that `enabled` listed. */
export function step(state: KafkaState, action: KafkaAction): KafkaState {
  return produce(state, (d) => recipe(d, action));
}

/**
 * The rules of one action as an immer recipe: `step` runs it on a draft; an explorer that owns a
 * plain mutable copy (the engine's fast path) runs it on that copy directly.
 */
export function recipe(d: D, action: KafkaAction): void {
  d.events = [];
  match(action)
    .with({ type: 'InitProducerId' }, (a) => doInitProducerId(d, instanceOf(d, a.instance)))
    .with({ type: 'BeginTxn' }, (a) => doBeginTxn(d, instanceOf(d, a.instance)))
    .with({ type: 'Produce' }, (a) => doProduce(d, instanceOf(d, a.instance), a.partition, false))
    .with({ type: 'ProduceDelayed' }, (a) => doProduce(d, instanceOf(d, a.instance), a.partition, true))
    .with({ type: 'Retry' }, (a) => doRetry(d, instanceOf(d, a.instance)))
    .with({ type: 'SendOffsets' }, (a) => doSendOffsets(d, instanceOf(d, a.instance)))
    .with({ type: 'CommitTxn' }, (a) => doCommitTxn(d, instanceOf(d, a.instance), false))
    .with({ type: 'CommitTxnDelayed' }, (a) => doCommitTxn(d, instanceOf(d, a.instance), true))
    .with({ type: 'AbortTxn' }, (a) => doAbortTxn(d, instanceOf(d, a.instance)))
    .with({ type: 'CommitOffsets' }, (a) => doCommitOffsets(d, instanceOf(d, a.instance)))
    .with({ type: 'WriteTxnMarkers' }, (a) => writeTxnMarkers(d, a.app))
    .with({ type: 'ExpireTxn' }, (a) => expireTxn(d, a.app))
    .with({ type: 'Restart' }, (a) => startInstance(d, a.app))
    .with({ type: 'Deliver' }, (a) => {
      const idx = d.network.findIndex((r) => r.id === a.request);
      const [req] = d.network.splice(idx, 1);
      if (!req) return;
      // A late request's answer goes to nobody: the client gave up on it long ago.
      if (req.type === 'Produce') deliverProduce(d, req);
      else {
        const r = endTxn(d, req.app, req.epoch, req.result);
        if ('error' in r) d.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: `EndTxn(${req.result}) late` });
      }
    })
    .with({ type: 'Tick' }, () => {
      d.now = nextDeadline(d) ?? d.now;
      d.events.push({ type: 'clock', now: d.now });
    })
    .with({ type: 'Crash' }, (a) => {
      d.faults.crashes += 1;
      setLife(d, instanceOf(d, a.instance), 'crash');
    })
    .with({ type: 'Pause' }, (a) => {
      const i = instanceOf(d, a.instance);
      d.faults.pauses += 1;
      setLife(d, i, 'pause');
      startInstance(d, i.app);
    })
    .with({ type: 'Resume' }, (a) => setLife(d, instanceOf(d, a.instance), 'resume'))
    .exhaustive();
}
