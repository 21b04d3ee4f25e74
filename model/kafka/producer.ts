/**
 * The producer client every Kafka-speaking model embeds (the Java KafkaProducer with its
 * TransactionManager, reduced to the decisions that matter): InitProducerId, the transactional
 * calls, produce requests with sequence numbers and how a partition leader takes them
 * (verification included), and how each error is classified in each release. Functions over a
 * draft of the cluster and of the client; the model decides what a fatal error does to its
 * process (a restart, a task failover).
 */
import type { Draft } from 'immer';
import type { Cluster, Ctx, KafkaRules } from './cluster.js';
import { txnOffsetCommit } from './groups.js';
import { type AppendResult, append, needsVerification, setGuard } from './partition.js';
import type { ProduceRequest } from './produce-request.js';
import type { ErrorCode, Origin } from './records.js';
import { addToTxn, endTxn, initProducerId, type TxnAnswer, verifyInTxn } from './transactions.js';

/** The client's view of its open transaction. */
export interface ClientTxn {
  /** The instance's transaction number (ghost data on the records it writes). */
  readonly no: number;
  /** Partitions added to the transaction (version 1: by AddPartitionsToTxn; version 2: written to). */
  readonly partitions: readonly number[];
  /** AddOffsetsToTxn done (transaction.version=1). */
  readonly offsetsAdded: boolean;
  /** TxnOffsetCommit accepted: the offsets are in the transaction. */
  readonly offsetsSent: boolean;
  /** Records the application put in the transaction. */
  readonly records: number;
  /**
   * The coordinator may know of the transaction (TransactionManager.transactionStarted): version 1
   * once something was added; version 2 at the first send, so an abort sends EndTxn even if the
   * write failed.
   */
  readonly started: boolean;
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
  /**
   * KIP-360 (2.5+, transaction.version=1): an abortable error left sequence state the client cannot
   * trust; after the abort it bumps its own epoch with InitProducerId(producerId, epoch).
   */
  readonly bumpEpoch: boolean;
}

type Pr = Draft<Producer>;

/**
 * Whether client producer `p` is producer `producerId` inside a transaction: a live process holding it writes or
 * ends the transaction within its transaction.timeout.ms, so its partitions do not go a day without a word from
 * it (see ClusterLens.active). Pure.
 */
export function inTransaction(p: Producer, producerId: number): boolean {
  return p.producerId === producerId && p.transaction !== null;
}

/** Who refused a request: the partition leader (produce), the transaction coordinator, the group coordinator. */
export type Refuser = 'produce' | 'coordinator' | 'group';

/** A refusal: the error the client got, and from whom. */
export type Refused = { readonly ok: false; readonly error: ErrorCode; readonly from: Refuser };
/** A request's outcome at the client. */
export type Reply = { readonly ok: true } | Refused;

const OK: Reply = { ok: true };

/** How the Java client treats an error: the producer is unusable, only an abort is left, or it retries. */
export type Severity = 'fatal' | 'abortable' | 'retriable';

/**
 * The Java client's classification of an error in the release modelled (TransactionManager,
 * Sender). Fencing by the coordinator is fatal. A produce's INVALID_PRODUCER_EPOCH is abortable
 * from 2.7 (KIP-588), fatal before; from the group coordinator it is fatal. UNKNOWN_PRODUCER_ID is
 * abortable with KIP-360 (2.5+), fatal before; INVALID_PRODUCER_ID_MAPPING likewise, and fatal again
 * from 4.0 (KAFKA-18019). INVALID_TXN_STATE is fatal from the coordinator and abortable from a
 * leader's verification. Sequence errors, an old generation and TRANSACTION_ABORTABLE are
 * abortable; the rest is retried. Pure.
 */
