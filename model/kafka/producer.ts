/**
 * The producer client every Kafka-speaking model embeds (the Java KafkaProducer with its
 * TransactionManager, reduced to the decisions that matter): InitProducerId, the transactional
 * calls, produce requests with sequence numbers, and how each error is classified. Functions over
 * a draft of the cluster and of the client; the model decides what a fatal error does to its
 * process (a restart, a task failover).
 */
import type { Draft } from 'immer';
import type { Ctx } from './cluster.js';
import { txnOffsetCommit } from './groups.js';
import { type AppendResult, append, type ProduceRequest } from './partition.js';
import type { ErrorCode, Origin } from './records.js';
import { addToTxn, endTxn, initProducerId } from './transactions.js';

/** The client's view of its open transaction. */
export interface ClientTxn {
  /** The instance's transaction number (ghost data on the records it writes). */
  readonly no: number;
  /** Partitions added to the transaction (transaction.version=1: by the client's AddPartitionsToTxn). */
  readonly partitions: readonly number[];
  readonly offsetsSent: boolean;
  /** Records the application put in the transaction. */
  readonly records: number;
  /** An abortable error: only abortTransaction() is left. */
  readonly error: ErrorCode | null;
}

/** The client state of one producer. */
export interface Producer {
  /** Index of its transactional.id in the coordinator, or -1: an idempotent or plain producer. */
  readonly txn: number;
  /** -1: none (a plain producer, or before InitProducerId). */
  readonly producerId: number;
  readonly epoch: number;
  /** The next sequence number per partition of the cluster. */
  readonly sequences: readonly number[];
  readonly transaction: ClientTxn | null;
}

type Pr = Draft<Producer>;

/** A reply: done, or a Kafka error. */
/** A refusal: the error the client got. */
export type Refused = { readonly ok: false; readonly error: ErrorCode };
/** A request's outcome at the client. */
export type Reply = { readonly ok: true } | Refused;

const OK: Reply = { ok: true };

/** How the Java client treats an error: the producer is unusable, only an abort is left, or it retries. */
export type Severity = 'fatal' | 'abortable' | 'retriable';

/**
 * The Java client's classification of an error (TransactionManager): fencing is fatal;
 * UNKNOWN_PRODUCER_ID is abortable and recovered by an epoch bump with KIP-360 (Kafka 2.5+, EOS v2),
 * fatal before; sequence and state errors and an old group generation are abortable; the rest are
 * retried. Pure.
 */
export function severity(error: ErrorCode, kip360: boolean): Severity {
  switch (error) {
    case 'PRODUCER_FENCED':
    case 'INVALID_PRODUCER_EPOCH':
      return 'fatal';
    case 'UNKNOWN_PRODUCER_ID':
      return kip360 ? 'abortable' : 'fatal';
    case 'ILLEGAL_GENERATION':
    case 'OUT_OF_ORDER_SEQUENCE_NUMBER':
    case 'INVALID_TXN_STATE':
      return 'abortable';
    case 'CONCURRENT_TRANSACTIONS':
    case 'DUPLICATE_SEQUENCE_NUMBER':
    case 'UNSTABLE_OFFSET_COMMIT':
      return 'retriable';
  }
}

/**
 * How the Java client reacts to a refused request: a fatal error ends the producer (`fenced` for a
 * fencing error, else `failed`); an abortable one marks the open transaction so only an abort is
 * left (or, with no transaction open, fails the producer); a retriable one changes nothing. Returns
 * what becomes of the producer's process, or null when it goes on.
 */
export function react(p: Pr, error: ErrorCode, kip360: boolean): 'fenced' | 'failed' | null {
  switch (severity(error, kip360)) {
    case 'fatal':
      return error === 'PRODUCER_FENCED' || error === 'INVALID_PRODUCER_EPOCH' ? 'fenced' : 'failed';
    case 'abortable':
      if (!p.transaction) return 'failed';
      p.transaction.error = error;
      return null;
    case 'retriable':
      return null;
  }
}

