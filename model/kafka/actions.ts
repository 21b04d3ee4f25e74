/**
 * The transaction coordinator's own actions, shared by every Kafka-speaking model: its action
 * table entries, written once, over whatever state embeds the cluster (`lens`).
 */
import type { Draft } from 'immer';
import type { ActionSpec } from '../core/model.js';
import type { Cluster, Ctx } from './cluster.js';
import { expireProducer } from './partition.js';
import {
  deliverStaleMarker,
  dropStaleMarkers,
  expired,
  expireTransactionalId,
  expireTxn,
  firstMarkerTarget,
  loadCoordinator,
  markerTargets,
  mayExpireId,
  moveCoordinator,
  nextDeadline,
  writeTxnMarker,
} from './transactions.js';
import { restoreTxnLog, shrinkTxnLog, txnLogShrunk } from './txn-log-isr.js';
import { txnLogLoading } from './txn-log-load.js';
import {
  electFollowerUncleanly,
  followerFallsBehind,
  txnLogFollowerBehind,
  txnLogFollowerFell,
} from './txn-log-unclean.js';

/** Calls an application instance makes, one variant per name: `{ type, instance }`. */
export type InstanceCall<T extends string> = T extends unknown
  ? { readonly type: T; readonly instance: number }
  : never;

/** The transactional producer API's calls (initTransactions, begin, sendOffsetsToTransaction, commit, abort). */
export type TransactionalCall = InstanceCall<'InitProducerId' | 'BeginTxn' | 'SendOffsets' | 'CommitTxn' | 'AbortTxn'>;

/** Where a marker goes: a partition of the cluster (its index), or the group's `__consumer_offsets` partition. */
export type MarkerTarget = number | '__consumer_offsets';

/**
 * The cluster's own actions: the coordinator's (`txn` is the index of the transactional.id), and
 * the cluster faults (a lost marker acknowledgement, a coordinator move, a stale coordinator's
 * marker arriving, a leader expiring an idle producer, the coordinator forgetting a transactional.id).
 */
export type CoordinatorAction =
  | { readonly type: 'WriteTxnMarker'; readonly txn: number; readonly partition: MarkerTarget }
  | { readonly type: 'ExpireTxn'; readonly txn: number }
  | { readonly type: 'MarkerAckLost'; readonly txn: number; readonly partition: MarkerTarget }
  | { readonly type: 'CoordinatorFailover' }
  | { readonly type: 'CoordinatorLoaded' }
  | { readonly type: 'TxnLogIsrShrink' }
  | { readonly type: 'TxnLogIsrExpand' }
  | { readonly type: 'TxnLogFollowerBehind' }
  | { readonly type: 'TxnLogUncleanElection' }
  | { readonly type: 'StaleMarker'; readonly marker: number }
  | { readonly type: 'LoseProducerState'; readonly partition: number; readonly producerId: number }
  | { readonly type: 'ExpireTransactionalId'; readonly txn: number };

/** The cluster faults a model's config switches on. */
export interface ClusterFaults {
  /** faults.network: marker requests' acknowledgements may be lost too. */
  readonly network: boolean;
  /** faults.coordinator-failover. */
  readonly coordinatorMoves: number;
  /** faults.txn-log-isr-shrink. */
  readonly txnLogIsrShrink: boolean;
  /** faults.txn-log-unclean-election. */
  readonly txnLogUncleanElection: number;
  /** safeguard.txn-log-clean-election. */
  readonly txnLogCleanElection: boolean;
  /** faults.producer-state-loss. */
  readonly producerStateLoss: boolean;
  /** faults.late-offset-completion (absent: off). */
  readonly lateOffsetCompletion?: boolean;
}

