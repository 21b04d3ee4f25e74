/**
 * The state of a consumer application (`consume-transform-produce` and `kafka-streams`): the
 * Kafka state of model/kafka (written partitions, transaction coordinator, `__consumer_offsets`)
 * extended with the consumer group, the application instances, the external sink and the
 * step's notes. It extends `KafkaState`, so broker.ts and coordinator.ts run on it unchanged;
 * its `instances` (the kafka-txn producer apps) stay empty: the instances are `apps`.
 */
import type { ErrorCode, KafkaState, Marker, StepEvent } from '../kafka/state.js';
import type { GroupState } from '../groups/state.js';
import type { AppConfig } from './config.js';

/** Errors beyond model/kafka's: the group coordinator's and KIP-360's. Real Kafka names. */
export type AppError = ErrorCode | 'ILLEGAL_GENERATION' | 'UNKNOWN_PRODUCER_ID' | 'UNSTABLE_OFFSET_COMMIT';

/** An instance's open transaction, as the client sees it. */
export interface AppTxn {
  readonly no: number;
  /** Written partitions added (transaction.version=1: by the client). */
  readonly partitions: readonly number[];
  readonly records: number;
  readonly offsetsSent: boolean;
  /** An abortable error: only abortTransaction() is left. */
  readonly error: AppError | null;
}

/** Lifecycle of one application instance (process incarnation). */
export type AppLife = 'unjoined' | 'member' | 'crashed' | 'fenced' | 'failed';

/** The producer of an instance: none yet (EOS v1 before it owns a task), needs InitProducerId, ready. */
export type ProducerStatus = 'none' | 'new' | 'ready';

/** One incarnation of an application instance: a consumer, a producer and its loop. */
export interface AppInstance {
  readonly id: number;
  /** Instance slot 0..instances-1: restarts of a slot keep its transactional.id (KIP-447). */
  readonly slot: number;
  readonly incarnation: number;
  readonly life: AppLife;
  readonly paused: boolean;
  /** The group generation this instance believes in (-1: none). */
  readonly generation: number;
  /** Input partitions it believes it owns. */
  readonly owned: readonly number[];
  /** Next input offset per input partition; null until fetched (OffsetFetch on assignment). */
  readonly positions: readonly (number | null)[];
  /** The offset per input partition this instance last committed or fetched. */
  readonly committed: readonly number[];
  /** commit-then-process: the partition whose next record's offset is committed, not yet processed. */
  readonly ahead: number | null;
  readonly producer: ProducerStatus;
  readonly producerId: number;
  readonly epoch: number;
  /** Next sequence number per written partition. */
  readonly sequences: readonly number[];
  readonly txn: AppTxn | null;
  readonly txnCount: number;
  /** kafka-streams: the count store of task 0_0, null until restored from its changelog. */
  readonly store: number | null;
  /**
   * kafka-streams: the changelog's end offset listed when the task began restoring (null: not
   * restoring). Streams lists it at read_uncommitted (the log end, KAFKA-10167) and restores until
   * its restore consumer reaches it; under EOS that consumer reads read_committed, so an open
   * transaction below the end offset holds the restore back until it ends (StoreChangelogReader).
   */
  readonly restoreEnd: number | null;
  readonly lastAutoCommitMs: number;
}

/** The external sink: an upsert table (keys present) and the calls of a side effect, in order. */
export interface SinkState {
  readonly table: readonly number[];
  readonly calls: readonly number[];
}

/** What a step did, in order, for the renderers (not part of a state's identity). */
export type AppEvent =
  | { readonly type: 'kafka'; readonly event: StepEvent }
  | { readonly type: 'rebalance'; readonly generation: number; readonly owners: readonly (number | null)[]; readonly reason: string }
  | { readonly type: 'fetched'; readonly instance: number; readonly partition: number; readonly offset: number }
  | { readonly type: 'restoring'; readonly instance: number; readonly end: number }
  | { readonly type: 'restored'; readonly instance: number; readonly count: number; readonly records: number }
  | { readonly type: 'committed'; readonly instance: number; readonly partition: number; readonly offset: number; readonly generation: number }
  | { readonly type: 'pending-offset'; readonly instance: number; readonly partition: number; readonly offset: number; readonly generation: number; readonly stale: boolean }
  | { readonly type: 'offset-fate'; readonly partition: number; readonly offset: number; readonly fate: Marker }
  | { readonly type: 'rejected'; readonly instance: number; readonly by: string; readonly error: AppError; readonly request: string }
  | { readonly type: 'sink'; readonly value: number; readonly effect: 'inserted' | 'upsert-no-change' | 'called' }
  | { readonly type: 'life'; readonly instance: number; readonly status: string }
  | { readonly type: 'producer-state-lost'; readonly partition: number; readonly producerIds: readonly number[] };

