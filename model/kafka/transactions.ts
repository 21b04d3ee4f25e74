/**
 * The transaction coordinator's rules (TransactionCoordinator, TransactionMetadata,
 * TransactionMarkerChannelManager; KIP-98, KAFKA-6119, KIP-360, KIP-890) over a draft of the
 * cluster: InitProducerId, AddPartitionsToTxn / AddOffsetsToTxn and the leader's verification,
 * EndTxn under transaction.version 1 and 2, the timeout abort, markers one partition at a time,
 * coordinator failover and the expiry of a transactional.id. `txn` is the index of the
 * transactional.id's entry.
 */
import { castDraft, type Draft } from 'immer';
import type { Cluster, Ctx, PendingMarkers, TxnMeta, TxnState } from './cluster.js';
import { EXHAUSTED_EPOCH } from './keys.js';
import { offsetsRefuseMarkers } from './offsets-leader.js';
import { completeTxnOffsets } from './offsets-marker.js';
import { writeMarker } from './partition.js';
import type { ErrorCode, Marker } from './records.js';
import { appendToTxnLog } from './txn-log-isr.js';
import { refuseWhileLoading } from './txn-log-load.js';

type T = Draft<TxnMeta>;

/** The answer to InitProducerId and EndTxn: the producer id and epoch the client goes on with, or an error. */
export type TxnAnswer = { readonly producerId: number; readonly epoch: number } | { readonly error: ErrorCode };

/** A transition of the transactional.id's metadata, appended to `__transaction_state` first. */
function setState(x: Ctx, t: T, to: TxnState): void {
  appendToTxnLog(x);
  x.events.push({ type: 'txn-state', txn: t.transactionalId, from: t.state, to, epoch: t.epoch });
  t.state = to;
}

function isPrepare(s: TxnState): boolean {
  return s === 'PrepareCommit' || s === 'PrepareAbort' || s === 'PrepareEpochFence';
}

function isComplete(s: TxnState): boolean {
  return s === 'CompleteCommit' || s === 'CompleteAbort';
}

function bumpEpoch(x: Ctx, t: T): void {
  appendToTxnLog(x);
  t.epoch += 1;
  x.events.push({ type: 'epoch', txn: t.transactionalId, producerId: t.producerId, epoch: t.epoch, fresh: false });
}

/** No last epoch (RecordBatch.NO_PRODUCER_EPOCH): a new producer's InitProducerId or an epoch fence. */
function clearLastEpoch(t: T): void {
  if (t.lastProducerEpoch !== undefined) delete t.lastProducerEpoch;
}

/** A producer id handed out by the coordinator at `epoch` (the first one, a rotation, a forgotten id back). */
function freshProducerId(x: Ctx, t: T, epoch: number): void {
  appendToTxnLog(x);
  t.producerId = x.k.coordinator.nextProducerId;
  x.k.coordinator.nextProducerId += 1;
  t.epoch = epoch;
  x.events.push({ type: 'epoch', txn: t.transactionalId, producerId: t.producerId, epoch, fresh: true });
}

/**
 * Decides the end of the open transaction: Prepare{Commit,Abort}, one marker per partition of the
 * transaction and one for `__consumer_offsets`, carrying the producer id and the (bumped) epoch.
 */
function prepareEnd(x: Ctx, t: T, marker: Marker, txnEpoch: number, endedBy: number | null): void {
  // In increasing order, by insertion: a transaction has a handful of partitions, and `sort` with a comparator
  // took a work list of its own at every end a search steps (3% of what a kafka-txn search allocated).
  const all = t.partitions.slice();
  for (let i = 1; i < all.length; i++) {
    const v = all[i]!;
    let j = i - 1;
    for (; j >= 0 && all[j]! > v; j--) all[j + 1] = all[j]!;
    all[j + 1] = v;
  }
  const pending: PendingMarkers = {
    marker,
    producerId: t.producerId,
    epoch: t.epoch,
    txnEpoch,
    endedBy,
    all,
    partitions: all,
    offsetsGroup: t.offsetsGroup,
    allOffsetsGroup: t.offsetsGroup,
    rotateTo: null,
  };
  t.pending = castDraft(pending);
  setState(x, t, marker === 'COMMIT' ? 'PrepareCommit' : 'PrepareAbort');
  // Nothing to mark (an empty abort): the coordinator completes at once (TransactionMarkerChannelManager).
  if (all.length === 0 && t.offsetsGroup === null) complete(x, t);
}

