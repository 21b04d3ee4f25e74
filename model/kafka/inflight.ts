/**
 * Several produce requests of one producer in flight at once (`faults.produce-reorder`, up to
 * `max.in.flight.requests.per.connection`), for every model whose clients send that way (kafka-txn's producer apps,
 * the consumer applications' transactional loops): send() leaves its request in flight and the app goes on; the
 * requests reach their leader in any order, a batch whose first attempt failed being sent again after a later one.
 * The leader answers by ProducerStateManager's rules (model/kafka/partition.ts: a gap is
 * OUT_OF_ORDER_SEQUENCE_NUMBER, a batch among the last five is acknowledged with its offset), and the client by its
 * library's: the Java client sends a later batch refused for a gap again once the earlier one is answered
 * (TransactionManager.canRetry), a librdkafka release may bump its epoch in the middle of the transaction instead
 * (model/kafka/clients.ts). Functions over a draft of one client, through what its model does for it (`InFlightHost`).
 */
import { castDraft, type Draft } from 'immer';
import type { GapAnswer } from './clients.js';
import type { Cluster, Ctx } from './cluster.js';
import { effectiveMinIsr } from './high-watermark.js';
import type { DelayedEvent, Request } from './network.js';
import type { ProduceRequest } from './produce-request.js';
import { arrive, initTransactions, type Producer, type Refused, sent, severity } from './producer.js';
import type { ErrorCode } from './records.js';
import { recordAck } from './replication.js';

/**
 * A produce request of a client in flight (`faults.produce-reorder`): sent, its answer not yet in. It reaches its
 * leader when a `Land` picks it, in any order among the client's requests in flight.
 */
export interface InFlight {
  /** The request id (also its verification guard). */
  readonly request: number;
  readonly req: ProduceRequest;
  /** Appended at this offset under leader epoch `leaderEpoch`: its acks=all answer waits for the high watermark. */
  readonly offset?: number;
  readonly leaderEpoch?: number;
  /** Refused while its client drains for an epoch bump (librdkafka): it goes out again only after the bump. */
  readonly held: boolean;
}

/** A partition whose batch expired unanswered in flight, and that batch's sequence. */
export interface Unresolved {
  readonly partition: number;
  readonly sequence: number;
}

