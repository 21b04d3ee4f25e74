/**
 * `enabled(state)`: every action possible now, in a fixed order: each instance in creation order (its calls in
 * `kafkaActionTypes` order, partitions ascending), then per app the coordinator's WriteTxnMarkers,
 * ExpireTxn and the supervisor's Restart, then deliveries by request id, Tick, and the faults
 * Crash, Pause, Resume by instance in creation order. Pure.
 */
import type { KafkaAction } from './actions.js';
import { expired } from './coordinator.js';
import { nextDeadline } from './step.js';
import { isTransactional, latestInstance, type Instance, type KafkaState } from './state.js';

/** An instance that can act: not crashed, fenced, failed or paused. */
export function live(i: Instance): boolean {
  return !i.paused && (i.status === 'new' || i.status === 'ready' || i.status === 'in-txn');
}

/** The client calls instance `i` can make now, in order. Pure. */
export function clientActions(s: KafkaState, i: Instance, out: KafkaAction[]): void {
  if (!live(i)) return;
  const c = s.config;
  const instance = i.id;
  const more = i.position < c.inputRecords;
  const idle = i.unacked.length === 0;
  if (!isTransactional(c)) {
    if (i.status !== 'ready') return;
    if (more && idle) {
      for (let p = 0; p < c.partitions; p++) out.push({ type: 'Produce', instance, partition: p });
      if (c.network) for (let p = 0; p < c.partitions; p++) out.push({ type: 'ProduceDelayed', instance, partition: p });
    }
    if (!idle) out.push({ type: 'Retry', instance });
    if (idle && i.position > i.committedPosition) out.push({ type: 'CommitOffsets', instance });
    return;
  }
  if (i.status === 'new') {
    out.push({ type: 'InitProducerId', instance });
    return;
  }
  if (i.status === 'ready') {
    if (more) out.push({ type: 'BeginTxn', instance });
    return;
  }
  const t = i.txn!;
  if (t.error === null) {
    if (more && idle && !t.offsetsSent) {
      for (let p = 0; p < c.partitions; p++) out.push({ type: 'Produce', instance, partition: p });
      if (c.network) for (let p = 0; p < c.partitions; p++) out.push({ type: 'ProduceDelayed', instance, partition: p });
    }
    if (!idle) out.push({ type: 'Retry', instance });
    if (idle && t.records > 0 && !t.offsetsSent) out.push({ type: 'SendOffsets', instance });
    if (idle && t.offsetsSent) {
      out.push({ type: 'CommitTxn', instance });
      if (c.network) out.push({ type: 'CommitTxnDelayed', instance });
    }
  }
  out.push({ type: 'AbortTxn', instance });
}

/** Every action enabled in `s`, in the documented order. Pure. */
export function enabled(s: KafkaState): KafkaAction[] {
  const out: KafkaAction[] = [];
  const c = s.config;
  for (const i of s.instances) clientActions(s, i, out);
  for (let app = 0; app < c.producers; app++) {
    const t = s.txns[app]!;
    if (t.state === 'PrepareCommit' || t.state === 'PrepareAbort') out.push({ type: 'WriteTxnMarkers', app });
    if (expired(s, app)) out.push({ type: 'ExpireTxn', app });
    const last = latestInstance(s, app);
    if (last && (last.status === 'crashed' || last.status === 'fenced' || last.status === 'failed')) out.push({ type: 'Restart', app });
  }
  for (const r of s.network) out.push({ type: 'Deliver', request: r.id });
  if (nextDeadline(s) !== null) out.push({ type: 'Tick' });
  if (s.faults.crashes < c.crashes) for (const i of s.instances) if (live(i)) out.push({ type: 'Crash', instance: i.id });
  if (c.zombies && s.faults.pauses < 1) {
    for (const i of s.instances) if (live(i) && i.status !== 'new' && latestInstance(s, i.app) === i) out.push({ type: 'Pause', instance: i.id });
  }
  for (const i of s.instances) {
    if (!i.paused) continue;
    const replacement = latestInstance(s, i.app);
    if (replacement && replacement.id !== i.id && replacement.status !== 'new') out.push({ type: 'Resume', instance: i.id });
  }
  return out;
}
