/**
 * How a `flink-kafka` trace reads: each step stamped with the logical clock, Flink's events and
 * the Kafka rules', runs of routine data-path steps folded into one line, and an end state with
 * the output at both isolation levels, the coordinator's transactions and the latest checkpoint.
 */
import type { FlinkAction } from '../../model/flink/actions.js';
import { type FlinkEvent, type FlinkState, inputName } from '../../model/flink/state.js';
import { at } from '../../model/flink/time.js';
import { readFlinkOut } from '../../properties/flink/outputs.js';
import { kafkaEventLine } from '../kafka/events.js';
import type { EventLine, Renderer } from '../render/renderer.js';

const JM = 'JobManager';
const TM = 'TaskManager';

/** How a trace names each savepoint kind. */
const KIND_TEXT = { intermediate: 'savepoint', stop: 'stop-with-savepoint', cancel: 'cancel-with-savepoint' } as const;

/** One Flink event as a line on its lane. Pure. */
function flinkEventLine(
  e: Exclude<
    FlinkEvent,
    {
      readonly type:
        | 'appended'
        | 'marker'
        | 'duplicate'
        | 'rejected'
        | 'txn-state'
        | 'epoch'
        | 'added'
        | 'offset'
        | 'rebalance'
        | 'verified'
        | 'marker-acked'
        | 'coordinator-moved'
        | 'coordinator-loaded'
        | 'forgotten'
        | 'truncated'
        | 'cleaned'
        | 'recovered'
        | 'isr'
        | 'leader'
        | 'broker';
    }
  >,
): EventLine {
  const names = (offsets: readonly number[], from = 0): string =>
    offsets.map((o, i) => `${inputName(from + i)}=${o}`).join(', ');
  switch (e.type) {
    case 'clock':
      return { lane: 'clock', text: `clock: ${at(e.now)}` };
    case 'triggered':
      return {
        lane: JM,
        text: `checkpoint ${e.checkpoint} triggered: source offsets ${names(e.offsets, e.from)} saved, barriers sent`,
      };
    case 'read':
      return { lane: TM, text: `${inputName(e.input)} offset ${e.offset}: v${e.value} into the channel` };
    case 'counted':
      return { lane: TM, text: `counted v${e.value} (count ${e.count}), handed to the sink` };
    case 'barrier':
      return {
        lane: TM,
        text:
          `barrier ${e.checkpoint} from ${inputName(e.input)}` +
          `${e.blocked ? ` (${inputName(e.input)} blocked until every input's barrier arrives)` : ''}`,
      };
    case 'snapshot':
      return {
        lane: TM,
        text:
          e.subtasks === undefined
            ? `snapshot of checkpoint ${e.checkpoint}: count ${e.count}, ${e.committables} committable(s)`
            : `count snapshot of checkpoint ${e.checkpoint}: count ${e.count}; the ${e.subtasks} sink subtasks take ` +
              'its barrier each on its own',
      };
    case 'flushed':
      return { lane: TM, text: `sink flushed ${e.records} record(s) before the snapshot` };
    case 'send-failed':
      return {
        lane: TM,
        text: `the send of v${e.value} failed: dropped, the error kept for the next check`,
        refused: true,
      };
    case 'send-error-swallowed':
      return {
        lane: TM,
        text:
          `the mailbox action cleared the error of v${e.value} and threw it into a Future nobody reads ` +
          '(mailboxExecutor.submit): the task goes on',
        refused: true,
      };
    case 'buffered':
      return { lane: TM, text: `v${e.value} buffered` };
    case 'precommitted':
      return { lane: TM, text: `pre-committed ${e.transactionalId} for checkpoint ${e.checkpoint}` };
    case 'completed':
      return { lane: JM, text: `checkpoint ${e.checkpoint} completed` };
    case 'subtask-snapshot':
      return {
        lane: TM,
        text:
          `sink subtask ${e.subtask} took barrier ${e.checkpoint}, snapshotted and acknowledged` +
          (e.left > 0 ? ` (${e.left} subtask(s) still to acknowledge)` : ' (every subtask acknowledged)'),
      };
    case 'notified':
      return {
        lane: TM,
        text:
          e.subtask === undefined
            ? `tasks notified: checkpoint ${e.checkpoint} complete`
            : `sink subtask ${e.subtask} notified: checkpoint ${e.checkpoint} complete`,
      };
    case 'notification-lost':
      return {
        lane: TM,
        text:
          e.subtask === undefined
            ? `the notification of checkpoint ${e.checkpoint} is lost`
            : `sink subtask ${e.subtask}'s notification of checkpoint ${e.checkpoint} is lost`,
      };
    case 'offsets-committed':
      return {
        lane: '__consumer_offsets',
        text: `consumer group: ${inputName(e.input)} -> ${e.offset} committed (monitoring)`,
      };
    case 'committed':
      return { lane: TM, text: `committed ${e.transactionalId} (checkpoint ${e.checkpoint})` };
    case 'commit-failed':
      return {
        lane: TM,
        text:
          `commit of ${e.transactionalId} (checkpoint ${e.checkpoint}) failed with ${e.error}: ` +
          (e.committed
            ? 'a re-commit of a transaction that already ended committed, nothing lost'
            : 'its records are lost'),
        refused: true,
      };
    case 'writer':
      return { lane: TM, text: `writer uses ${e.transactionalId} (epoch ${e.epoch})` };
    case 'probed':
      return {
        lane: TM,
        text: `${e.transactionalId} ${e.used ? 'was used: fenced and aborted' : 'was never used: probe ends'}`,
      };
    case 'listed':
      return {
        lane: TM,
        text: `LISTING abort done${e.kept.length > 0 ? `; pre-committed, left open: ${e.kept.join(', ')}` : ''}`,
      };
    case 'recycled':
      return {
        lane: TM,
        text: `writer reuses the pooled producer of ${e.transactionalId} without InitProducerId (epoch ${e.epoch})`,
      };
    case 'failed':
      return {
        lane: JM,
        text: `job failed (${e.reason}); ${e.final ? 'FAILED for good, resubmitted' : 'restart'} at ${at(e.restartAt)}`,
      };
    case 'gave-up':
      return {
        lane: JM,
        text:
          `restart-strategy.type=${e.strategy} gives up: the job FAILED; ${e.retention} ` +
          (e.from === null
            ? 'keeps no checkpoint: the operator resubmits it as a new job'
            : `keeps checkpoint ${e.from}: the operator resubmits it from there (-s)`),
      };
    case 'checkpoint-aborted':
      return { lane: JM, text: `checkpoint ${e.checkpoint} aborted` };
    case 'alignment-timeout':
      return {
        lane: TM,
        text: `checkpoint ${e.checkpoint}: aligned-checkpoint-timeout passed, it goes on unaligned (snapshot now)`,
      };
    case 'initial-delay':
      return { lane: JM, text: `the random initial delay is min-pause: the first checkpoint is due at ${at(e.at)}` };
    case 'checkpoint-subsumed':
      return { lane: JM, text: `checkpoint ${e.checkpoint} subsumed by completed checkpoint ${e.by}` };
    case 'checkpoint-slow':
      return { lane: TM, text: `backpressure: checkpoint ${e.checkpoint} acknowledged at ${at(e.ackAt)}` };
    case 'checkpoint-expired':
      return {
        lane: JM,
        text:
          `checkpoint ${e.checkpoint} expired (execution.checkpointing.timeout), notifyCheckpointAborted sent; ` +
          `${e.failed} consecutive failed checkpoint(s), ${e.tolerable} tolerable`,
      };
    case 'checkpoint-declined':
      return {
        lane: JM,
        text:
          `checkpoint ${e.checkpoint} declined by the ${e.by} task (CHECKPOINT_ASYNC_EXCEPTION), aborted, ` +
          `notifyCheckpointAborted sent; ${e.failed} consecutive failed checkpoint(s), ${e.tolerable} tolerable`,
      };
    case 'restored':
      return {
        lane: JM,
        text:
          `${e.checkpoint === null ? `no checkpoint: started from ${e.mode}` : `restored checkpoint ${e.checkpoint}`}` +
          `: offsets ${names(e.offsets, e.from)}, count ${e.count}` +
          (e.mode === 'socket'
            ? ' (the socket source reads on from what arrives now: it has no offsets to rewind)'
            : ''),
      };
    case 'savepoint':
      return { lane: JM, text: `the job will restore the older savepoint of checkpoint ${e.checkpoint}` };
    case 'savepoint-triggered':
      return {
        lane: JM,
        text:
          `${KIND_TEXT[e.kind]} ${e.checkpoint} triggered: sources at ${e.offsets.join(', ')}` +
          `${e.kind === 'stop' ? '; they read no more, no periodic checkpoint' : ''}` +
          `${e.kind === 'cancel' ? '; no periodic checkpoint until the cancel' : ''}`,
      };
    case 'savepoint-completed':
      return {
        lane: JM,
        text:
          `savepoint ${e.checkpoint} completed: ${e.stored ? 'the latest for recovery' : 'not used for recovery'}, ` +
          `${e.notified ? 'notifyCheckpointComplete sent (the sink commits)' : 'no notification (commits nothing)'}`,
      };
    case 'savepoint-resumed':
      return { lane: JM, text: `the operator resumes the job from savepoint ${e.checkpoint} (flink run -s)` };
    case 'stopped':
      return {
        lane: JM,
        text: `the job ended after savepoint ${e.checkpoint} (FINISHED); resumed from it at ${at(e.resumeAt)}`,
      };
    case 'cancelled':
      return {
        lane: JM,
        text:
          `the job was cancelled after savepoint ${e.checkpoint} (CANCELED: no end of input, no final checkpoint); ` +
          `resumed from it at ${at(e.resumeAt)}`,
      };
    case 'end-of-input':
      return {
        lane: TM,
        text:
          `end of input: the writers flushed and pre-committed (${e.committables} committable(s)); without ` +
          `checkpointing the committer commits them as checkpoint ${e.checkpoint}`,
      };
    case 'commit-retry':
      return {
        lane: TM,
        text:
          `commit of ${e.transactionalId} (checkpoint ${e.checkpoint}) failed with a RetriableException: ` +
          (e.blocked === undefined
            ? `retryLater, committed again at ${at(e.until)}`
            : `retried at once, the task blocked until ${at(e.until)}` +
              (e.blocked === 'used-up' ? ', when its sink.committer.retries are used up' : ', when it goes through')),
        refused: true,
      };
    case 'strategy':
      return { lane: JM, text: `the job restarts with sink.transaction-naming-strategy ${e.strategy}` };
    case 'abandoned':
      return { lane: JM, text: 'nobody resubmits the job: it stays FAILED, its open transactions with it' };
    case 'prefix':
      return { lane: JM, text: `the job restarts with sink.transactional-id-prefix ${e.prefix}` };
    case 'rescaled':
      return { lane: JM, text: `the job restarts with parallelism ${e.to} (was ${e.from})` };
    case 'jobmanager':
      return {
        lane: JM,
        text: `JobManager lost (${e.ha ? 'HA keeps the checkpoints' : 'no HA: checkpoints and counter lost'})`,
      };
  }
}

function events(after: FlinkState): EventLine[] {
  return after.events.map((e) => {
    switch (e.type) {
      case 'appended':
      case 'marker':
      case 'duplicate':
      case 'rejected':
      case 'txn-state':
      case 'epoch':
      case 'added':
      case 'offset':
      case 'rebalance':
      case 'verified':
      case 'marker-acked':
      case 'coordinator-moved':
      case 'coordinator-loaded':
      case 'forgotten':
      case 'truncated':
      case 'cleaned':
      case 'recovered':
      case 'isr':
      case 'leader':
      case 'broker':
        return kafkaEventLine(after.kafka, e, (id) => `instance ${id}`);
      default:
        return flinkEventLine(e);
    }
  });
}

/** A data-path step that only moved records along. Pure. */
function routine(after: FlinkState, a: FlinkAction): boolean {
  if (a.type !== 'Tick' && a.type !== 'Read' && a.type !== 'Process' && a.type !== 'Send') return false;
  return after.events.every(
    (e) =>
      e.type === 'clock' ||
      e.type === 'read' ||
      e.type === 'counted' ||
      e.type === 'appended' ||
      e.type === 'added' ||
      e.type === 'txn-state',
  );
}

function values(s: FlinkState, level: 'read_committed' | 'read_uncommitted'): string {
  const vs = readFlinkOut(s, level).values;
  if (vs.length === 0) return '(none)';
  const shown =
    vs.length > 30 ? [...vs.slice(0, 30).map((v) => `v${v}`), `... (${vs.length} records)`] : vs.map((v) => `v${v}`);
  return shown.join(', ');
}

function summary(last: FlinkState): string[] {
  const cp = (j: FlinkState['jm']): string =>
    j.latest ? `${j.latest.id} (offsets ${j.latest.offsets.join(', ')}, count ${j.latest.count})` : 'none';
  const out = [
    `-- end state --`,
    `t=${at(last.now)}; job ${last.jm.job}, attempt ${last.jm.attempts}; latest checkpoint ${cp(last.jm)}; ` +
      `count ${last.task ? last.task.count : '(job down)'}`,
  ];
  const j = last.second;
  if (j)
    out.push(
      `job 2: job ${j.jm.job}, attempt ${j.jm.attempts}; latest checkpoint ${cp(j.jm)}; ` +
        `count ${j.task ? j.task.count : '(job down)'}`,
    );
  out.push(
    `out read_committed:   ${values(last, 'read_committed')}`,
    `out read_uncommitted: ${values(last, 'read_uncommitted')}`,
  );
  if (last.kafka.txns.length > 0)
    out.push(
      `coordinator: ${last.kafka.txns.map((t) => `${t.transactionalId} ${t.state} (epoch ${t.epoch})`).join(', ')}`,
    );
  return out;
}

/** The renderer of `flink-kafka`. */
export const flinkRenderer: Renderer<FlinkState, FlinkAction> = {
  events,
  stamp: (after) => `t=${at(after.now)}`,
  fold: {
    routine,
    line(before, afters) {
      const counted = afters.flatMap((s) => s.events.flatMap((e) => (e.type === 'counted' ? [e.value] : [])));
      const written = afters.reduce((n, s) => n + s.events.filter((e) => e.type === 'appended').length, 0);
      const range =
        counted.length === 0
          ? 'no records counted'
          : `v${counted[0]}..v${counted[counted.length - 1]} counted (${counted.length})`;
      return (
        `t=${at(before.now)}..${at(afters[afters.length - 1]?.now ?? before.now)}: ${range}, ` +
        `${written} record(s) written to out`
      );
    },
  },
  summary,
  lanes: (first) => [
    JM,
    TM,
    'coordinator',
    ...first.kafka.partitions.map((p) => p.name),
    ...(first.second ? ['job2 JobManager', 'job2 TaskManager'] : []),
  ],
  partitions: (s) => s.kafka.partitions,
};
