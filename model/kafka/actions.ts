/**
 * The transaction coordinator's own actions, shared by every Kafka-speaking model: its action
 * table entries, written once, over whatever state embeds the cluster (`lens`).
 */
import type { Draft } from 'immer';
import type { ActionSpec } from '../core/model.js';
import type { Cluster, Ctx } from './cluster.js';
import { expired, expireTxn, markersPending, nextDeadline, writeTxnMarkers } from './transactions.js';

/** Calls an application instance makes, one variant per name: `{ type, instance }`. */
export type InstanceCall<T extends string> = T extends unknown
  ? { readonly type: T; readonly instance: number }
  : never;

/** The transactional producer API's calls (initTransactions, begin, sendOffsetsToTransaction, commit, abort). */
export type TransactionalCall = InstanceCall<'InitProducerId' | 'BeginTxn' | 'SendOffsets' | 'CommitTxn' | 'AbortTxn'>;

/** The coordinator's actions: `txn` is the index of the transactional.id. */
export type CoordinatorAction =
  | { readonly type: 'WriteTxnMarkers'; readonly txn: number }
  | { readonly type: 'ExpireTxn'; readonly txn: number };

/** How a model's state reaches its cluster, its clock and its step's events. */
export interface ClusterLens<S> {
  cluster(s: S): Cluster;
  now(s: S): number;
  ctx(d: Draft<S>): Ctx;
}

/** The lens of a state that embeds the cluster as `kafka` and keeps its clock as `now`. */
export function embedded<S extends { readonly kafka: Cluster; readonly now: number }>(
  ctx: (d: Draft<S>) => Ctx,
): ClusterLens<S> {
  return { cluster: (s) => s.kafka, now: (s) => s.now, ctx };
}

/** A model whose clock only matters for transaction timeouts: it moves the clock to `now` (and records it). */
export interface DeadlineClock<S> extends ClusterLens<S> {
  advance(d: Draft<S>, now: number): void;
}

/**
 * The table entry of `Tick` for a model whose only timed thing is `transaction.timeout.ms`: time
 * jumps to the next transaction deadline, when there is one.
 */
export function deadlineTick<S>(lens: DeadlineClock<S>): ActionSpec<S, { readonly type: 'Tick' }> {
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

/** The table entries of `WriteTxnMarkers` and `ExpireTxn` for a state reached through `lens`. */
export function coordinatorActions<S>(lens: ClusterLens<S>): {
  readonly WriteTxnMarkers: ActionSpec<S, Extract<CoordinatorAction, { type: 'WriteTxnMarkers' }>>;
  readonly ExpireTxn: ActionSpec<S, Extract<CoordinatorAction, { type: 'ExpireTxn' }>>;
} {
  const name = (s: S, txn: number): string => lens.cluster(s).txns[txn]?.transactionalId ?? `txn ${txn}`;
  return {
    // WriteTxnMarkers (TransactionMarkerChannelManager): the decided markers of a Prepare* transaction.
    WriteTxnMarkers: {
      enabled(s, emit) {
        const k = lens.cluster(s);
        for (let txn = 0; txn < k.txns.length; txn++)
          if (markersPending(k, txn)) emit({ type: 'WriteTxnMarkers', txn });
      },
      effect: (d, a) => writeTxnMarkers(lens.ctx(d), a.txn),
      describe: (s, a) =>
        `coordinator.WriteTxnMarkers(${name(s, a.txn)}: ` +
        `${lens.cluster(s).txns[a.txn]?.pending?.marker ?? 'nothing pending'})`,
      lanes: () => ({ from: 'coordinator' }),
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
  };
}
