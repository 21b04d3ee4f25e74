/**
 * The producer app's client side: what one instance does on each call and how it reacts to the
 * answers (the Java KafkaProducer's transaction manager, reduced to the decisions that matter).
 */
import type { Draft } from 'immer';
import { append, type AppendResult } from './broker.js';
import { addToTxn, endTxn, initProducerId, txnOffsetCommit } from './coordinator.js';
import { inputValue, isTransactional, partitionName, type ErrorCode, type Instance, type KafkaState, type Origin, type Request } from './state.js';

type D = Draft<KafkaState>;
type I = Draft<Instance>;

/** The draft of instance `id` (actions only name existing instances). */
export function instanceOf(d: D, id: number): I {
  const i = d.instances.find((x) => x.id === id);
  if (!i) throw new Error(`no instance ${id}`);
  return i;
}

function origin(i: I): Origin {
  return { instance: i.id, txn: i.txn?.no ?? null };
}

function setStatus(d: D, i: I, status: Instance['status']): void {
  if (i.status !== status) d.events.push({ type: 'client', instance: i.id, status });
  i.status = status;
}

/** A rejected request: recorded, then the client reacts. */
function clientError(d: D, i: I, error: ErrorCode, by: string, request: string): void {
  d.events.push({ type: 'rejected', by, error, request });
  react(d, i, error);
}

/** How the client reacts to an error: fenced is fatal, CONCURRENT_TRANSACTIONS is retried, the rest abortable. */
function react(d: D, i: I, error: ErrorCode): void {
  switch (error) {
    case 'PRODUCER_FENCED':
    case 'INVALID_PRODUCER_EPOCH':
      setStatus(d, i, 'fenced');
      return;
    case 'CONCURRENT_TRANSACTIONS':
    case 'DUPLICATE_SEQUENCE_NUMBER':
      return;
    case 'OUT_OF_ORDER_SEQUENCE_NUMBER':
    case 'INVALID_TXN_STATE':
      if (i.txn) i.txn.error = error;
      else setStatus(d, i, 'failed');
      return;
  }
}

/** A new epoch starts every partition's sequence at 0. */
function adoptEpoch(i: I, epoch: number): void {
  if (epoch !== i.epoch) i.sequences = i.sequences.map(() => 0);
  i.epoch = epoch;
}

/**
 * A produce request reaching the leader. With transaction.version=2 the leader first verifies the
 * partition with the coordinator, which adds it to the open transaction (KIP-890); with 1 it
 * appends whatever arrives, so a late request can open a transaction the coordinator never sees.
 */
export function deliverProduce(d: D, req: Extract<Request, { type: 'Produce' }>): AppendResult {
  if (req.transactional && d.config.transactionVersion === 2) {
    const err = addToTxn(d, req.app, req.epoch, req.partition);
    if (err) {
      d.events.push({ type: 'rejected', by: 'coordinator', error: err, request: `AddPartitionsToTxn(${partitionName(req.partition)}, verify)` });
      return { ok: false, error: err };
    }
  }
  const r = append(d, req);
  if (!r.ok) d.events.push({ type: 'rejected', by: partitionName(req.partition), error: r.error, request: `Produce(v${req.value})` });
  return r;
}

/** InitProducerId, then OffsetFetch of the app's committed input offset. */
export function doInitProducerId(d: D, i: I): void {
  const r = initProducerId(d, i.app, i.id);
  if ('error' in r) {
    d.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: 'InitProducerId' });
    if (r.error !== 'CONCURRENT_TRANSACTIONS') setStatus(d, i, 'failed');
    return;
  }
  i.producerId = d.txns[i.app]!.producerId;
  i.epoch = r.epoch;
  i.sequences = i.sequences.map(() => 0);
  i.position = d.offsets.committed[i.app]!.offset;
  i.committedPosition = i.position;
  setStatus(d, i, 'ready');
}

/** beginTransaction(): client-local, the coordinator learns of it at the first add. */
export function doBeginTxn(d: D, i: I): void {
  i.txnCount += 1;
  i.txn = { no: i.txnCount, startPosition: i.position, partitions: [], offsetsSent: false, records: 0, error: null };
  setStatus(d, i, 'in-txn');
}

function advance(i: I): void {
  i.position += 1;
  if (i.txn) i.txn.records += 1;
}

/** send(): the next input value to `partition`; `delayed` leaves the request in the network. */
export function doProduce(d: D, i: I, partition: number, delayed: boolean): void {
  const txnl = isTransactional(d.config);
  const value = inputValue(d.config, i.app, i.position);
  if (txnl && i.txn && d.config.transactionVersion === 1 && !i.txn.partitions.includes(partition)) {
    const err = addToTxn(d, i.app, i.epoch, partition);
    if (err) return clientError(d, i, err, 'coordinator', `AddPartitionsToTxn(${partitionName(partition)})`);
    i.txn.partitions.push(partition);
  }
  const sequence = d.config.enableIdempotence ? i.sequences[partition]! : -1;
  const req = { type: 'Produce' as const, id: d.nextRequest, instance: i.id, app: i.app, partition, value, producerId: i.producerId, epoch: i.epoch, sequence, transactional: txnl, origin: origin(i) };
  d.nextRequest += 1;
  if (delayed) {
    d.network.push(req);
    d.events.push({ type: 'delayed', request: req.id, what: `Produce(v${value})` });
    i.unacked.push({ request: req.id, partition, value, sequence });
  } else {
    const r = deliverProduce(d, req);
    if (!r.ok) return react(d, i, r.error); // deliverProduce recorded the rejection
  }
  if (d.config.enableIdempotence) i.sequences[partition] = sequence + 1;
  if (i.txn && !i.txn.partitions.includes(partition)) i.txn.partitions.push(partition);
  advance(i);
}