/** The whole application state. Frozen; every change goes through `step`. */
export interface AppState extends KafkaState {
  readonly config: AppConfig;
  readonly instances: readonly never[];
  readonly group: GroupState;
  readonly apps: readonly AppInstance[];
  readonly sink: SinkState;
  readonly lost: number;
  /** The last step's events, in order (model/kafka's `events` are moved in here). */
  readonly notes: readonly AppEvent[];
}

/** The input value at `offset` of input partition `p`: sequence numbers 1, 2, 3, ... Pure. */
export function inputValue(c: AppConfig, p: number, offset: number): number {
  return p * c.inputRecords + offset + 1;
}

/** Index of the output partition `out-0` and (kafka-streams) of the changelog partition. */
export const OUT = 0;
export const CHANGELOG = 1;

/** Id of incarnation `incarnation` (1-based) of slot `slot`. Pure. */
export function appInstanceId(c: AppConfig, slot: number, incarnation: number): number {
  return slot + 1 + (incarnation - 1) * c.instances;
}

/** Index into `txns` (the transactional.id) an instance's producer uses: its slot, or task 0_0 under EOS v1. */
export function txnSlot(c: AppConfig, i: AppInstance): number {
  return c.txnIdPerTask ? 0 : i.slot;
}

/** The isolation level of kafka-streams' restore consumer: read_committed under EOS (StreamsConfig's consumer overrides). */
export function restoreLevel(c: AppConfig): 'read_committed' | 'read_uncommitted' {
  return isTxnApp(c) ? 'read_committed' : 'read_uncommitted';
}

/**
 * Whether instance `i`'s restore consumer can reach its listed end offset now: at read_committed
 * it cannot read past the changelog's LSO, so an open transaction below the end holds it back.
 */
export function restoreReady(s: AppState, i: AppInstance): boolean {
  return i.restoreEnd !== null && (restoreLevel(s.config) === 'read_uncommitted' || s.partitions[CHANGELOG]!.lastStableOffset >= i.restoreEnd);
}

/** Whether instance `i` must restore task 0_0's count store before it fetches offsets (kafka-streams). */
export function restoring(c: AppConfig, i: AppInstance): boolean {
  return c.stateful && i.owned.includes(0) && i.store === null;
}

/** Whether the loop is transactional. */
export function isTxnApp(c: AppConfig): boolean {
  return c.strategy === 'transactional';
}

/** transactional.id of txn slot `slot`. */
export function txnIdName(c: AppConfig, slot: number): string {
  if (c.app === 'ctp') return `ctp-${slot}`;
  return c.txnIdPerTask ? `streams-app-0_${slot}` : `streams-app-thread-${slot}`;
}

/** `ctp#2` style instance name: `i<slot>#<incarnation>`. Pure. */
export function appName(s: AppState, id: number): string {
  const i = s.apps.find((x) => x.id === id);
  return i ? `i${i.slot}#${i.incarnation}` : `instance ${id}`;
}

/** The latest incarnation of instance slot `slot`. */
export function latestOfSlot(s: AppState, slot: number): AppInstance | undefined {
  for (let k = s.apps.length - 1; k >= 0; k--) if (s.apps[k]!.slot === slot) return s.apps[k];
  return undefined;
}

/** An instance that can act: alive and not paused. */
export function canAct(i: AppInstance): boolean {
  return !i.paused && (i.life === 'member' || i.life === 'unjoined');
}

/** Records processed by `i` since its last commit, over its owned partitions. */
export function uncommitted(i: AppInstance): number {
  let n = 0;
  for (const p of i.owned) {
    const pos = i.positions[p];
    if (pos !== null && pos !== undefined) n += pos - (i.committed[p] ?? 0);
  }
  return n;
}

/** Owned partitions with a known position and input left, ascending. */
export function workable(c: AppConfig, i: AppInstance): number[] {
  return [...i.owned].sort((a, b) => a - b).filter((p) => {
    const pos = i.positions[p];
    return pos !== null && pos !== undefined && pos < c.inputRecords;
  });
}
