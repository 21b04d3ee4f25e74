/**
 * The state of a consumer application (`consume-transform-produce` and `kafka-streams`): the Kafka
 * cluster slice (the written partitions, the transaction coordinator, the consumer group with its
 * offsets), the application instances with their consumer and producer, the external sink, and
 * the step's events.
 */
import type { Cluster, KafkaEvent } from '../kafka/cluster.js';
import { memberEpoch, reconciliation } from '../kafka/consumer-group.js';
import type { InFlightClient } from '../kafka/inflight.js';
import type { DelayedEvent, Request } from '../kafka/network.js';
import type { Producer } from '../kafka/producer.js';
import type { AppSettings } from './config.js';
import { perTaskProducer } from './eos-layout.js';

export { txnIdName, txnSlot } from './eos-layout.js';

/** Lifecycle of one application instance (process incarnation). */
export type AppLife = 'unjoined' | 'member' | 'crashed' | 'fenced' | 'failed';

/** The producer of an instance: none yet (EOS v1 before it owns a task), needs InitProducerId, ready. */
export type ProducerStatus = 'none' | 'new' | 'ready';

/**
 * One incarnation of an application instance: a consumer, a producer and its loop. Its produce requests in flight
 * (`faults.produce-reorder`), each absent when none, are the Kafka core's (model/kafka/inflight.ts).
 */
export interface AppInstance extends InFlightClient {
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
  readonly producerStatus: ProducerStatus;
  readonly producer: Producer;
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
  /** With record.processing.ms: the clock at its last poll() (joining, or the poll after a commit). */
  readonly polledMs?: number;
  /**
   * With record.processing.ms: the clock at its last heartbeat, while it sends none (crashed, or paused whole) and is
   * still a member; the coordinator removes it session.timeout.ms later.
   */
  readonly silentMs?: number;
  /**
   * group.protocol=consumer with record.processing.ms: when the coordinator fences it unless it acknowledges the
   * revocation it owes first (its rebalance timeout, model/ctp/rebalance-timeout.ts).
   */
  readonly revokeDueMs?: number;
}

/** The external sink: an upsert table (keys present) and the calls of a side effect, in order. */
export interface SinkState {
  readonly table: readonly number[];
  readonly calls: readonly number[];
}

/** Ghost: what a client was told about the end of one of its transactions. */
export interface AppOutcome {
  readonly instance: number;
  readonly txn: number;
  readonly result: 'COMMIT' | 'ABORT';
}

/** What a step did, in order, for the renderers (not part of a state's identity). */
export type AppEvent =
  | KafkaEvent
  | { readonly type: 'fetched'; readonly instance: number; readonly partition: number; readonly offset: number }
  | { readonly type: 'restoring'; readonly instance: number; readonly end: number }
  | { readonly type: 'restored'; readonly instance: number; readonly count: number; readonly records: number }
  | { readonly type: 'sink'; readonly value: number; readonly effect: 'inserted' | 'upsert-no-change' | 'called' }
  | { readonly type: 'life'; readonly instance: number; readonly status: string }
  | DelayedEvent
  | { readonly type: 'clock'; readonly now: number };

/** The whole application state. Frozen; every change goes through `step`. */
export interface AppState {
  readonly config: AppSettings;
  readonly now: number;
  readonly kafka: Cluster;
  readonly apps: readonly AppInstance[];
  readonly sink: SinkState;
  /**
   * faults.network: the request held in the network (at most one, and one per run: `faults.delays`), landing when
   * `Deliver` picks it.
   */
  readonly network: readonly Request[];
  readonly faults: { readonly crashes: number; readonly pauses: number; readonly delays: number };
  readonly outcomes: readonly AppOutcome[];
  readonly events: readonly AppEvent[];
}

/** The application's consumer group (index in `kafka.groups`). */
export const GROUP = 0;

/** Index of the output partition `out-0` and (kafka-streams) of the changelog partition `changelog-0`. */
export const OUT = 0;
export const CHANGELOG = 1;

/** The input value at `offset` of input partition `p`: sequence numbers 1, 2, 3, ... Pure. */
export function inputValue(c: AppSettings, p: number, offset: number): number {
  return p * c.inputRecords + offset + 1;
}

/** Id of incarnation `incarnation` (1-based) of slot `slot`. Pure. */
export function appInstanceId(c: AppSettings, slot: number, incarnation: number): number {
  return slot + 1 + (incarnation - 1) * c.instances;
}

/** Whether the loop is transactional. Pure. */
export function isTxnApp(c: AppSettings): boolean {
  return c.strategy === 'transactional';
}

/**
 * The isolation level of kafka-streams' restore consumer: read_committed under EOS (StreamsConfig's consumer
 * overrides). Pure.
 */
export function restoreLevel(c: AppSettings): 'read_committed' | 'read_uncommitted' {
  return isTxnApp(c) ? 'read_committed' : 'read_uncommitted';
}

/**
 * Whether instance `i`'s restore consumer can reach its listed end offset now: at read_committed
 * it cannot read past the changelog's LSO, so an open transaction below the end holds it back. Pure.
 */
export function restoreReady(s: AppState, i: AppInstance): boolean {
  return (
    i.restoreEnd !== null &&
    (restoreLevel(s.config) === 'read_uncommitted' || s.kafka.partitions[CHANGELOG]!.lastStableOffset >= i.restoreEnd)
  );
}

/** Whether instance `i` must restore task 0_0's count store before it fetches offsets (kafka-streams). Pure. */
export function restoring(c: AppSettings, i: AppInstance): boolean {
  return c.stateful && i.owned.includes(0) && i.store === null;
}

