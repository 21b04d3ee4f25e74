/**
 * The final drain: a fixed, fault-free policy that drives the system to quiescence after an
 * explored prefix, so `no-loss` and `no-hanging-transaction` judge a finished run. Priority:
 * produces parked at their leaders; pending markers, one partition at a time; each app's latest instance finishing its
 * work (restarting it when dead);
 * expired transactions; time passing to the next transaction deadline. Pure.
 */

import { firstMarker } from '../kafka/actions.js';
import { nextTransactionStep } from '../kafka/producer.js';
import { replicationDrain } from '../kafka/replication-actions.js';
import { expired, nextDeadline } from '../kafka/transactions.js';
import { txnLogShrunk } from '../kafka/txn-log-isr.js';
import { txnLogLoading } from '../kafka/txn-log-load.js';
import type { KafkaTxnAction } from './actions.js';
import { ackDue } from './client.js';
import { drained, landable } from './inflight.js';
import { dead, isTransactional, type KafkaTxnState, latestInstance, live } from './state.js';

/** The next step of app `app` towards finishing its input, or null when it is done. */
function appAction(s: KafkaTxnState, app: number): KafkaTxnAction | null {
  const c = s.config;
  const i = latestInstance(s, app);
  if (!i) return null;
  if (dead(i)) return { type: 'Restart', app };
  const instance = i.id;
  const more = i.position < c.inputRecords;
  const partition = i.requeued ?? i.position % c.partitions;
  const t = i.producer.transaction;
  if (i.unacked.length > 0 && !t?.error && i.acking === undefined) return { type: 'Retry', instance };
  if (!isTransactional(c)) {
    if (more) return { type: 'Produce', instance, partition };
    return i.position > i.committedPosition ? { type: 'CommitOffsets', instance } : null;
  }
  if (i.status === 'new') return { type: 'InitProducerId', instance };
  if (i.status === 'ready') return more ? { type: 'BeginTxn', instance } : null;
  if (!t) return null;
  if (i.awaiting !== null || i.acking !== undefined || i.inflight !== undefined || i.draining) return null;
  // A switch, not a lookup in an object of every answer: the drain asks this at every step.
  switch (nextTransactionStep(t, more, s.kafka.rules)) {
    case 'abort':
      return { type: 'AbortTxn', instance };
    case 'write':
      return { type: 'Produce', instance, partition };
    case 'add-offsets':
      return { type: 'AddOffsetsToTxn', instance };
    case 'send-offsets':
      return { type: 'TxnOffsetCommit', instance };
    case 'commit':
      return { type: 'CommitTxn', instance };
  }
}

/** The drain's next action, or null at quiescence. Pure. */
export function drain(s: KafkaTxnState): KafkaTxnAction | null {
  const k = s.kafka;
  // A coordinator loading its partition finishes first: until then it refuses every transactional request.
  if (txnLogLoading(k)) return { type: 'CoordinatorLoaded' };
  // So does a follower of its log catching up (faults.txn-log-isr-shrink): until then no append succeeds.
  if (txnLogShrunk(k)) return { type: 'TxnLogIsrExpand' };
  const replicate = replicationDrain(k);
  if (replicate) return replicate;
  // Loops, not `find` with a closure over `s`: this runs at every drain step.
  for (const i of s.instances) if (live(i) && ackDue(s, i)) return { type: 'AckProduce', instance: i.id };
  for (const i of s.instances) if (i.awaiting !== null) return { type: 'Append', instance: i.id };
  const marker = firstMarker(k);
  if (marker) return marker;
  // Requests in flight land oldest first (in order: no reordering in the drain); a drained client bumps its epoch.
  for (const i of s.instances) {
    const f = i.inflight?.find((g) => landable(s, g));
    if (f) return { type: 'Land', instance: i.id, request: f.request };
    if (live(i) && drained(i)) return { type: 'BumpEpoch', instance: i.id };
  }
  for (let app = 0; app < s.config.producers; app++) {
    const a = appAction(s, app);
    if (a) return a;
  }
  for (let txn = 0; txn < k.txns.length; txn++) if (expired(k, txn, s.now)) return { type: 'ExpireTxn', txn };
  return nextDeadline(k, s.now) !== null ? { type: 'Tick' } : null;
}
