/**
 * `enabled(state)`: every action possible now, in a fixed order: the coordinator's
 * WriteTxnMarkers and ExpireTxn by transactional.id, Restart, the task's AbortLingering,
 * InitSink, Notify, Commit (oldest committable), Ack, Process by input, Send, Read by input,
 * Trigger, then Tick (see `clockMayMove`) and the faults Crash, LoseNotification, JobManagerFail.
 * Pure.
 */
import { expired } from '../kafka/coordinator.js';
import type { FlinkAction } from './actions.js';
import { arrived, type FlinkState } from './state.js';
import { nextEvent, workLeft } from './time.js';

/** Whether the count operator may take the head of channel `i`: not empty, not blocked by alignment. */
export function canProcess(s: FlinkState, i: number): boolean {
  const t = s.task!;
  return t.channels[i]!.length > 0 && !(s.config.checkpointingMode === 'EXACTLY_ONCE' && t.aligned[i]);
}

/** The committable the committer would commit next, if it may: the oldest, once its checkpoint is notified or restored. */
export function nextCommit(s: FlinkState): number | null {
  const c = s.task?.committables[0];
  return c && c.checkpoint <= s.task!.commitUpTo ? c.checkpoint : null;
}

/** The work actions of the JobManager, coordinator and task, in the drain's priority order. Pure. */
export function workActions(s: FlinkState, out: FlinkAction[]): void {
  const c = s.config;
  s.kafka.txns.forEach((x, txn) => {
    if (x.state === 'PrepareCommit' || x.state === 'PrepareAbort') out.push({ type: 'WriteTxnMarkers', txn });
  });
  s.kafka.txns.forEach((_, txn) => {
    if (expired(s.kafka, txn)) out.push({ type: 'ExpireTxn', txn });
  });
  if (s.jm.restartAt !== null && s.now >= s.jm.restartAt) out.push({ type: 'Restart' });
  const t = s.task;
  if (!t) return;
  const w = t.writer;
  if (w.init === 'probe') out.push({ type: 'AbortLingering' });
  if (w.init === 'init') out.push({ type: 'InitSink' });
  const running = t.status === 'running';
  if (running && s.jm.notify !== null) out.push({ type: 'Notify' });
  const commit = nextCommit(s);
  if (commit !== null) out.push({ type: 'Commit', checkpoint: commit });
  if (!running || w.init !== 'ready') return;
  if (s.jm.pending?.snapshot) out.push({ type: 'Ack' });
  for (let i = 0; i < c.inputs; i++) if (canProcess(s, i)) out.push({ type: 'Process', input: i });
  if (w.buffer.length > 0) out.push({ type: 'Send' });
  const a = arrived(c, s.now);
  for (let i = 0; i < c.inputs; i++) if (t.splits[i]! < a) out.push({ type: 'Read', input: i });
  if (s.jm.pending === null && s.now >= s.jm.nextTriggerAt && workLeft(s)) out.push({ type: 'Trigger' });
}

/** The data path: sources may lag and channels may hold records while time passes (backpressure). */
const dataPath: ReadonlySet<FlinkAction['type']> = new Set(['Read', 'Process', 'Send']);

/**
 * Whether time may pass, given the work actions enabled now: only when no checkpoint is pending
 * and nothing but the data path is left (checkpoints, notifications, commits, restarts, the
 * coordinator's work are urgent: they happen at their instant). Delays beyond that come from
 * faults (a crash and its restart delay, a lost notification), so `transaction.timeout.ms` above
 * the longest checkpoint plus restart is safe. Pure.
 */
export function clockMayMove(s: FlinkState, work: readonly FlinkAction[]): boolean {
  return s.jm.pending === null && work.every((a) => dataPath.has(a.type)) && nextEvent(s) !== null;
}

/** Every action enabled in `s`, in the documented order. Pure. */
export function enabled(s: FlinkState): FlinkAction[] {
  const out: FlinkAction[] = [];
  const c = s.config;
  workActions(s, out);
  if (clockMayMove(s, out)) out.push({ type: 'Tick' });
  if (s.task && s.faults.crashes < c.crashes) out.push({ type: 'Crash' });
  if (s.task && s.jm.notify !== null && s.faults.lost < c.lostNotifications) out.push({ type: 'LoseNotification' });
  if (s.jm.restartAt === null && s.faults.jobmanager < c.jobManagerFailures) out.push({ type: 'JobManagerFail' });
  return out;
}