export function severity(error: ErrorCode, from: Refuser, rules: KafkaRules): Severity {
  const r = rules.release;
  switch (error) {
    case 'PRODUCER_FENCED':
      return 'fatal';
    case 'INVALID_PRODUCER_EPOCH':
      return from === 'produce' && r.staleEpochAbortable ? 'abortable' : 'fatal';
    case 'UNKNOWN_PRODUCER_ID':
      return r.kip360 ? 'abortable' : 'fatal';
    case 'INVALID_PRODUCER_ID_MAPPING':
      return r.invalidMappingFatal || !r.kip360 ? 'fatal' : 'abortable';
    case 'INVALID_TXN_STATE':
      return from === 'produce' ? 'abortable' : 'fatal';
    // InitProducerIdHandler: an error it does not expect is fatal ("Unexpected error in InitProducerIdResponse").
    case 'UNKNOWN_SERVER_ERROR':
      return 'fatal';
    // TxnOffsetCommitHandler: UNKNOWN_MEMBER_ID and ILLEGAL_GENERATION abort with a CommitFailedException; a
    // consumer group's STALE_MEMBER_EPOCH reaches the producer as ILLEGAL_GENERATION (OffsetMetadataManager).
    case 'ILLEGAL_GENERATION':
    case 'UNKNOWN_MEMBER_ID':
    case 'STALE_MEMBER_EPOCH':
    case 'OUT_OF_ORDER_SEQUENCE_NUMBER':
    case 'TRANSACTION_ABORTABLE':
      return 'abortable';
    case 'CONCURRENT_TRANSACTIONS':
    case 'DUPLICATE_SEQUENCE_NUMBER':
    case 'UNSTABLE_OFFSET_COMMIT':
    case 'NOT_ENOUGH_REPLICAS':
    case 'NOT_ENOUGH_REPLICAS_AFTER_APPEND':
    case 'NOT_LEADER_OR_FOLLOWER':
    case 'REQUEST_TIMED_OUT':
    case 'TRANSACTION_COORDINATOR_FENCED':
      return 'retriable';
  }
}

/** Errors that say the leader or the coordinator lost the producer's id: the client re-initialises. */
function lostProducer(error: ErrorCode): boolean {
  return error === 'UNKNOWN_PRODUCER_ID' || error === 'INVALID_PRODUCER_ID_MAPPING';
}

/** Whether `error` is a fencing error (the producer was replaced), as opposed to another fatal one. */
function isFencing(error: ErrorCode): boolean {
  return error === 'PRODUCER_FENCED' || error === 'INVALID_PRODUCER_EPOCH';
}

/**
 * How the Java client reacts to a refused request: a fatal error ends the producer (`fenced` for a
 * fencing error, else `failed`); an abortable one marks the open transaction so only an abort is
 * left (or, with no transaction open, fails the producer) and, with KIP-360 under version 1, asks
 * for an epoch bump after the abort; a retriable one changes nothing. Returns what becomes of the
 * producer's process, or null when it goes on.
 */
export function react(p: Pr, r: Refused, rules: KafkaRules): 'fenced' | 'failed' | null {
  switch (severity(r.error, r.from, rules)) {
    case 'fatal':
      return isFencing(r.error) ? 'fenced' : 'failed';
    case 'abortable':
      if (!p.transaction) return 'failed';
      p.transaction.error = r.error;
      // KIP-360's bump follows a produce error or a lost producer id (TransactionManager.abortableErrorIfPossible),
      // not the group coordinator's CommitFailedException.
      if (rules.release.kip360 && rules.transactionVersion === 1 && (r.from === 'produce' || lostProducer(r.error)))
        p.bumpEpoch = true;
      return null;
    case 'retriable':
      return null;
  }
}

/**
 * What a transactional loop does next to finish its open transaction, when it takes no more input
 * than `more` allows: abort after an abortable error or with nothing in it, write the next record,
 * add the offsets partition (version 1), send the offsets, or commit. Pure.
 */
export function nextTransactionStep(
  t: ClientTxn,
  more: boolean,
  rules: KafkaRules,
): 'abort' | 'write' | 'add-offsets' | 'send-offsets' | 'commit' {
  if (t.error !== null) return 'abort';
  if (more && !t.offsetsSent && !t.offsetsAdded) return 'write';
  if (t.records === 0) return 'abort';
  if (t.offsetsSent) return 'commit';
  return rules.transactionVersion === 1 && !t.offsetsAdded ? 'add-offsets' : 'send-offsets';
}

/** A producer of transactional.id index `txn` (-1: none) over `partitions` partitions, before InitProducerId. Pure. */
export function newProducer(txn: number, partitions: number, producerId = -1, epoch = -1): Producer {
  return {
    txn,
    producerId,
    epoch,
    sequences: Array.from({ length: partitions }, () => 0),
    transaction: null,
    bumpEpoch: false,
  };
}

function reject(x: Ctx, from: Refuser, by: string, error: ErrorCode, request: string): Refused {
  x.events.push({ type: 'rejected', by, error, request });
  return { ok: false, error, from };
}

