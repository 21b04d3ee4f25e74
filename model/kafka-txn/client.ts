/**
 * What one producer-app instance does on each call and how it reacts to the answers: the Kafka
 * client of model/kafka plus the app's own loop (its input position, its offsets, its
 * supervisor). Functions over an immer draft (or the search's owned copy).
 */
import { castDraft, type Draft } from 'immer';
import { ctxOf } from '../kafka/cluster.js';
import { offsetCommit } from '../kafka/groups.js';
import { effectiveMinIsr } from '../kafka/high-watermark.js';
import {
  addOffsetsRequest,
  addPartitionsRequest,
  deliverLate,
  endTxnRequest,
  initProducerIdRequest,
  txnOffsetCommitRequest,
} from '../kafka/network.js';
import type { AppendResult } from '../kafka/partition.js';
import {
  abortTransaction,
  addOffsets,
  appendParked,
  arrive,
  beginTransaction,
  react as clientReaction,
  commitOffsetsInTxn,
  commitTransaction,
  initAnswerLost,
  initTransactions,
  newProducer,
  produceRequest,
  type Refused,
  sent,
  severity,
} from '../kafka/producer.js';
import type { ErrorCode, Origin } from '../kafka/records.js';
import { recordAck } from '../kafka/replication.js';
import type { KafkaTxnConfig } from './config.js';
import { GROUP, type Instance, inputValue, instanceId, isTransactional, type KafkaTxnState } from './state.js';

type D = Draft<KafkaTxnState>;
type I = Draft<Instance>;

export { ctxOf };

/** The draft of instance `id` (actions only name existing instances). */
export function instanceOf(d: D, id: number): I {
  const i = d.instances.find((x) => x.id === id);
  if (!i) throw new Error(`internal: no instance ${id}`);
  return i;
}

/** A fresh instance of app `app`, positioned at `position`. Pure. */
export function newInstance(config: KafkaTxnConfig, app: number, incarnation: number, position: number): Instance {
  const txnl = isTransactional(config);
  return {
    id: instanceId(config, app, incarnation),
    app,
    incarnation,
    // A plain producer needs no InitProducerId: it starts from its committed offset (OffsetFetch).
    status: txnl ? 'new' : 'ready',
    paused: false,
    producer: newProducer(txnl ? app : -1, config.partitions),
    position,
    committedPosition: position,
    txnCount: 0,
    txnStart: null,
    unacked: [],
    awaiting: null,
  };
}

export function origin(i: I): Origin {
  return { instance: i.id, txn: i.producer.transaction?.no ?? null };
}

export function setStatus(d: D, i: I, status: Instance['status']): void {
  if (i.status !== status) d.events.push({ type: 'client', instance: i.id, status });
  i.status = status;
  // Batches held for an epoch bump (model/kafka-txn/inflight.ts) were never sent again: they end with the process.
  if ((status === 'crashed' || status === 'fenced' || status === 'failed') && (i.inflight || i.draining)) {
    const left = i.inflight?.filter((f) => !f.held) ?? [];
    if (left.length > 0) i.inflight = left;
    else delete i.inflight;
    delete i.draining;
  }
}

/** The client's reaction to a refused request (model/kafka, in the release modelled): a fatal one ends the instance. */
export function react(d: D, i: I, r: Refused): void {
  const fate = clientReaction(i.producer, r, d.kafka.rules);
  if (fate) setStatus(d, i, fate);
}

/** A request id, unique in the run (it also serves as the verification guard of a produce). */
export function nextId(d: D): number {
  const id = d.nextRequest;
  d.nextRequest += 1;
  return id;
}

/**
 * InitProducerId (or KIP-360's epoch bump), then OffsetFetch of the app's committed input offset.
 * faults.late-requests: `delayed` holds the first copy in the network and the retry lands now; `lost` lands it now
 * and loses its answer, so the instance sends it again (its next InitProducerId, naming the same epoch).
 */
