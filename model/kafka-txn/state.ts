/**
 * The `kafka-txn` state: producer apps (each a transactional.id copying its own input partition
 * `in-<app>` to the output topic `out`, its input offset sent to the transaction) over the Kafka
 * cluster slice, the requests held in the network, and ghost data for the invariants.
 */
import type { Cluster, KafkaEvent } from '../kafka/cluster.js';
import type { InFlight, Unresolved } from '../kafka/inflight.js';
import type { DelayedEvent, Request as HeldRequest } from '../kafka/network.js';
import { inTransaction, type Producer } from '../kafka/producer.js';
import type { Marker } from '../kafka/records.js';
import type { KafkaTxnConfig } from './config.js';

export type { InFlight } from '../kafka/inflight.js';

/** A produce parked at its leader after the coordinator's yes (KIP-890): the instance waits for its append. */
export interface Awaiting {
  readonly request: number;
  readonly partition: number;
  readonly sequence: number;
}

/** An acks=all produce appended at its leader, its answer waiting for the high watermark (DelayedProduce). */
export interface Acking {
  readonly partition: number;
  readonly offset: number;
  readonly sequence: number;
  /** The leader epoch it was appended in: under another one the answer is NOT_LEADER_OR_FOLLOWER. */
  readonly epoch: number;
}

/** A produced batch whose request timed out at the client; it may still be in the network. */
export interface Unacked {
  readonly request: number;
  readonly partition: number;
  readonly value: number;
  readonly sequence: number;
}

/** Lifecycle of one client instance (one process incarnation of an app). */
export type InstanceStatus = 'new' | 'ready' | 'in-txn' | 'fenced' | 'failed' | 'crashed';

/** One incarnation of a producer app: reads its input partition, writes `out`, commits offsets. */
export interface Instance {
  /** Unique id: `instanceId(config, app, incarnation)`, so an id always names the same app's instance. */
  readonly id: number;
  readonly app: number;
  /** 1 for the app's first instance, 2 for its first restart or replacement, ... */
  readonly incarnation: number;
  readonly status: InstanceStatus;
  readonly paused: boolean;
  readonly producer: Producer;
  /** Next input offset to process. */
  readonly position: number;
  /** The last input offset this instance committed (plain producer app). */
  readonly committedPosition: number;
  readonly txnCount: number;
  /** The input position where the open transaction began (null: none open). */
  readonly txnStart: number | null;
  readonly unacked: readonly Unacked[];
  /** A produce of this instance parked at its leader, or null. */
  readonly awaiting: Awaiting | null;
  /** Replicated partitions: an acks=all produce waiting for its answer (absent otherwise). */
  readonly acking?: Acking;
  /**
   * A batch its leader refused with a retriable error (NOT_ENOUGH_REPLICAS, NOT_LEADER_OR_FOLLOWER,
   * CONCURRENT_TRANSACTIONS, ...): the partition the Sender re-enqueues it for (Sender.completeBatch ->
   * reenqueueBatch; a batch's partition is fixed at send()), so the next send is that record again, to
   * that partition, with its sequence number. Absent otherwise. Nothing ends the transaction before it is
   * sent and answered: an abort does not drop a batch that has a sequence number
   * (RecordAccumulator.abortUndrainedBatches), and EndTxn waits for every batch (TransactionManager.nextRequest).
   */
  readonly requeued?: number;
  /** Its produce requests in flight, oldest first (`faults.produce-reorder`; absent when none). */
  readonly inflight?: readonly InFlight[];
  /**
   * librdkafka's drain for an epoch bump (`rd_kafka_idemp_drain_epoch_bump`): it sends nothing until its requests
   * in flight are answered, then asks the coordinator for the bump (absent otherwise).
   */
  readonly draining?: boolean;
  /**
   * Partitions with a batch that expired unanswered (delivery.timeout.ms) while in flight, and its sequence: no new
   * sequence goes there until a later batch is acknowledged (resolved) or none is left in flight, when the open
   * transaction can only abort (TransactionManager.markSequenceUnresolved, maybeResolveSequences). Absent when none.
   */
  readonly unresolved?: readonly Unresolved[];
}

/** A request held in the network (model/kafka/network.ts): the ones a kafka-txn app delays. */
export type Request = HeldRequest;

/** Ghost: what a client was told about the end of one of its transactions. */
export interface ClientOutcome {
  readonly instance: number;
  readonly txn: number;
  readonly result: Marker;
}

