/**
 * Commits that take time (`faults.commit-retries`): KafkaCommitter.commit catches a RetriableException from
 * commitTransaction (the coordinator unreachable or loading, a request timeout) and calls `request.retryLater()`
 * (connector 3.x sink/KafkaCommitter, 4.x and 5.0.0 sink/internal/KafkaCommitter); Flink's CommitterOperator commits
 * the committable again later. Here its EndTxn keeps failing retriably for `faults.commit-retry.ms`, while the clock
 * and the transaction's timeout run: a commit retried past transaction.timeout.ms finds the transaction aborted by
 * the coordinator, and KafkaCommitter drops it (fenced or invalid state, "recovery took longer than
 * transaction.timeout.ms"): its records are lost.
 *
 * How the CommitterOperator retries (`flink.commit-retry`, read in Flink's CommitterOperator and
 * CheckpointCommittableManagerImpl):
 * - `synchronous` (FLINK-36455: 1.19.2, 1.20.1, 2.0.0 on): CheckpointCommittableManagerImpl.commit calls the
 *   committer again at once for the requests not finished, up to `sink.committer.retries` more times, inside
 *   notifyCheckpointComplete (or initializeState, endInput) on the task thread, and commitAndEmitCheckpoints commits
 *   checkpoint by checkpoint: the whole task waits for the retried one (`Task.retryAt`). Each call's
 *   commitTransaction awaits its EndTxn for max.block.ms before its TimeoutException (the retriable exception), so
 *   the commit goes through once EndTxn works again (`FlinkState.faults.commitDownUntil`) if that is within the
 *   1 + retries calls; otherwise the manager throws "Failed to commit 1 committables after N retries", the task
 *   fails, and the restored committer commits the committable again in initializeState, blocked the same way while
 *   EndTxn still fails.
 * - `later` (1.15 to 1.19.1 and 1.20.0): the retried request stays pending in its CheckpointCommittableManager,
 *   commitAndEmitCheckpoints goes on to the later checkpoints up to the last completed one, and, the collector not
 *   finished, retryWithDelay registers a processing-time timer (RETRY_DELAY = 1000 ms); every notifyCheckpointComplete
 *   commits the pending ones too. Only the retried committable waits (`Committable.retryAt`). It is in the
 *   committer's state (snapshotState copies the CommittableCollector, pending requests included), and a restore
 *   commits it at once (initializeState: "try to re-commit recovered transactions as quickly as possible").
 * Over an immer draft, called from `step`.
 */
import type { Draft } from 'immer';
import { failover } from './failure.js';
import {
  type Committable,
  type FlinkState,
  heldAt,
  type JobNo,
  sinkTransactionalId,
  slotOf,
  type Task,
} from './state.js';

type D = Draft<FlinkState>;

/** Whether task `t`'s committer waits for its retry at `now` (a commit failed retriably, retried later). Pure. */
export function commitHeld(t: Pick<Task, 'retryAt'>, now: number): boolean {
  return t.retryAt !== undefined && now < t.retryAt;
}

/** Whether a commit of job `no` may still fail retriably in this run. Pure. */
export function mayRetryCommit(s: FlinkState): boolean {
  return (s.faults.commitRetries ?? 0) < s.config.commitRetries;
}

/** Whether committable `c` waits for its retry at `now` (flink.commit-retry=later). Pure. */
export function retryPending(c: Pick<Committable, 'retryAt'>, now: number): boolean {
  return c.retryAt !== undefined && now < c.retryAt;
}

/**
 * The committable of `checkpoint` of job `no` fails retriably: `later`, the committer commits it again after the delay;
 * `synchronous`, EndTxn fails for the delay and the committer retries at once, blocking its task.
 */
export function retryCommitLater(d: D, checkpoint: number, no: JobNo = 1, sub = 0): void {
  const until = d.now + d.config.commitRetryMs;
  d.faults.commitRetries = (d.faults.commitRetries ?? 0) + 1;
  if (d.config.commitRetry === 'synchronous') {
    d.faults.commitDownUntil = until;
    blockCommit(d, checkpoint, no, sub);
    return;
  }
  const c = held(d, checkpoint, no, sub)!;
  c.retryAt = until;
  retryEvent(d, checkpoint, until, no, sub);
}