export function doInitProducerId(d: D, i: I, net: 'acked' | 'delayed' | 'lost' = 'acked'): void {
  if (net === 'lost') {
    initAnswerLost(ctxOf(d), i.producer);
    return;
  }
  if (net === 'delayed') {
    const id = nextId(d);
    d.network.push(castDraft(initProducerIdRequest(id, i.id, i.producer)));
    d.events.push({ type: 'delayed', request: id, what: `InitProducerId(app-${i.app})` });
  }
  const r = initTransactions(ctxOf(d), i.producer);
  if (!r.ok) {
    // No transaction is open: an error that is not retried ends the instance.
    if (r.error !== 'CONCURRENT_TRANSACTIONS') react(d, i, r);
    return;
  }
  i.position = d.kafka.groups[GROUP]!.committed[i.app]!.offset;
  i.committedPosition = i.position;
  setStatus(d, i, 'ready');
}

/** beginTransaction(): client-local, the coordinator learns of it at the first add. */
export function doBeginTxn(d: D, i: I): void {
  i.txnCount += 1;
  beginTransaction(i.producer, i.txnCount);
  i.txnStart = i.position;
  setStatus(d, i, 'in-txn');
}

/** The record is in: the client moves on to the next input. */
export function produced(i: I): void {
  i.position += 1;
  if (i.producer.transaction) i.producer.transaction.records += 1;
}

/**
 * send(): the next input value to `partition`. Delivered, it reaches the leader now (and, if the
 * leader must check with the coordinator first, waits parked there for its append); `delayed`
 * leaves the request in the network and the client times out on it.
 */
export function doProduce(d: D, i: I, partition: number, delayed: boolean): void {
  const x = ctxOf(d);
  const value = inputValue(d.config, i.app, i.position);
  const r = produceRequest(x, i.producer, partition, value, origin(i));
  if (!('request' in r)) {
    react(d, i, r);
    return;
  }
  const req = r.request;
  const id = nextId(d);
  // A re-enqueued batch is on its way again: in flight from here (a new refusal re-enqueues it).
  if (i.requeued !== undefined) delete i.requeued;
  if (delayed) {
    sent(i.producer, req);
    d.network.push(castDraft({ type: 'Produce', id, instance: i.id, txn: i.producer.txn, req }));
    d.events.push({ type: 'delayed', request: id, what: `Produce(v${value})` });
    // acks=0 waits for no answer, so nothing times out and nothing is retried (`retries` has no effect,
    // ProducerConfig ACKS_DOC): the send is done, the request lands when it lands.
    if (d.kafka.rules.acks !== 0) i.unacked.push({ request: id, partition, value, sequence: req.sequence });
    produced(i);
    return;
  }
  const a = arrive(x, i.producer.txn, req, id, true);
  if (a.ok === 'parked') {
    i.awaiting = { request: id, partition, sequence: req.sequence };
    sent(i.producer, req);
  } else answered(d, i, a, req.partition, req.sequence);
}

/**
 * The produce's answer reaches the client: the record is in, or a refusal the client reacts to;
 * a retriable one leaves the batch to be sent again with the same sequence number.
 */
function answered(d: D, i: I, a: AppendResult, partition: number, sequence: number): void {
  const r = d.kafka.replication?.partitions[partition];
  const acks = d.kafka.rules.acks;
  if (acks === 0) {
    // acks=0: the leader never answers (KafkaApis.handleProduceRequest); the send counts as done, whatever
    // became of it (one replica or many: acks is the client's setting).
    if (r) {
      if (a.ok) recordAck(ctxOf(d), partition, a.offset);
      else d.kafka.replication!.acked.push({ partition, offset: -1, value: inputValue(d.config, i.app, i.position) });
    }
    if (sequence >= 0) i.producer.sequences[partition] = sequence + 1;
    produced(i);
    return;
  }
  if (a.ok) {
    if (awaitsAnswer(d, i, partition, a.offset, sequence)) {
      if (sequence >= 0) i.producer.sequences[partition] = sequence + 1;
      return;
    }
    if (r) recordAck(ctxOf(d), partition, a.offset);
    if (sequence >= 0) i.producer.sequences[partition] = sequence + 1;
    produced(i);
    return;
  }
  refused(d, i, partition, sequence, a.error);
}

