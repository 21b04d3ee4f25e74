/**
 * Actions of `kafka-txn`: client calls, coordinator work, network deliveries, time and faults.
 * One tag (`type`); `ActionType` is derived.
 */
export type KafkaAction =
  // client calls (KafkaProducer API of instance `instance`)
  | { readonly type: 'InitProducerId'; readonly instance: number }
  | { readonly type: 'BeginTxn'; readonly instance: number }
  | { readonly type: 'Produce'; readonly instance: number; readonly partition: number }
  | { readonly type: 'ProduceDelayed'; readonly instance: number; readonly partition: number }
  | { readonly type: 'Retry'; readonly instance: number }
  | { readonly type: 'SendOffsets'; readonly instance: number }
  | { readonly type: 'CommitTxn'; readonly instance: number }
  | { readonly type: 'CommitTxnDelayed'; readonly instance: number }
  | { readonly type: 'AbortTxn'; readonly instance: number }
  | { readonly type: 'CommitOffsets'; readonly instance: number }
  // transaction coordinator
  | { readonly type: 'WriteTxnMarkers'; readonly app: number }
  | { readonly type: 'ExpireTxn'; readonly app: number }
  // supervisor
  | { readonly type: 'Restart'; readonly app: number }
  // network and time
  | { readonly type: 'Deliver'; readonly request: number }
  | { readonly type: 'Tick' }
  // faults
  | { readonly type: 'Crash'; readonly instance: number }
  | { readonly type: 'Pause'; readonly instance: number }
  | { readonly type: 'Resume'; readonly instance: number };

/** The action names of `kafka-txn`. */
export type KafkaActionType = KafkaAction['type'];

/** Every action name, in the order `enabled` lists them within one actor. */
export const kafkaActionTypes: readonly KafkaActionType[] = [
  'InitProducerId', 'BeginTxn', 'Produce', 'ProduceDelayed', 'Retry', 'SendOffsets', 'CommitTxn', 'CommitTxnDelayed', 'AbortTxn', 'CommitOffsets',
  'WriteTxnMarkers', 'ExpireTxn', 'Restart', 'Deliver', 'Tick', 'Crash', 'Pause', 'Resume',
];

/** Actions that are faults: the final drain never takes them. */
export const faultActions: ReadonlySet<KafkaActionType> = new Set(['ProduceDelayed', 'CommitTxnDelayed', 'Deliver', 'Crash', 'Pause', 'Resume']);