/** How a model's state reaches its cluster, its clock, its step's events and its cluster faults. */
export interface ClusterLens<S> {
  cluster(s: S): Cluster;
  now(s: S): number;
  ctx(d: Draft<S>): Ctx;
  faults(s: S): ClusterFaults;
  /**
   * Whether producer `producerId` is still active toward `partition`: a request of it to the
   * partition may still arrive (a batch in flight, a retry due: delivery.timeout.ms is two minutes),
   * or a live instance of it is inside a transaction (it writes or ends it within its
   * transaction.timeout.ms). Then its leader cannot have gone a day without a word from it.
   */
  active(s: S, partition: number, producerId: number): boolean;
  /** Moves the model's clock to `now` (and records it). */
  advance(d: Draft<S>, now: number): void;
}

/** The lens of a state that embeds the cluster as `kafka` and keeps its clock as `now`. */
export function embedded<S extends { readonly kafka: Cluster; readonly now: number }>(
  ctx: (d: Draft<S>) => Ctx,
  faults: (s: S) => ClusterFaults,
  active: (s: S, partition: number, producerId: number) => boolean,
  advance: (d: Draft<S>, now: number) => void,
): ClusterLens<S> {
  return { cluster: (s) => s.kafka, now: (s) => s.now, ctx, faults, active, advance };
}

/**
 * The table entry of `Tick` for a model whose only timed thing is `transaction.timeout.ms`: time
 * jumps to the next transaction deadline, when there is one.
 */
export function deadlineTick<S>(lens: ClusterLens<S>): ActionSpec<S, { readonly type: 'Tick' }> {
  return {
    enabled(s, emit) {
      if (nextDeadline(lens.cluster(s), lens.now(s)) !== null) emit({ type: 'Tick' });
    },
    effect(d) {
      const x = lens.ctx(d);
      lens.advance(d, nextDeadline(x.k, x.now) ?? x.now);
    },
    describe(s) {
      const due = nextDeadline(lens.cluster(s), lens.now(s));
      return `clock.Tick(${due === null ? '' : `-> ${due} ms`})`;
    },
    lanes: () => ({ from: 'clock' }),
  };
}

type Spec<S, T extends CoordinatorAction['type']> = ActionSpec<S, Extract<CoordinatorAction, { type: T }>>;

/** The marker target of an action as the coordinator's rules name it. */
const target = (p: MarkerTarget): number | 'offsets' => (p === '__consumer_offsets' ? 'offsets' : p);