/**
 * A produce's refusal reaches the client: its sequence number is given back, and a retriable error's batch
 * is re-enqueued for its partition (Sender.completeBatch -> reenqueueBatch), so the record goes there again
 * with that number: a leader that appended it before refusing (NOT_ENOUGH_REPLICAS_AFTER_APPEND) knows
 * the sequence and acknowledges the duplicate instead of writing it twice. Other errors go to `react`.
 */
function refused(d: D, i: I, partition: number, sequence: number, error: ErrorCode): void {
  if (sequence >= 0) i.producer.sequences[partition] = sequence;
  if (severity(error, 'produce', d.kafka.rules) === 'retriable') i.requeued = partition;
  react(d, i, { ok: false, error, from: 'produce' });
}

/**
 * acks=all on a replicated partition: the answer to a write at `offset` waits until the high watermark passes
 * it (DelayedProduce, ReplicaManager); true when it waits (recorded in `i.acking`), false when it is due now.
 */
function awaitsAnswer(d: D, i: I, partition: number, offset: number, sequence: number): boolean {
  const r = d.kafka.replication?.partitions[partition];
  if (!r || d.kafka.rules.acks !== -1 || d.kafka.partitions[partition]!.highWatermark > offset) return false;
  i.acking = { partition, offset, sequence, epoch: r.epoch };
  return true;
}

/** Whether instance `i`'s acks=all answer is due: the high watermark passed its write, or its leader changed. Pure. */
export function ackDue(s: KafkaTxnState, i: Instance): boolean {
  const w = i.acking;
  if (!w) return false;
  const r = s.kafka.replication!.partitions[w.partition]!;
  return r.epoch !== w.epoch || s.kafka.partitions[w.partition]!.highWatermark > w.offset;
}

/**
 * The acks=all answer reaches the instance (DelayedProduce.tryComplete,
 * Partition.checkEnoughReplicasReachOffset): written, if the high watermark passed it under the same
 * leader and the ISR is at least min.insync.replicas; NOT_ENOUGH_REPLICAS_AFTER_APPEND if the ISR
 * is smaller (the record stays in the log); NOT_LEADER_OR_FOLLOWER under a new leader. Both errors
 * are retriable: the client sends the batch again, to the same partition, with the same sequence number.
 */
export function doAckProduce(d: D, i: I): void {
  const w = i.acking!;
  delete i.acking;
  const k = d.kafka;
  const r = k.replication!.partitions[w.partition]!;
  let error: ErrorCode | null = null;
  if (r.epoch !== w.epoch) error = 'NOT_LEADER_OR_FOLLOWER';
  else if (r.isr.length < effectiveMinIsr(k)) error = 'NOT_ENOUGH_REPLICAS_AFTER_APPEND';
  // The answer to a timed-out batch's retry (`doRetry`): that batch counted as sent when it first went out,
  // and stays the oldest unanswered one until this answer (nothing else is sent while one is unanswered).
  const retried = i.unacked.length > 0;
  if (error === null) {
    recordAck(ctxOf(d), w.partition, w.offset);
    if (retried) i.unacked.shift();
    else produced(i);
    return;
  }
  d.events.push({ type: 'rejected', by: k.partitions[w.partition]!.name, error, request: 'Produce (acks=all)' });
  if (retried) react(d, i, { ok: false, error, from: 'produce' });
  else refused(d, i, w.partition, w.sequence, error);
}

/**
 * The leader appends the instance's parked produce if its verification guard survived (a marker in
 * between clears it: INVALID_TXN_STATE); the answer reaches the instance, if its process still runs.
 */
export function doAppend(d: D, i: I): void {
  const w = i.awaiting!;
  const { result } = appendParked(ctxOf(d), w.request);
  i.awaiting = null;
  if (i.status !== 'crashed' && i.status !== 'failed' && i.status !== 'fenced')
    answered(d, i, result, w.partition, w.sequence);
}