/**
 * InitProducerId (KIP-98, KIP-360), answering the first check that fails in the order of
 * TransactionCoordinator.handleInitProducerId / prepareInitProducerIdTransit (read at 2.4, 2.5 and
 * on trunk of January 2025, which 4.0 and 4.1 branch from; the transactional.id and
 * transaction.timeout.ms checks before these always pass here):
 * - a transactional.id the coordinator does not know (never seen, or expired) gets a fresh producer id;
 * - a pending transition is CONCURRENT_TRANSACTIONS (Prepare* always has its CompleteX pending here);
 * - KIP-360's `expected` producer id other than the current one is PRODUCER_FENCED (isValidProducerId;
 *   INVALID_PRODUCER_EPOCH before 2.7, KIP-588); only the producer id is checked here;
 * - an open transaction is fenced before its epoch is checked: PrepareEpochFence, epoch bump, PrepareAbort,
 *   CONCURRENT_TRANSACTIONS until its markers are written (with `safeguard.epoch-fencing=false` it is left
 *   open and shared); so a stale KIP-360 client aborts the open transaction of the instance that replaced it,
 *   and is fenced at its retry;
 * - at an exhausted epoch (32766 and up) the producer id rotates if `expected` names the current epoch;
 *   any other expected epoch makes prepareIncrementProducerEpoch throw ("Cannot allocate any more producer
 *   epochs"), which KafkaApis answers UNKNOWN_SERVER_ERROR;
 * - otherwise the epoch is bumped if `expected` names the current one (TransactionMetadata.
 *   prepareIncrementProducerEpoch); if it names the epoch the last KIP-360 bump came from (lastProducerEpoch,
 *   2.5+, the release whose clients first send `expected`) the request is that bump's retry, its answer lost,
 *   and gets the current epoch unbumped; else PRODUCER_FENCED. The last epoch is kept by a KIP-360 bump and
 *   cleared by one without `expected` and by an epoch fence, so a replacement's InitProducerId fences the
 *   retry of the instance it replaced; it is kept only where a request can be retried so (`rules.lateRequests`).
 *   A rotation's retry, naming the previous producer id (isValidProducerId's lastProducerId case), is not
 *   modelled: it is fenced here.
 */
export function initProducerId(
  x: Ctx,
  txn: number,
  expected: { readonly producerId: number; readonly epoch: number } | null = null,
): TxnAnswer {
  refuseWhileLoading(x);
  const t = x.k.txns[txn]!;
  if (t.producerId < 0) {
    freshProducerId(x, t, x.k.rules.firstEpoch);
    clearLastEpoch(t);
    if (t.state !== 'Empty') setState(x, t, 'Empty');
    return { producerId: t.producerId, epoch: t.epoch };
  }
  if (isPrepare(t.state)) return { error: 'CONCURRENT_TRANSACTIONS' };
  const fenced: TxnAnswer = {
    error: x.k.rules.release.staleEpochAbortable ? 'PRODUCER_FENCED' : 'INVALID_PRODUCER_EPOCH',
  };
  if (expected && t.epoch >= 0 && expected.producerId !== t.producerId) return fenced;
  if (t.state === 'Ongoing' && x.k.rules.epochFencing) {
    // prepareFenceProducerEpoch refuses an epoch of Short.MaxValue: a transaction left open there (4.0.0,
    // KAFKA-19367) can be neither fenced nor aborted.
    if (t.epoch > EXHAUSTED_EPOCH) return { error: 'UNKNOWN_SERVER_ERROR' };
    return fenceAndAbort(x, t, true) ? { error: 'CONCURRENT_TRANSACTIONS' } : { error: 'UNKNOWN_SERVER_ERROR' };
  }
  const stale = expected !== null && t.epoch >= 0 && expected.epoch !== t.epoch;
  const from = t.epoch;
  if (t.epoch < 0) {
    t.epoch = x.k.rules.firstEpoch;
    x.events.push({ type: 'epoch', txn: t.transactionalId, producerId: t.producerId, epoch: t.epoch, fresh: true });
  } else if (t.epoch >= EXHAUSTED_EPOCH) {
    if (stale) return { error: 'UNKNOWN_SERVER_ERROR' };
    // TransactionMetadata.prepareProducerIdRotation: the epoch is used up, a new producer id starts at 0.
    freshProducerId(x, t, 0);
  } else if (stale) {
    if (expected.epoch !== t.lastProducerEpoch) return fenced;
  } else bumpEpoch(x, t);
  // The epoch a bump came from, kept for its retry; a bump without `expected` (a new producer) clears it.
  if (expected === null || from < 0) clearLastEpoch(t);
  else if (!stale && x.k.rules.lateRequests) t.lastProducerEpoch = from;
  // A new epoch starts with no transaction: a late EndTxn retry of the old epoch is fenced now.
  if (isComplete(t.state)) setState(x, t, 'Empty');
  // Every answered InitProducerId appends the metadata it hands out (a bump's retry too).
  appendToTxnLog(x);
  return { producerId: t.producerId, epoch: t.epoch };
}

