/**
 * The actions of `flink-kafka`, one table entry each: the JobManager's checkpoint coordinator, the
 * tasks (sources, count operator, KafkaSink writer and committer), the Kafka transaction
 * coordinator (shared with every Kafka model), time and faults. A job action names job 2 with
 * `job: 2`; each entry lists job 1's action before job 2's.
 */
import type { ActionTable, Lanes, SharedPass } from '../core/model.js';
import { type CoordinatorAction, coordinatorActions, embedded } from '../kafka/actions.js';
import { ctxOf } from '../kafka/cluster.js';
import { markerTargets } from '../kafka/transactions.js';
import { txnLogShrunk } from '../kafka/txn-log-isr.js';
import { txnLogLoading } from '../kafka/txn-log-load.js';
import { abandoned } from './abandon.js';
import { checkpointingOn, endable, endInput, finished } from './bounded.js';
import { cancelDue, cancelJob, cancelling } from './cancel.js';
import {
  blockCommit,
  blockEnd,
  commitHeld,
  endTxnDown,
  failCommit,
  inSyncCommit,
  mayRetryCommit,
  releaseRetry,
  retriesUsedUp,
  retryCommitLater,
  retryPending,
} from './commit-retry.js';
import { highlyAvailable } from './config.js';
import { declinable, declineCheckpoint } from './decline.js';
import { failover, jobManagerFail } from './failure.js';
import {
  ack,
  advanceTo,
  alignmentTimeout,
  changePrefix,
  earlyFirstCheckpoint,
  expireCheckpoint,
  loseNotification,
  loseSubtaskNotification,
  notify,
  processItem,
  read,
  rescale,
  restart,
  restoreSavepoint,
  sinkActive,
  slowCheckpoint,
  subtaskSnapshot,
  subtaskSnapshotDue,
  tick,
  trigger,
} from './job.js';
import { extractPrefix, listing } from './pooling.js';
import {
  finishStop,
  resumable,
  resumeFromSavepoint,
  savepointable,
  stopDone,
  stopping,
  triggerSavepoint,
} from './savepoint.js';
import { abortLingering, commit, initSink, mailboxCheck, noteTimeout, send, sendError } from './sink.js';
import {
  ackable,
  arrived,
  type DeclinedBy,
  type FlinkState,
  heldAt,
  holderOf,
  inputBase,
  inputName,
  type JobNo,
  jobInputs,
  levelOf,
  nameSub,
  notifyTargets,
  type PendingCheckpoint,
  rescaledTo,
  sinkPrefix,
  sinkTransactionalId,
  slotOf,
  snapshotsDue,
  subtaskOf,
  writerOf,
  writersOf,
} from './state.js';
import { changeStrategy, pooling, strategyChangeable } from './strategy.js';
import { alignmentTimeoutAt, at, earlyTriggerAt, jobWorkLeft, nextEvent, timedOut, triggerAt } from './time.js';

/** Which job a job action is for: absent for job 1, `2` for the second job of `jobs=2`. */
export type OfJob = { readonly job?: 2 };
/** Which sink subtask a writer action is for: absent for subtask 0, else its index (parallelism 2 or 3). */
export type OfSubtask = { readonly subtask?: number };

/** Actions of `flink-kafka`. One tag (`type`). */
export type FlinkAction =
  // Kafka transaction coordinator (`txn`: index of the transactional.id)
  | CoordinatorAction
  // JobManager
  | ({ readonly type: 'Restart' } & OfJob)
  // tasks
  | ({ readonly type: 'AbortLingering' } & OfJob & OfSubtask)
  | ({ readonly type: 'InitSink' } & OfJob & OfSubtask)
  | ({ readonly type: 'Notify' } & OfJob & OfSubtask)
  | ({ readonly type: 'Commit'; readonly checkpoint: number } & OfJob & OfSubtask)
  | ({ readonly type: 'CommitFailed'; readonly checkpoint: number } & OfJob)
  | ({ readonly type: 'FinishStop' } & OfJob)
  | ({ readonly type: 'CancelJob' } & OfJob)
  | ({ readonly type: 'EndOfInput' } & OfJob)
  | ({ readonly type: 'SinkSnapshot' } & OfJob & OfSubtask)
  | ({ readonly type: 'Ack' } & OfJob)
  | ({ readonly type: 'AlignmentTimeout' } & OfJob)
  | ({ readonly type: 'Process'; readonly input: number } & OfJob)
  | ({ readonly type: 'Send' } & OfJob & OfSubtask)
  | ({ readonly type: 'MailboxCheck' } & OfJob & OfSubtask)
  | ({ readonly type: 'Read'; readonly input: number } & OfJob)
  | ({ readonly type: 'Trigger' } & OfJob)
  | ({ readonly type: 'ExpireCheckpoint' } & OfJob)
  // time
  | { readonly type: 'Tick' }
  // faults
  | ({ readonly type: 'Crash' } & OfJob)
  | ({ readonly type: 'LoseNotification' } & OfJob)
  | ({ readonly type: 'LoseSubtaskNotification' } & OfJob & OfSubtask)
  | ({ readonly type: 'JobManagerFail' } & OfJob)
  | ({ readonly type: 'SlowCheckpoint' } & OfJob)
  | ({ readonly type: 'DeclineCheckpoint'; readonly by: DeclinedBy } & OfJob)
  | ({ readonly type: 'SendError' } & OfJob & OfSubtask)
  | ({ readonly type: 'RestoreSavepoint' } & OfJob)
  | ({ readonly type: 'ChangePrefix' } & OfJob)
  | ({ readonly type: 'Rescale' } & OfJob)
  | ({ readonly type: 'InitialDelay' } & OfJob)
  | ({ readonly type: 'Savepoint' } & OfJob)
  | ({ readonly type: 'ResumeFromSavepoint' } & OfJob)
  | ({ readonly type: 'CommitRetriable'; readonly checkpoint: number } & OfJob & OfSubtask)
  | ({ readonly type: 'ChangeStrategy' } & OfJob);