/** What of a client the in-flight rules read and change. */
export interface InFlightClient {
  readonly id: number;
  readonly producer: Producer;
  /** Its produce requests in flight, oldest first (absent when none). */
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

/** What the model around one client does for the in-flight rules. */
export interface InFlightHost {
  readonly x: Ctx;
  /** How the client's library answers a gap an earlier unanswered batch left (model/kafka/clients.ts). */
  readonly gap: GapAnswer;
  /** Whether the client's process is gone: an answer reaches nobody. */
  dead(): boolean;
  /** The client's reaction to a refusal (a fatal one ends its process). */
  react(r: Refused): void;
  /** A fatal error: the client's process ends. */
  fail(): void;
  /** A line about the client, for the renderers. */
  note(status: string): void;
  /**
   * Request `request` expired at the client: `onWire` when it had not reached its leader yet, so it stays in the
   * network and may land later, answered to nobody.
   */
  expired(request: number, req: ProduceRequest, onWire: boolean): void;
}

type C = Draft<InFlightClient>;

/**
 * The usual `InFlightHost.expired` of a model that keeps its late requests as `Request`s (model/kafka/network.ts):
 * a request still on the wire stays there as a late Produce of instance `instance` in transaction `txn`, and the
 * step says the client gave it up.
 */
export function expiredToNetwork(
  d: { readonly network: Draft<Request>[]; readonly events: { push(e: DelayedEvent): unknown } },
  instance: number,
  txn: number,
): InFlightHost['expired'] {
  return (request, req, onWire) => {
    if (onWire) d.network.push(castDraft({ type: 'Produce', id: request, instance, txn, req }));
    d.events.push({ type: 'delayed', request, what: `Produce(v${req.value}), expired at the client` });
  };
}

/** Whether request `f` may reach its leader now, or, appended, its acks=all answer come back. Pure. */
export function landable(k: Cluster, f: InFlight): boolean {
  if (f.held) return false;
  if (f.offset === undefined) return true;
  const r = k.replication!.partitions[f.req.partition]!;
  return r.epoch !== f.leaderEpoch || k.partitions[f.req.partition]!.highWatermark > f.offset;
}

/** Whether every request the client has in flight is held for its epoch bump (librdkafka's drain is done). Pure. */
export function drained(i: InFlightClient): boolean {
  return i.draining === true && (i.inflight ?? []).every((f) => f.held);
}

/** Whether the client has nothing in flight, no drain and no unresolved sequence. Pure. */
export function quiet(i: InFlightClient): boolean {
  return i.inflight === undefined && i.draining === undefined && i.unresolved === undefined;
}

/** Whether the client has a produce of producer `producerId` to `partition` in flight. Pure. */
export function inFlightTo(i: InFlightClient, partition: number, producerId: number): boolean {
  if (i.producer.producerId !== producerId) return false;
  for (const f of i.inflight ?? []) if (f.req.partition === partition) return true;
  return false;
}

/** Request `request` (`req`, made by produceRequest) is sent and left in flight: the app goes on. */
export function sendInFlight(i: C, request: number, req: ProduceRequest): void {
  sent(i.producer, req);
  if (!i.inflight) i.inflight = [];
  i.inflight.push(castDraft({ request, req, held: false }));
}

/** Whether an earlier batch of the same partition and epoch is still unanswered (the gap is its doing). Pure. */
function earlierUnanswered(i: InFlightClient, f: InFlight): boolean {
  return (i.inflight ?? []).some(
    (g) =>
      g.request !== f.request &&
      g.req.partition === f.req.partition &&
      g.req.epoch === f.req.epoch &&
      g.req.sequence < f.req.sequence,
  );
}

/** Removes request `request` from the client's requests in flight. */
function forget(i: C, request: number): void {
  const list = i.inflight!;
  list.splice(
    list.findIndex((f) => f.request === request),
    1,
  );
  if (list.length === 0) delete i.inflight;
}

/**
 * Request `request` of the client reaches its leader (checked with the coordinator first where KIP-890 asks, and
 * appended in the same step), or its acks=all answer comes back once the high watermark passed it (or its leader
 * changed: NOT_LEADER_OR_FOLLOWER; the ISR shrank below min.insync.replicas: NOT_ENOUGH_REPLICAS_AFTER_APPEND). The
 * answer reaches the client if its process still runs.
 */
export function land(h: InFlightHost, i: C, request: number): void {
  const f = i.inflight!.find((g) => g.request === request)!;
  const x = h.x;
  const k = x.k;
  const r = k.replication?.partitions[f.req.partition];
  if (f.offset === undefined) {
    const a = arrive(x, i.producer.txn, f.req, f.request, false);
    if (a.ok === 'parked') throw new Error('internal: a request in flight parked at its leader');
    if (a.ok === false) {
      answerError(h, i, f.request, a.error);
      return;
    }
    if (r && !h.dead() && k.partitions[f.req.partition]!.highWatermark <= a.offset) {
      f.offset = a.offset;
      f.leaderEpoch = r.epoch;
      return;
    }
    answerOk(h, i, f.request, a.offset);
    return;
  }
  const error: ErrorCode | null =
    r!.epoch !== f.leaderEpoch
      ? 'NOT_LEADER_OR_FOLLOWER'
      : r!.isr.length < effectiveMinIsr(k)
        ? 'NOT_ENOUGH_REPLICAS_AFTER_APPEND'
        : null;
  if (error === null) {
    answerOk(h, i, f.request, f.offset);
    return;
  }
  x.events.push({ type: 'rejected', by: k.partitions[f.req.partition]!.name, error, request: 'Produce (acks=all)' });
  answerError(h, i, f.request, error);
}

/** The record is written: the client is told (a replicated write counts as acknowledged), or nobody is. */
function answerOk(h: InFlightHost, i: C, request: number, offset: number): void {
  const f = i.inflight!.find((g) => g.request === request)!;
  const { partition, sequence } = f.req;
  if (!h.dead() && h.x.k.replication) recordAck(h.x, partition, offset);
  // A later batch acknowledged: the leader has the expired one too (maybeResolveSequences: "the last ack'd
  // sequence is one less than the next").
  const u = i.unresolved?.find((x) => x.partition === partition);
  if (u && sequence > u.sequence) settle(i, partition);
  forget(i, request);
  resolve(h, i, partition);
}

/** Partition `partition` is no longer unresolved. */
function settle(i: C, partition: number): void {
  const left = i.unresolved!.filter((x) => x.partition !== partition);
  if (left.length > 0) i.unresolved = left;
  else delete i.unresolved;
}

/**
 * With nothing of the client in flight to `partition` any more, an expired batch there that no later one
 * resolved leaves the client unsure what the leader has: with KIP-360 (2.5+) the open transaction can only abort,
 * and the epoch is bumped after it ("It is safe to abort the transaction and continue"); before, a fatal error
 * ("It isn't safe to continue"). TransactionManager.maybeResolveSequences.
 */
function resolve(h: InFlightHost, i: C, partition: number): void {
  if (h.dead() || !i.unresolved?.some((x) => x.partition === partition)) return;
  if (i.inflight?.some((f) => f.req.partition === partition)) return;
  settle(i, partition);
  const rules = h.x.k.rules;
  const t = i.producer.transaction;
  if (!rules.release.kip360 || t === null) {
    h.fail();
    return;
  }
  if (t.error === null) t.error = 'REQUEST_TIMED_OUT';
  // Under transaction.version=2 the abort bumps the epoch itself (KIP-890).
  if (rules.transactionVersion === 1) i.producer.bumpEpoch = true;
  h.note('unresolved sequence: only an abort is left');
}

/**
 * Request `request` of the client expires unanswered (delivery.timeout.ms, with `faults.network`): the batch fails
 * (Sender.failBatch with a TimeoutException), which inside a transaction leaves only an abort, and its partition's
 * sequence is unresolved (markSequenceUnresolved); a request not yet at its leader stays on the wire and may land
 * later, answered to nobody (model/kafka/network.ts). A later batch acknowledged does not save the transaction: the
 * leader may have taken it at any sequence from a producer it had no state for (KAFKA-8710).
 */
export function expire(h: InFlightHost, i: C, request: number): void {
  const f = i.inflight!.find((g) => g.request === request)!;
  const { partition, sequence } = f.req;
  h.expired(request, f.req, f.offset === undefined);
  // failBatch -> handleFailedBatch -> maybeTransitionToErrorState: inside a transaction any failed batch, an expired
  // one included, leaves only an abort (the epoch bumped after it where the coordinator can: KIP-360).
  const t = i.producer.transaction;
  const rules = h.x.k.rules;
  if (t !== null && t.error === null) {
    t.error = 'REQUEST_TIMED_OUT';
    if (rules.release.kip360 && rules.transactionVersion === 1) i.producer.bumpEpoch = true;
  }
  const u = i.unresolved?.find((x) => x.partition === partition);
  if (!u) {
    if (!i.unresolved) i.unresolved = [];
    i.unresolved.push({ partition, sequence });
  } else if (sequence > u.sequence) u.sequence = sequence;
  forget(i, request);
  resolve(h, i, partition);
}

/**
 * A refusal reaches the client. While it drains for an epoch bump, a batch refused for a gap or with a retriable
 * error is held until the bump. A later batch refused for a gap an earlier unanswered one left is the client
 * library's to answer (`gapAnswer`). Otherwise a retriable error sends the batch again (Sender.completeBatch ->
 * reenqueueBatch, same sequence), unless the transaction already failed; any other error fails the batch and goes
 * to the client's reaction (an abortable one, an OUT_OF_ORDER_SEQUENCE_NUMBER of the next batch included, leaves
 * only an abort; a fatal one ends the process).
 */
function answerError(h: InFlightHost, i: C, request: number, error: ErrorCode): void {
  if (h.dead()) {
    forget(i, request);
    return;
  }
  const f = i.inflight!.find((g) => g.request === request)!;
  const partition = f.req.partition;
  const rules = h.x.k.rules;
  const retriable = severity(error, 'produce', rules) === 'retriable';
  const gap = error === 'OUT_OF_ORDER_SEQUENCE_NUMBER' && earlierUnanswered(i, f);
  // While its partition is unresolved the Java client retries no gap (canRetry: !hasUnresolvedSequence).
  const failed =
    (i.producer.transaction !== null && i.producer.transaction.error !== null) ||
    (i.unresolved?.some((x) => x.partition === partition) ?? false);
  if (i.draining && (gap || retriable)) {
    f.held = true;
    delete f.offset;
    delete f.leaderEpoch;
    return;
  }
  if (gap && !failed) {
    switch (h.gap) {
      case 'retry':
        delete f.offset;
        delete f.leaderEpoch;
        return;
      case 'bump-in-transaction':
        f.held = true;
        i.draining = true;
        h.note('skipped sequence numbers: drains its requests in flight to bump its epoch (librdkafka)');
        return;
      case 'fatal':
        forget(i, request);
        h.fail();
        return;
      case 'abortable':
        forget(i, request);
        h.react({ ok: false, error, from: 'produce' });
        return;
    }
  }
  if (retriable && !failed) {
    delete f.offset;
    delete f.leaderEpoch;
    return;
  }
  forget(i, request);
  h.react({ ok: false, error, from: 'produce' });
  resolve(h, i, partition);
}

/**
 * librdkafka's drain is done: it asks the coordinator to bump its epoch with InitProducerId(producerId, epoch) in
 * the middle of its transaction (rd_kafka_idemp_drain_done) and keeps the transaction it believes open. Kafka's
 * coordinator fences the ongoing transaction and aborts it, answering CONCURRENT_TRANSACTIONS
 * (TransactionCoordinator.prepareInitProducerIdTransit: prepareFenceProducerEpoch, whose last epoch is none); the
 * retry then names an epoch that is neither the current one nor the last, so it is PRODUCER_FENCED
 * (TransactionMetadata.prepareIncrementProducerEpoch). A coordinator that bumps instead (safeguard.epoch-fencing
 * off) hands out the new epoch: the held batches go out again from sequence 0 under it. Before 2.5 the broker has
 * no InitProducerId v3: "unable to recover from previous transactional error", fatal.
 */
export function bumpInTransaction(h: InFlightHost, i: C): void {
  const p = i.producer;
  if (!h.x.k.rules.release.kip360) {
    h.fail();
    return;
  }
  p.bumpEpoch = true;
  const r = initTransactions(h.x, p);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') h.react(r);
    return;
  }
  const held = [...(i.inflight ?? [])].sort(
    (a, b) => a.req.partition - b.req.partition || a.req.sequence - b.req.sequence,
  );
  for (const f of held) {
    f.req.epoch = p.epoch;
    f.req.sequence = p.sequences[f.req.partition]!;
    p.sequences[f.req.partition] = f.req.sequence + 1;
    f.held = false;
  }
  delete i.draining;
  h.note(`bumped its epoch to ${p.epoch} inside its transaction`);
}
