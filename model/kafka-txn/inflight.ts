/**
 * kafka-txn's producer apps with several produce requests in flight (`faults.produce-reorder`): the Kafka core's
 * rules (model/kafka/inflight.ts) over an instance, its send() leaving the request in flight and the app going on.
 * Functions over a draft.
 */
import type { Draft } from 'immer';
import { gapAnswer } from '../kafka/clients.js';
import {
  bumpInTransaction,
  expire,
  expiredToNetwork,
  type InFlight,
  type InFlightHost,
  land,
  landable as landableAt,
  sendInFlight,
} from '../kafka/inflight.js';
import { produceRequest } from '../kafka/producer.js';
import { ctxOf, instanceOf, nextId, origin, produced, react, setStatus } from './client.js';
import { dead, type Instance, inputValue, type KafkaTxnState } from './state.js';

export { drained } from '../kafka/inflight.js';

type D = Draft<KafkaTxnState>;
type I = Draft<Instance>;

/** Whether request `f` may reach its leader now, or, appended, its acks=all answer come back. Pure. */
export function landable(s: KafkaTxnState, f: InFlight): boolean {
  return landableAt(s.kafka, f);
}

/** What kafka-txn does for instance `i` under the in-flight rules. */
function host(d: D, i: I): InFlightHost {
  return {
    x: ctxOf(d),
    gap: gapAnswer(d.config.client, d.config.librdkafkaVersion),
    dead: () => dead(i),
    react: (r) => react(d, i, r),
    fail: () => setStatus(d, i, 'failed'),
    note: (status) => d.events.push({ type: 'client', instance: i.id, status }),
    expired: expiredToNetwork(d, i.id, i.producer.txn),
  };
}

/** send() of the next input value to `partition`, its request left in flight: the app goes on. */
export function doProduceInFlight(d: D, i: I, partition: number): void {
  const value = inputValue(d.config, i.app, i.position);
  const r = produceRequest(ctxOf(d), i.producer, partition, value, origin(i));
  if (!('request' in r)) {
    react(d, i, r);
    return;
  }
  const request = nextId(d);
  if (i.requeued !== undefined) delete i.requeued;
  sendInFlight(i, request, r.request);
  produced(i);
}

/** Request `request` of instance `id` reaches its leader, or its acks=all answer comes back (model/kafka). */
export function doLand(d: D, id: number, request: number): void {
  const i = instanceOf(d, id);
  land(host(d, i), i, request);
}

/** Request `request` of instance `id` expires at its client unanswered (delivery.timeout.ms, `faults.network`). */
export function doExpire(d: D, id: number, request: number): void {
  const i = instanceOf(d, id);
  expire(host(d, i), i, request);
}

/** librdkafka's drain is done: the epoch bump inside its transaction (model/kafka/inflight.ts). */
export function doBumpEpoch(d: D, i: I): void {
  bumpInTransaction(host(d, i), i);
}