/** Job `no`'s committable of `checkpoint` that sink subtask `sub`'s committer holds, if any. */
function held(d: D, checkpoint: number, no: JobNo, sub: number): Draft<Committable> | undefined {
  const j = slotOf(d, no);
  const t = j.task;
  return t ? t.committables[heldAt(t.committables, checkpoint, sub, j.jm.parallelism)] : undefined;
}

/**
 * The `commit-retry` event of `checkpoint`'s committable of job `no`, retried from `until` (synchronous: blocked until
 * then, with what happens then).
 */
function retryEvent(
  d: D,
  checkpoint: number,
  until: number,
  no: JobNo,
  sub: number,
  blocked?: 'commits' | 'used-up',
): void {
  const c = held(d, checkpoint, no, sub)!;
  d.events.push({
    type: 'commit-retry',
    checkpoint,
    transactionalId: d.kafka.txns[c.txn]?.transactionalId ?? sinkTransactionalId(d.config, c.name, no),
    until,
    ...(blocked ? { blocked } : {}),
  });
}

/** The retry of `checkpoint`'s committable (or the committer's) is due: it commits again (the retry time is spent). */
export function releaseRetry(d: D, checkpoint: number, no: JobNo = 1, sub = 0): void {
  const t = slotOf(d, no).task;
  if (t && t.retryAt !== undefined) delete t.retryAt;
  const c = held(d, checkpoint, no, sub);
  if (c && c.retryAt !== undefined) delete c.retryAt;
}

/** When job `no`'s committer retries next, or null. Pure. */
export function retryDue(s: FlinkState, no: JobNo): number | null {
  const t = slotOf(s, no).task;
  if (!t) return null;
  const at = [t.retryAt, ...t.committables.map((c) => c.retryAt)].filter((x) => x !== undefined);
  return at.length > 0 ? Math.min(...at) : null;
}

/** Whether EndTxn still fails retriably at `now` (flink.commit-retry=synchronous). Pure. */
export function endTxnDown(s: Pick<FlinkState, 'faults' | 'now'>): boolean {
  return s.faults.commitDownUntil !== undefined && s.now < s.faults.commitDownUntil;
}

/**
 * Whether job `no`'s task is inside a synchronous commit: blocked until its `retryAt`, and from then on only the
 * commit's outcome (its Commit, or its CommitFailed) may happen. Pure.
 */
export function inSyncCommit(s: FlinkState, no: JobNo): boolean {
  return s.config.commitRetry === 'synchronous' && slotOf(s, no).task?.retryAt !== undefined;
}

/** Whether job `no`'s synchronous commit used up its retries: its block ended while EndTxn still fails. Pure. */
export function retriesUsedUp(s: FlinkState, no: JobNo): boolean {
  const t = slotOf(s, no).task;
  return inSyncCommit(s, no) && !commitHeld(t!, s.now) && endTxnDown(s);
}

/**
 * Until when a synchronous commit starting now blocks its task while EndTxn fails until `down`: then EndTxn goes
 * through, or the last of its 1 + sink.committer.retries calls timed out, whichever comes first. Pure.
 */
export function blockEnd(s: Pick<FlinkState, 'now' | 'config'>, down: number): number {
  return Math.min(down, s.now + (s.config.committerRetries + 1) * s.config.maxBlockMs);
}

/** Job `no`'s committer starts a synchronous commit while EndTxn fails: its task is blocked (`blockEnd`). */
export function blockCommit(d: D, checkpoint: number, no: JobNo, sub = 0): void {
  const t = slotOf(d, no).task!;
  const down = d.faults.commitDownUntil ?? d.now;
  t.retryAt = blockEnd(d, down);
  retryEvent(d, checkpoint, t.retryAt, no, sub, t.retryAt < down ? 'used-up' : 'commits');
}

/** The retries of job `no`'s synchronous commit are used up: the IOException fails the task, and the job fails over. */
export function failCommit(d: D, checkpoint: number, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const n = t.committables.filter((c) => c.checkpoint === checkpoint).length;
  failover(d, `Failed to commit ${n} committables after ${d.config.committerRetries} retries`, no);
}
