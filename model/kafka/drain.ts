/**
 * The final drain: a fixed, fault-free policy that drives the system to quiescence after an
 * explored prefix, so `no-loss` and `no-hanging-transaction` judge a finished run. Priority:
 * pending markers; each app's latest instance finishing its work (restarting it when dead);
 * expired transactions; time passing to the next transaction deadline. Pure.
 */
import type { KafkaAction } from './actions.js';
import { expired } from './coordinator.js';
import { nextDeadline } from './step.js';
import { isTransactional, latestInstance, type KafkaState } from './state.js';

/** The next step of app `app` towards finishing its input, or null when it is done. */
function appAction(s: KafkaState, app: number): KafkaAction | null {
  const c = s.config;
  const i = latestInstance(s, app);
  if (!i) return null;
  if (i.status === 'crashed' || i.status === 'fenced' || i.status === 'failed') return { type: 'Restart', app };
  const instance = i.id;
  const more = i.position < c.inputRecords;
  const partition = i.position % c.partitions;
  if (i.unacked.length > 0 && !(i.txn && i.txn.error)) return { type: 'Retry', instance };
  if (!isTransactional(c)) {
    if (more) return { type: 'Produce', instance, partition };
    return i.position > i.committedPosition ? { type: 'CommitOffsets', instance } : null;
  }
  if (i.status === 'new') return { type: 'InitProducerId', instance };
  if (i.status === 'ready') return more ? { type: 'BeginTxn', instance } : null;
  const t = i.txn!;
  if (t.error !== null) return { type: 'AbortTxn', instance };
  if (more && !t.offsetsSent) return { type: 'Produce', instance, partition };
  if (t.records === 0) return { type: 'AbortTxn', instance };
  if (!t.offsetsSent) return { type: 'SendOffsets', instance };
  return { type: 'CommitTxn', instance };
}

/** The drain's next action, or null at quiescence. Pure. */
export function drainAction(s: KafkaState): KafkaAction | null {
  const n = s.config.producers;
  for (let app = 0; app < n; app++) {
    const st = s.txns[app]!.state;
    if (st === 'PrepareCommit' || st === 'PrepareAbort') return { type: 'WriteTxnMarkers', app };
  }
  for (let app = 0; app < n; app++) {
    const a = appAction(s, app);
    if (a) return a;
  }
  for (let app = 0; app < n; app++) if (expired(s, app)) return { type: 'ExpireTxn', app };
  return nextDeadline(s) !== null ? { type: 'Tick' } : null;
}
