/**
 * The final drain: a fixed, fault-free policy driving the application to quiescence after an
 * explored prefix. Priority: pending transaction markers; restarting dead instance slots; each
 * live instance (creation order) finishing its input; expired transactions; time passing. Pure.
 */
import { expired } from '../kafka/coordinator.js';
import { nextDeadline } from '../kafka/step.js';
import { unstable } from '../groups/coordinator.js';
import type { AppAction } from './actions.js';
import { producerDue } from './enabled.js';
import { canAct, isTxnApp, latestOfSlot, restoreReady, restoring, uncommitted, workable, type AppInstance, type AppState } from './state.js';

/** The next step of a live instance towards finishing its partitions, or null. */
function instanceStep(s: AppState, i: AppInstance): AppAction | null {
  const c = s.config;
  const instance = i.id;
  if (i.life === 'unjoined') return { type: 'Join', instance };
  if (producerDue(s, i)) return { type: 'InitProducerId', instance };
  if (restoring(c, i)) {
    if (i.restoreEnd === null) return { type: 'InitializeTask', instance };
    // The restore waits for the transactions open below the end offset to end.
    return restoreReady(s, i) ? { type: 'RestoreStore', instance } : null;
  }
  for (const p of [...i.owned].sort((a, b) => a - b)) {
    if (i.positions[p] === null && !(c.requireStableOffsets && unstable(s, p))) return { type: 'FetchOffset', instance, partition: p };
  }
  if (i.producer !== 'ready') return null;
  const work = workable(c, i);
  const first = work[0];
  if (!isTxnApp(c)) {
    const pending = uncommitted(i);
    if (c.autoCommit) {
      if (first !== undefined) return { type: 'Process', instance, partition: first };
      return pending > 0 ? { type: 'CommitOffsets', instance } : null;
    }
    if (c.strategy === 'commit-then-process') {
      if (i.ahead !== null) return { type: 'Process', instance, partition: i.ahead };
      return first !== undefined ? { type: 'CommitOffsets', instance } : null;
    }
    if (first !== undefined && pending < c.commitEvery) return { type: 'Process', instance, partition: first };
    return pending > 0 ? { type: 'CommitOffsets', instance } : null;
  }
  const t = i.txn;
  if (!t) return first !== undefined ? { type: 'BeginTxn', instance } : null;
  if (t.error !== null) return { type: 'AbortTxn', instance };
  if (!t.offsetsSent && t.records < c.commitEvery && first !== undefined) return { type: 'Process', instance, partition: first };
  if (t.records === 0) return { type: 'AbortTxn', instance };
  if (!t.offsetsSent) return { type: 'SendOffsets', instance };
  return { type: 'CommitTxn', instance };
}

/** The drain's next action, or null at quiescence. Pure. */
export function appDrainAction(s: AppState): AppAction | null {
  const c = s.config;
  for (let slot = 0; slot < c.producers; slot++) {
    const st = s.txns[slot]!.state;
    if (st === 'PrepareCommit' || st === 'PrepareAbort') return { type: 'WriteTxnMarkers', slot };
  }
  for (let slot = 0; slot < c.instances; slot++) {
    const last = latestOfSlot(s, slot);
    if (last && (last.life === 'crashed' || last.life === 'fenced' || last.life === 'failed')) return { type: 'Restart', slot };
  }
  for (const i of s.apps) {
    if (!canAct(i)) continue;
    const a = instanceStep(s, i);
    if (a) return a;
  }
  for (let slot = 0; slot < c.producers; slot++) if (expired(s, slot)) return { type: 'ExpireTxn', slot };
  return nextDeadline(s) !== null ? { type: 'Tick' } : null;
}
