/**
 * Commits that take time (`faults.commit-retries`): KafkaCommitter.commit catches a RetriableException from
 * commitTransaction (the coordinator unreachable or loading, a request timeout) and calls `request.retryLater()`
 * (connector 3.x sink/KafkaCommitter, 4.x and 5.0.0 sink/internal/KafkaCommitter); Flink's CommitterOperator commits
 * the committable again later. Here its EndTxn keeps failing retriably for `faults.commit-retry.ms`, while the clock
 * and the transaction's timeout run: a commit retried past transaction.timeout.ms finds the transaction aborted by
 * the coordinator, and KafkaCommitter drops it (fenced or invalid state, "recovery took longer than
 * transaction.timeout.ms"): its records are lost. Over an immer draft, called from `step`.
 */
import type { Draft } from 'immer';
import { type FlinkState, type JobNo, sinkTransactionalId, slotOf, type Task } from './state.js';

type D = Draft<FlinkState>;

/** Whether task `t`'s committer waits for its retry at `now` (a commit failed retriably, retried later). Pure. */
export function commitHeld(t: Pick<Task, 'retryAt'>, now: number): boolean {
  return t.retryAt !== undefined && now < t.retryAt;
}

/** Whether a commit of job `no` may still fail retriably in this run. Pure. */
export function mayRetryCommit(s: FlinkState): boolean {
  return (s.faults.commitRetries ?? 0) < s.config.commitRetries;
}

/** The committable of `checkpoint` of job `no` fails retriably: the committer commits it again after the delay. */
export function retryCommitLater(d: D, checkpoint: number, no: JobNo = 1): void {
  const t = slotOf(d, no).task!;
  const c = t.committables.find((x) => x.checkpoint === checkpoint)!;
  t.retryAt = d.now + d.config.commitRetryMs;
  d.faults.commitRetries = (d.faults.commitRetries ?? 0) + 1;
  d.events.push({
    type: 'commit-retry',
    checkpoint,
    transactionalId: d.kafka.txns[c.txn]?.transactionalId ?? sinkTransactionalId(d.config, c.name, no),
    until: t.retryAt,
  });
}

/** The committer's retry is due: it commits again (the retry time is spent). */
export function releaseRetry(d: D, no: JobNo = 1): void {
  const t = slotOf(d, no).task;
  if (t && t.retryAt !== undefined) delete t.retryAt;
}

/** When job `no`'s committer retries next, or null. Pure. */
export function retryDue(s: FlinkState, no: JobNo): number | null {
  return slotOf(s, no).task?.retryAt ?? null;
}