/** The client takes the producer id and epoch a coordinator answered with; a new pair restarts its sequences. */
function adopt(p: Pr, a: { readonly producerId: number; readonly epoch: number }): void {
  if (a.epoch !== p.epoch || a.producerId !== p.producerId) p.sequences = p.sequences.map(() => 0);
  p.producerId = a.producerId;
  p.epoch = a.epoch;
}

/** The name of the producer's transactional.id. */
function txnName(k: Cluster, p: { readonly txn: number }): string {
  return k.txns[p.txn]?.transactionalId ?? `txn ${p.txn}`;
}

/**
 * initTransactions(): InitProducerId of the producer's transactional.id; after KIP-360's abort it
 * names its producer id and epoch, so the coordinator bumps that epoch (or fences a stale one).
 * CONCURRENT_TRANSACTIONS is retried by the caller.
 */
export function initTransactions(x: Ctx, p: Pr): Reply {
  const r = initProducerId(x, p.txn, expectedEpoch(p));
  if ('error' in r) return reject(x, 'coordinator', 'coordinator', r.error, `InitProducerId(${txnName(x.k, p)})`);
  adopt(p, r);
  p.sequences = p.sequences.map(() => 0);
  p.bumpEpoch = false;
  return OK;
}

/** The producer id and epoch InitProducerId names: after KIP-360's abort, the producer's own; else none. Pure. */
export function expectedEpoch(p: Producer): { readonly producerId: number; readonly epoch: number } | null {
  return p.bumpEpoch ? { producerId: p.producerId, epoch: p.epoch } : null;
}

/**
 * initTransactions() whose InitProducerId answer is lost (faults.network): the coordinator acts on the request, the
 * client times out (request.timeout.ms: NetworkClient disconnects) and learns nothing, so it sends the same request
 * again, naming the same epoch (TransactionManager.TxnRequestHandler.onComplete re-enqueues a disconnected request
 * as it was built, read at 3.9).
 */
export function initAnswerLost(x: Ctx, p: Pr): void {
  const r = initProducerId(x, p.txn, expectedEpoch(p));
  const what = `InitProducerId(${txnName(x.k, p)})`;
  if ('error' in r) x.events.push({ type: 'rejected', by: 'coordinator', error: r.error, request: what });
  x.events.push({ type: 'rejected', by: 'network', error: 'REQUEST_TIMED_OUT', request: `${what}: its answer lost` });
}

/** beginTransaction(): client-local; the coordinator learns of it at the first add. */
export function beginTransaction(p: Pr, no: number): void {
  p.transaction = {
    no,
    partitions: [],
    offsetsAdded: false,
    offsetsSent: false,
    records: 0,
    started: false,
    error: null,
  };
}

/**
 * A produce request of the next record to `partition`. With transaction.version=1 the client adds
 * the partition to the transaction first (AddPartitionsToTxn); with 2 it only notes it.
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
  if (p.txn >= 0 && t && !t.partitions.includes(partition)) {
    if (x.k.rules.transactionVersion === 1) {
      const err = addToTxn(x, p.txn, p.producerId, p.epoch, partition);
      if (err)
        return reject(x, 'coordinator', 'coordinator', err, `AddPartitionsToTxn(${x.k.partitions[partition]!.name})`);
    }
    t.partitions.push(partition);
    t.started = true;
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
 * The partition leader's answer to a transactional write it must check with the coordinator
 * (KIP-890): under version 2 it adds the partition, under 1 it asks to verify it; the answer, as
 * the produce response carries it (ReplicaManager: PRODUCER_FENCED becomes INVALID_PRODUCER_EPOCH,
 * the coordinator's retriable errors NOT_ENOUGH_REPLICAS), or null: go ahead under a guard.
 */
function checkWithCoordinator(x: Ctx, txn: number, req: ProduceRequest): ErrorCode | null {
  const err =
    x.k.rules.transactionVersion === 2
      ? addToTxn(x, txn, req.producerId, req.epoch, req.partition)
      : verifyInTxn(x, txn, req.producerId, req.epoch, req.partition);
  if (err === null) return null;
  if (err === 'PRODUCER_FENCED') return 'INVALID_PRODUCER_EPOCH';
  if (err === 'CONCURRENT_TRANSACTIONS') return 'NOT_ENOUGH_REPLICAS';
  return err;
}

/** What a produce request met at its leader: appended (or acknowledged), refused, or parked awaiting its append. */
export type Arrival = AppendResult | { readonly ok: 'parked' };