/**
 * The coordinator fences the open transaction and aborts it (InitProducerId over it, or its timeout;
 * TransactionMetadata.prepareFenceProducerEpoch, then endTransaction with isFromClient=false): the epoch is
 * bumped and the abort decided with it. Under transaction.version=2 the abort is an epoch fence, so it takes
 * no new producer id however high the epoch (endTransaction allocates one only `!isEpochFence`, in 4.0 and
 * 4.1), and it bumps no further, except at 4.0.0 (`fenceAbortBumpsTwice`, KAFKA-19367), whose
 * prepareAbortOrCommit bumps again: from 32766 that second bump passes Short.MaxValue, prepareTransitionTo
 * throws, and the transaction stays open at 32767 with nothing pending (false returned). `shown`: the
 * pending PrepareEpochFence appears as a state of its own in the trace (InitProducerId's fence; the
 * timeout abort's goes straight from Ongoing to PrepareAbort).
 */
function fenceAndAbort(x: Ctx, t: T, shown: boolean): boolean {
  const fencedEpoch = t.epoch;
  const twice = x.k.rules.transactionVersion === 2 && x.k.rules.release.fenceAbortBumpsTwice;
  if (twice && t.epoch + 1 > EXHAUSTED_EPOCH) {
    bumpEpoch(x, t);
    x.events.push({
      type: 'rejected',
      by: 'coordinator',
      error: 'UNKNOWN_SERVER_ERROR',
      request: `abort of ${t.transactionalId} fenced to epoch ${t.epoch}: Illegal new producer epoch -32768`,
    });
    return false;
  }
  if (shown) setState(x, t, 'PrepareEpochFence');
  // prepareFenceProducerEpoch: the last epoch is cleared, no retry of an earlier bump is answered after a fence.
  clearLastEpoch(t);
  bumpEpoch(x, t);
  if (twice) bumpEpoch(x, t);
  prepareEnd(x, t, 'ABORT', fencedEpoch, null);
  return true;
}

/**
 * A request's producer id and epoch against the coordinator's (AddPartitionsToTxn, AddOffsetsToTxn,
 * verify). A stale epoch is PRODUCER_FENCED from 2.7 (KIP-588 gave fencing its own code); before,
 * INVALID_PRODUCER_EPOCH, which those clients read as fenced too.
 */
function checkProducer(x: Ctx, t: T, producerId: number, epoch: number): ErrorCode | null {
  if (t.producerId < 0 || producerId !== t.producerId) return 'INVALID_PRODUCER_ID_MAPPING';
  if (epoch !== t.epoch && (x.k.rules.epochFencing || epoch > t.epoch))
    return x.k.rules.release.staleEpochAbortable ? 'PRODUCER_FENCED' : 'INVALID_PRODUCER_EPOCH';
  return null;
}

/** Starts a transaction from Empty / Complete*: Ongoing, nothing in it yet, its clock running. */
function begin(x: Ctx, t: T): void {
  t.partitions = [];
  t.offsetsGroup = null;
  t.startMs = x.now;
  setState(x, t, 'Ongoing');
}

/**
 * AddPartitionsToTxn (transaction.version=1: from the client before its first write to a
 * partition; 2: from the partition leader, KIP-890) and AddOffsetsToTxn (`{ group }`: the group's
 * `__consumer_offsets` partition; under version 2 the group coordinator's, from a TxnOffsetCommit).
 * Starts a transaction from Empty / Complete*.
 */
