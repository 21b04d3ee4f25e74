/**
 * `enabled(state)`: every action possible now, in a fixed order: the coordinator's
 * WriteTxnMarkers and ExpireTxn by transactional.id, Restart, the task's AbortLingering,
 * InitSink, Notify, Commit (oldest committable), Ack, Process by input, Send, Read by input,
 * Trigger (job 1's, then job 2's with jobs=2), then Tick (see `clockMayMove`) and the faults
 * Crash, LoseNotification, JobManagerFail (per job). Pure.
 */
import { expired } from '../kafka/coordinator.js';
import type { FlinkAction } from './actions.js';
import { arrived, jobInputs, slotOf, type FlinkState, type JobNo } from './state.js';
import { jobWorkLeft, nextEvent } from './time.js';

/** Whether job `no`'s count operator may take the head of channel `i`: not empty, not blocked by alignment. */
export function canProcess(s: FlinkState, i: number, no: JobNo = 1): boolean {
  const t = slotOf(s, no).task!;
  return t.channels[i]!.length > 0 && !(s.config.checkpointingMode === 'EXACTLY_ONCE' && t.aligned[i]);
}

/** The committable job `no`'s committer would commit next, if it may: the oldest, once its checkpoint is notified or restored. */
export function nextCommit(s: FlinkState, no: JobNo = 1): number | null {
  const task = slotOf(s, no).task;
  const c = task?.committables[0];
  return c && c.checkpoint <= task!.commitUpTo ? c.checkpoint : null;
}

/** The work actions of the coordinator, then of job 1's JobManager and task, then job 2's, in the drain's priority order. Pure. */
export function workActions(s: FlinkState, out: FlinkAction[]): void {
  s.kafka.txns.forEach((x, txn) => {
    if (x.state === 'PrepareCommit' || x.state === 'PrepareAbort') out.push({ type: 'WriteTxnMarkers', txn });
  });
  s.kafka.txns.forEach((_, txn) => {
    if (expired(s.kafka, txn)) out.push({ type: 'ExpireTxn', txn });
  });
  jobActions(s, 1, out);
  if (s.second) jobActions(s, 2, out);
}

/** Job `no`'s work actions (tagged `job: 2` for job 2). Pure. */
function jobActions(s: FlinkState, no: JobNo, out: FlinkAction[]): void {
  const c = s.config;
  const j = slotOf(s, no);
  const of = no === 2 ? ({ job: 2 } as const) : {};
  if (j.jm.restartAt !== null && s.now >= j.jm.restartAt) out.push({ type: 'Restart', ...of });
  const t = j.task;
  if (!t) return;
  const w = t.writer;
  if (w.init === 'probe') out.push({ type: 'AbortLingering', ...of });
  if (w.init === 'init') out.push({ type: 'InitSink', ...of });
  const running = t.status === 'running';
  if (running && j.jm.notify !== null) out.push({ type: 'Notify', ...of });
  const commit = nextCommit(s, no);
  if (commit !== null) out.push({ type: 'Commit', checkpoint: commit, ...of });
  if (!running || w.init !== 'ready') return;
  if (j.jm.pending?.snapshot) out.push({ type: 'Ack', ...of });
  const n = jobInputs(c, no);
  for (let i = 0; i < n; i++) if (canProcess(s, i, no)) out.push({ type: 'Process', input: i, ...of });
  if (w.buffer.length > 0) out.push({ type: 'Send', ...of });
  const a = arrived(c, s.now);
  for (let i = 0; i < n; i++) if (t.splits[i]! < a) out.push({ type: 'Read', input: i, ...of });
  if (j.jm.pending === null && s.now >= j.jm.nextTriggerAt && jobWorkLeft(s, no)) out.push({ type: 'Trigger', ...of });
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
  return s.jm.pending === null && (s.second === null || s.second.jm.pending === null) && work.every((a) => dataPath.has(a.type)) && nextEvent(s) !== null;
}

/** Every action enabled in `s`, in the documented order. Pure. */
export function enabled(s: FlinkState): FlinkAction[] {
  const out: FlinkAction[] = [];
  const c = s.config;
  workActions(s, out);
  if (clockMayMove(s, out)) out.push({ type: 'Tick' });
  for (const no of s.second ? ([1, 2] as const) : ([1] as const)) {
    const j = slotOf(s, no);
    const of = no === 2 ? ({ job: 2 } as const) : {};
    if (j.task && s.faults.crashes < c.crashes) out.push({ type: 'Crash', ...of });
    if (j.task && j.jm.notify !== null && s.faults.lost < c.lostNotifications) out.push({ type: 'LoseNotification', ...of });
    if (j.jm.restartAt === null && s.faults.jobmanager < c.jobManagerFailures) out.push({ type: 'JobManagerFail', ...of });
  }
  return out;
}