/**
 * A produce request reaching its partition leader. A transactional write that needs the
 * coordinator (see `needsVerification`) is checked with it; accepted, the leader holds a
 * verification guard (`guard`, unique to the request) and, with `park`, parks the request so its
 * append is a later step (KIP-890 part 1: "the request and the answer are separate steps");
 * without, it appends at once. A rejection is recorded as an event.
 */
export function arrive(x: Ctx, txn: number, req: ProduceRequest, guard: number, park: boolean): Arrival {
  const name = x.k.partitions[req.partition]!.name;
  if (needsVerification(x.k, req)) {
    const err = checkWithCoordinator(x, txn, req);
    if (err) {
      reject(x, 'produce', name, err, `Produce(v${req.value}) after AddPartitionsToTxn(${name}, verify)`);
      return { ok: false, error: err };
    }
    setGuard(x, req.partition, req.producerId, guard);
    x.events.push({
      type: 'verified',
      txn: x.k.txns[txn]?.transactionalId ?? '',
      partition: req.partition,
      added: x.k.rules.transactionVersion === 2,
    });
    if (park) {
      const r = x.k.replication?.partitions[req.partition];
      x.k.parked.push(r ? { id: guard, req, guard, leaderEpoch: r.epoch } : { id: guard, req, guard });
      return { ok: 'parked' };
    }
  }
  return appendAt(x, req, guard);
}

/** The leader appends a request (under `guard`); a rejection is recorded as an event. */
function appendAt(x: Ctx, req: ProduceRequest, guard: number | null): AppendResult {
  const r = append(x, req, guard);
  if (!r.ok) reject(x, 'produce', x.k.partitions[req.partition]!.name, r.error, `Produce(v${req.value})`);
  return r;
}

/** The parked request `id` is appended now, if its guard survived. */
export function appendParked(x: Ctx, id: number): { readonly req: ProduceRequest; readonly result: AppendResult } {
  const at = x.k.parked.findIndex((q) => q.id === id);
  const parked = x.k.parked[at]!;
  x.k.parked.splice(at, 1);
  const req: ProduceRequest = { ...parked.req, origin: { ...parked.req.origin } };
  // The leader that parked it lost its leadership meanwhile (ReplicaManager answers NOT_LEADER_OR_FOLLOWER).
  const r = x.k.replication?.partitions[req.partition];
  if (r && r.epoch !== parked.leaderEpoch) {
    const by = x.k.partitions[req.partition]!.name;
    x.events.push({ type: 'rejected', by, error: 'NOT_LEADER_OR_FOLLOWER', request: `Produce(v${req.value})` });
    return { req, result: { ok: false, error: 'NOT_LEADER_OR_FOLLOWER' } };
  }
  return { req, result: appendAt(x, req, parked.guard) };
}

/** The client's bookkeeping once a produce request is sent (acknowledged, or left in flight). */
export function sent(p: Pr, req: ProduceRequest): void {
  if (req.sequence >= 0) p.sequences[req.partition] = req.sequence + 1;
  const t = p.transaction;
  if (t && !t.partitions.includes(req.partition)) t.partitions.push(req.partition);
}

/**
 * send() of one record, acknowledged now: request, arrival at the leader (verification included),
 * delivery twice with `copies: 2` (the first acknowledgement was lost and the batch retried),
 * bookkeeping. The check with the coordinator and the append happen in the one step (the
 * application models send synchronously; kafka-txn steps them apart), so the guard is never
 * outlived and one number serves. The error of a refused request.
 */
export function send(x: Ctx, p: Pr, partition: number, value: number, origin: Origin, copies = 1): Reply {
  const r = produceRequest(x, p, partition, value, origin);
  if (!('request' in r)) return r;
  for (let k = 0; k < copies; k++) {
    const d = arrive(x, p.txn, r.request, 0, false);
    if (d.ok === false) return { ok: false, error: d.error, from: 'produce' };
  }
  sent(p, r.request);
  return OK;
}

/** AddOffsetsToTxn (transaction.version=1): the group's `__consumer_offsets` partition joins the transaction. */
export function addOffsets(x: Ctx, p: Pr, group: number): Reply {
  const err = addToTxn(x, p.txn, p.producerId, p.epoch, { group });
  if (err) return reject(x, 'coordinator', 'coordinator', err, 'AddOffsetsToTxn');
  const t = p.transaction!;
  t.offsetsAdded = true;
  t.started = true;
  return OK;
}