/** The producer's retry of the oldest timed-out batch: same value, same sequence, the current epoch. */
export function doRetry(d: D, i: I): void {
  const u = i.unacked[0]!;
  const p = i.producer;
  const req = {
    partition: u.partition,
    value: u.value,
    producerId: p.producerId,
    epoch: p.epoch,
    sequence: u.sequence,
    transactional: p.txn >= 0,
    origin: origin(i),
  };
  const x = ctxOf(d);
  const r = arrive(x, p.txn, req, nextId(d), false);
  if (r.ok === false) {
    react(d, i, { ok: false, error: r.error, from: 'produce' });
    return;
  }
  // Not parked: the retry's append is not split from its arrival (`park` false).
  if (r.ok === 'parked') throw new Error('internal: a retry parked at its leader');
  // The retry's answer waits as a first send's does, and the batch stays unanswered until then:
  // commitTransaction() sends EndTxn only once every batch is answered (TransactionManager.nextRequest).
  if (awaitsAnswer(d, i, u.partition, r.offset, u.sequence)) return;
  if (d.kafka.replication) recordAck(x, u.partition, r.offset);
  i.unacked.shift();
}

/**
 * AddPartitionsToTxn of `partition` (transaction.version=1) delayed in the network: the client
 * times out and sends it again, and that copy lands now; the first copy lands later, from the
 * epoch of now.
 */
export function doAddPartitionsDelayed(d: D, i: I, partition: number): void {
  const p = i.producer;
  const id = nextId(d);
  d.network.push(castDraft(addPartitionsRequest(id, i.id, p, partition)));
  d.events.push({ type: 'delayed', request: id, what: `AddPartitionsToTxn(out-${partition})` });
  doProduce(d, i, partition, false);
}

/**
 * AddOffsetsToTxn (transaction.version=1): `__consumer_offsets` joins the transaction. `delayed`
 * (faults.late-requests): the first copy is stuck in the network, the retry lands now.
 */
export function doAddOffsets(d: D, i: I, delayed = false): void {
  if (delayed) {
    const id = nextId(d);
    d.network.push(castDraft(addOffsetsRequest(id, i.id, i.producer, GROUP)));
    d.events.push({ type: 'delayed', request: id, what: 'AddOffsetsToTxn(__consumer_offsets)' });
  }
  const r = addOffsets(ctxOf(d), i.producer, GROUP);
  if (!r.ok) react(d, i, r);
}

/**
 * TxnOffsetCommit of the next input offset (the group id only: kafka-txn's apps are no group members).
 * `delayed` (faults.late-requests): the first copy is stuck in the network, the retry lands now.
 */
export function doTxnOffsetCommit(d: D, i: I, delayed = false): void {
  if (delayed) {
    const id = nextId(d);
    const offsets = [{ partition: i.app, offset: i.position }];
    d.network.push(castDraft(txnOffsetCommitRequest(id, i.id, i.producer, GROUP, offsets, -1)));
    d.events.push({ type: 'delayed', request: id, what: `TxnOffsetCommit(in-${i.app} -> ${i.position})` });
  }
  const r = commitOffsetsInTxn(ctxOf(d), i.producer, GROUP, [{ partition: i.app, offset: i.position }], -1, origin(i));
  if (!r.ok) react(d, i, r);
}

/** An EndTxn stuck in the network (the client timed out on it). */
function delayEndTxn(d: D, i: I, result: 'COMMIT' | 'ABORT'): void {
  const id = nextId(d);
  d.network.push(castDraft(endTxnRequest(id, i.id, i.producer, result, origin(i))));
  d.events.push({ type: 'delayed', request: id, what: `EndTxn(${result})` });
}

/** commitTransaction(); `delayed`: the first EndTxn is stuck in the network, the retry lands now. */
export function doCommitTxn(d: D, i: I, delayed: boolean): void {
  const no = i.producer.transaction!.no;
  if (delayed) delayEndTxn(d, i, 'COMMIT');
  const r = commitTransaction(ctxOf(d), i.producer);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') react(d, i, r);
    return;
  }
  d.outcomes.push({ instance: i.id, txn: no, result: 'COMMIT' });
  i.txnStart = null;
  setStatus(d, i, 'ready');
}