/**
 * What a transactional loop does next to finish its open transaction, when it takes no more input
 * than `more` allows: abort after an abortable error or with nothing in it, write the next record,
 * send the offsets, or commit. Pure.
 */
export function nextTransactionStep(t: ClientTxn, more: boolean): 'abort' | 'write' | 'send-offsets' | 'commit' {
  if (t.error !== null) return 'abort';
  if (more && !t.offsetsSent) return 'write';
  if (t.records === 0) return 'abort';
  return t.offsetsSent ? 'commit' : 'send-offsets';
}

/** A producer of transactional.id index `txn` (-1: none) over `partitions` partitions, before InitProducerId. Pure. */
export function newProducer(txn: number, partitions: number, producerId = -1, epoch = -1): Producer {
  return { txn, producerId, epoch, sequences: Array.from({ length: partitions }, () => 0), transaction: null };
}

function reject(x: Ctx, by: string, error: ErrorCode, request: string): Refused {
  x.events.push({ type: 'rejected', by, error, request });
  return { ok: false, error };
}

function adoptEpoch(p: Pr, epoch: number): void {
  if (epoch !== p.epoch) p.sequences = p.sequences.map(() => 0);
  p.epoch = epoch;
}

/**
 * initTransactions(): InitProducerId of the producer's transactional.id; CONCURRENT_TRANSACTIONS is retried by the
 * caller.
 */
export function initTransactions(x: Ctx, p: Pr): Reply {
  const r = initProducerId(x, p.txn);
  if ('error' in r) return reject(x, 'coordinator', r.error, `InitProducerId(${x.k.txns[p.txn]!.transactionalId})`);
  p.producerId = x.k.txns[p.txn]!.producerId;
  p.epoch = r.epoch;
  p.sequences = p.sequences.map(() => 0);
  return OK;
}

/** beginTransaction(): client-local; the coordinator learns of it at the first add. */
export function beginTransaction(p: Pr, no: number): void {
  p.transaction = { no, partitions: [], offsetsSent: false, records: 0, error: null };
}

/**
 * A produce request of the next record to `partition`; with transaction.version=1 the client adds the partition first.
 */
export function produceRequest(
  x: Ctx,
  p: Pr,
  partition: number,
  value: number,
  origin: Origin,
): { readonly request: ProduceRequest } | Refused {
  // A producer without a producer id (a plain producer, or idempotence off) sends no sequence numbers.
  const idempotent = x.k.rules.enableIdempotence && p.producerId >= 0;
  const t = p.transaction;
  if (p.txn >= 0 && t && x.k.rules.transactionVersion === 1 && !t.partitions.includes(partition)) {
    const err = addToTxn(x, p.txn, p.epoch, partition);
    if (err) return reject(x, 'coordinator', err, `AddPartitionsToTxn(${x.k.partitions[partition]!.name})`);
    t.partitions.push(partition);
  }
  const request: ProduceRequest = {
    partition,
    value,
    producerId: idempotent ? p.producerId : -1,
    epoch: idempotent ? p.epoch : -1,
    sequence: idempotent ? p.sequences[partition]! : -1,
    transactional: p.txn >= 0,
    origin: { instance: origin.instance, txn: origin.txn },
  };
  return { request };
}

/**
 * A produce request reaching the partition leader. With transaction.version=2 the leader first
 * verifies the partition with the coordinator, which adds it to the open transaction (KIP-890); with
 * 1 it appends whatever arrives, so a late request can open a transaction the coordinator never
 * sees. A rejection is recorded as an event.
 */
export function deliverProduce(x: Ctx, txn: number, req: ProduceRequest): AppendResult {
  const name = x.k.partitions[req.partition]!.name;
  if (req.transactional && x.k.rules.transactionVersion === 2) {
    const err = addToTxn(x, txn, req.epoch, req.partition);
    if (err) {
      reject(x, 'coordinator', err, `AddPartitionsToTxn(${name}, verify)`);
      return { ok: false, error: err };
    }
  }
  const r = append(x, req);
  if (!r.ok) reject(x, name, r.error, `Produce(v${req.value})`);
  return r;
}

