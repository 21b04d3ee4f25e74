/**
 * Logical time: what is left for the job to do, and the next moment something happens (a record
 * arrives, a checkpoint is due, the job restarts, a transaction times out). Pure.
 */
import { expiryScanAt, timeoutsApply } from '../kafka/timeouts.js';
import { txnLogShrunk } from '../kafka/txn-log-isr.js';
import { txnLogLoading } from '../kafka/txn-log-load.js';
import { abandoned } from './abandon.js';
import { checkpointingOn } from './bounded.js';
import { type FlinkConfig, unalignedOn } from './config.js';
import { baseIntervalMs } from './init.js';
import {
  arrived,
  type FlinkState,
  type JobManager,
  type JobNo,
  type PendingCheckpoint,
  slotOf,
  writersOf,
} from './state.js';

/**
 * Whether the job (every job, with jobs=2) has work left: input still to arrive, read, process or
 * write; a transaction with records not pre-committed; committables, a pending checkpoint or
 * notification; markers to write; a restart to come. Without work left the run is finished
 * (quiescence) once no transaction is still open with a deadline ahead: the drain waits for the
 * coordinator's timeout abort, so a hanging transaction is judged as what it is, not as lost
 * records behind its LSO. Pure.
 */
export function workLeft(s: FlinkState): boolean {
  // A coordinator still loading after a move, or whose log is short of replicas, has that to finish first.
  return (
    jobWorkLeft(s, 1) ||
    (s.second !== null && jobWorkLeft(s, 2)) ||
    timingOut(s) ||
    txnLogLoading(s.kafka) ||
    txnLogShrunk(s.kafka)
  );
}

/** Whether a transaction is open with a timeout ahead or due: the coordinator will abort it. Pure. */
function timingOut(s: FlinkState): boolean {
  for (let txn = 0; txn < s.kafka.txns.length; txn++) if (expiryScan(s, txn) !== null) return true;
  return false;
}

/** `workLeft` for job `no` (the shared input arrivals and coordinator markers included). Pure. */
export function jobWorkLeft(s: FlinkState, no: JobNo): boolean {
  const c = s.config;
  const j = slotOf(s, no);
  // A job never resubmitted has nothing left to do.
  if (abandoned(j.jm)) return false;
  if (j.jm.restartAt !== null || !j.task) return true;
  if (arrived(c, s.now) < c.inputRecords) return true;
  const t = j.task;
  const ws = writersOf(t);
  if (t.status !== 'running' || ws.some((w) => w.init !== 'ready')) return true;
  if (t.splits.some((p) => p < c.inputRecords)) return true;
  if (t.channels.some((ch) => ch.length > 0)) return true;
  if (ws.some((w) => w.buffer.length > 0 || (w.txn?.producer.transaction?.records ?? 0) > 0)) return true;
  if (ws.some((w) => w.error !== null)) return true;
  if (t.committables.length > 0 || j.jm.pending.length > 0 || j.jm.notify !== null) return true;
  return s.kafka.txns.some((x) => x.state === 'PrepareCommit' || x.state === 'PrepareAbort');
}

/** The next time after `now` something happens, or null: the clock has nowhere to go. Pure. */
export function nextEvent(s: FlinkState): number | null {
  const c = s.config;
  let best: number | null = null;
  const at = (t: number): void => {
    if (t > s.now && (best === null || t < best)) best = t;
  };
  const a = arrived(c, s.now);
  if (a < c.inputRecords) at((a + 1) * c.inputIntervalMs);
  if (s.jm.restartAt !== null) at(s.jm.restartAt);
  // Without checkpointing no checkpoint is ever due.
  const periodic = checkpointingOn(c);
  if (periodic && s.task && jobWorkLeft(s, 1)) at(triggerAt(s, 1));
  for (const p of [...s.jm.pending, ...(s.second?.jm.pending ?? [])]) {
    at(p.ackAt);
    at(p.triggeredAt + c.checkpointTimeoutMs);
  }
  const j = s.second;
  if (j && j.jm.restartAt !== null) at(j.jm.restartAt);
  if (periodic && j?.task && jobWorkLeft(s, 2)) at(triggerAt(s, 2));
  for (const no of s.second ? ([1, 2] as const) : ([1] as const)) {
    const switchAt = alignmentTimeoutAt(s, no);
    if (switchAt !== null) at(switchAt);
  }
  for (let txn = 0; txn < s.kafka.txns.length; txn++) {
    const scan = expiryScan(s, txn);
    if (scan !== null) at(scan);
  }
  // A commit retried later (faults.commit-retries).
  for (const t of [s.task, s.second?.task]) {
    if (t?.retryAt !== undefined) at(t.retryAt);
    for (const c of t?.committables ?? []) if (c.retryAt !== undefined) at(c.retryAt);
  }
  return best;
}

