/**
 * The consumer applications' writes in flight (`faults.produce-reorder`): a transactional loop's Process leaves its
 * writes (kafka-streams: the changelog's and the output's) in flight and goes on, up to
 * max.in.flight.requests.per.connection, and they reach their leaders in any order under the Kafka core's rules
 * (model/kafka/inflight.ts). The loops run Kafka's Java client, which sends a batch refused for a gap again once the
 * earlier one is answered (TransactionManager.canRetry). Functions over a draft.
 */
import type { Draft } from 'immer';
import { ctxOf } from '../kafka/cluster.js';
import { expire, expiredToNetwork, type InFlightHost, land } from '../kafka/inflight.js';
import { appOf, die, react } from './client.js';
import { type AppInstance, type AppState, gone } from './state.js';

type D = Draft<AppState>;
type I = Draft<AppInstance>;

/** What the application does for instance `i` under the in-flight rules. */
function host(d: D, i: I): InFlightHost {
  return {
    x: ctxOf(d),
    gap: 'retry',
    dead: () => gone(i),
    react: (r) => react(d, i, r),
    fail: () => die(d, i, 'failed'),
    note: (status) => d.events.push({ type: 'life', instance: i.id, status }),
    expired: expiredToNetwork(d, i.id, i.producer.txn),
  };
}

/** Request `request` of instance `id` reaches its leader and its answer comes back (model/kafka/inflight.ts). */
export function doLand(d: D, id: number, request: number): void {
  const i = appOf(d, id);
  land(host(d, i), i, request);
}

/**
 * Request `request` of instance `id` expires at its client unanswered (delivery.timeout.ms, `faults.network`): one
 * request of the run held in the network (`faults.delays`), the transaction left with only an abort.
 */
export function doExpire(d: D, id: number, request: number): void {
  const i = appOf(d, id);
  d.faults.delays += 1;
  expire(host(d, i), i, request);
}
