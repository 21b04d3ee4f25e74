/**
 * Actions of the consumer applications: the instances' consumer and producer calls, the
 * coordinators' work, the supervisor, time, and faults. One tag (`type`); `AppActionType` is derived.
 */
export type AppAction =
  // an instance's consumer (group membership, offsets) and loop
  | { readonly type: 'Join'; readonly instance: number }
  | { readonly type: 'InitProducerId'; readonly instance: number }
  | { readonly type: 'FetchOffset'; readonly instance: number; readonly partition: number }
  // kafka-streams: the task lists its changelog's end offset, then its restore consumer reaches it
  | { readonly type: 'InitializeTask'; readonly instance: number }
  | { readonly type: 'RestoreStore'; readonly instance: number }
  | { readonly type: 'BeginTxn'; readonly instance: number }
  | { readonly type: 'Process'; readonly instance: number; readonly partition: number }
  | { readonly type: 'ProcessRetried'; readonly instance: number; readonly partition: number }
  | { readonly type: 'CommitOffsets'; readonly instance: number }
  | { readonly type: 'AutoCommit'; readonly instance: number }
  | { readonly type: 'SendOffsets'; readonly instance: number }
  | { readonly type: 'CommitTxn'; readonly instance: number }
  | { readonly type: 'AbortTxn'; readonly instance: number }
  // transaction coordinator (slot: index of the transactional.id)
  | { readonly type: 'WriteTxnMarkers'; readonly slot: number }
  | { readonly type: 'ExpireTxn'; readonly slot: number }
  // supervisor (slot: instance slot)
  | { readonly type: 'Restart'; readonly slot: number }
  // time
  | { readonly type: 'Tick' }
  // faults
  | { readonly type: 'Crash'; readonly instance: number }
  | { readonly type: 'Pause'; readonly instance: number }
  | { readonly type: 'Resume'; readonly instance: number }
  | { readonly type: 'LoseProducerState' };

/** The action names. */
export type AppActionType = AppAction['type'];

/** Every action name, in the order `enabled` lists them within one actor. */
export const appActionTypes: readonly AppActionType[] = [
  'Join', 'InitProducerId', 'InitializeTask', 'RestoreStore', 'FetchOffset', 'BeginTxn', 'Process', 'ProcessRetried', 'CommitOffsets', 'AutoCommit', 'SendOffsets', 'CommitTxn', 'AbortTxn',
  'WriteTxnMarkers', 'ExpireTxn', 'Restart', 'Tick', 'Crash', 'Pause', 'Resume', 'LoseProducerState',
];

/** Faults: the final drain never takes them. */
export const appFaults: ReadonlySet<AppActionType> = new Set(['ProcessRetried', 'Crash', 'Pause', 'Resume', 'LoseProducerState']);
