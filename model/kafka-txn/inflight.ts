/**
 * Several produce requests of one producer in flight at once (`faults.produce-reorder`, up to
 * `max.in.flight.requests.per.connection`): send() leaves its request in flight and the app goes on; the requests
 * reach their leader in any order, a batch whose first attempt failed being sent again after a later one. The
 * leader answers by ProducerStateManager's rules (model/kafka/partition.ts: a gap is OUT_OF_ORDER_SEQUENCE_NUMBER, a
 * batch among the last five is acknowledged with its offset), and the client by its library's: the Java client
 * sends a later batch refused for a gap again once the earlier one is answered (TransactionManager.canRetry), a
 * librdkafka release may bump its epoch in the middle of the transaction instead (model/kafka/clients.ts).
 * Functions over a draft.
 */
import { castDraft, type Draft } from 'immer';
import { gapAnswer } from '../kafka/clients.js';
import { effectiveMinIsr } from '../kafka/partition.js';
import { arrive, initTransactions, produceRequest, sent, severity } from '../kafka/producer.js';
import type { ErrorCode } from '../kafka/records.js';
import { recordAck } from '../kafka/replication.js';
import { ctxOf, instanceOf, nextId, origin, produced, react, setStatus } from './client.js';
import { dead, type InFlight, type Instance, inputValue, type KafkaTxnState } from './state.js';

type D = Draft<KafkaTxnState>;
type I = Draft<Instance>;

/** Whether request `f` may reach its leader now, or, appended, its acks=all answer come back. Pure. */
export function landable(s: KafkaTxnState, f: InFlight): boolean {
  if (f.held) return false;
  if (f.offset === undefined) return true;
  const r = s.kafka.replication!.partitions[f.req.partition]!;
  return r.epoch !== f.leaderEpoch || s.kafka.partitions[f.req.partition]!.highWatermark > f.offset;
}

/** Whether every request the instance has in flight is held for its epoch bump (librdkafka's drain is done). Pure. */
export function drained(i: Instance): boolean {
  return i.draining === true && (i.inflight ?? []).every((f) => f.held);
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
  sent(i.producer, r.request);
  if (!i.inflight) i.inflight = [];
  i.inflight.push(castDraft({ request, req: r.request, held: false }));
  produced(i);
}

/** Whether an earlier batch of the same partition and epoch is still unanswered (the gap is its doing). Pure. */
function earlierUnanswered(i: Instance, f: InFlight): boolean {
  return (i.inflight ?? []).some(
    (g) =>
      g.request !== f.request &&
      g.req.partition === f.req.partition &&
      g.req.epoch === f.req.epoch &&
      g.req.sequence < f.req.sequence,
  );
}

/** Removes request `request` from the instance's requests in flight. */
function forget(i: I, request: number): void {
  const list = i.inflight!;
  list.splice(
    list.findIndex((f) => f.request === request),
    1,
  );
  if (list.length === 0) delete i.inflight;
}

/**
 * Request `request` of instance `id` reaches its leader (checked with the coordinator first where KIP-890 asks, and
 * appended in the same step), or its acks=all answer comes back once the high watermark passed it (or its leader
 * changed: NOT_LEADER_OR_FOLLOWER; the ISR shrank below min.insync.replicas: NOT_ENOUGH_REPLICAS_AFTER_APPEND). The
 * answer reaches the instance if its process still runs.
 */
export function doLand(d: D, id: number, request: number): void {
  const i = instanceOf(d, id);
  const f = i.inflight!.find((g) => g.request === request)!;
  const x = ctxOf(d);
  const k = d.kafka;
  const r = k.replication?.partitions[f.req.partition];
  if (f.offset === undefined) {
    const a = arrive(x, i.producer.txn, f.req, f.request, false);
    if (a.ok === 'parked') throw new Error('internal: a request in flight parked at its leader');
    if (a.ok === false) {
      answerError(d, i, f.request, a.error);
      return;
    }
    if (r && !dead(i) && k.partitions[f.req.partition]!.highWatermark <= a.offset) {
      f.offset = a.offset;
      f.leaderEpoch = r.epoch;
      return;
    }
    answerOk(d, i, f.request, a.offset);
    return;
  }
  const error: ErrorCode | null =
    r!.epoch !== f.leaderEpoch
      ? 'NOT_LEADER_OR_FOLLOWER'
      : r!.isr.length < effectiveMinIsr(k)
        ? 'NOT_ENOUGH_REPLICAS_AFTER_APPEND'
        : null;
  if (error === null) {
    answerOk(d, i, f.request, f.offset);
    return;
  }
  d.events.push({ type: 'rejected', by: k.partitions[f.req.partition]!.name, error, request: 'Produce (acks=all)' });
  answerError(d, i, f.request, error);
}

/** The record is written: the instance is told (a replicated write counts as acknowledged), or nobody is. */
function answerOk(d: D, i: I, request: number, offset: number): void {
  const f = i.inflight!.find((g) => g.request === request)!;
  const { partition, sequence } = f.req;
  if (!dead(i) && d.kafka.replication) recordAck(ctxOf(d), partition, offset);
  // A later batch acknowledged: the leader has the expired one too (maybeResolveSequences: "the last ack'd
  // sequence is one less than the next").
  const u = i.unresolved?.find((x) => x.partition === partition);
  if (u && sequence > u.sequence) settle(i, partition);
  forget(i, request);
  resolve(d, i, partition);
}

