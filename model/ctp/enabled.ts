/**
 * `enabled(state)`: every action possible now, in a fixed order: each instance in creation order
 * (its calls in `appActionTypes` order, partitions ascending), then per transactional.id the
 * coordinator's WriteTxnMarkers and ExpireTxn, per instance slot the supervisor's Restart, Tick,
 * and the faults Crash, Pause, Resume by instance, LoseProducerState. Pure.
 */
import { expired } from '../kafka/coordinator.js';
import { nextDeadline } from '../kafka/step.js';
import type { AppAction } from './actions.js';
import { canAct, isTxnApp, latestOfSlot, restoreReady, restoring, uncommitted, workable, type AppInstance, type AppState } from './state.js';

/** Whether the instance's producer is usable (EOS v1 creates it only for an owned task). */
export function producerDue(s: AppState, i: AppInstance): boolean {
  return i.producer === 'new' && (!s.config.txnIdPerTask || i.owned.length > 0);
}

/** The loop's calls of a live instance, in order. Pure. */
export function instanceActions(s: AppState, i: AppInstance, out: AppAction[]): void {
  if (!canAct(i)) return;
  const c = s.config;
  const instance = i.id;
  if (i.life === 'unjoined') {
    out.push({ type: 'Join', instance });
    return;
  }
  if (producerDue(s, i)) out.push({ type: 'InitProducerId', instance });
  if (restoring(c, i)) {
    if (i.restoreEnd === null) out.push({ type: 'InitializeTask', instance });
    else if (restoreReady(s, i)) out.push({ type: 'RestoreStore', instance });
  } else for (const p of [...i.owned].sort((a, b) => a - b)) if (i.positions[p] === null) out.push({ type: 'FetchOffset', instance, partition: p });
  if (i.producer !== 'ready') return;
  const work = workable(c, i);
  const process = (ps: readonly number[]): void => {
    for (const partition of ps) {
      out.push({ type: 'Process', instance, partition });
      if (c.network && c.sink === 'kafka') out.push({ type: 'ProcessRetried', instance, partition });
    }
  };
  if (!isTxnApp(c)) {
    const pending = uncommitted(i);
    if (c.autoCommit) {
      process(work);
      if (pending > 0 && work.length === 0) out.push({ type: 'CommitOffsets', instance });
      if (pending > 0 && s.now - i.lastAutoCommitMs >= c.autoCommitIntervalMs) out.push({ type: 'AutoCommit', instance });
    } else if (c.strategy === 'commit-then-process') {
      if (i.ahead !== null) process([i.ahead]);
      else if (work.length > 0) out.push({ type: 'CommitOffsets', instance });
    } else {
      if (pending < c.commitEvery) process(work);
      if (pending > 0) out.push({ type: 'CommitOffsets', instance });
    }
    return;
  }
  const t = i.txn;
  if (!t) {
    if (work.length > 0) out.push({ type: 'BeginTxn', instance });
    return;
  }
  if (t.error === null) {
    if (!t.offsetsSent && t.records < c.commitEvery) process(work);
    if (t.records > 0 && !t.offsetsSent) out.push({ type: 'SendOffsets', instance });
    if (t.offsetsSent) out.push({ type: 'CommitTxn', instance });
  }
  out.push({ type: 'AbortTxn', instance });
}

/** Every action enabled in `s`, in the documented order. Pure. */
export function appEnabled(s: AppState): AppAction[] {
  const out: AppAction[] = [];
  const c = s.config;
  for (const i of s.apps) instanceActions(s, i, out);
  for (let slot = 0; slot < c.producers; slot++) {
    const t = s.txns[slot]!;
    if (t.state === 'PrepareCommit' || t.state === 'PrepareAbort') out.push({ type: 'WriteTxnMarkers', slot });
    if (expired(s, slot)) out.push({ type: 'ExpireTxn', slot });
  }
  for (let slot = 0; slot < c.instances; slot++) {
    const last = latestOfSlot(s, slot);
    if (last && (last.life === 'crashed' || last.life === 'fenced' || last.life === 'failed')) out.push({ type: 'Restart', slot });
  }
  if (nextDeadline(s) !== null) out.push({ type: 'Tick' });
  if (s.faults.crashes < c.crashes) for (const i of s.apps) if (canAct(i)) out.push({ type: 'Crash', instance: i.id });
  if (c.zombies && s.faults.pauses < 1) {
    for (const i of s.apps) {
      if (i.paused || i.life !== 'member' || !s.group.members.includes(i.id)) continue;
      if (s.apps.some((o) => o.id !== i.id && canAct(o))) out.push({ type: 'Pause', instance: i.id });
    }
  }
  for (const i of s.apps) if (i.paused) out.push({ type: 'Resume', instance: i.id });
  if (c.producerStateLoss && s.lost < 1 && s.partitions.some((p) => p.producers.some((e) => e.firstOpenOffset === null))) out.push({ type: 'LoseProducerState' });
  return out;
}