export function addToTxn(
  x: Ctx,
  txn: number,
  producerId: number,
  epoch: number,
  what: number | { readonly group: number },
): ErrorCode | null {
  refuseWhileLoading(x);
  const t = x.k.txns[txn]!;
  const bad = checkProducer(x, t, producerId, epoch);
  if (bad) return bad;
  if (isPrepare(t.state)) return 'CONCURRENT_TRANSACTIONS';
  if (t.state !== 'Ongoing') begin(x, t);
  // A partition (or group) already in the transaction is answered at once, with no append
  // (TransactionCoordinator.handleAddPartitionsToTransaction: "an optimization").
  const added = typeof what === 'number' ? t.partitions.includes(what) : t.offsetsGroup === what.group;
  if (!added) appendToTxnLog(x);
  if (typeof what !== 'number') {
    if (t.offsetsGroup === null) x.events.push({ type: 'added', txn: t.transactionalId, partition: 'offsets' });
    t.offsetsGroup = what.group;
  } else if (!t.partitions.includes(what)) {
    t.partitions.push(what);
    x.events.push({ type: 'added', txn: t.transactionalId, partition: what });
  }
  return null;
}

/**
 * The coordinator's answer to a partition leader's AddPartitionsToTxn(verifyOnly=true) (KIP-890
 * part 1, TransactionCoordinator.handleVerifyPartitionsInTransaction): is `what` in the ongoing
 * transaction of this producer id and epoch? Not in it: INVALID_TXN_STATE before 3.8,
 * TRANSACTION_ABORTABLE from 3.8.
 */
export function verifyInTxn(
  x: Ctx,
  txn: number,
  producerId: number,
  epoch: number,
  what: number | { readonly group: number },
): ErrorCode | null {
  refuseWhileLoading(x);
  const t = x.k.txns[txn]!;
  const bad = checkProducer(x, t, producerId, epoch);
  if (bad) return bad;
  if (isPrepare(t.state)) return 'CONCURRENT_TRANSACTIONS';
  const inTxn =
    t.state === 'Ongoing' && (typeof what === 'number' ? t.partitions.includes(what) : t.offsetsGroup === what.group);
  if (inTxn) return null;
  return x.k.rules.release.transactionAbortable ? 'TRANSACTION_ABORTABLE' : 'INVALID_TXN_STATE';
}

/**
 * EndTxn with transaction.version=1 (TransactionCoordinator.endTransaction, endTransactionWithTV1 from
 * 4.0): a client's request must carry the current epoch (2.6+, KAFKA-9600; before, only an older one is
 * fenced); Ongoing goes to Prepare*; while the markers are out (the pending CompleteX transition,
 * checked after the epoch and before the state) any end is CONCURRENT_TRANSACTIONS, the opposite result
 * too; once complete, a retry of the same end succeeds and the other is INVALID_TXN_STATE. The state
 * match's INVALID_TXN_STATE for the opposite result in Prepare* answers only between the PrepareX append
 * and sendTxnMarkersCallback's prepareComplete, a moment this model's one step does not have.
 */
function endTxnV1(x: Ctx, t: T, epoch: number, result: Marker): TxnAnswer {
  const exact = x.k.rules.release.endTxnExactEpoch;
  const fenced = epoch < t.epoch || (exact && epoch > t.epoch);
  if (fenced && x.k.rules.epochFencing) return { error: exact ? 'PRODUCER_FENCED' : 'INVALID_PRODUCER_EPOCH' };
  const done: TxnState = result === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort';
  const ok = { producerId: t.producerId, epoch: t.epoch };
  if (t.state === 'Ongoing') {
    prepareEnd(x, t, result, t.epoch, epoch);
    return ok;
  }
  if (isPrepare(t.state)) return { error: 'CONCURRENT_TRANSACTIONS' };
  if (t.state === done) return ok;
  return { error: 'INVALID_TXN_STATE' };
}