/** What a step did, for the renderers: the Kafka rules' events and the apps' own. */
export type KafkaTxnEvent =
  | KafkaEvent
  | { readonly type: 'client'; readonly instance: number; readonly status: string }
  | DelayedEvent
  | { readonly type: 'clock'; readonly now: number };

/** The whole `kafka-txn` state. Frozen; every change goes through `step`. */
export interface KafkaTxnState {
  readonly config: KafkaTxnConfig;
  /** Logical clock in milliseconds. */
  readonly now: number;
  /** Partitions `out-0..`, the apps' transactional.ids `app-0..`, the group `app` over `in-0..`. */
  readonly kafka: Cluster;
  readonly instances: readonly Instance[];
  readonly network: readonly Request[];
  readonly nextRequest: number;
  /** Fault budgets used: crashes, pauses, and the log cleaner's passes (absent before its first). */
  readonly faults: { readonly crashes: number; readonly pauses: number; readonly cleanings?: number };
  readonly outcomes: readonly ClientOutcome[];
  readonly events: readonly KafkaTxnEvent[];
}

/** The consumer group of the apps' input offsets (index in `kafka.groups`). */
export const GROUP = 0;

/** The input value at `position` of app `app` (inputs are sequence numbers 1, 2, 3, ...). Pure. */
export function inputValue(config: KafkaTxnConfig, app: number, position: number): number {
  return app * config.inputRecords + position + 1;
}

/** Name of output partition `p`. Pure. */
export function partitionName(p: number): string {
  return `out-${p}`;
}

/** `in-<app>`: the input partition app `app` copies from. Pure. */
export function inputName(app: number): string {
  return `in-${app}`;
}

/** transactional.id of app `a`. Pure. */
export function transactionalId(a: number): string {
  return `app-${a}`;
}

/**
 * The id of incarnation `incarnation` (1-based) of app `app`: app-0's instances are 1, 1 + n,
 * 1 + 2n, ... for n producers, so removing another app's restart never renames this app's instances.
 */
export function instanceId(config: KafkaTxnConfig, app: number, incarnation: number): number {
  return app + 1 + (incarnation - 1) * config.producers;
}

/** The app of instance `id`. Pure. */
export function appOfInstance(config: KafkaTxnConfig, id: number): number {
  return (id - 1) % config.producers;
}

/** `app-0#2`: the app's transactional.id and the incarnation number. Pure. */
export function instanceName(s: KafkaTxnState, id: number): string {
  const i = s.instances.find((x) => x.id === id);
  return i ? `${transactionalId(i.app)}#${i.incarnation}` : `instance#${id}`;
}

/** Whether the apps are transactional: Kafka requires idempotence for a transactional.id. Pure. */
export function isTransactional(config: KafkaTxnConfig): boolean {
  return config.enableIdempotence;
}

/** The latest instance of app `a` (the one a supervisor would restart). Pure. */
export function latestInstance(s: KafkaTxnState, a: number): Instance | undefined {
  for (let i = s.instances.length - 1; i >= 0; i--) {
    const inst = s.instances[i]!;
    if (inst.app === a) return inst;
  }
  return undefined;
}

/** An instance that can act: not crashed, fenced, failed or paused. Pure. */
export function live(i: Instance): boolean {
  return !i.paused && (i.status === 'new' || i.status === 'ready' || i.status === 'in-txn');
}

/**
 * Whether producer `producerId` is still active toward `partition` (see ClusterLens.active): an instance of it
 * has a batch to the partition in flight, parked or due for a retry, or is live inside a transaction. Pure.
 */
export function active(s: KafkaTxnState, partition: number, producerId: number): boolean {
  for (const i of s.instances) {
    if (i.producer.producerId !== producerId) continue;
    if (live(i) && inTransaction(i.producer, producerId)) return true;
    if (i.unacked.some((u) => u.partition === partition) || i.awaiting?.partition === partition) return true;
    if (i.requeued === partition) return true;
    if (i.inflight?.some((f) => f.req.partition === partition)) return true;
  }
  for (const r of s.network)
    if (r.type === 'Produce' && r.req.partition === partition && r.req.producerId === producerId) return true;
  return s.kafka.parked.some((q) => q.req.partition === partition && q.req.producerId === producerId);
}

/** Whether producer ids can change during a run (a rotation, a forgotten transactional.id). Pure. */
export function producerIdsMove(c: KafkaTxnConfig): boolean {
  return c.epochExhaustion || c.producerStateLoss;
}

/** An instance whose process is gone and may be restarted. Pure. */
export function dead(i: Instance): boolean {
  return i.status === 'crashed' || i.status === 'fenced' || i.status === 'failed';
}
