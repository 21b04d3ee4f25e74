/**
 * Actions of `flink-kafka`: the JobManager's checkpoint coordinator, the tasks (sources, count
 * operator, KafkaSink writer and committer), the Kafka transaction coordinator, time and faults.
 * One tag (`type`); `FlinkActionType` is derived. A job action names job 2 with `job: 2`.
 */
/** Which job a job action is for: absent for job 1, `2` for the second job of `jobs=2`. */
export type OfJob = { readonly job?: 2 };

export type FlinkAction =
  // time
  | { readonly type: 'Tick' }
  // JobManager
  | ({ readonly type: 'Trigger' } & OfJob)
  | ({ readonly type: 'Notify' } & OfJob)
  | ({ readonly type: 'Restart' } & OfJob)
  // tasks
  | ({ readonly type: 'Read'; readonly input: number } & OfJob)
  | ({ readonly type: 'Process'; readonly input: number } & OfJob)
  | ({ readonly type: 'Send' } & OfJob)
  | ({ readonly type: 'Ack' } & OfJob)
  | ({ readonly type: 'AbortLingering' } & OfJob)
  | ({ readonly type: 'InitSink' } & OfJob)
  | ({ readonly type: 'Commit'; readonly checkpoint: number } & OfJob)
  // Kafka transaction coordinator (`txn`: index of the transactional.id)
  | { readonly type: 'WriteTxnMarkers'; readonly txn: number }
  | { readonly type: 'ExpireTxn'; readonly txn: number }
  // faults
  | ({ readonly type: 'Crash' } & OfJob)
  | ({ readonly type: 'LoseNotification' } & OfJob)
  | ({ readonly type: 'JobManagerFail' } & OfJob);

/** The job an action is for (1 when it names none). Pure. */
export function jobOf(a: FlinkAction): 1 | 2 {
  return 'job' in a && a.job === 2 ? 2 : 1;
}

/** The action names of `flink-kafka`. */
export type FlinkActionType = FlinkAction['type'];

/** Every action name, in the order `enabled` lists them. */
export const flinkActionTypes: readonly FlinkActionType[] = [
  'WriteTxnMarkers', 'ExpireTxn', 'Restart', 'AbortLingering', 'InitSink', 'Notify', 'Commit', 'Ack', 'Process', 'Send', 'Read', 'Trigger', 'Tick', 'Crash', 'LoseNotification', 'JobManagerFail',
];

/** Actions that are faults: the drain never takes them. */
export const flinkFaultActions: ReadonlySet<FlinkActionType> = new Set(['Crash', 'LoseNotification', 'JobManagerFail']);
