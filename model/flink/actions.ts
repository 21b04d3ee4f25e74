/**
 * Actions of `flink-kafka`: the JobManager's checkpoint coordinator, the tasks (sources, count
 * operator, KafkaSink writer and committer), the Kafka transaction coordinator, time and faults.
 * One tag (`type`); `FlinkActionType` is derived.
 */
export type FlinkAction =
  // time
  | { readonly type: 'Tick' }
  // JobManager
  | { readonly type: 'Trigger' }
  | { readonly type: 'Notify' }
  | { readonly type: 'Restart' }
  // tasks
  | { readonly type: 'Read'; readonly input: number }
  | { readonly type: 'Process'; readonly input: number }
  | { readonly type: 'Send' }
  | { readonly type: 'Ack' }
  | { readonly type: 'AbortLingering' }
  | { readonly type: 'InitSink' }
  | { readonly type: 'Commit'; readonly checkpoint: number }
  // Kafka transaction coordinator (`txn`: index of the transactional.id)
  | { readonly type: 'WriteTxnMarkers'; readonly txn: number }
  | { readonly type: 'ExpireTxn'; readonly txn: number }
  // faults
  | { readonly type: 'Crash' }
  | { readonly type: 'LoseNotification' }
  | { readonly type: 'JobManagerFail' };

/** The action names of `flink-kafka`. */
export type FlinkActionType = FlinkAction['type'];

/** Every action name, in the order `enabled` lists them. */
export const flinkActionTypes: readonly FlinkActionType[] = [
  'WriteTxnMarkers', 'ExpireTxn', 'Restart', 'AbortLingering', 'InitSink', 'Notify', 'Commit', 'Ack', 'Process', 'Send', 'Read', 'Trigger', 'Tick', 'Crash', 'LoseNotification', 'JobManagerFail',
];

/** Actions that are faults: the drain never takes them. */
export const flinkFaultActions: ReadonlySet<FlinkActionType> = new Set(['Crash', 'LoseNotification', 'JobManagerFail']);
