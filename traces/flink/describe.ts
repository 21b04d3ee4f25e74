/**
 * One `flink-kafka` step in words: the action as a call (`sink.InitProducerId(flink-0-3)`), read
 * off the state before it, and one short line per event, Flink's and the Kafka side's. Pure.
 */
import { match } from 'ts-pattern';
import { jobOf, type FlinkAction } from '../../model/flink/actions.js';
import { inputBase, inputName, sinkTransactionalId, slotOf, type FlinkEvent, type FlinkState, type KafkaEvent } from '../../model/flink/state.js';
import { nextEvent } from '../../model/flink/time.js';

/** `20.0 s` or `1500 ms`. Pure. */
export function at(ms: number): string {
  return ms % 100 === 0 && ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** The transactional.id at coordinator index `txn`. */
function txnName(s: FlinkState, txn: number): string {
  return s.kafka.txns[txn]?.transactionalId ?? `txn#${txn}`;
}

/** The step as a call, from the state before it; job 2's steps start with `job2.`. Pure. */
export function describeFlinkAction(before: FlinkState, a: FlinkAction): string {
  const no = jobOf(a);
  const call = describeCall(before, a);
  return no === 2 ? `job2.${call}` : call;
}

function describeCall(before: FlinkState, a: FlinkAction): string {
  const no = jobOf(a);
  const j = slotOf(before, no);
  const t = j.task;
  const base = inputBase(before.config, no);
  return match(a)
    .with({ type: 'Tick' }, () => `clock.Tick(-> ${at(nextEvent(before) ?? before.now)})`)
    .with({ type: 'Trigger' }, () => `JobManager.Trigger(checkpoint ${j.jm.nextCheckpointId}; sources at ${(t?.splits ?? []).map((o, i) => `${inputName(base + i)}@${o}`).join(', ')})`)
    .with({ type: 'Notify' }, () => `JobManager.Notify(checkpoint ${j.jm.notify ?? '?'} complete)`)
    .with({ type: 'Restart' }, () => `JobManager.Restart(${j.jm.latest ? `from checkpoint ${j.jm.latest.id}` : 'no checkpoint: scan.startup.mode'})`)
    .with({ type: 'Read' }, (x) => `source[${inputName(base + x.input)}].Read(offset ${t?.splits[x.input] ?? '?'})`)
    .with({ type: 'Process' }, (x) => {
      const head = t?.channels[x.input]?.[0];
      return `count.Process(${inputName(base + x.input)}: ${head ? (head.kind === 'record' ? `v${head.value}` : `barrier ${head.checkpoint}`) : '?'})`;
    })
    .with({ type: 'Send' }, () => `sink.Send(${(t?.writer.buffer ?? []).map((v) => `v${v}`).join(', ')})`)
    .with({ type: 'Ack' }, () => `TaskManager.Ack(checkpoint ${j.jm.pending?.id ?? '?'})`)
    .with({ type: 'AbortLingering' }, () => `sink.AbortLingering(InitProducerId ${sinkTransactionalId(before.config, t?.writer.probe ?? 0, no)})`)
    .with({ type: 'InitSink' }, () => `sink.InitProducerId(${sinkTransactionalId(before.config, t?.writer.name ?? 0, no)})`)
    .with({ type: 'Commit' }, (x) => {
      const c = t?.committables.find((y) => y.checkpoint === x.checkpoint);
      return `committer.Commit(checkpoint ${x.checkpoint}: ${c ? `${sinkTransactionalId(before.config, c.name, no)}, epoch=${c.epoch}` : '?'})`;
    })
    .with({ type: 'WriteTxnMarkers' }, (x) => `coordinator.WriteTxnMarkers(${txnName(before, x.txn)}: ${before.kafka.txns[x.txn]?.pending?.marker ?? 'nothing pending'})`)
    .with({ type: 'ExpireTxn' }, (x) => `coordinator.ExpireTxn(${txnName(before, x.txn)}: open longer than transaction.timeout.ms)`)
    .with({ type: 'Crash' }, () => 'fault.Crash(TaskManager)')
    .with({ type: 'LoseNotification' }, () => `fault.LoseNotification(checkpoint ${j.jm.notify ?? '?'})`)
    .with({ type: 'JobManagerFail' }, () => `fault.JobManagerFail(${before.config.highAvailability ? 'HA' : 'no HA'})`)
    .exhaustive();
}

/** One Flink event as a short line. Pure. */
export function describeFlinkEvent(e: FlinkEvent): string {
  return match(e)
    .with({ type: 'clock' }, (x) => `clock: ${at(x.now)}`)
    .with({ type: 'triggered' }, (x) => `checkpoint ${x.checkpoint} triggered: source offsets ${x.offsets.map((o, i) => `${inputName((x.from ?? 0) + i)}=${o}`).join(', ')} saved, barriers sent`)
    .with({ type: 'read' }, (x) => `${inputName(x.input)} offset ${x.offset}: v${x.value} into the channel`)
    .with({ type: 'counted' }, (x) => `counted v${x.value} (count ${x.count}), handed to the sink`)
    .with({ type: 'barrier' }, (x) => `barrier ${x.checkpoint} from ${inputName(x.input)}${x.blocked ? ` (${inputName(x.input)} blocked until every input's barrier arrives)` : ''}`)
    .with({ type: 'snapshot' }, (x) => `snapshot of checkpoint ${x.checkpoint}: count ${x.count}, ${x.committables} committable(s)`)
    .with({ type: 'flushed' }, (x) => `sink flushed ${x.records} record(s) before the snapshot`)
    .with({ type: 'buffered' }, (x) => `v${x.value} buffered`)
    .with({ type: 'precommitted' }, (x) => `pre-committed ${x.transactionalId} for checkpoint ${x.checkpoint}`)
    .with({ type: 'completed' }, (x) => `checkpoint ${x.checkpoint} completed`)
    .with({ type: 'notified' }, (x) => `tasks notified: checkpoint ${x.checkpoint} complete`)
    .with({ type: 'notification-lost' }, (x) => `the notification of checkpoint ${x.checkpoint} is lost`)
    .with({ type: 'offsets-committed' }, (x) => `consumer group: ${inputName(x.input)} -> ${x.offset} committed (monitoring)`)
    .with({ type: 'committed' }, (x) => `committed ${x.transactionalId} (checkpoint ${x.checkpoint})`)
    .with({ type: 'commit-failed' }, (x) => `commit of ${x.transactionalId} (checkpoint ${x.checkpoint}) failed with ${x.error}: its records are lost`)
    .with({ type: 'writer' }, (x) => `writer uses ${x.transactionalId} (epoch ${x.epoch})`)
    .with({ type: 'probed' }, (x) => `${x.transactionalId} ${x.used ? 'was used: fenced and aborted' : 'was never used: probe ends'}`)
    .with({ type: 'failed' }, (x) => `job failed (${x.reason}); restart at ${at(x.restartAt)}`)
    .with({ type: 'checkpoint-aborted' }, (x) => `checkpoint ${x.checkpoint} aborted`)
    .with({ type: 'restored' }, (x) => `${x.checkpoint === null ? `no checkpoint: started from ${x.mode}` : `restored checkpoint ${x.checkpoint}`}: offsets ${x.offsets.map((o, i) => `${inputName((x.from ?? 0) + i)}=${o}`).join(', ')}, count ${x.count}`)
    .with({ type: 'jobmanager' }, (x) => `JobManager lost (${x.ha ? 'HA keeps the checkpoints' : 'no HA: checkpoints and counter lost'})`)
    .exhaustive();
}

/** One Kafka-side event as a short line, transactional.ids by name. Pure. */
export function describeKafkaEvent(after: FlinkState, e: KafkaEvent): string {
  const name = (app: number) => txnName(after, app);
  return match(e)
    .with({ type: 'appended' }, (x) => `out-${x.partition}: appended offset ${x.offset}`)
    .with({ type: 'marker' }, (x) => (x.partition === 'offsets' ? `__consumer_offsets: ${x.marker} marker` : `out-${x.partition}: ${x.marker} marker at offset ${x.offset ?? '?'} (epoch ${x.epoch})`))
    .with({ type: 'duplicate' }, (x) => `out-${x.partition}: duplicate of sequence ${x.sequence} acknowledged`)
    .with({ type: 'rejected' }, (x) => `rejected by ${x.by}: ${x.error} (${x.request})`)
    .with({ type: 'txn-state' }, (x) => `coordinator ${name(x.app)}: ${x.from} -> ${x.to} (epoch ${x.epoch})`)
    .with({ type: 'epoch' }, (x) => `coordinator ${name(x.app)}: ${x.epoch === 0 ? `producer id ${x.producerId}, epoch 0` : `epoch bumped to ${x.epoch}`}`)
    .with({ type: 'added' }, (x) => `coordinator ${name(x.app)}: ${x.partition === 'offsets' ? '__consumer_offsets' : `out-${x.partition}`} added to the transaction`)
    .with({ type: 'offsets' }, (x) => `__consumer_offsets: in-${x.input} -> ${x.offset} ${x.how}`)
    .with({ type: 'client' }, (x) => `client ${x.instance}: ${x.status}`)
    .with({ type: 'delayed' }, (x) => `request #${x.request} delayed: ${x.what}`)
    .with({ type: 'clock' }, (x) => `clock: ${x.now} ms`)
    .exhaustive();
}

/** Every event line of the step that produced `after`. Pure. */
export function describeFlinkEvents(after: FlinkState): string[] {
  return [...after.events.map(describeFlinkEvent), ...after.kafka.events.map((e) => describeKafkaEvent(after, e))];
}

/** A data-path step that only moved records along (folded into one line in long timelines). Pure. */
export function routine(after: FlinkState, a: FlinkAction): boolean {
  if (a.type !== 'Tick' && a.type !== 'Read' && a.type !== 'Process' && a.type !== 'Send') return false;
  return after.events.every((e) => e.type === 'clock' || e.type === 'read' || e.type === 'counted') && after.kafka.events.every((e) => e.type === 'appended' || e.type === 'added' || e.type === 'txn-state');
}
