/**
 * The transaction coordinator's rules (KIP-98, KAFKA-6119, KIP-890) over a draft of the cluster:
 * InitProducerId, AddPartitionsToTxn / AddOffsetsToTxn, EndTxn, the timeout abort and
 * WriteTxnMarkers. Each returns the new epoch or a Kafka error code; `txn` is the index of the
 * transactional.id's entry.
 */
import type { Draft } from 'immer';
import type { Cluster, Ctx, TxnMeta, TxnState } from './cluster.js';
import { completeTxnOffsets } from './groups.js';
import { writeMarker } from './partition.js';
import type { ErrorCode, Marker } from './records.js';

type T = Draft<TxnMeta>;

function setState(x: Ctx, t: T, to: TxnState): void {
  x.events.push({ type: 'txn-state', txn: t.transactionalId, from: t.state, to, epoch: t.epoch });
  t.state = to;
}

function isPrepare(s: TxnState): boolean {
  return s === 'PrepareCommit' || s === 'PrepareAbort' || s === 'PrepareEpochFence';
}

/** A request from an epoch older than the coordinator's: fenced unless the safeguard is off. */
function stale(x: Ctx, t: T, epoch: number): boolean {
  return epoch < t.epoch && x.k.rules.epochFencing;
}

/** Decides the end of the open transaction: Prepare{Commit,Abort}, markers to be written. */
function prepareEnd(x: Ctx, t: T, marker: Marker, endedBy: number | null): void {
  t.pending = { marker, txnEpoch: t.epoch, endedBy };
  setState(x, t, marker === 'COMMIT' ? 'PrepareCommit' : 'PrepareAbort');
}

function bumpEpoch(x: Ctx, t: T): void {
  t.epoch += 1;
  x.events.push({ type: 'epoch', txn: t.transactionalId, producerId: t.producerId, epoch: t.epoch });
}

/**
 * InitProducerId (KIP-98): bumps the epoch of the transactional.id. An open transaction of the
 * previous instance is fenced first: PrepareEpochFence, epoch bump, PrepareAbort, and the caller
 * gets CONCURRENT_TRANSACTIONS until the abort markers are written. With
 * `safeguard.epoch-fencing=false` the open transaction is left open and shared.
 */
export function initProducerId(x: Ctx, txn: number): { epoch: number } | { error: ErrorCode } {
  const t = x.k.txns[txn]!;
  if (isPrepare(t.state)) return { error: 'CONCURRENT_TRANSACTIONS' };
  if (t.state === 'Ongoing' && x.k.rules.epochFencing) {
    setState(x, t, 'PrepareEpochFence');
    const fencedEpoch = t.epoch;
    bumpEpoch(x, t);
    t.pending = { marker: 'ABORT', txnEpoch: fencedEpoch, endedBy: null };
    setState(x, t, 'PrepareAbort');
    return { error: 'CONCURRENT_TRANSACTIONS' };
  }
  bumpEpoch(x, t);
  // A new epoch starts with no transaction: a late EndTxn retry of the old epoch is fenced now.
  if (t.state !== 'Empty' && t.state !== 'Ongoing') setState(x, t, 'Empty');
  return { epoch: t.epoch };
}

/**
 * AddPartitionsToTxn (v1: sent by the client before its first write to a partition; v2, KIP-890:
 * sent by the partition leader to verify the write, adding the partition) and AddOffsetsToTxn
 * (`'offsets'` with the group's index). Starts a transaction from Empty/Complete*.
 */