/**
 * commitTransaction() times out (max.block.ms) with its EndTxn stuck in the network. The
 * application's abortTransaction() then throws IllegalStateException ("the previous call to
 * `commitTransaction` timed out and must be retried", TransactionManager) and it closes the
 * producer: the instance fails, nobody is told the outcome, and the EndTxn may still land.
 */
export function doCommitTimedOut(d: D, i: I): void {
  delayEndTxn(d, i, 'COMMIT');
  setStatus(d, i, 'failed');
}

/**
 * abortTransaction(), then the app seeks back to the transaction's first input. After an abortable
 * error under transaction.version=1 with KIP-360 the client bumps its epoch before it goes on
 * (InitProducerId with its producer id and epoch), so its sequence numbers restart at 0 and can
 * never be mistaken for a batch still in the network; under version 2 the abort itself bumps the
 * epoch (KIP-890). `delayed`: the first EndTxn is stuck in the network, the retry lands now.
 */
export function doAbortTxn(d: D, i: I, delayed: boolean): void {
  const no = i.producer.transaction!.no;
  const timedOut = i.unacked.length > 0;
  if (delayed) delayEndTxn(d, i, 'ABORT');
  const r = abortTransaction(ctxOf(d), i.producer);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') react(d, i, r);
    return;
  }
  d.outcomes.push({ instance: i.id, txn: no, result: 'ABORT' });
  i.unacked = [];
  i.position = i.txnStart!;
  i.txnStart = null;
  const rules = d.kafka.rules;
  // A batch that timed out: without KIP-360 (before 2.5) the client cannot recover its sequences.
  if (timedOut && !rules.release.kip360) {
    setStatus(d, i, 'failed');
    return;
  }
  if (timedOut && rules.transactionVersion === 1) i.producer.bumpEpoch = true;
  if (i.producer.bumpEpoch) {
    // KIP-360: the client bumps its own epoch (InitProducerId with its producer id and epoch) before it goes on.
    d.events.push({
      type: 'client',
      instance: i.id,
      status: 'aborted; bumps its epoch with InitProducerId next (KIP-360)',
    });
    i.status = 'new';
  } else setStatus(d, i, 'ready');
}

/** commitSync() of a plain consumer: the app's next input offset, committed at once (a simple commit). */
export function doCommitOffsets(d: D, i: I): void {
  offsetCommit(ctxOf(d), GROUP, i.app, i.position, -1, origin(i));
  i.committedPosition = i.position;
}

/** A request held in the network lands; its answer goes to nobody (the client gave up on it long ago). */
export function doDeliver(d: D, request: number): void {
  const idx = d.network.findIndex((r) => r.id === request);
  const [req] = d.network.splice(idx, 1);
  if (req) deliverLate(ctxOf(d), req);
}

/** The clock moves to `now` (the next transaction deadline). */
export function doTick(d: D, now: number): void {
  d.now = now;
  d.events.push({ type: 'clock', now });
}

/** Starts a new instance of `app` from the committed input offset (a restart or a replacement). */
export function startInstance(d: D, app: number): void {
  const incarnation = d.instances.reduce((m, i) => (i.app === app ? Math.max(m, i.incarnation) : m), 0) + 1;
  const inst = newInstance(d.config, app, incarnation, d.kafka.groups[GROUP]!.committed[app]!.offset);
  d.instances.push(castDraft(inst));
  d.events.push({ type: 'client', instance: inst.id, status: 'started' });
}

/** Marks an instance crashed, paused or resumed. */
export function setLife(d: D, i: I, what: 'crash' | 'pause' | 'resume'): void {
  if (what === 'crash') setStatus(d, i, 'crashed');
  else {
    i.paused = what === 'pause';
    d.events.push({ type: 'client', instance: i.id, status: what === 'pause' ? 'paused' : 'resumed' });
  }
}