/**
 * TxnOffsetCommit of each offset to the group coordinator, with the generation the consumer is in
 * (-1: the group id only). Under version 2 it also adds `__consumer_offsets` to the transaction.
 */
export function commitOffsetsInTxn(
  x: Ctx,
  p: Pr,
  group: number,
  offsets: readonly { readonly partition: number; readonly offset: number }[],
  generation: number,
  origin: Origin,
): Reply {
  const t = p.transaction!;
  if (x.k.rules.transactionVersion === 2) t.started = true;
  for (const o of offsets) {
    const err = txnOffsetCommit(x, group, {
      txn: p.txn,
      partition: o.partition,
      offset: o.offset,
      producerId: p.producerId,
      epoch: p.epoch,
      generation,
      origin,
    });
    if (err)
      return reject(
        x,
        'group',
        'group coordinator',
        err,
        `TxnOffsetCommit(in-${o.partition} -> ${o.offset}${generation >= 0 ? `, generation ${generation}` : ''})`,
      );
  }
  t.offsetsSent = true;
  return OK;
}

/**
 * sendOffsetsToTransaction() as one call: AddOffsetsToTxn (version 1), then TxnOffsetCommit. The
 * application models use it; kafka-txn steps the two requests apart.
 */
export function sendOffsetsToTransaction(
  x: Ctx,
  p: Pr,
  group: number,
  offsets: readonly { readonly partition: number; readonly offset: number }[],
  generation: number,
  origin: Origin,
): Reply {
  if (x.k.rules.transactionVersion === 1 && !p.transaction!.offsetsAdded) {
    const r = addOffsets(x, p, group);
    if (!r.ok) return r;
  }
  return commitOffsetsInTxn(x, p, group, offsets, generation, origin);
}

/** The EndTxn answer at the client: adopt the pair it carries (version 2 bumps), or the refusal. */
function ended(x: Ctx, p: Pr, r: TxnAnswer, request: string): Reply {
  if ('error' in r) return reject(x, 'coordinator', 'coordinator', r.error, request);
  adopt(p, r);
  p.transaction = null;
  return OK;
}

/** commitTransaction(): EndTxn(COMMIT); the producer takes the producer id and epoch the coordinator answers with. */
export function commitTransaction(x: Ctx, p: Pr): Reply {
  return ended(x, p, endTxn(x, p.txn, p.producerId, p.epoch, 'COMMIT'), 'EndTxn(COMMIT)');
}

/**
 * A transaction resumed from its producer id and epoch and committed (Flink's committer:
 * FlinkKafkaInternalProducer.resumeTransaction, then commitTransaction): EndTxn(COMMIT) with the
 * saved pair.
 */
export function commitResumed(x: Ctx, txn: number, producerId: number, epoch: number): Reply {
  const r = endTxn(x, txn, producerId, epoch, 'COMMIT');
  if ('error' in r)
    return reject(
      x,
      'coordinator',
      'coordinator',
      r.error,
      `EndTxn(COMMIT, ${x.k.txns[txn]!.transactionalId}, epoch=${epoch})`,
    );
  return OK;
}

/**
 * abortTransaction(): EndTxn(ABORT), unless the coordinator cannot know of the transaction (the
 * Java client's "Not sending EndTxn for completed transaction since no partitions or offsets were
 * successfully added"); with transaction.version=2 the abort bumps the epoch (KIP-890). A
 * coordinator that no longer knows the producer id (INVALID_PRODUCER_ID_MAPPING, abortable with
 * KIP-360 until 4.0) has nothing to abort: the client ends the transaction locally and gets a new
 * producer id with InitProducerId (TransactionManager: "only InitProducerId is sent").
 */
export function abortTransaction(x: Ctx, p: Pr): Reply {
  const t = p.transaction!;
  const lost = (e: ErrorCode | null): boolean =>
    e === 'INVALID_PRODUCER_ID_MAPPING' && severity(e, 'coordinator', x.k.rules) === 'abortable';
  const endLocally = (): Reply => {
    p.transaction = null;
    p.bumpEpoch = true;
    return OK;
  };
  if (lost(t.error)) return endLocally();
  if (!t.started) {
    p.transaction = null;
    return OK;
  }
  const r = endTxn(x, p.txn, p.producerId, p.epoch, 'ABORT');
  if ('error' in r && lost(r.error)) {
    reject(x, 'coordinator', 'coordinator', r.error, 'EndTxn(ABORT)');
    return endLocally();
  }
  return ended(x, p, r, 'EndTxn(ABORT)');
}