/**
 * When the coordinator's scan aborts transaction `txn` for its timeout (the first scan at or after its deadline), or
 * null when it is not open. Pure.
 */
function expiryScan(s: FlinkState, txn: number): number | null {
  const t = s.kafka.txns[txn]!;
  if (t.state !== 'Ongoing' || t.startMs === null || !timeoutsApply(s.config.twoPhaseCommit)) return null;
  return expiryScanAt(t.startMs + s.kafka.rules.transactionTimeoutMs, s.config.expiryScanIntervalMs);
}

/** Whether the coordinator's scan aborts transaction `txn` now. Pure. */
export function timedOut(s: FlinkState, txn: number): boolean {
  const scan = expiryScan(s, txn);
  return scan !== null && s.now >= scan;
}

/**
 * When job `no`'s next periodic checkpoint may be triggered: its slot on the interval grid, but no sooner than
 * execution.checkpointing.min-pause after the last completed one (CheckpointRequestDecider fails an early periodic
 * request with MINIMUM_TIME_BETWEEN_CHECKPOINTS and reschedules the timer for the pause's end; `trigger` then
 * restarts the grid there). Pure.
 */
export function triggerAt(s: FlinkState, no: JobNo): number {
  const jm = slotOf(s, no).jm;
  const last = jm.latest;
  return last && s.config.minPauseMs > 0 ? Math.max(jm.nextTriggerAt, last.at + s.config.minPauseMs) : jm.nextTriggerAt;
}

/**
 * When the first checkpoint since the (re)start is due if the random initial delay is min-pause: the start is one
 * interval before the late draw (`nextTriggerAt` while `delayOpen`). Pure.
 */
export function earlyTriggerAt(c: FlinkConfig, jm: Pick<JobManager, 'nextTriggerAt'>): number {
  return jm.nextTriggerAt - baseIntervalMs(c) + c.minPauseMs;
}

/**
 * Whether checkpoint `p` still aligns its barriers at `now`: unaligned checkpoints off, or on with
 * execution.checkpointing.aligned-checkpoint-timeout above 0 and not yet passed since its trigger (the barrier's
 * timestamp; CheckpointOptions.alignedCheckpointTimeout). Pure.
 */
export function alignedAt(c: FlinkConfig, p: Pick<PendingCheckpoint, 'triggeredAt'>, now: number): boolean {
  return !unalignedOn(c) || (c.alignedTimeoutMs > 0 && now < p.triggeredAt + c.alignedTimeoutMs);
}

/**
 * When job `no`'s checkpoint, aligning with barriers already taken, switches to unaligned; null when none aligns
 * under an aligned-checkpoint timeout. Pure.
 */
export function alignmentTimeoutAt(s: FlinkState, no: JobNo): number | null {
  const c = s.config;
  const j = slotOf(s, no);
  if (!unalignedOn(c) || c.alignedTimeoutMs === 0 || !j.task?.aligned.some(Boolean)) return null;
  const p = j.jm.pending.find((x) => x.snapshot === null);
  return p ? p.triggeredAt + c.alignedTimeoutMs : null;
}

/** `20.0 s` or `1500 ms`: a moment of the logical clock as a trace shows it. Pure. */
export function at(ms: number): string {
  return ms % 100 === 0 && ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