/** The client's bookkeeping once a produce request is sent and acknowledged (or left in flight). */
export function sent(p: Pr, req: ProduceRequest): void {
  if (req.sequence >= 0) p.sequences[req.partition] = req.sequence + 1;
  const t = p.transaction;
  if (t && !t.partitions.includes(req.partition)) t.partitions.push(req.partition);
}

/**
 * send() of one record, acknowledged now: request, delivery (twice with `copies: 2`: the first
 * acknowledgement was lost and the batch retried), bookkeeping. The error of a refused request.
 */
export function send(x: Ctx, p: Pr, partition: number, value: number, origin: Origin, copies = 1): Reply {
  const r = produceRequest(x, p, partition, value, origin);
  if (!('request' in r)) return r;
  for (let k = 0; k < copies; k++) {
    const d = deliverProduce(x, p.txn, r.request);
    if (!d.ok) return { ok: false, error: d.error };
  }
  sent(p, r.request);
  return OK;
}

/**
 * sendOffsetsToTransaction(): AddOffsetsToTxn, then TxnOffsetCommit of each offset with the generation (-1: group id
 * only).
 */
export function sendOffsetsToTransaction(
  x: Ctx,
  p: Pr,
  group: number,
  offsets: readonly { readonly partition: number; readonly offset: number }[],
  generation: number,
  origin: Origin,
): Reply {
  const err = addToTxn(x, p.txn, p.epoch, { group });
  if (err) return reject(x, 'coordinator', err, 'AddOffsetsToTxn');
  for (const o of offsets) {
    const e2 = txnOffsetCommit(x, group, {
      partition: o.partition,
      offset: o.offset,
      producerId: p.producerId,
      epoch: p.epoch,
      generation,
      origin,
    });
    if (e2)
      return reject(
        x,
        'group coordinator',
        e2,
        `TxnOffsetCommit(in-${o.partition} -> ${o.offset}${generation >= 0 ? `, generation ${generation}` : ''})`,
      );
  }
  p.transaction!.offsetsSent = true;
  return OK;
}

/** commitTransaction(): EndTxn(COMMIT); the producer takes the epoch the coordinator answers with. */
export function commitTransaction(x: Ctx, p: Pr): Reply {
  const r = endTxn(x, p.txn, p.epoch, 'COMMIT');
  if ('error' in r) return reject(x, 'coordinator', r.error, 'EndTxn(COMMIT)');
  adoptEpoch(p, r.epoch);
  p.transaction = null;
  return OK;
}

/**
 * A transaction resumed from its producer id and epoch and committed (Flink's committer:
 * FlinkKafkaInternalProducer.resumeTransaction, then commitTransaction): EndTxn(COMMIT) with the
 * saved epoch.
 */
export function commitResumed(x: Ctx, txn: number, epoch: number): Reply {
  const r = endTxn(x, txn, epoch, 'COMMIT');
  if ('error' in r)
    return reject(x, 'coordinator', r.error, `EndTxn(COMMIT, ${x.k.txns[txn]!.transactionalId}, epoch=${epoch})`);
  return OK;
}

/**
 * abortTransaction(): EndTxn(ABORT), unless nothing reached the coordinator (the Java client's "Not
 * sending EndTxn for completed transaction since no partitions or offsets were successfully
 * added"); with transaction.version=2 the abort bumps the epoch (KIP-890).
 */
export function abortTransaction(x: Ctx, p: Pr): Reply {
  const t = p.transaction!;
  if (t.partitions.length > 0 || t.offsetsSent) {
    const r = endTxn(x, p.txn, p.epoch, 'ABORT');
    if ('error' in r) return reject(x, 'coordinator', r.error, 'EndTxn(ABORT)');
    adoptEpoch(p, r.epoch);
  }
  p.transaction = null;
  return OK;
}