/** The table entries of the cluster's own actions for a state reached through `lens`. */
export function coordinatorActions<S>(lens: ClusterLens<S>): {
  readonly WriteTxnMarker: Spec<S, 'WriteTxnMarker'>;
  readonly ExpireTxn: Spec<S, 'ExpireTxn'>;
  readonly MarkerAckLost: Spec<S, 'MarkerAckLost'>;
  readonly CoordinatorFailover: Spec<S, 'CoordinatorFailover'>;
  readonly CoordinatorLoaded: Spec<S, 'CoordinatorLoaded'>;
  readonly TxnLogIsrShrink: Spec<S, 'TxnLogIsrShrink'>;
  readonly TxnLogIsrExpand: Spec<S, 'TxnLogIsrExpand'>;
  readonly TxnLogFollowerBehind: Spec<S, 'TxnLogFollowerBehind'>;
  readonly TxnLogUncleanElection: Spec<S, 'TxnLogUncleanElection'>;
  readonly StaleMarker: Spec<S, 'StaleMarker'>;
  readonly LoseProducerState: Spec<S, 'LoseProducerState'>;
  readonly ExpireTransactionalId: Spec<S, 'ExpireTransactionalId'>;
} {
  const name = (s: S, txn: number): string => lens.cluster(s).txns[txn]?.transactionalId ?? `txn ${txn}`;
  const where = (s: S, p: MarkerTarget): string =>
    p === '__consumer_offsets' ? p : (lens.cluster(s).partitions[p]?.name ?? `partition ${p}`);
  const marker = (s: S, txn: number): string => lens.cluster(s).txns[txn]?.pending?.marker ?? 'nothing pending';
  /** Every pending marker of every transaction, in transaction then partition order. */
  const eachMarker = (s: S, emit: (txn: number, p: MarkerTarget) => void): void => {
    const k = lens.cluster(s);
    for (let txn = 0; txn < k.txns.length; txn++)
      for (const t of markerTargets(k, txn)) emit(txn, t === 'offsets' ? '__consumer_offsets' : t);
  };
  return {
    // TransactionMarkerChannelManager: one decided marker reaches its partition leader, which acknowledges it.
    WriteTxnMarker: {
      enabled: (s, emit) => eachMarker(s, (txn, partition) => emit({ type: 'WriteTxnMarker', txn, partition })),
      effect: (d, a) => writeTxnMarker(lens.ctx(d), a.txn, target(a.partition)),
      describe: (s, a) =>
        `coordinator.WriteTxnMarker(${name(s, a.txn)}: ${marker(s, a.txn)} -> ${where(s, a.partition)})`,
      lanes: (s, a) => ({ from: 'coordinator', to: where(s, a.partition) }),
    },
    // The coordinator's abort of a transaction open past transaction.timeout.ms (TransactionCoordinator).
    ExpireTxn: {
      enabled(s, emit) {
        const k = lens.cluster(s);
        for (let txn = 0; txn < k.txns.length; txn++)
          if (expired(k, txn, lens.now(s))) emit({ type: 'ExpireTxn', txn });
      },
      effect: (d, a) => expireTxn(lens.ctx(d), a.txn),
      describe: (s, a) => `coordinator.ExpireTxn(${name(s, a.txn)})`,
      lanes: () => ({ from: 'coordinator' }),
    },
    // faults.network: the marker is written but its acknowledgement is lost; the coordinator sends it again.
    MarkerAckLost: {
      fault: true,
      enabled(s, emit) {
        if (lens.faults(s).network) eachMarker(s, (txn, partition) => emit({ type: 'MarkerAckLost', txn, partition }));
      },
      effect: (d, a) => writeTxnMarker(lens.ctx(d), a.txn, target(a.partition), true),
      describe: (s, a) =>
        `network.MarkerAckLost(${name(s, a.txn)}: ${marker(s, a.txn)} -> ${where(s, a.partition)}, written, ` +
        'acknowledgement lost)',
      lanes: (s, a) => ({ from: 'coordinator', to: where(s, a.partition) }),
    },
    // faults.coordinator-failover: the __transaction_state partition moves (TransactionCoordinator.onElection).
    CoordinatorFailover: {
      fault: true,
      enabled(s, emit) {
        if (lens.cluster(s).coordinator.moves < lens.faults(s).coordinatorMoves) emit({ type: 'CoordinatorFailover' });
      },
      effect: (d) => moveCoordinator(lens.ctx(d)),
      describe: (s) =>
        `fault.CoordinatorFailover(coordinator epoch ${lens.cluster(s).coordinator.epoch} -> ` +
        `${lens.cluster(s).coordinator.epoch + 1}; COORDINATOR_LOAD_IN_PROGRESS until loaded)`,
      lanes: () => ({ from: 'coordinator' }),
    },
    // The new coordinator's read of __transaction_state ends (TransactionStateManager
    // .loadTransactionsForTxnTopicPartition).
    CoordinatorLoaded: {
      enabled(s, emit) {
        if (txnLogLoading(lens.cluster(s))) emit({ type: 'CoordinatorLoaded' });
      },
      effect: (d) => loadCoordinator(lens.ctx(d)),
      describe(s) {
        const k = lens.cluster(s);
        const preparing = k.txns.filter((t) => t.state === 'PrepareCommit' || t.state === 'PrepareAbort');
        return (
          `coordinator.CoordinatorLoaded(__transaction_state at coordinator epoch ${k.coordinator.epoch}` +
          `${preparing.length > 0 ? `: markers of ${preparing.map((t) => t.transactionalId).join(', ')} re-sent` : ''})`
        );
      },
      lanes: () => ({ from: 'coordinator' }),
    },
    // faults.txn-log-isr-shrink: __transaction_state's ISR falls below transaction.state.log.min.isr, once a run.
    TxnLogIsrShrink: {
      fault: true,
      enabled(s, emit) {
        if (lens.faults(s).txnLogIsrShrink && lens.cluster(s).coordinator.txnLog === undefined)
          emit({ type: 'TxnLogIsrShrink' });
      },
      effect: (d) => shrinkTxnLog(lens.ctx(d)),
      describe: () =>
        'fault.TxnLogIsrShrink(__transaction_state: ISR below transaction.state.log.min.isr; appends fail, ' +
        'COORDINATOR_NOT_AVAILABLE until it expands)',
      lanes: () => ({ from: 'coordinator' }),
    },
    // A follower of __transaction_state catches up and rejoins the ISR (Partition.maybeExpandIsr).
    TxnLogIsrExpand: {
      enabled(s, emit) {
        if (txnLogShrunk(lens.cluster(s))) emit({ type: 'TxnLogIsrExpand' });
      },
      effect: (d) => restoreTxnLog(lens.ctx(d)),
      describe: () => '__transaction_state.TxnLogIsrExpand(a follower caught up: ISR at transaction.state.log.min.isr)',
      lanes: () => ({ from: 'coordinator' }),
    },
    // faults.txn-log-unclean-election: a follower of __transaction_state leaves its ISR, once a run.
    TxnLogFollowerBehind: {
      fault: true,
      enabled(s, emit) {
        if (lens.faults(s).txnLogUncleanElection > 0 && !txnLogFollowerFell(lens.cluster(s)))
          emit({ type: 'TxnLogFollowerBehind' });
      },
      effect: (d) => followerFallsBehind(lens.ctx(d)),
      describe: () =>
        'fault.TxnLogFollowerBehind(__transaction_state: a follower leaves the ISR, the leader alone in it; ' +
        'transaction.state.log.min.isr=1: appends still acknowledged)',
      lanes: () => ({ from: 'coordinator' }),
    },
    // The leader's broker dies and the follower behind is elected out of the ISR (unclean.leader.election.enable
    // set on the topic, or an ElectLeaders request of type UNCLEAN); with the topic's default the partition
    // waits for its leader instead and loses nothing.
    TxnLogUncleanElection: {
      fault: true,
      enabled(s, emit) {
        if (!lens.faults(s).txnLogCleanElection && txnLogFollowerBehind(lens.cluster(s)))
          emit({ type: 'TxnLogUncleanElection' });
      },
      effect: (d) => electFollowerUncleanly(lens.ctx(d)),
      describe: (s) =>
        `fault.TxnLogUncleanElection(__transaction_state: leader lost, the follower behind elected; coordinator ` +
        `epoch ${lens.cluster(s).coordinator.epoch} -> ${lens.cluster(s).coordinator.epoch + 1}; appends since ` +
        'it fell behind lost; COORDINATOR_LOAD_IN_PROGRESS until loaded)',
      lanes: () => ({ from: 'coordinator' }),
    },
    // A marker the previous coordinator had queued reaches its partition leader late.
    StaleMarker: {
      fault: true,
      enabled(s, emit) {
        const n = lens.cluster(s).coordinator.staleMarkers.length;
        for (let marker = 0; marker < n; marker++) emit({ type: 'StaleMarker', marker });
      },
      effect: (d, a) => deliverStaleMarker(lens.ctx(d), a.marker),
      describe(s, a) {
        const m = lens.cluster(s).coordinator.staleMarkers[a.marker];
        return m
          ? `network.StaleMarker(${m.marker} for producer ${m.producerId} -> ${where(s, m.partition)}, ` +
              `coordinator epoch ${m.coordinatorEpoch})`
          : 'network.StaleMarker(?)';
      },
      lanes(s, a) {
        const m = lens.cluster(s).coordinator.staleMarkers[a.marker];
        return { from: 'coordinator', to: m ? where(s, m.partition) : 'coordinator' };
      },
    },
    // faults.producer-state-loss: a leader expires an idle producer (ProducerStateManager.removeExpiredProducers).
    LoseProducerState: {
      fault: true,
      enabled(s, emit) {
        const k = lens.cluster(s);
        if (!lens.faults(s).producerStateLoss || k.forgotten.producers > 0 || !dayMayPass(k)) return;
        k.partitions.forEach((p, partition) => {
          for (const e of p.producers)
            if (e.firstOpenOffset === null && !lens.active(s, partition, e.producerId))
              emit({ type: 'LoseProducerState', partition, producerId: e.producerId });
        });
      },
      effect(d, a) {
        // A day (a week before 3.4) passes without a word from the producer to the partition: its last batch or
        // marker there came at the latest now, so isProducerExpired holds at the leader's next check.
        const before = lens.ctx(d);
        lens.advance(d, before.now + before.k.rules.release.producerExpiry.ms);
        const x = lens.ctx(d);
        dropStaleMarkers(x);
        expireProducer(x, a.partition, a.producerId);
        x.k.forgotten.producers += 1;
      },
      describe(s, a) {
        const expiry = lens.cluster(s).rules.release.producerExpiry;
        return (
          `fault.LoseProducerState(${where(s, a.partition)}, producer ${a.producerId}: idle for ${expiry.setting} ` +
          `${expiry.ms} ms, expired)`
        );
      },
      lanes: (s, a) => ({ from: where(s, a.partition) }),
    },
    // faults.producer-state-loss: the coordinator forgets an idle transactional.id (transactional.id.expiration.ms).
    ExpireTransactionalId: {
      fault: true,
      enabled(s, emit) {
        const k = lens.cluster(s);
        if (!lens.faults(s).producerStateLoss || k.forgotten.ids > 0) return;
        for (let txn = 0; txn < k.txns.length; txn++)
          if (mayExpireId(k, txn)) emit({ type: 'ExpireTransactionalId', txn });
      },
      effect(d, a) {
        const x = lens.ctx(d);
        expireTransactionalId(x, a.txn);
        x.k.forgotten.ids += 1;
      },
      describe: (s, a) => `fault.ExpireTransactionalId(${name(s, a.txn)})`,
      lanes: () => ({ from: 'coordinator' }),
    },
  };
}