/** `i0#2`: an instance's slot and incarnation. Pure. */
export function appName(s: AppState, id: number): string {
  const i = s.apps.find((x) => x.id === id);
  return i ? `i${i.slot}#${i.incarnation}` : `instance ${id}`;
}

/** The latest incarnation of instance slot `slot`. Pure. */
export function latestOfSlot(s: AppState, slot: number): AppInstance | undefined {
  for (let k = s.apps.length - 1; k >= 0; k--) if (s.apps[k]!.slot === slot) return s.apps[k];
  return undefined;
}

/** An instance that can act: alive and not paused. Pure. */
export function canAct(i: AppInstance): boolean {
  return !i.paused && (i.life === 'member' || i.life === 'unjoined');
}

/** A process that is gone and may be restarted. Pure. */
export function gone(i: AppInstance): boolean {
  return i.life === 'crashed' || i.life === 'fenced' || i.life === 'failed';
}

/**
 * The earliest session expiry after `now` of a silent member (crashed or paused, still in the group), or null.
 * Pure.
 */
export function nextSessionExpiry(s: AppState): number | null {
  let best: number | null = null;
  const members = s.kafka.groups[GROUP]!.members;
  for (const i of s.apps) {
    if (i.silentMs === undefined || !members.includes(i.id)) continue;
    const due = i.silentMs + s.config.sessionTimeoutMs;
    if (due > s.now && (best === null || due < best)) best = due;
  }
  return best;
}

/**
 * Whether the loop is between batches, where its next call is poll(): no open transaction, nothing processed and
 * uncommitted, no committed-ahead record waiting. Pure.
 */
function atPoll(c: AppSettings, i: AppInstance): boolean {
  return isTxnApp(c) ? i.producer.transaction === null : uncommitted(i) === 0 && i.ahead === null;
}

/**
 * A member that stalled whole and resumed still in the group (record.processing.ms), its generation behind the
 * group's: its first heartbeat got ILLEGAL_GENERATION or REBALANCE_IN_PROGRESS, which reset the generation and
 * requested a rejoin (AbstractCoordinator.HeartbeatResponseHandler), so the next poll() rejoins
 * (ensureActiveGroup) instead of fetching. Until then it goes on with its batch at the old generation. Pure.
 */
export function rejoinDue(s: AppState, i: AppInstance): boolean {
  if (!s.config.pollTimer) return false;
  const g = s.kafka.groups[GROUP]!;
  const current = s.config.consumerProtocol ? memberEpoch(g, i.id) : g.generation;
  return (
    canAct(i) && i.life === 'member' && i.generation !== current && g.members.includes(i.id) && atPoll(s.config, i)
  );
}

/**
 * Whether a member the coordinator removed (its session timed out while it stalled, its rebalance timeout ran out,
 * its poll timer expired) learns it from its heartbeat now: the answer is UNKNOWN_MEMBER_ID (classic: Heartbeat,
 * AbstractCoordinator.HeartbeatResponseHandler; consumer: ConsumerGroupHeartbeat, transitionToFenced), and the
 * partitions it gives up as lost are given up in its poll() (ConsumerCoordinator.onJoinPrepare; the
 * ConsumerRebalanceListenerCallbackNeededEvent of AsyncKafkaConsumer), between batches. Until that poll() nothing the
 * application sees changes: the consumer's group metadata keeps the generation and member.id its commits carry.
 * The answer may come after the poll() too, which `BeginTxn` and `Process` take. Pure.
 */
export function lostDue(s: AppState, i: AppInstance): boolean {
  return (
    canAct(i) &&
    i.life === 'member' &&
    i.generation >= 0 &&
    !s.kafka.groups[GROUP]!.members.includes(i.id) &&
    atPoll(s.config, i)
  );
}

/**
 * group.protocol=consumer: whether the member's next heartbeat reconciles something now. An epoch alone moves at
 * any time (the background thread's heartbeat); a revocation or a new partition waits for its poll(), where the
 * rebalance callbacks run (AsyncKafkaConsumer: ConsumerRebalanceListenerCallbackNeededEvent), between batches. Pure.
 */
export function heartbeatDue(s: AppState, i: AppInstance): boolean {
  if (!s.config.consumerProtocol || !canAct(i) || i.life !== 'member' || rejoinDue(s, i)) return false;
  const r = reconciliation(s.kafka.groups[GROUP]!, i.id);
  if (!r) return false;
  return (r.revoke.length === 0 && r.assign.length === 0) || atPoll(s.config, i);
}

/** Records processed by `i` since its last commit, over its owned partitions. Pure. */
export function uncommitted(i: AppInstance): number {
  let n = 0;
  for (const p of i.owned) {
    const pos = i.positions[p];
    if (pos !== null && pos !== undefined) n += pos - (i.committed[p] ?? 0);
  }
  return n;
}

/** Owned partitions with a known position and input left, ascending. Pure. */
export function workable(c: AppSettings, i: AppInstance): number[] {
  return [...i.owned]
    .sort((a, b) => a - b)
    .filter((p) => {
      const pos = i.positions[p];
      return pos !== null && pos !== undefined && pos < c.inputRecords;
    });
}

/** Whether the instance's producer needs InitProducerId now (EOS v1 creates it only for an owned task). Pure. */
export function producerDue(s: AppState, i: AppInstance): boolean {
  return i.producerStatus === 'new' && (!perTaskProducer(s.config, i.slot) || i.owned.length > 0);
}