/** Partition `partition` is no longer unresolved. */
function settle(i: I, partition: number): void {
  const left = i.unresolved!.filter((x) => x.partition !== partition);
  if (left.length > 0) i.unresolved = left;
  else delete i.unresolved;
}

/**
 * With nothing of the instance in flight to `partition` any more, an expired batch there that no later one
 * resolved leaves the client unsure what the leader has: with KIP-360 (2.5+) the open transaction can only abort,
 * and the epoch is bumped after it ("It is safe to abort the transaction and continue"); before, a fatal error
 * ("It isn't safe to continue"). TransactionManager.maybeResolveSequences.
 */
function resolve(d: D, i: I, partition: number): void {
  if (dead(i) || !i.unresolved?.some((x) => x.partition === partition)) return;
  if (i.inflight?.some((f) => f.req.partition === partition)) return;
  settle(i, partition);
  const rules = d.kafka.rules;
  const t = i.producer.transaction;
  if (!rules.release.kip360 || t === null) {
    setStatus(d, i, 'failed');
    return;
  }
  if (t.error === null) t.error = 'REQUEST_TIMED_OUT';
  // Under transaction.version=2 the abort bumps the epoch itself (KIP-890).
  if (rules.transactionVersion === 1) i.producer.bumpEpoch = true;
  d.events.push({ type: 'client', instance: i.id, status: 'unresolved sequence: only an abort is left' });
}

/**
 * Request `request` of instance `id` expires at its client unanswered (delivery.timeout.ms, with `faults.network`):
 * the batch fails (Sender.failBatch with a TimeoutException), which inside a transaction leaves only an abort, and
 * its partition's sequence is unresolved (markSequenceUnresolved); a request not yet at its leader stays on the wire
 * and may land later, answered to nobody (model/kafka/network.ts). A later batch acknowledged does not save the
 * transaction: the leader may have taken it at any sequence from a producer it had no state for (KAFKA-8710).
 */
export function doExpire(d: D, id: number, request: number): void {
  const i = instanceOf(d, id);
  const f = i.inflight!.find((g) => g.request === request)!;
  const { partition, sequence } = f.req;
  if (f.offset === undefined)
    d.network.push(castDraft({ type: 'Produce', id: request, instance: i.id, txn: i.producer.txn, req: f.req }));
  d.events.push({ type: 'delayed', request, what: `Produce(v${f.req.value}), expired at the client` });
  // failBatch -> handleFailedBatch -> maybeTransitionToErrorState: inside a transaction any failed batch, an expired
  // one included, leaves only an abort (the epoch bumped after it where the coordinator can: KIP-360).
  const t = i.producer.transaction;
  if (t !== null && t.error === null) {
    t.error = 'REQUEST_TIMED_OUT';
    if (d.kafka.rules.release.kip360 && d.kafka.rules.transactionVersion === 1) i.producer.bumpEpoch = true;
  }
  const u = i.unresolved?.find((x) => x.partition === partition);
  if (!u) {
    if (!i.unresolved) i.unresolved = [];
    i.unresolved.push({ partition, sequence });
  } else if (sequence > u.sequence) u.sequence = sequence;
  forget(i, request);
  resolve(d, i, partition);
}

/**
 * A refusal reaches the instance. While it drains for an epoch bump, a batch refused for a gap or with a retriable
 * error is held until the bump. A later batch refused for a gap an earlier unanswered one left is the client
 * library's to answer (`gapAnswer`). Otherwise a retriable error sends the batch again (Sender.completeBatch ->
 * reenqueueBatch, same sequence), unless the transaction already failed; any other error fails the batch and goes
 * to the client's reaction (an abortable one, an OUT_OF_ORDER_SEQUENCE_NUMBER of the next batch included, leaves
 * only an abort; a fatal one ends the instance).
 */
function answerError(d: D, i: I, request: number, error: ErrorCode): void {
  if (dead(i)) {
    forget(i, request);
    return;
  }
  const f = i.inflight!.find((g) => g.request === request)!;
  const partition = f.req.partition;
  const rules = d.kafka.rules;
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
    switch (gapAnswer(d.config.client, d.config.librdkafkaVersion)) {
      case 'retry':
        delete f.offset;
        delete f.leaderEpoch;
        return;
      case 'bump-in-transaction':
        f.held = true;
        i.draining = true;
        d.events.push({
          type: 'client',
          instance: i.id,
          status: 'skipped sequence numbers: drains its requests in flight to bump its epoch (librdkafka)',
        });
        return;
      case 'fatal':
        forget(i, request);
        setStatus(d, i, 'failed');
        return;
      case 'abortable':
        forget(i, request);
        react(d, i, { ok: false, error, from: 'produce' });
        return;
    }
  }
  if (retriable && !failed) {
    delete f.offset;
    delete f.leaderEpoch;
    return;
  }
  forget(i, request);
  react(d, i, { ok: false, error, from: 'produce' });
  resolve(d, i, partition);
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
export function doBumpEpoch(d: D, i: I): void {
  const p = i.producer;
  if (!d.kafka.rules.release.kip360) {
    setStatus(d, i, 'failed');
    return;
  }
  p.bumpEpoch = true;
  const r = initTransactions(ctxOf(d), p);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') react(d, i, r);
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
  d.events.push({ type: 'client', instance: i.id, status: `bumped its epoch to ${p.epoch} inside its transaction` });
}