/**
 * EndTxn with transaction.version=2 (KIP-890 part 2; TransactionCoordinator.endTransaction as 4.0.0
 * ships it, KAFKA-18464 included, and 4.1): every end bumps the epoch and the answer carries it. A
 * retry is a request from the epoch just before the current one (retryOnEpochBump: producerEpoch + 1
 * == the coordinator's). The checks in order:
 * - Prepare* (the pending CompleteX transition) is CONCURRENT_TRANSACTIONS before any epoch check, for
 *   either result and any epoch: a retry, the next end at the bumped epoch (a commit followed at once by
 *   an empty abort, which the epoch check first fenced before KAFKA-18464, trunk of January 2025, before
 *   4.0.0), the opposite result (the state match's INVALID_TXN_STATE comes after the pending check);
 * - the epoch (isValidEpoch): Ongoing and Empty need the current one; Complete* the current one or a
 *   retry; else PRODUCER_FENCED;
 * - the state, as the table in TransactionCoordinator: Ongoing goes to Prepare*; Complete*: a retry of
 *   the same end succeeds without effect (the answer is the current producer id and epoch), the other at
 *   a retry is INVALID_TXN_STATE; an abort at the current epoch (Empty too) is the "empty abort", which
 *   still bumps the epoch to fence produces in flight; a commit at the current epoch is INVALID_TXN_STATE.
 * At an exhausted epoch the transaction completes to a new producer id.
 */
function endTxnV2(x: Ctx, t: T, epoch: number, result: Marker): TxnAnswer {
  const retry = epoch === t.epoch - 1;
  const current = epoch === t.epoch;
  const fencing = x.k.rules.epochFencing;
  const fenced = (): TxnAnswer => ({ error: 'PRODUCER_FENCED' });
  const done: TxnState = result === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort';
  if (isPrepare(t.state)) return { error: 'CONCURRENT_TRANSACTIONS' };
  if (t.state === 'Ongoing' || t.state === 'Empty') {
    if (!current && (fencing || epoch > t.epoch)) return fenced();
  } else if (!current && !retry && (fencing || epoch > t.epoch)) return fenced();
  if (t.state === 'Ongoing') {
    const txnEpoch = t.epoch;
    decideV2(x, t, result, txnEpoch, epoch);
    return { producerId: t.producerId, epoch: t.epoch };
  }
  if (retry && t.state === done) return { producerId: t.producerId, epoch: t.epoch };
  if (result === 'ABORT' && current) {
    // The empty abort: the coordinator saw nothing of the transaction, the client wants it fenced.
    t.partitions = [];
    t.offsetsGroup = null;
    decideV2(x, t, 'ABORT', t.epoch, epoch);
    return { producerId: t.producerId, epoch: t.epoch };
  }
  return { error: 'INVALID_TXN_STATE' };
}

/** Version 2's decision: the epoch is bumped (to 32767 at an exhausted epoch, then a new producer id). */
function decideV2(x: Ctx, t: T, result: Marker, txnEpoch: number, endedBy: number | null): void {
  const exhausted = t.epoch >= EXHAUSTED_EPOCH;
  bumpEpoch(x, t);
  prepareEnd(x, t, result, txnEpoch, endedBy);
  if (exhausted && t.pending) {
    const rotateTo = x.k.coordinator.nextProducerId;
    x.k.coordinator.nextProducerId += 1;
    t.pending.rotateTo = rotateTo;
  }
}