type S = FlinkState;

/** The job an action is for (1 when it names none). Pure. */
export function jobOf(a: FlinkAction): JobNo {
  return 'job' in a && a.job === 2 ? 2 : 1;
}

/** The sink subtask an action is for (0 when it names none). Pure. */
export function subtaskOfAction(a: FlinkAction): number {
  return 'subtask' in a && a.subtask !== undefined ? a.subtask : 0;
}

/** `{ subtask: k }` for sink subtask k's actions, nothing for subtask 0's. */
const ofSub = (sub: number): OfSubtask => (sub > 0 ? { subtask: sub } : {});
/** `sink` for subtask 0, `sink[1]` for subtask 1. */
const sinkName = (a: FlinkAction): string => (subtaskOfAction(a) > 0 ? `sink[${subtaskOfAction(a)}]` : 'sink');

/** The operator's call for each `faults.savepoint`. */
const SAVEPOINT_CALL = {
  none: 'Savepoint',
  intermediate: 'Savepoint',
  stop: 'StopWithSavepoint',
  cancel: 'CancelWithSavepoint',
} as const;

/** The jobs of the run. */
const jobs = (s: S): readonly JobNo[] => (s.second ? [1, 2] : [1]);
/** `{ job: 2 }` for job 2's actions, nothing for job 1's. */
const of = (no: JobNo): OfJob => (no === 2 ? { job: 2 } : {});
/** The prefix generation of the job an action is for. */
const gen = (s: S, a: FlinkAction): number => slotOf(s, jobOf(a)).jm.prefixGen;
/** `job2.` before job 2's calls. */
const prefix = (a: FlinkAction): string => (jobOf(a) === 2 ? 'job2.' : '');

/** Whether job `no`'s count operator may take the head of channel `i`: not empty, not blocked by alignment. Pure. */
export function canProcess(s: S, i: number, no: JobNo = 1): boolean {
  const j = slotOf(s, no);
  const t = j.task!;
  // Unaligned checkpoints mark inputs aligned only while aligning under an aligned-checkpoint timeout.
  const blocks = s.config.checkpointingMode === 'EXACTLY_ONCE';
  const head = t.channels[i]![0];
  if (head === undefined || (blocks && t.aligned[i])) return false;
  // Parallelism 2 or 3: a sink subtask that has not taken an aligned checkpoint's barrier gets no record after it, and
  // the next barrier waits for every subtask to have taken this one (barriers stay in order).
  const due = snapshotsDue(j.jm);
  if (due.length === 0) return true;
  return head.kind === 'record' && !due.includes(subtaskOf(j.jm.parallelism, head.value));
}

/**
 * The committable sink subtask `sub`'s committer of job `no` would commit next, if it may: the oldest it holds, once
 * its checkpoint is notified to that subtask or restored. Pure.
 */
export function nextCommit(s: S, no: JobNo = 1, sub = 0): number | null {
  const j = slotOf(s, no);
  const task = j.task;
  // flink.commit-retry=later: a committable waiting for its retry is passed over (commitAndEmitCheckpoints goes on).
  const c = task?.committables.find((x) => holderOf(x, j.jm.parallelism) === sub && !retryPending(x, s.now));
  return c && c.checkpoint <= levelOf(task!, sub) ? c.checkpoint : null;
}

/** Each sink subtask's next commit of job `no` (`nextCommit`), subtask 0's first. Pure. */
export function nextCommits(s: S, no: JobNo = 1): { readonly sub: number; readonly checkpoint: number }[] {
  const out: { sub: number; checkpoint: number }[] = [];
  for (let sub = 0; sub < slotOf(s, no).jm.parallelism; sub++) {
    const checkpoint = nextCommit(s, no, sub);
    if (checkpoint !== null) out.push({ sub, checkpoint });
  }
  return out;
}

/** Whether job `no`'s Commit starts a synchronous commit that EndTxn's failure blocks. Pure. */
function blocksAnew(s: S, no: JobNo): boolean {
  return s.config.commitRetry === 'synchronous' && endTxnDown(s) && slotOf(s, no).task?.retryAt === undefined;
}

/** Whether job `no`'s task runs with every writer ready (it reads, counts, sends and acknowledges then). */
function running(s: S, no: JobNo): boolean {
  const t = slotOf(s, no).task;
  return t !== null && t.status === 'running' && writersOf(t).every((w) => w.init === 'ready');
}

/**
 * Job `no`'s work actions, in the drain's priority order: restart, a checkpoint's expiry, the lingering-transaction
 * abort, the writer's InitProducerId, the notification, the oldest commit, the acknowledgement,
 * processing, sending, reading, a due checkpoint. Pure.
 */
