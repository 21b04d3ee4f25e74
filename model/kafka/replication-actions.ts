/**
 * The table entries of replication, for any model that embeds the cluster (they emit nothing with
 * replication.factor=1): follower fetches, the leader's ISR shrink once a follower lagged
 * replica.lag.time.max.ms, broker crashes and power losses (faults) and restarts.
 */
import type { Draft } from 'immer';
import type { ActionSpec } from '../core/model.js';
import type { Cluster, Ctx } from './cluster.js';
import {
  crashBroker,
  fetch,
  mayFetch,
  mayShrink,
  outOfSyncAt,
  powerLoss,
  restartBroker,
  shrinkIsr,
} from './replication.js';

/** The replication actions. One tag each. */
export type ReplicationAction =
  | { readonly type: 'Fetch'; readonly partition: number; readonly broker: number }
  | { readonly type: 'ShrinkIsr'; readonly partition: number; readonly broker: number }
  // `cause: 'power-loss'`: an unclean shutdown that loses the page cache too (faults.power-loss)
  | { readonly type: 'BrokerCrash'; readonly broker: number; readonly cause?: 'power-loss' }
  | { readonly type: 'BrokerRestart'; readonly broker: number };

/** How the replication entries reach a model's state. */
export interface ReplicationLens<S> {
  cluster(s: S): Cluster;
  ctx(d: Draft<S>): Ctx;
  /** faults.broker: most broker crashes in a run. */
  brokerFaults(s: S): number;
  /** faults.power-loss: most broker power losses in a run. */
  powerLosses(s: S): number;
  /** Moves the model's clock to `now` (and records it). */
  advance(d: Draft<S>, now: number): void;
}

type Spec<S, T extends ReplicationAction['type']> = ActionSpec<S, Extract<ReplicationAction, { type: T }>>;

/** Calls `emit(i, b)` for every partition `i` and broker `b` of a replicated cluster. */
function eachReplica(k: Cluster, emit: (i: number, b: number) => void): void {
  const rep = k.replication;
  if (!rep) return;
  for (let i = 0; i < rep.partitions.length; i++) for (let b = 0; b < rep.alive.length; b++) emit(i, b);
}

const part = (k: Cluster, i: number): string => k.partitions[i]?.name ?? `partition ${i}`;

/** The table entries of replication for a state reached through `lens`. */
export function replicationActions<S>(lens: ReplicationLens<S>): {
  readonly Fetch: Spec<S, 'Fetch'>;
  readonly ShrinkIsr: Spec<S, 'ShrinkIsr'>;
  readonly BrokerCrash: Spec<S, 'BrokerCrash'>;
  readonly BrokerRestart: Spec<S, 'BrokerRestart'>;
} {
  return {
    // ReplicaFetcherThread: a follower's fetch (truncating first under a new leader epoch).
    Fetch: {
      enabled(s, emit) {
        const k = lens.cluster(s);
        eachReplica(k, (partition, broker) => {
          if (mayFetch(k, partition, broker)) emit({ type: 'Fetch', partition, broker });
        });
      },
      effect: (d, a) => fetch(lens.ctx(d), a.partition, a.broker),
      describe(s, a) {
        const k = lens.cluster(s);
        const f = k.replication?.partitions[a.partition]?.replicas[a.broker];
        return `broker-${a.broker}.Fetch(${part(k, a.partition)}, offset=${f?.log.length ?? '?'})`;
      },
      lanes: (s, a) => ({ from: `broker-${a.broker}`, to: part(lens.cluster(s), a.partition) }),
    },
    // Partition.maybeShrinkIsr: the clock passes lastCaughtUpTimeMs + replica.lag.time.max.ms first.
    ShrinkIsr: {
      fault: true,
      enabled(s, emit) {
        const k = lens.cluster(s);
        eachReplica(k, (partition, broker) => {
          if (mayShrink(k, partition, broker)) emit({ type: 'ShrinkIsr', partition, broker });
        });
      },
      effect(d, a) {
        const x = lens.ctx(d);
        const due = outOfSyncAt(x.k, a.partition, a.broker);
        if (due > x.now) lens.advance(d, due);
        shrinkIsr(lens.ctx(d), a.partition, a.broker);
      },
      describe: (s, a) =>
        `${part(lens.cluster(s), a.partition)}.ShrinkIsr(broker-${a.broker}) (behind for replica.lag.time.max.ms)`,
      lanes: (s, a) => ({ from: part(lens.cluster(s), a.partition), to: 'controller' }),
    },
    // A process crash (the page cache keeps the log), or a power loss: the log past the last flush is gone.
    BrokerCrash: {
      fault: true,
      enabled(s, emit) {
        const rep = lens.cluster(s).replication;
        if (!rep) return;
        const crash = rep.crashes < lens.brokerFaults(s);
        const power = rep.powerLosses < lens.powerLosses(s);
        rep.alive.forEach((up, broker) => {
          if (up && crash) emit({ type: 'BrokerCrash', broker });
          if (up && power) emit({ type: 'BrokerCrash', broker, cause: 'power-loss' });
        });
      },
      effect: (d, a) => (a.cause === 'power-loss' ? powerLoss : crashBroker)(lens.ctx(d), a.broker),
      describe: (_s, a) =>
        a.cause === 'power-loss'
          ? `fault.BrokerCrash(broker-${a.broker}, power loss: unflushed log lost)`
          : `fault.BrokerCrash(broker-${a.broker})`,
      lanes: (_s, a) => ({ from: `broker-${a.broker}`, to: 'controller' }),
    },
    BrokerRestart: {
      enabled(s, emit) {
        lens.cluster(s).replication?.alive.forEach((up, broker) => {
          if (!up) emit({ type: 'BrokerRestart', broker });
        });
      },
      effect: (d, a) => restartBroker(lens.ctx(d), a.broker),
      describe: (_s, a) => `supervisor.BrokerRestart(broker-${a.broker})`,
      lanes: (_s, a) => ({ from: `broker-${a.broker}`, to: 'controller' }),
    },
  };
}

/** The drain's next replication step: restart a dead broker, else a follower fetch; null when replicas are settled. */
export function replicationDrain(k: Cluster): ReplicationAction | null {
  const rep = k.replication;
  if (!rep) return null;
  const down = rep.alive.indexOf(false);
  if (down >= 0) return { type: 'BrokerRestart', broker: down };
  let next: ReplicationAction | null = null;
  eachReplica(k, (partition, broker) => {
    if (next === null && mayFetch(k, partition, broker)) next = { type: 'Fetch', partition, broker };
  });
  return next;
}
