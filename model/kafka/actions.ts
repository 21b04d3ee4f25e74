/**
 * The transaction coordinator's own actions, shared by every Kafka-speaking model: its action
 * table entries, written once, over whatever state embeds the cluster (`lens`).
 */
import type { Draft } from 'immer';
import type { ActionSpec } from '../core/model.js';
import type { Cluster, Ctx } from './cluster.js';
import { expired, expireTxn, markersPending, writeTxnMarkers } from './transactions.js';

/** The coordinator's actions: `txn` is the index of the transactional.id. */
export type CoordinatorAction = { readonly type: 'WriteTxnMarkers'; readonly txn: number } | { readonly type: 'ExpireTxn'; readonly txn: number };

/** How a model's state reaches its cluster, its clock and its step's events. */
export interface ClusterLens<S> {
  cluster(s: S): Cluster;
  now(s: S): number;
  ctx(d: Draft<S>): Ctx;
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
        for (let txn = 0; txn < k.txns.length; txn++) if (markersPending(k, txn)) emit({ type: 'WriteTxnMarkers', txn });
      },
      effect: (d, a) => writeTxnMarkers(lens.ctx(d), a.txn),
      describe: (s, a) => `coordinator.WriteTxnMarkers(${name(s, a.txn)}: ${lens.cluster(s).txns[a.txn]?.pending?.marker ?? 'nothing pending'})`,
      lanes: () => ({ from: 'coordinator' }),
    },
    // The coordinator's abort of a transaction open past transaction.timeout.ms (TransactionCoordinator).
    ExpireTxn: {
      enabled(s, emit) {
        const k = lens.cluster(s);
        for (let txn = 0; txn < k.txns.length; txn++) if (expired(k, txn, lens.now(s))) emit({ type: 'ExpireTxn', txn });
      },
      effect: (d, a) => expireTxn(lens.ctx(d), a.txn),
      describe: (s, a) => `coordinator.ExpireTxn(${name(s, a.txn)})`,
      lanes: () => ({ from: 'coordinator' }),
    },
  };
}