/** EndTxn(COMMIT | ABORT) from producer `producerId` at `epoch`. */
export function endTxn(x: Ctx, txn: number, producerId: number, epoch: number, result: Marker): TxnAnswer {
  refuseWhileLoading(x);
  const t = x.k.txns[txn]!;
  if (t.producerId < 0 || producerId !== t.producerId) {
    // A transaction completed to a new producer id (version 2 rotation): the retry names the old one.
    const rotated = x.k.rules.transactionVersion === 2 && t.epoch === 0 && epoch === EXHAUSTED_EPOCH;
    if (!rotated) return { error: 'INVALID_PRODUCER_ID_MAPPING' };
    return t.state === (result === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort')
      ? { producerId: t.producerId, epoch: t.epoch }
      : { error: 'INVALID_TXN_STATE' };
  }
  return x.k.rules.transactionVersion === 2 ? endTxnV2(x, t, epoch, result) : endTxnV1(x, t, epoch, result);
}

/**
 * The coordinator aborts a transaction open longer than transaction.timeout.ms
 * (TransactionCoordinator.abortTimedOutTransactions): it fences the producer first
 * (prepareFenceProducerEpoch, KAFKA-6119; `safeguard.epoch-bump-on-timeout`, version 1 only), then
 * aborts; under version 2 that is `fenceAndAbort`'s epoch fence (one bump from 4.0.1 and 4.1, KAFKA-19367).
 */
export function expireTxn(x: Ctx, txn: number): void {
  refuseWhileLoading(x);
  const t = x.k.txns[txn]!;
  const txnEpoch = t.epoch;
  if (x.k.rules.transactionVersion === 2) fenceAndAbort(x, t, false);
  else {
    if (x.k.rules.epochBumpOnTimeout) {
      clearLastEpoch(t);
      bumpEpoch(x, t);
    }
    prepareEnd(x, t, 'ABORT', txnEpoch, null);
  }
}

/** Whether transaction `txn` is open past its timeout at `now`. Pure. */
export function expired(k: Cluster, txn: number, now: number): boolean {
  const t = k.txns[txn]!;
  // One left open at Short.MaxValue (4.0.0, KAFKA-19367) is tried at every pass and throws each time.
  return (
    t.state === 'Ongoing' &&
    t.epoch <= EXHAUSTED_EPOCH &&
    t.startMs !== null &&
    now >= t.startMs + k.rules.transactionTimeoutMs
  );
}

/** The markers of transaction `txn` still to be acknowledged, as targets: partition indices, then 'offsets'. Pure. */
export function markerTargets(k: Cluster, txn: number): (number | 'offsets')[] {
  const out: (number | 'offsets')[] = [];
  const pend = pendingOf(k, txn);
  if (pend === null) return out;
  for (const p of pend.partitions) if (!markerWaits(k, pend, p)) out.push(p);
  if (offsetsMarkerDue(k, pend)) out.push('offsets');
  return out;
}

/**
 * `markerTargets(k, txn)[0]`, or null where it is empty, without making the list: the fault-free drain asks it
 * of every transaction at every step. Pure.
 */
export function firstMarkerTarget(k: Cluster, txn: number): number | 'offsets' | null {
  const pend = pendingOf(k, txn);
  if (pend === null) return null;
  for (const p of pend.partitions) if (!markerWaits(k, pend, p)) return p;
  return offsetsMarkerDue(k, pend) ? 'offsets' : null;
}

/** Whether the marker to the group's `__consumer_offsets` is due and its leader takes it now. Pure. */
function offsetsMarkerDue(k: Cluster, pend: PendingMarkers): boolean {
  return pend.offsetsGroup !== null && !offsetsRefuseMarkers(k, pend.offsetsGroup);
}

/** The markers transaction `txn` has pending while it is preparing to end, else null. */
function pendingOf(k: Cluster, txn: number): PendingMarkers | null {
  const t = k.txns[txn]!;
  const pend = t.pending;
  return pend && (t.state === 'PrepareCommit' || t.state === 'PrepareAbort') ? pend : null;
}

/** A replicated marker waits for the high watermark, unless its leader changed (then it is sent again). */
function markerWaits(k: Cluster, pend: PendingMarkers, p: number): boolean {
  const written = pend.written;
  if (!written) return false;
  for (const w of written)
    if (
      w.partition === p &&
      w.epoch === k.replication!.partitions[p]!.epoch &&
      k.partitions[p]!.highWatermark <= w.offset
    )
      return true;
  return false;
}

/** Whether transaction `txn` has markers to write. Pure. */
export function markersPending(k: Cluster, txn: number): boolean {
  return firstMarkerTarget(k, txn) !== null;
}

/** The earliest transaction deadline after `now`, or null. Pure. */
export function nextDeadline(k: Cluster, now: number): number | null {
  let best: number | null = null;
  for (const t of k.txns) {
    if (t.state !== 'Ongoing' || t.startMs === null) continue;
    const due = t.startMs + k.rules.transactionTimeoutMs;
    if (due > now && (best === null || due < best)) best = due;
  }
  return best;
}

/**
 * WriteTxnMarkers to one target (TransactionMarkerChannelManager): the decided marker reaches a
 * partition leader, or `__consumer_offsets` (the group's pending offsets become committed or are
 * dropped). Acknowledged, the target is done; with `lost` the acknowledgement is lost and the
 * coordinator sends it again later. A leader that rejects it with INVALID_PRODUCER_EPOCH or
 * TRANSACTION_COORDINATOR_FENCED makes the coordinator give up the transaction's markers
 * (TransactionMarkerRequestCompletionHandler) until a new coordinator loads it. Once every target
 * is acknowledged the transaction completes (Complete*, and a version-2 rotation takes effect).
 */
export function writeTxnMarker(
  x: Ctx,
  txn: number,
  target: number | 'offsets',
  lost = false,
  lateCompletion = false,
): void {
  refuseWhileLoading(x);
  const t = x.k.txns[txn]!;
  const pend = t.pending!;
  if (target === 'offsets') {
    completeTxnOffsets(x, pend.offsetsGroup!, pend.producerId, pend.epoch, pend.marker, pend.txnEpoch, lateCompletion);
    x.events.push({ type: 'marker', partition: 'offsets', offset: null, marker: pend.marker, epoch: pend.epoch });
    if (!lost) pend.offsetsGroup = null;
  } else {
    const r = x.k.replication?.partitions[target];
    const w = pend.written?.find((m) => m.partition === target);
    if (r && w) {
      // Appended before: answered once the high watermark passes it, sent again to a new leader.
      pend.written = pend.written!.filter((m) => m !== w);
      if (w.epoch === r.epoch && x.k.partitions[target]!.highWatermark > w.offset) {
        if (!lost) pend.partitions = pend.partitions.filter((p) => p !== target);
        finish(x, t, target, lost);
        return;
      }
    }
    const err = writeMarker(x, target, {
      producerId: pend.producerId,
      epoch: pend.epoch,
      marker: pend.marker,
      coordinatorEpoch: x.k.coordinator.epoch,
      txnEpoch: pend.txnEpoch,
      endedBy: pend.endedBy,
    });
    if (err) {
      x.events.push({
        type: 'rejected',
        by: x.k.partitions[target]!.name,
        error: err,
        request: `WriteTxnMarkers(${t.transactionalId}: ${pend.marker})`,
      });
      // No leader, or the ISR below min.insync.replicas: retried (TransactionMarkerRequestCompletionHandler).
      if (err === 'NOT_LEADER_OR_FOLLOWER' || err === 'NOT_ENOUGH_REPLICAS') return;
      pend.partitions = [];
      pend.offsetsGroup = null;
      return;
    }
    const hw = x.k.partitions[target]!.highWatermark;
    const offset = x.k.partitions[target]!.log.length - 1;
    if (r && hw <= offset) {
      pend.written = [...(pend.written ?? []), { partition: target, offset, epoch: r.epoch }];
      return;
    }
    if (!lost) pend.partitions = pend.partitions.filter((p) => p !== target);
  }
  finish(x, t, target, lost);
}

/** The marker to `target` answered: the transaction completes once every target has (or the answer was lost). */
function finish(x: Ctx, t: T, target: number | 'offsets', lost: boolean): void {
  const pend = t.pending!;
  if (lost) {
    x.events.push({ type: 'marker-acked', txn: t.transactionalId, partition: target, lost: true });
    return;
  }
  if (pend.partitions.length === 0 && pend.offsetsGroup === null) complete(x, t);
}

/** All markers acknowledged: Complete*, the transaction's partitions cleared. */
function complete(x: Ctx, t: T): void {
  const pend = t.pending!;
  t.pending = null;
  t.partitions = [];
  t.offsetsGroup = null;
  t.startMs = null;
  if (pend.rotateTo !== null) {
    t.producerId = pend.rotateTo;
    t.epoch = 0;
    x.events.push({ type: 'epoch', txn: t.transactionalId, producerId: t.producerId, epoch: 0, fresh: true });
  }
  setState(x, t, pend.marker === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort');
}

/**
 * The `__transaction_state` partition moves (TransactionCoordinator.onElection): the new coordinator
 * has the next coordinator epoch and starts loading the partition (TransactionStateManager
 * .loadTransactionsForTxnTopicPartition adds it to loadingPartitions and schedules the read); until
 * `loadCoordinator` it refuses requests and sends no marker (`refuseWhileLoading`). The old one
 * resigns (onResignation): a marker it still had to send may yet arrive, with the old coordinator
 * epoch; one its leader had appended and was replicating has arrived, and the old coordinator, no
 * longer owning the transaction, sends it nowhere again (TransactionMarkerRequestCompletionHandler
 * drops what it no longer coordinates). A move during a load leaves no marker of the coordinator
 * that was loading: it had sent none.
 */
export function moveCoordinator(x: Ctx): void {
  const c = x.k.coordinator;
  if (c.loading !== true)
    for (const t of x.k.txns) {
      const pend = t.pending;
      if (!pend || !(t.state === 'PrepareCommit' || t.state === 'PrepareAbort')) continue;
      for (const p of pend.partitions)
        if (!markerWaits(x.k, pend, p))
          c.staleMarkers.push({
            partition: p,
            producerId: pend.producerId,
            epoch: pend.epoch,
            marker: pend.marker,
            coordinatorEpoch: c.epoch,
            txnEpoch: pend.txnEpoch,
            endedBy: pend.endedBy,
          });
      // The old coordinator's appends awaiting replication answer nobody now: the new one waits for its own.
      delete pend.written;
    }
  c.epoch += 1;
  c.moves += 1;
  // Fields in the schema's order (loading before txnLog and behind), as a decoded state has them.
  const { txnLog, behind } = c;
  if (txnLog !== undefined) delete c.txnLog;
  if (behind !== undefined) delete c.behind;
  c.loading = true;
  if (txnLog !== undefined) c.txnLog = txnLog;
  if (behind !== undefined) c.behind = behind;
  x.events.push({ type: 'coordinator-moved', epoch: c.epoch });
}

/**
 * The new coordinator has read its partition (loadTransactionsForTxnTopicPartition's loadTransactions):
 * it takes the partition out of loadingPartitions, then re-sends all markers of each Prepare{Commit,Abort}
 * transaction with its own coordinator epoch (the sendTxnMarkers callback: a leader appends each
 * WriteTxnMarkers it gets, so a marker the old coordinator had appended is written again); Ongoing ones
 * stay open, their timeout checked from now on.
 */
export function loadCoordinator(x: Ctx): void {
  const c = x.k.coordinator;
  const resent: string[] = [];
  for (const t of x.k.txns) {
    const pend = t.pending;
    if (!pend || !(t.state === 'PrepareCommit' || t.state === 'PrepareAbort')) continue;
    pend.partitions = [...pend.all];
    pend.offsetsGroup = pend.allOffsetsGroup;
    resent.push(t.transactionalId);
  }
  delete c.loading;
  x.events.push({ type: 'coordinator-loaded', epoch: c.epoch, resent });
}

/**
 * The previous coordinators' markers can no longer arrive: a day has passed since they moved, their
 * requests were answered or timed out within request.timeout.ms, and what they had queued they
 * dropped when they resigned (TransactionMarkerChannelManager.removeMarkersForTxnTopicPartition).
 */
export function dropStaleMarkers(x: Ctx): void {
  const c = x.k.coordinator;
  if (c.staleMarkers.length === 0) return;
  c.staleMarkers = [];
  x.events.push({
    type: 'forgotten',
    partition: null,
    what: "the previous coordinator's undelivered markers are gone",
  });
}

/** A marker of the previous coordinator reaches its partition leader: written, or fenced by the coordinator epoch. */
export function deliverStaleMarker(x: Ctx, index: number): void {
  const c = x.k.coordinator;
  const m = c.staleMarkers[index]!;
  c.staleMarkers.splice(index, 1);
  const err = writeMarker(x, m.partition, m);
  if (err)
    x.events.push({
      type: 'rejected',
      by: x.k.partitions[m.partition]!.name,
      error: err,
      request: `WriteTxnMarkers(${m.marker}, coordinator epoch ${m.coordinatorEpoch})`,
    });
}

/**
 * The coordinator forgets a transactional.id idle past transactional.id.expiration.ms
 * (TransactionStateManager.removeExpiredTransactionalIds; only Empty and Complete* ones): its next
 * InitProducerId gets a new producer id, and requests of the old one are INVALID_PRODUCER_ID_MAPPING.
 */
export function expireTransactionalId(x: Ctx, txn: number): void {
  refuseWhileLoading(x);
  // Its tombstone is an append too.
  appendToTxnLog(x);
  const t = x.k.txns[txn]!;
  t.producerId = -1;
  t.epoch = -1;
  clearLastEpoch(t);
  if (t.state !== 'Empty') setState(x, t, 'Empty');
  x.events.push({ type: 'forgotten', partition: null, what: `coordinator forgot ${t.transactionalId}` });
}

/** Whether transactional.id `txn` may expire: the coordinator knows it and it is idle. Pure. */
export function mayExpireId(k: Cluster, txn: number): boolean {
  const t = k.txns[txn]!;
  return t.producerId >= 0 && t.epoch >= 0 && (t.state === 'Empty' || isComplete(t.state));
}
