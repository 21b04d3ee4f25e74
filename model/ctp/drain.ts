/**
 * The final drain: a fixed, fault-free policy driving the application to quiescence after an
 * explored prefix. Priority: a group coordinator's load of its partition; its queued offset completions; pending
 * transaction markers; requests in
 * flight landing; restarting dead instance slots; each live instance (creation order) finishing its input; expired
 * transactions; time passing (to a transaction deadline, a silent member's session expiry or a member's rebalance
 * timeout). Pure.
 */
import { firstMarker } from '../kafka/actions.js';
import { unstable } from '../kafka/groups.js';
import { landable } from '../kafka/inflight.js';
import { offsetsLoading } from '../kafka/offsets-leader.js';
import { nextTransactionStep } from '../kafka/producer.js';
import { expired, nextDeadline } from '../kafka/transactions.js';
import { txnLogShrunk } from '../kafka/txn-log-isr.js';
import { txnLogLoading } from '../kafka/txn-log-load.js';
import type { AppAction } from './actions.js';
import { nextRevocationDue } from './rebalance-timeout.js';
import {
  type AppInstance,
  type AppState,
  canAct,
  GROUP,
  gone,
  heartbeatDue,
  isTxnApp,
  latestOfSlot,
  nextSessionExpiry,
  producerDue,
  rejoinDue,
  restoreReady,
  restoring,
  uncommitted,
  workable,
} from './state.js';

/** The next step of a live instance towards finishing its partitions, or null. */
function instanceStep(s: AppState, i: AppInstance): AppAction | null {
  const c = s.config;
  const instance = i.id;
  if (i.life === 'unjoined') return { type: 'Join', instance };
  if (rejoinDue(s, i)) return { type: 'Rejoin', instance };
  if (heartbeatDue(s, i)) return { type: 'Heartbeat', instance };
  if (producerDue(s, i)) return { type: 'InitProducerId', instance };
  if (restoring(c, i)) {
    if (i.restoreEnd === null) return { type: 'InitializeTask', instance };
    // The restore waits for the transactions open below the end offset to end.
    return restoreReady(s, i) ? { type: 'RestoreStore', instance } : null;
  }
  for (const p of [...i.owned].sort((a, b) => a - b)) {
    if (i.positions[p] === null && !(c.rules.requireStableOffsets && unstable(s.kafka.groups[GROUP]!, p)))
      return { type: 'FetchOffset', instance, partition: p };
  }
  if (i.producerStatus !== 'ready') return null;
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
  const t = i.producer.transaction;
  if (!t) return first !== undefined ? { type: 'BeginTxn', instance } : null;
  const next = nextTransactionStep(t, t.records < c.commitEvery && first !== undefined, s.kafka.rules);
  if (next === 'write' && first !== undefined) return { type: 'Process', instance, partition: first };
  if (next === 'commit') return { type: 'CommitTxn', instance };
  // sendOffsetsToTransaction() is one call here: AddOffsetsToTxn and TxnOffsetCommit together.
  if (next === 'add-offsets' || next === 'send-offsets') return { type: 'SendOffsets', instance };
  return { type: 'AbortTxn', instance };
}

/** The drain's next action, or null at quiescence. Pure. */
export function appDrain(s: AppState): AppAction | null {
  const k = s.kafka;
  // A group coordinator loading its partition finishes first: until then it refuses the group's requests.
  if (offsetsLoading(k, GROUP)) return { type: 'LoadOffsets' };
  // So does a transaction coordinator loading its own (model/kafka/txn-log-load.ts).
  if (txnLogLoading(k)) return { type: 'CoordinatorLoaded' };
  if (txnLogShrunk(k)) return { type: 'TxnLogIsrExpand' };
  // The group coordinator's scheduler runs what it queued (faults.late-offset-completion).
  if ((k.groups[GROUP]?.completions?.length ?? 0) > 0) return { type: 'CompleteTxnOffsets', group: GROUP };
  const marker = firstMarker(k);
  if (marker) return marker;
  // Requests in flight land oldest first (no reordering in the drain), each instance's in creation order.
  for (const i of s.apps) {
    const f = i.inflight?.find((g) => landable(k, g));
    if (f) return { type: 'Land', instance: i.id, request: f.request };
  }
  for (let slot = 0; slot < s.config.instances; slot++) {
    const last = latestOfSlot(s, slot);
    if (last && gone(last)) return { type: 'Restart', slot };
  }
  for (const i of s.apps) {
    if (!canAct(i)) continue;
    const a = instanceStep(s, i);
    if (a) return a;
  }
  for (let txn = 0; txn < k.txns.length; txn++) if (expired(k, txn, s.now)) return { type: 'ExpireTxn', txn };
  const due = nextDeadline(k, s.now) ?? nextSessionExpiry(s) ?? nextRevocationDue(s);
  return due !== null ? { type: 'Tick' } : null;
}