/** The producer's retry of the oldest timed-out batch: same value, same sequence. */
export function doRetry(d: D, i: I): void {
  const u = i.unacked[0]!;
  const req = { type: 'Produce' as const, id: d.nextRequest, instance: i.id, app: i.app, partition: u.partition, value: u.value, producerId: i.producerId, epoch: i.epoch, sequence: u.sequence, transactional: isTransactional(d.config), origin: origin(i) };
  d.nextRequest += 1;
  const r = deliverProduce(d, req);
  if (!r.ok) return react(d, i, r.error); // deliverProduce recorded the rejection
  i.unacked.shift();
}

/** sendOffsetsToTransaction(): AddOffsetsToTxn, then TxnOffsetCommit of the next input offset. */
export function doSendOffsets(d: D, i: I): void {
  const err = addToTxn(d, i.app, i.epoch, 'offsets');
  if (err) return clientError(d, i, err, 'coordinator', 'AddOffsetsToTxn');
  const err2 = txnOffsetCommit(d, i.app, i.position, i.producerId, i.epoch, origin(i));
  if (err2) return clientError(d, i, err2, '__consumer_offsets', 'TxnOffsetCommit');
  i.txn!.offsetsSent = true;
}

/** commitTransaction(); `delayed`: the first EndTxn is stuck in the network, the retry lands now. */
export function doCommitTxn(d: D, i: I, delayed: boolean): void {
  if (delayed) {
    d.network.push({ type: 'EndTxn', id: d.nextRequest, instance: i.id, app: i.app, producerId: i.producerId, epoch: i.epoch, result: 'COMMIT', origin: origin(i) });
    d.events.push({ type: 'delayed', request: d.nextRequest, what: 'EndTxn(COMMIT)' });
    d.nextRequest += 1;
  }
  const r = endTxn(d, i.app, i.epoch, 'COMMIT');
  if ('error' in r) return clientError(d, i, r.error, 'coordinator', 'EndTxn(COMMIT)');
  d.outcomes.push({ instance: i.id, txn: i.txn!.no, result: 'COMMIT' });
  adoptEpoch(i, r.epoch);
  i.txn = null;
  setStatus(d, i, 'ready');
}

/**
 * abortTransaction(): then the app seeks back to the transaction's first input. A transaction
 * nothing reached the coordinator for ends at the client, without EndTxn (the Java client's
 * "Not sending EndTxn for completed transaction since no partitions or offsets were successfully
 * added"). After a timed-out batch the client needs a new epoch before it goes on (KIP-360:
 * InitProducerId with its producer id and epoch once the abort completes), so its sequence
 * numbers restart at 0 and can never be mistaken for the batch still in the network; with
 * transaction.version=2 the abort itself bumps the epoch (KIP-890).
 */
export function doAbortTxn(d: D, i: I): void {
  const t = i.txn!;
  const addedNothing = t.partitions.length === 0 && !t.offsetsSent;
  if (!addedNothing) {
    const r = endTxn(d, i.app, i.epoch, 'ABORT');
    if ('error' in r) {
      d.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: 'EndTxn(ABORT)' });
      if (r.error !== 'CONCURRENT_TRANSACTIONS') setStatus(d, i, r.error === 'PRODUCER_FENCED' ? 'fenced' : 'failed');
      return;
    }
    adoptEpoch(i, r.epoch);
  }
  d.outcomes.push({ instance: i.id, txn: t.no, result: 'ABORT' });
  const bumpNeeded = i.unacked.length > 0 && d.config.transactionVersion === 1;
  i.unacked = [];
  i.position = t.startPosition;
  i.txn = null;
  setStatus(d, i, bumpNeeded ? 'new' : 'ready');
}

/** commitSync() of a plain consumer: the app's next input offset, committed at once. */
export function doCommitOffsets(d: D, i: I): void {
  d.offsets.committed[i.app] = { offset: i.position, producerId: -1, epoch: -1, txnEpoch: null, origin: origin(i) };
  i.committedPosition = i.position;
  d.events.push({ type: 'offsets', input: i.app, offset: i.position, how: 'committed' });
}

/** Marks an instance crashed, paused or resumed. */
export function setLife(d: D, i: I, what: 'crash' | 'pause' | 'resume'): void {
  if (what === 'crash') setStatus(d, i, 'crashed');
  else {
    i.paused = what === 'pause';
    d.events.push({ type: 'client', instance: i.id, status: what === 'pause' ? 'paused' : 'resumed' });
  }
}