export function addToTxn(
  x: Ctx,
  txn: number,
  epoch: number,
  what: number | { readonly group: number },
): ErrorCode | null {
  const t = x.k.txns[txn]!;
  if (stale(x, t, epoch)) return 'PRODUCER_FENCED';
  if (isPrepare(t.state)) return 'CONCURRENT_TRANSACTIONS';
  if (t.state !== 'Ongoing') {
    t.partitions = [];
    t.offsetsGroup = null;
    t.startMs = x.now;
    setState(x, t, 'Ongoing');
  }
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
 * EndTxn: Ongoing goes to PrepareCommit / PrepareAbort. With transaction.version=2 (KIP-890) the
 * epoch is bumped at every end, and a late retry from the previous epoch of the same end is
 * answered as a success without effect; any other request of an old epoch is fenced.
 */
export function endTxn(x: Ctx, txn: number, epoch: number, result: Marker): { epoch: number } | { error: ErrorCode } {
  const t = x.k.txns[txn]!;
  const v2 = x.k.rules.transactionVersion === 2;
  const done: TxnState = result === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort';
  const preparing: TxnState = result === 'COMMIT' ? 'PrepareCommit' : 'PrepareAbort';
  if (v2 && epoch === t.epoch - 1 && (t.state === done || t.state === preparing)) return { epoch: t.epoch };
  if (stale(x, t, epoch)) return { error: 'PRODUCER_FENCED' };
  if (t.state === 'Ongoing') {
    prepareEnd(x, t, result, epoch);
    if (v2) bumpEpoch(x, t);
    return { epoch: t.epoch };
  }
  if (
    result === 'ABORT' &&
    v2 &&
    (t.state === 'Empty' || t.state === 'CompleteCommit' || t.state === 'CompleteAbort')
  ) {
    // KIP-890: an abort the coordinator has seen nothing of still bumps the epoch, so a produce
    // of the aborted attempt that is still in flight is fenced when it lands.
    t.partitions = [];
    t.offsetsGroup = null;
    prepareEnd(x, t, 'ABORT', epoch);
    bumpEpoch(x, t);
    return { epoch: t.epoch };
  }
  if (t.state === done) return { epoch: t.epoch }; // a retry of an end already done
  if (t.state === preparing) return { error: 'CONCURRENT_TRANSACTIONS' };
  return { error: 'INVALID_TXN_STATE' };
}

/**
 * The coordinator aborts a transaction open longer than transaction.timeout.ms. KAFKA-6119 made
 * it bump the epoch so the producer that timed out is fenced (`safeguard.epoch-bump-on-timeout`).
 */
export function expireTxn(x: Ctx, txn: number): void {
  const t = x.k.txns[txn]!;
  prepareEnd(x, t, 'ABORT', null);
  if (x.k.rules.epochBumpOnTimeout) bumpEpoch(x, t);
}

/** Whether transaction `txn` is open past its timeout at `now`. Pure. */
export function expired(k: Cluster, txn: number, now: number): boolean {
  const t = k.txns[txn]!;
  return t.state === 'Ongoing' && t.startMs !== null && now >= t.startMs + k.rules.transactionTimeoutMs;
}

/** Whether transaction `txn` has decided markers to write. Pure. */
export function markersPending(k: Cluster, txn: number): boolean {
  const st = k.txns[txn]!.state;
  return st === 'PrepareCommit' || st === 'PrepareAbort';
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
 * WriteTxnMarkers: the coordinator writes the decided marker, with its current epoch, to every
 * partition of the transaction and to the group's `__consumer_offsets` partition (pending offsets
 * become committed or are dropped), then completes the transaction.
 */
export function writeTxnMarkers(x: Ctx, txn: number): void {
  const t = x.k.txns[txn]!;
  const pend = t.pending!;
  for (const p of [...t.partitions].sort((a, b) => a - b))
    writeMarker(x, p, t.producerId, t.epoch, pend.marker, pend.txnEpoch, pend.endedBy);
  if (t.offsetsGroup !== null) {
    completeTxnOffsets(x, t.offsetsGroup, t.producerId, t.epoch, pend.marker, pend.txnEpoch);
    x.events.push({ type: 'marker', partition: 'offsets', offset: null, marker: pend.marker, epoch: t.epoch });
  }
  t.pending = null;
  t.partitions = [];
  t.offsetsGroup = null;
  t.startMs = null;
  setState(x, t, pend.marker === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort');
}