export function jobWork(s: S, no: JobNo, out: FlinkAction[]): void {
  const c = s.config;
  const j = slotOf(s, no);
  const o = of(no);
  if (j.jm.restartAt !== null && s.now >= j.jm.restartAt) out.push({ type: 'Restart', ...o });
  const oldest = j.jm.pending[0];
  if (oldest && s.now >= oldest.triggeredAt + c.checkpointTimeoutMs) out.push({ type: 'ExpireCheckpoint', ...o });
  const t = j.task;
  // Cancel-with-savepoint: once its savepoint completed the job is cancelled, running (after the notification and
  // commits the drain delivers first: they race the cancel) or restarting after a task failure.
  if (!t) {
    if (cancelDue(s, no)) out.push({ type: 'CancelJob', ...o });
    return;
  }
  // flink.commit-retry=synchronous: a task inside its committer's commit does nothing else (the mailbox thread is in
  // notifyCheckpointComplete or initializeState); when the block ends the commit went through or the retries are
  // used up. Blocked in notifyCheckpointComplete, the task is RUNNING and the JobManager's scheduler runs on: it
  // triggers the periodic checkpoint (the sources snapshot and send their barriers), which the blocked sink cannot
  // take, so it expires after execution.checkpointing.timeout (600 s, under the default block of 660 s) and counts as a
  // failed checkpoint (CheckpointFailureManager). Blocked in initializeState (a restored committable), the task is
  // INITIALIZING and CheckpointCoordinator triggers nothing (NOT_ALL_REQUIRED_TASKS_RUNNING, not counted).
  if (inSyncCommit(s, no)) {
    const c = nextCommits(s, no)[0];
    if (c !== undefined && !commitHeld(t, s.now))
      out.push(
        retriesUsedUp(s, no)
          ? { type: 'CommitFailed', checkpoint: c.checkpoint, ...o }
          : { type: 'Commit', checkpoint: c.checkpoint, ...o, ...ofSub(c.sub) },
      );
    const restoredCommit = c !== undefined && t.restored !== null && c.checkpoint <= t.restored.checkpoint;
    if (t.status === 'running' && !restoredCommit && triggerDue(s, no)) out.push({ type: 'Trigger', ...o });
    return;
  }
  // POOLING: the committer, initialised first (operators initialise tail to head), commits the restored committables
  // before the writer lists, aborts and takes ids (INCREMENTING's ids never meet the restored ones).
  const writerWaits = pooling(s, no) && t.status === 'initializing' && nextCommits(s, no).length > 0;
  writersOf(t).forEach((w, sub) => {
    if (w.init === 'probe' && !writerWaits) out.push({ type: 'AbortLingering', ...o, ...ofSub(sub) });
    if (w.init === 'init' && !writerWaits) out.push({ type: 'InitSink', ...o, ...ofSub(sub) });
  });
  // Parallelism 2 or 3: one notification for each sink subtask's task.
  if (t.status === 'running' && j.jm.notify !== null) {
    if (j.jm.parallelism === 1) out.push({ type: 'Notify', ...o });
    else for (const sub of notifyTargets(j.jm)) out.push({ type: 'Notify', ...o, ...ofSub(sub) });
  }
  // faults.commit-retries: a commit that failed retriably waits for its retry.
  if (!commitHeld(t, s.now))
    for (const c of nextCommits(s, no)) out.push({ type: 'Commit', checkpoint: c.checkpoint, ...o, ...ofSub(c.sub) });
  if (stopDone(s, no)) out.push({ type: 'FinishStop', ...o });
  if (cancelDue(s, no)) out.push({ type: 'CancelJob', ...o });
  if (!running(s, no)) return;
  writersOf(t).forEach((w, sub) => {
    if (w.error !== null) out.push({ type: 'MailboxCheck', ...o, ...ofSub(sub) });
  });
  const switchAt = alignmentTimeoutAt(s, no);
  if (switchAt !== null && s.now >= switchAt) out.push({ type: 'AlignmentTimeout', ...o });
  for (let sub = 0; sub < j.jm.parallelism; sub++)
    if (subtaskSnapshotDue(s, no, sub)) out.push({ type: 'SinkSnapshot', ...o, ...ofSub(sub) });
  if (ackable(j.jm, s.now)) out.push({ type: 'Ack', ...o });
  const n = jobInputs(c, no);
  for (let i = 0; i < n; i++) if (canProcess(s, i, no)) out.push({ type: 'Process', input: i, ...o });
  writersOf(t).forEach((w, sub) => {
    if (w.buffer.length > 0) out.push({ type: 'Send', ...o, ...ofSub(sub) });
  });
  const a = arrived(c, s.now);
  // Stop-with-savepoint: the sources read nothing after its barrier, and no periodic checkpoint is triggered.
  const stopped = stopping(j.jm);
  if (endable(s, no)) out.push({ type: 'EndOfInput', ...o });
  for (let i = 0; i < n; i++) if (t.splits[i]! < a && !stopped) out.push({ type: 'Read', input: i, ...o });
  if (triggerDue(s, no)) out.push({ type: 'Trigger', ...o });
}

/**
 * Whether job `no`'s periodic checkpoint is due. CheckpointRequestDecider: a periodic request waits while
 * max-concurrent-checkpoints are pending; stop- and cancel-with-savepoint stop the scheduler; without checkpointing it
 * never runs. Pure.
 */