/**
 * Whether a day may pass in one step: no transaction is Ongoing (its transaction.timeout.ms, at most
 * transaction.max.timeout.ms, would end it first, and the coordinator's abort is a step of its own). Pure.
 */
function dayMayPass(k: Cluster): boolean {
  for (const t of k.txns) if (t.state === 'Ongoing') return false;
  return true;
}

/** The drain's next marker: the first unacknowledged marker of the first transaction that has one, or null. Pure. */
export function firstMarker(k: Cluster): Extract<CoordinatorAction, { type: 'WriteTxnMarker' }> | null {
  for (let txn = 0; txn < k.txns.length; txn++) {
    const t = firstMarkerTarget(k, txn);
    if (t !== null) return { type: 'WriteTxnMarker', txn, partition: t === 'offsets' ? '__consumer_offsets' : t };
  }
  return null;
}

/**
 * Every marker transaction `txn` could have pending, over `partitions` partitions and
 * `__consumer_offsets`: for a script, whose steps not enabled at their turn are skipped. Pure.
 */
export function allMarkers(txn: number, partitions: number): Extract<CoordinatorAction, { type: 'WriteTxnMarker' }>[] {
  const out: Extract<CoordinatorAction, { type: 'WriteTxnMarker' }>[] = [];
  for (let p = 0; p < partitions; p++) out.push({ type: 'WriteTxnMarker', txn, partition: p });
  out.push({ type: 'WriteTxnMarker', txn, partition: '__consumer_offsets' });
  return out;
}
