/**
 * What one producer-app instance does on each call and how it reacts to the answers: the Kafka
 * client of model/kafka plus the app's own loop (its input position, its offsets, its
 * supervisor). Functions over an immer draft (or the search's owned copy).
 */
import { castDraft, type Draft } from 'immer';
import { ctxOf } from '../kafka/cluster.js';
import { offsetCommit } from '../kafka/groups.js';
import {
  abortTransaction,
  beginTransaction,
  react as clientReaction,
  commitTransaction,
  deliverProduce,
  initTransactions,
  newProducer,
  produceRequest,
  sendOffsetsToTransaction,
  sent,
} from '../kafka/producer.js';
import type { ErrorCode, Origin } from '../kafka/records.js';
import { endTxn } from '../kafka/transactions.js';
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
  };
}

function origin(i: I): Origin {
  return { instance: i.id, txn: i.producer.transaction?.no ?? null };
}

function setStatus(d: D, i: I, status: Instance['status']): void {
  if (i.status !== status) d.events.push({ type: 'client', instance: i.id, status });
  i.status = status;
}

/** The client's reaction to a refused request (model/kafka): a fatal one ends the instance. */
function react(d: D, i: I, error: ErrorCode): void {
  const fate = clientReaction(i.producer, error, false);
  if (fate) setStatus(d, i, fate);
}

/** InitProducerId, then OffsetFetch of the app's committed input offset. */
export function doInitProducerId(d: D, i: I): void {
  const r = initTransactions(ctxOf(d), i.producer);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') setStatus(d, i, 'failed');
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

/** send(): the next input value to `partition`; `delayed` leaves the request in the network. */
export function doProduce(d: D, i: I, partition: number, delayed: boolean): void {
  const x = ctxOf(d);
  const value = inputValue(d.config, i.app, i.position);
  const r = produceRequest(x, i.producer, partition, value, origin(i));
  if (!('request' in r)) {
    react(d, i, r.error);
    return;
  }
  const req = r.request;
  if (delayed) {
    const id = d.nextRequest;
    d.nextRequest += 1;
    d.network.push(castDraft({ type: 'Produce', id, instance: i.id, txn: i.producer.txn, req }));
    d.events.push({ type: 'delayed', request: id, what: `Produce(v${value})` });
    i.unacked.push({ request: id, partition, value, sequence: req.sequence });
  } else {
    d.nextRequest += 1;
    const a = deliverProduce(x, i.producer.txn, req);
    if (!a.ok) {
      react(d, i, a.error);
      return;
    }
  }
  sent(i.producer, req);
  i.position += 1;
  if (i.producer.transaction) i.producer.transaction.records += 1;
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
  d.nextRequest += 1;
  const r = deliverProduce(ctxOf(d), p.txn, req);
  if (!r.ok) {
    react(d, i, r.error);
    return;
  }
  i.unacked.shift();
}

/** sendOffsetsToTransaction(): AddOffsetsToTxn, then TxnOffsetCommit of the next input offset (group id only). */
export function doSendOffsets(d: D, i: I): void {
  const r = sendOffsetsToTransaction(
    ctxOf(d),
    i.producer,
    GROUP,
    [{ partition: i.app, offset: i.position }],
    -1,
    origin(i),
  );
  if (!r.ok) react(d, i, r.error);
}

/** commitTransaction(); `delayed`: the first EndTxn is stuck in the network, the retry lands now. */
export function doCommitTxn(d: D, i: I, delayed: boolean): void {
  const no = i.producer.transaction!.no;
  if (delayed) {
    d.network.push({
      type: 'EndTxn',
      id: d.nextRequest,
      instance: i.id,
      txn: i.producer.txn,
      epoch: i.producer.epoch,
      result: 'COMMIT',
      origin: origin(i),
    });
    d.events.push({ type: 'delayed', request: d.nextRequest, what: 'EndTxn(COMMIT)' });
    d.nextRequest += 1;
  }
  const r = commitTransaction(ctxOf(d), i.producer);
  if (!r.ok) {
    react(d, i, r.error);
    return;
  }
  d.outcomes.push({ instance: i.id, txn: no, result: 'COMMIT' });
  i.txnStart = null;
  setStatus(d, i, 'ready');
}

/**
 * abortTransaction(), then the app seeks back to the transaction's first input. After a timed-out
 * batch the client needs a new epoch before it goes on (KIP-360: InitProducerId with its producer
 * id and epoch once the abort completes), so its sequence numbers restart at 0 and can never be
 * mistaken for the batch still in the network; with transaction.version=2 the abort itself bumps
 * the epoch (KIP-890).
 */
export function doAbortTxn(d: D, i: I): void {
  const no = i.producer.transaction!.no;
  const r = abortTransaction(ctxOf(d), i.producer);
  if (!r.ok) {
    if (r.error !== 'CONCURRENT_TRANSACTIONS') setStatus(d, i, r.error === 'PRODUCER_FENCED' ? 'fenced' : 'failed');
    return;
  }
  d.outcomes.push({ instance: i.id, txn: no, result: 'ABORT' });
  const bumpNeeded = i.unacked.length > 0 && d.kafka.rules.transactionVersion === 1;
  i.unacked = [];
  i.position = i.txnStart!;
  i.txnStart = null;
  setStatus(d, i, bumpNeeded ? 'new' : 'ready');
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
  if (!req) return;
  const x = ctxOf(d);
  if (req.type === 'Produce') deliverProduce(x, req.txn, req.req);
  else {
    const r = endTxn(x, req.txn, req.epoch, req.result);
    if ('error' in r)
      d.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: `EndTxn(${req.result}) late` });
  }
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