function triggerDue(s: S, no: JobNo): boolean {
  const jm = slotOf(s, no).jm;
  const room =
    jm.pending.length < s.config.maxConcurrent && !stopping(jm) && !cancelling(jm) && checkpointingOn(s.config);
  return room && s.now >= triggerAt(s, no) && jobWorkLeft(s, no);
}

/** Every work action: the coordinator's, then job 1's, then job 2's (the drain takes the first). Pure. */
export function workActions(s: S): FlinkAction[] {
  const out: FlinkAction[] = [];
  const k = s.kafka;
  // A transaction coordinator loading its partition after a move refuses everything until it is done.
  if (txnLogLoading(k)) out.push({ type: 'CoordinatorLoaded' });
  // So does one whose log's ISR is below min.isr (faults.txn-log-isr-shrink), until a follower catches up.
  if (txnLogShrunk(k)) out.push({ type: 'TxnLogIsrExpand' });
  for (let txn = 0; txn < k.txns.length; txn++)
    for (const t of markerTargets(k, txn))
      out.push({ type: 'WriteTxnMarker', txn, partition: t === 'offsets' ? '__consumer_offsets' : t });
  for (let txn = 0; txn < k.txns.length; txn++) if (timedOut(s, txn)) out.push({ type: 'ExpireTxn', txn });
  for (const no of jobs(s)) jobWork(s, no, out);
  return out;
}

/** The data path: sources may lag and channels may hold records while time passes (backpressure). */
const dataPath: ReadonlySet<FlinkAction['type']> = new Set(['Read', 'Process', 'Send']);

/**
 * Whether time may pass: only when no checkpoint is pending (unless backpressure slowed it) and nothing but the data
 * path is left (checkpoints, notifications, commits, restarts, the coordinator's work are urgent: they happen at
 * their instant). Delays beyond that come from faults (a crash and its restart delay, a lost notification, a slow
 * checkpoint), so `transaction.timeout.ms` above the longest checkpoint plus restart is safe. Pure.
 */
export function clockMayMove(s: S): boolean {
  // A task blocked in a synchronous commit acknowledges nothing: its pending checkpoints do not hold the clock.
  const waits = (ps: readonly PendingCheckpoint[], no: JobNo): boolean =>
    inSyncCommit(s, no) || ps.every((p) => p.ackAt > s.now);
  return (
    waits(s.jm.pending, 1) &&
    (s.second === null || waits(s.second.jm.pending, 2)) &&
    workActions(s).every((a) => dataPath.has(a.type)) &&
    nextEvent(s) !== null
  );
}

/** Every job's work actions, job 1's first: the pass each work tag's actions are listed by. */
const jobWorkPass: SharedPass<S, FlinkAction> = {
  list(s, emit) {
    for (const no of jobs(s)) {
      const out: FlinkAction[] = [];
      jobWork(s, no, out);
      for (const a of out) emit(a);
    }
  },
};

/** A work tag's `enabled` (job `no`'s work actions of type `type`, for every job) and the pass that lists them. */
function workOf<T extends FlinkAction['type']>(type: T) {
  return {
    enabled(s: S, emit: (a: Extract<FlinkAction, { type: T }>) => void): void {
      jobWorkPass.list(s, (a) => {
        // `a.type === type` makes `a` the variant of `type`; TypeScript does not narrow a union by a generic tag.
        if (a.type === type) emit(a as Extract<FlinkAction, { type: T }>);
      });
    },
    listedBy: jobWorkPass,
  };
}

const JM = 'JobManager';
const TM = 'TaskManager';
/** A lane of job `no`: `JobManager`, or `job2 JobManager`. */
const lane = (name: string, a: FlinkAction): string => (jobOf(a) === 2 ? `job2 ${name}` : name);
const lanes =
  (from: string, to?: string) =>
  (_s: S, a: FlinkAction): Lanes =>
    to === undefined ? { from: lane(from, a) } : { from: lane(from, a), to: to === 'coordinator' ? to : lane(to, a) };

const coordinator = coordinatorActions(
  embedded<S>(
    ctxOf,
    (s) => ({
      network: false,
      coordinatorMoves: s.config.coordinatorFailover,
      txnLogIsrShrink: s.config.txnLogIsrShrink,
      txnLogUncleanElection: s.config.txnLogUncleanElection,
      txnLogCleanElection: s.config.txnLogCleanElection,
      producerStateLoss: s.config.producerStateLoss,
    }),
    (s, _partition, producerId) => sinkActive(s, producerId),
    advanceTo,
  ),
);

/** The action table of `flink-kafka`. */
export const flinkActions = {
  ...coordinator,
  // The coordinator's timeout abort, noted first as ghost data: a transaction only the timeout ended hung.
  ExpireTxn: {
    ...coordinator.ExpireTxn,
    // At the coordinator's first expiry scan at or after the deadline.
    enabled(s, emit) {
      const k = s.kafka;
      for (let txn = 0; txn < k.txns.length; txn++) if (timedOut(s, txn)) emit({ type: 'ExpireTxn', txn });
    },
    effect(d, a) {
      noteTimeout(d, a.txn);
      coordinator.ExpireTxn.effect(d, a);
    },
  },
  Restart: {
    ...workOf('Restart'),
    effect: (d, a) => restart(d, jobOf(a)),
    describe: (s, a) => {
      const j = slotOf(s, jobOf(a));
      return (
        `${prefix(a)}JobManager.Restart(` +
        `${j.jm.latest ? `from checkpoint ${j.jm.latest.id}` : 'no checkpoint: scan.startup.mode'})`
      );
    },
    lanes: lanes(JM, TM),
  },
  AbortLingering: {
    ...workOf('AbortLingering'),
    effect: (d, a) => abortLingering(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const t = slotOf(s, jobOf(a)).task;
      const w = t ? writerOf(t, subtaskOfAction(a)) : undefined;
      if (pooling(s, jobOf(a))) {
        const j = slotOf(s, jobOf(a));
        const l = w ? listing(s.config, s.kafka, j.jm, w, jobOf(a)) : null;
        const id = l ? s.kafka.txns[l.next]?.transactionalId : undefined;
        const owner = id === undefined ? '' : extractPrefix(id);
        const other = l && id !== undefined && !l.prefixes.includes(owner) ? `, of prefix ${owner}` : '';
        const what = id === undefined ? 'none open' : `InitProducerId ${id}${other}`;
        return `${prefix(a)}${sinkName(a)}.AbortLingering(LISTING: ${what})`;
      }
      const probed = sinkTransactionalId(s.config, w?.probe ?? 0, jobOf(a), w?.probeGen ?? 0, w?.probeSub ?? 0);
      return `${prefix(a)}${sinkName(a)}.AbortLingering(InitProducerId ${probed})`;
    },
    lanes: lanes(TM, 'coordinator'),
  },
  InitSink: {
    ...workOf('InitSink'),
    effect: (d, a) => initSink(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const t = slotOf(s, jobOf(a)).task;
      const sub = subtaskOfAction(a);
      const w = t ? writerOf(t, sub) : undefined;
      const id = (n: number): string =>
        sinkTransactionalId(s.config, n, jobOf(a), gen(s, a), w ? nameSub(w, sub) : sub);
      if (w && pooling(s, jobOf(a))) return `${prefix(a)}${sinkName(a)}.InitProducerId(${id(w.name)}, pooled)`;
      const gap = w !== undefined && w.fill < w.name;
      const what = `${id((gap ? w.fill : w?.name) ?? 0)}${gap ? ', gap: left empty' : ''}`;
      return `${prefix(a)}${sinkName(a)}.InitProducerId(${what})`;
    },
    lanes: lanes(TM, 'coordinator'),
  },
  Notify: {
    ...workOf('Notify'),
    effect: (d, a) => notify(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const j = slotOf(s, jobOf(a));
      const to = j.jm.parallelism > 1 ? ` to sink subtask ${subtaskOfAction(a)}` : '';
      return `${prefix(a)}JobManager.Notify(checkpoint ${j.jm.notify ?? '?'} complete${to})`;
    },
    lanes: lanes(JM, TM),
  },
  Commit: {
    ...workOf('Commit'),
    effect: (d, a) => {
      // A synchronous commit that starts while EndTxn still fails (after a restore) blocks the task as the first did.
      if (blocksAnew(d, jobOf(a))) {
        blockCommit(d, a.checkpoint, jobOf(a), subtaskOfAction(a));
        return;
      }
      releaseRetry(d, a.checkpoint, jobOf(a), subtaskOfAction(a));
      commit(d, a.checkpoint, jobOf(a), subtaskOfAction(a));
    },
    describe: (s, a) => {
      const j = slotOf(s, jobOf(a));
      const c = j.task?.committables[heldAt(j.task.committables, a.checkpoint, subtaskOfAction(a), j.jm.parallelism)];
      const blocked = blocksAnew(s, jobOf(a))
        ? `: EndTxn fails retriably, the task is blocked until ${at(blockEnd(s, s.faults.commitDownUntil ?? s.now))}`
        : '';
      const committer = j.jm.parallelism > 1 ? `committer[${subtaskOfAction(a)}]` : 'committer';
      return (
        `${prefix(a)}${committer}.Commit(checkpoint ${a.checkpoint}: ` +
        `${c ? `${s.kafka.txns[c.txn]?.transactionalId ?? '?'}, epoch=${c.epoch}` : '?'}${blocked})`
      );
    },
    lanes: lanes(TM, 'coordinator'),
  },
  CommitFailed: {
    ...workOf('CommitFailed'),
    effect: (d, a) => failCommit(d, a.checkpoint, jobOf(a)),
    describe: (s, a) => {
      const n = slotOf(s, jobOf(a)).task?.committables.filter((c) => c.checkpoint === a.checkpoint).length ?? 0;
      return (
        `${prefix(a)}committer.CommitFailed(checkpoint ${a.checkpoint}: IOException "Failed to commit ${n} ` +
        `committables after ${s.config.committerRetries} retries": the task fails)`
      );
    },
    lanes: lanes(TM, JM),
  },
  FinishStop: {
    ...workOf('FinishStop'),
    effect: (d, a) => finishStop(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}JobManager.FinishStop(savepoint ${slotOf(s, jobOf(a)).jm.stop ?? '?'} committed: the job ends, ` +
      `resumed from it at ${at(s.now + s.config.resubmitDelayMs)})`,
    lanes: lanes(JM, TM),
  },
  CancelJob: {
    ...workOf('CancelJob'),
    effect: (d, a) => cancelJob(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}JobManager.CancelJob(savepoint ${slotOf(s, jobOf(a)).jm.cancel ?? '?'} completed: the job is ` +
      `cancelled, resumed from it at ${at(s.now + s.config.resubmitDelayMs)})`,
    lanes: lanes(JM, TM),
  },
  EndOfInput: {
    ...workOf('EndOfInput'),
    effect: (d, a) => endInput(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}sink.endInput(scan.bounded.mode=${s.config.boundedMode}: flush, pre-commit, and commit without ` +
      `a checkpoint as checkpoint ${slotOf(s, jobOf(a)).jm.nextCheckpointId})`,
    lanes: lanes(TM),
  },
  SinkSnapshot: {
    ...workOf('SinkSnapshot'),
    effect: (d, a) => subtaskSnapshot(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const sub = subtaskOfAction(a);
      const id = subtaskSnapshotDue(s, jobOf(a), sub)?.id ?? '?';
      return `${prefix(a)}${sinkName(a)}.snapshotState(checkpoint ${id}: flush, pre-commit, acknowledge)`;
    },
    lanes: lanes(TM, JM),
  },
  Ack: {
    ...workOf('Ack'),
    effect: (d, a) => ack(d, jobOf(a)),
    describe: (s, a) => `${prefix(a)}TaskManager.Ack(checkpoint ${ackable(slotOf(s, jobOf(a)).jm, s.now)?.id ?? '?'})`,
    lanes: lanes(TM, JM),
  },
  AlignmentTimeout: {
    ...workOf('AlignmentTimeout'),
    effect: (d, a) => alignmentTimeout(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}count.AlignmentTimeout(checkpoint ` +
      `${slotOf(s, jobOf(a)).jm.pending.find((x) => x.snapshot === null)?.id ?? '?'}: ` +
      `aligned-checkpoint-timeout ${s.config.alignedTimeoutMs} ms, unaligned from here)`,
    lanes: lanes(TM),
  },
  Process: {
    // Every drain processes each record, one at a time: drains that merged meet again at the next Process.
    meet: true,
    ...workOf('Process'),
    effect: (d, a) => processItem(d, a.input, jobOf(a)),
    describe: (s, a) => {
      const head = slotOf(s, jobOf(a)).task?.channels[a.input]?.[0];
      const what = head ? (head.kind === 'record' ? `v${head.value}` : `barrier ${head.checkpoint}`) : '?';
      return `${prefix(a)}count.Process(${inputName(inputBase(s.config, jobOf(a)) + a.input)}: ${what})`;
    },
    lanes: lanes(TM),
  },
  Send: {
    ...workOf('Send'),
    effect: (d, a) => void send(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const t = slotOf(s, jobOf(a)).task;
      const buffer = t ? writerOf(t, subtaskOfAction(a)).buffer : [];
      return `${prefix(a)}${sinkName(a)}.Send(${buffer.map((v) => `v${v}`).join(', ')})`;
    },
    lanes: (s, a) => ({ from: lane(TM, a), to: s.kafka.partitions[0]?.name ?? 'out-0' }),
  },
  MailboxCheck: {
    ...workOf('MailboxCheck'),
    effect: (d, a) => mailboxCheck(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const t = slotOf(s, jobOf(a)).task;
      const e = t ? writerOf(t, subtaskOfAction(a)).error : null;
      return `${prefix(a)}${sinkName(a)}.checkAsyncException(mailbox: v${e ?? '?'})`;
    },
    lanes: lanes(TM),
  },
  Read: {
    ...workOf('Read'),
    effect: (d, a) => read(d, a.input, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}source[${inputName(inputBase(s.config, jobOf(a)) + a.input)}].Read(offset ` +
      `${slotOf(s, jobOf(a)).task?.splits[a.input] ?? '?'})`,
    lanes: lanes(TM),
  },
  Trigger: {
    ...workOf('Trigger'),
    effect: (d, a) => trigger(d, jobOf(a)),
    describe: (s, a) => {
      const j = slotOf(s, jobOf(a));
      const base = inputBase(s.config, jobOf(a));
      return (
        `${prefix(a)}JobManager.Trigger(checkpoint ${j.jm.nextCheckpointId}; sources at ` +
        `${(j.task?.splits ?? []).map((o, i) => `${inputName(base + i)}@${o}`).join(', ')})`
      );
    },
    lanes: lanes(JM, TM),
  },
  ExpireCheckpoint: {
    ...workOf('ExpireCheckpoint'),
    effect: (d, a) => expireCheckpoint(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}JobManager.ExpireCheckpoint(checkpoint ${slotOf(s, jobOf(a)).jm.pending[0]?.id ?? '?'}: ` +
      `execution.checkpointing.timeout ${s.config.checkpointTimeoutMs} ms)`,
    lanes: lanes(JM, TM),
  },
  Tick: {
    enabled(s, emit) {
      if (clockMayMove(s)) emit({ type: 'Tick' });
    },
    effect: (d) => tick(d),
    describe: (s) => `clock.Tick(-> ${at(nextEvent(s) ?? s.now)})`,
    lanes: () => ({ from: 'clock' }),
  },
  Crash: {
    fault: true,
    enabled(s, emit) {
      // A FINISHED job (bounded, everything committed) has no task left to crash.
      for (const no of jobs(s))
        if (slotOf(s, no).task && !finished(slotOf(s, no).task) && s.faults.crashes < s.config.crashes)
          emit({ type: 'Crash', ...of(no) });
    },
    effect(d, a) {
      d.faults.crashes += 1;
      failover(d, 'TaskManager crash', jobOf(a));
    },
    describe: (_s, a) => `${prefix(a)}fault.Crash(TaskManager)`,
    lanes: lanes(TM),
  },
  LoseNotification: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s)) {
        const j = slotOf(s, no);
        // The synchronous savepoint's notification is awaited by the stopping task: not a best-effort one.
        if (j.task && j.jm.notify !== null && j.jm.notify !== j.jm.stop && s.faults.lost < s.config.lostNotifications)
          emit({ type: 'LoseNotification', ...of(no) });
      }
    },
    effect: (d, a) => loseNotification(d, jobOf(a)),
    describe: (s, a) => `${prefix(a)}fault.LoseNotification(checkpoint ${slotOf(s, jobOf(a)).jm.notify ?? '?'})`,
    lanes: lanes(JM, TM),
  },
  LoseSubtaskNotification: {
    fault: true,
    enabled(s, emit) {
      if ((s.faults.lostSub ?? 0) >= s.config.lostSubtaskNotifications) return;
      for (const no of jobs(s)) {
        const j = slotOf(s, no);
        // Only where the notification goes out per sink subtask; not the stopping task's awaited one.
        if (!j.task || j.jm.parallelism === 1 || j.jm.notify === null || j.jm.notify === j.jm.stop) continue;
        for (const sub of notifyTargets(j.jm)) emit({ type: 'LoseSubtaskNotification', ...of(no), ...ofSub(sub) });
      }
    },
    effect: (d, a) => loseSubtaskNotification(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) =>
      `${prefix(a)}fault.LoseSubtaskNotification(checkpoint ${slotOf(s, jobOf(a)).jm.notify ?? '?'} to sink ` +
      `subtask ${subtaskOfAction(a)})`,
    lanes: lanes(JM, TM),
  },
  JobManagerFail: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s)) {
        // A job never resubmitted has no JobManager left to fail.
        const jm = slotOf(s, no).jm;
        const done = finished(slotOf(s, no).task);
        if (jm.restartAt === null && !abandoned(jm) && !done && s.faults.jobmanager < s.config.jobManagerFailures)
          emit({ type: 'JobManagerFail', ...of(no) });
      }
    },
    effect: (d, a) => jobManagerFail(d, jobOf(a)),
    describe: (s, a) => `${prefix(a)}fault.JobManagerFail(${highlyAvailable(s.config) ? 'HA' : 'no HA'})`,
    lanes: lanes(JM),
  },
  SlowCheckpoint: {
    fault: true,
    enabled(s, emit) {
      if (s.faults.slow >= s.config.slowCheckpoints) return;
      for (const no of jobs(s)) {
        const p = slotOf(s, no).jm.pending.at(-1);
        if (slotOf(s, no).task && p && p.ackAt === p.triggeredAt) emit({ type: 'SlowCheckpoint', ...of(no) });
      }
    },
    effect: (d, a) => slowCheckpoint(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}fault.SlowCheckpoint(checkpoint ${slotOf(s, jobOf(a)).jm.pending.at(-1)?.id ?? '?'}: acknowledged ` +
      `${at(s.now + s.config.slowCheckpointMs)})`,
    lanes: lanes(TM, JM),
  },
  DeclineCheckpoint: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s))
        for (const by of ['source', 'sink'] as const)
          if (declinable(s, no, by)) emit({ type: 'DeclineCheckpoint', by, ...of(no) });
    },
    effect: (d, a) => declineCheckpoint(d, a.by, jobOf(a)),
    describe: (s, a) => {
      const id = declinable(s, jobOf(a), a.by)?.id ?? '?';
      const when = a.by === 'source' ? 'before the sink took its barrier' : 'after the sink pre-committed';
      return `${prefix(a)}fault.DeclineCheckpoint(checkpoint ${id} by the ${a.by} task, ${when})`;
    },
    lanes: lanes(TM, JM),
  },
  SendError: {
    fault: true,
    enabled(s, emit) {
      if (!s.config.sendErrors || s.faults.sendErrors > 0) return;
      for (const no of jobs(s)) {
        if (!running(s, no)) continue;
        writersOf(slotOf(s, no).task!).forEach((w, sub) => {
          if (w.buffer.length > 0) emit({ type: 'SendError', ...of(no), ...ofSub(sub) });
        });
      }
    },
    effect: (d, a) => sendError(d, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) => {
      const t = slotOf(s, jobOf(a)).task;
      const head = t ? writerOf(t, subtaskOfAction(a)).buffer[0] : undefined;
      const sub = subtaskOfAction(a) === 1 ? ' in sink subtask 1' : '';
      return `${prefix(a)}fault.SendError(v${head ?? '?'}${sub}: the send fails, the callback keeps the error)`;
    },
    lanes: (s, a) => ({ from: lane(TM, a), to: s.kafka.partitions[0]?.name ?? 'out-0' }),
  },
  RestoreSavepoint: {
    fault: true,
    enabled(s, emit) {
      if (s.config.restore !== 'savepoint' || s.faults.savepoints > 0) return;
      for (const no of jobs(s)) {
        const j = slotOf(s, no);
        if (j.task === null && j.jm.restartAt !== null && j.jm.previous !== null)
          emit({ type: 'RestoreSavepoint', ...of(no) });
      }
    },
    effect: (d, a) => restoreSavepoint(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}fault.RestoreSavepoint(checkpoint ${slotOf(s, jobOf(a)).jm.previous?.id ?? '?'} instead of ` +
      `${slotOf(s, jobOf(a)).jm.latest?.id ?? '?'})`,
    lanes: lanes(JM),
  },
  ChangePrefix: {
    fault: true,
    enabled(s, emit) {
      if (!s.config.prefixChange || s.faults.prefixChanges > 0) return;
      for (const no of jobs(s)) {
        const j = slotOf(s, no);
        // Restoring a checkpoint with a new prefix (its writer state names the old one): KafkaSinkITCase's
        // testAbortTransactionsOfPendingCheckpointsAfterFailure.
        if (j.task === null && j.jm.restartAt !== null && j.jm.latest !== null)
          emit({ type: 'ChangePrefix', ...of(no) });
      }
    },
    effect: (d, a) => changePrefix(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}fault.ChangePrefix(sink.transactional-id-prefix -> ` +
      `${sinkPrefix(s.config, jobOf(a), gen(s, a) + 1)})`,
    lanes: lanes(JM),
  },
  InitialDelay: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s)) {
        const j = slotOf(s, no);
        // A choice while the first checkpoint since the (re)start is still to come and its early moment not past.
        if (j.task && j.jm.delayOpen && s.now <= earlyTriggerAt(s.config, j.jm))
          emit({ type: 'InitialDelay', ...of(no) });
      }
    },
    effect: (d, a) => earlyFirstCheckpoint(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}fault.InitialDelay(getRandomInitDelay = min-pause: first checkpoint at ` +
      `${at(earlyTriggerAt(s.config, slotOf(s, jobOf(a)).jm))})`,
    lanes: lanes(JM),
  },
  Rescale: {
    fault: true,
    enabled(s, emit) {
      if (!s.config.rescale || s.faults.rescales >= s.config.rescales) return;
      for (const no of jobs(s)) {
        const j = slotOf(s, no);
        // A restart from a checkpoint with the other parallelism (KafkaSinkITCase.rescaleListing, TransactionAborter's
        // "When Flink downscales X subtasks to Y subtasks").
        if (j.task === null && j.jm.restartAt !== null && j.jm.latest !== null) emit({ type: 'Rescale', ...of(no) });
      }
    },
    effect: (d, a) => rescale(d, jobOf(a)),
    describe: (s, a) => {
      const p = slotOf(s, jobOf(a)).jm.parallelism;
      return `${prefix(a)}fault.Rescale(parallelism ${p} -> ${rescaledTo(s.config, p)})`;
    },
    lanes: lanes(JM),
  },
  Savepoint: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s)) if (savepointable(s, no)) emit({ type: 'Savepoint', ...of(no) });
    },
    effect: (d, a) => triggerSavepoint(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}operator.${SAVEPOINT_CALL[s.config.savepoint]}(savepoint ` +
      `${slotOf(s, jobOf(a)).jm.nextCheckpointId})`,
    lanes: lanes(JM, TM),
  },
  ResumeFromSavepoint: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s)) if (resumable(s, no)) emit({ type: 'ResumeFromSavepoint', ...of(no) });
    },
    effect: (d, a) => resumeFromSavepoint(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}operator.ResumeFromSavepoint(savepoint ${slotOf(s, jobOf(a)).jm.savepoint?.id ?? '?'} instead ` +
      `of checkpoint ${slotOf(s, jobOf(a)).jm.latest?.id ?? 'none'})`,
    lanes: lanes(JM),
  },
  CommitRetriable: {
    fault: true,
    enabled(s, emit) {
      // Synchronous: while EndTxn fails every commit fails with it (no second fault on top of the first).
      if (!mayRetryCommit(s) || endTxnDown(s)) return;
      for (const no of jobs(s)) {
        const t = slotOf(s, no).task;
        if (!t || commitHeld(t, s.now)) continue;
        for (const c of nextCommits(s, no))
          emit({ type: 'CommitRetriable', checkpoint: c.checkpoint, ...of(no), ...ofSub(c.sub) });
      }
    },
    effect: (d, a) => retryCommitLater(d, a.checkpoint, jobOf(a), subtaskOfAction(a)),
    describe: (s, a) =>
      s.config.commitRetry === 'later'
        ? `${prefix(a)}fault.CommitRetriable(checkpoint ${a.checkpoint}: a RetriableException, retryLater until ` +
          `${at(s.now + s.config.commitRetryMs)})`
        : `${prefix(a)}fault.CommitRetriable(checkpoint ${a.checkpoint}: EndTxn fails retriably until ` +
          `${at(s.now + s.config.commitRetryMs)}, the task is blocked until ` +
          `${at(blockEnd(s, s.now + s.config.commitRetryMs))})`,
    lanes: lanes(TM, 'coordinator'),
  },
  ChangeStrategy: {
    fault: true,
    enabled(s, emit) {
      for (const no of jobs(s)) if (strategyChangeable(s, no)) emit({ type: 'ChangeStrategy', ...of(no) });
    },
    effect: (d, a) => changeStrategy(d, jobOf(a)),
    describe: (s, a) =>
      `${prefix(a)}fault.ChangeStrategy(sink.transaction-naming-strategy -> ` +
      `${pooling(s, jobOf(a)) ? 'INCREMENTING' : 'POOLING'})`,
    lanes: lanes(JM),
  },
} satisfies ActionTable<S, FlinkAction>;
