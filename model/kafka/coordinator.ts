/**
 * The transaction coordinator's rules (KIP-98, KAFKA-6119, KIP-890) and the group coordinator's
 * TxnOffsetCommit, over an immer draft. Each returns null on success or a Kafka error code.
 */
import type { Draft } from 'immer';
import { writeMarker } from './broker.js';
import type { ErrorCode, KafkaState, Marker, Origin, TxnMeta, TxnState } from './state.js';

type D = Draft<KafkaState>;
type T = Draft<TxnMeta>;

function setState(d: D, app: number, t: T, to: TxnState): void {
  d.events.push({ type: 'txn-state', app, from: t.state, to, epoch: t.epoch });
  t.state = to;
}

function isPrepare(s: TxnState): boolean {
  return s === 'PrepareCommit' || s === 'PrepareAbort' || s === 'PrepareEpochFence';
}

/** A request from an epoch older than the coordinator's: fenced unless the safeguard is off. */
function stale(d: D, t: T, epoch: number): boolean {
  return epoch < t.epoch && d.config.epochFencing;
}

/** Decides the end of the open transaction: Prepare{Commit,Abort}, markers to be written. */
function prepareEnd(d: D, app: number, t: T, marker: Marker, endedBy: number | null): void {
  t.pending = { marker, txnEpoch: t.epoch, endedBy };
  setState(d, app, t, marker === 'COMMIT' ? 'PrepareCommit' : 'PrepareAbort');
}

function bumpEpoch(d: D, app: number, instance: number, t: T): void {
  t.epoch += 1;
  d.events.push({ type: 'epoch', app, instance, producerId: t.producerId, epoch: t.epoch });
}

/**
 * InitProducerId (KIP-98): bumps the epoch of the transactional.id. An open transaction of the
 * previous instance is fenced first: PrepareEpochFence, epoch bump, PrepareAbort, and the caller
 * gets CONCURRENT_TRANSACTIONS until the abort markers are written. With
 * `safeguard.epoch-fencing=false` the open transaction is left open and shared.
 */
export function initProducerId(d: D, app: number, instance: number): { epoch: number } | { error: ErrorCode } {
  const t = d.txns[app]!;
  if (isPrepare(t.state)) return { error: 'CONCURRENT_TRANSACTIONS' };
  if (t.state === 'Ongoing' && d.config.epochFencing) {
    setState(d, app, t, 'PrepareEpochFence');
    const fencedEpoch = t.epoch;
    bumpEpoch(d, app, instance, t);
    t.pending = { marker: 'ABORT', txnEpoch: fencedEpoch, endedBy: null };
    setState(d, app, t, 'PrepareAbort');
    return { error: 'CONCURRENT_TRANSACTIONS' };
  }
  bumpEpoch(d, app, instance, t);
  // A new epoch starts with no transaction: a late EndTxn retry of the old epoch is fenced now.
  if (t.state !== 'Empty' && t.state !== 'Ongoing') setState(d, app, t, 'Empty');
  return { epoch: t.epoch };
}

/**
 * AddPartitionsToTxn (v1: sent by the client before its first write to a partition; v2, KIP-890:
 * sent by the partition leader to verify the write, adding the partition). Starts a transaction
 * from Empty/Complete*.
 */
export function addToTxn(d: D, app: number, epoch: number, partition: number | 'offsets'): ErrorCode | null {
  const t = d.txns[app]!;
  if (stale(d, t, epoch)) return 'PRODUCER_FENCED';
  if (isPrepare(t.state)) return 'CONCURRENT_TRANSACTIONS';
  if (t.state !== 'Ongoing') {
    t.partitions = [];
    t.offsets = false;
    t.startMs = d.now;
    setState(d, app, t, 'Ongoing');
  }
  if (partition === 'offsets') {
    if (!t.offsets) d.events.push({ type: 'added', app, partition });
    t.offsets = true;
  } else if (!t.partitions.includes(partition)) {
    t.partitions.push(partition);
    d.events.push({ type: 'added', app, partition });
  }
  return null;
}

/**
 * EndTxn: Ongoing goes to PrepareCommit / PrepareAbort. With transaction.version=2 (KIP-890) the
 * epoch is bumped at every end, and a late retry from the previous epoch of the same end is
 * answered as a success without effect; any other request of an old epoch is fenced.
 */
export function endTxn(d: D, app: number, epoch: number, result: Marker): { epoch: number } | { error: ErrorCode } {
  const t = d.txns[app]!;
  const done: TxnState = result === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort';
  const preparing: TxnState = result === 'COMMIT' ? 'PrepareCommit' : 'PrepareAbort';
  if (d.config.transactionVersion === 2 && epoch === t.epoch - 1 && (t.state === done || t.state === preparing)) {
    return { epoch: t.epoch };
  }
  if (stale(d, t, epoch)) return { error: 'PRODUCER_FENCED' };
  if (t.state === 'Ongoing') {
    prepareEnd(d, app, t, result, epoch);
    if (d.config.transactionVersion === 2) bumpEpoch(d, app, -1, t);
    return { epoch: t.epoch };
  }
  if (result === 'ABORT' && d.config.transactionVersion === 2 && (t.state === 'Empty' || t.state === 'CompleteCommit' || t.state === 'CompleteAbort')) {
    // KIP-890: an abort the coordinator has seen nothing of still bumps the epoch, so a produce
    // of the aborted attempt that is still in flight is fenced when it lands.
    t.partitions = [];
    t.offsets = false;
    prepareEnd(d, app, t, 'ABORT', epoch);
    bumpEpoch(d, app, -1, t);
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
export function expireTxn(d: D, app: number): void {
  const t = d.txns[app]!;
  prepareEnd(d, app, t, 'ABORT', null);
  if (d.config.epochBumpOnTimeout) bumpEpoch(d, app, -1, t);
}

/** Whether the coordinator's transaction of `app` has passed its timeout. */
export function expired(s: KafkaState, app: number): boolean {
  const t = s.txns[app]!;
  return t.state === 'Ongoing' && t.startMs !== null && s.now >= t.startMs + s.config.transactionTimeoutMs;
}

/**
 * WriteTxnMarkers: the coordinator writes the decided marker, with its current epoch, to every
 * partition of the transaction and to `__consumer_offsets` (pending offsets become committed or
 * are dropped), then completes the transaction.
 */
export function writeTxnMarkers(d: D, app: number): void {
  const t = d.txns[app]!;
  const pend = t.pending!;
  for (const p of [...t.partitions].sort((a, b) => a - b)) writeMarker(d, p, t.producerId, t.epoch, pend.marker, pend.txnEpoch, pend.endedBy);
  if (t.offsets) {
    const o = d.offsets;
    const keep = [];
    for (const po of o.pending) {
      if (po.producerId !== t.producerId) {
        keep.push(po);
        continue;
      }
      if (pend.marker === 'COMMIT') {
        o.committed[po.input] = { offset: po.offset, producerId: po.producerId, epoch: po.epoch, txnEpoch: pend.txnEpoch, origin: po.origin };
      }
      o.fates.push({ origin: po.origin, input: po.input, fate: pend.marker });
      d.events.push({ type: 'offsets', input: po.input, offset: po.offset, how: pend.marker === 'COMMIT' ? 'committed' : 'dropped' });
    }
    o.pending = keep;
    const pe = o.producerEpochs.find((e) => e.producerId === t.producerId);
    if (pe) pe.epoch = Math.max(pe.epoch, t.epoch);
    else o.producerEpochs.push({ producerId: t.producerId, epoch: t.epoch });
    d.events.push({ type: 'marker', partition: 'offsets', offset: null, marker: pend.marker, epoch: t.epoch });
  }
  t.pending = null;
  t.partitions = [];
  t.offsets = false;
  t.startMs = null;
  setState(d, app, t, pend.marker === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort');
}

/**
 * TxnOffsetCommit at the group coordinator: the offset waits in `__consumer_offsets` until the
 * transaction's marker. An epoch older than the one the offsets partition has seen is fenced.
 */
export function txnOffsetCommit(d: D, input: number, offset: number, producerId: number, epoch: number, origin: Origin): ErrorCode | null {
  const o = d.offsets;
  const seen = o.producerEpochs.find((e) => e.producerId === producerId);
  if (seen && epoch < seen.epoch && d.config.epochFencing) return 'PRODUCER_FENCED';
  o.pending = o.pending.filter((po) => !(po.producerId === producerId && po.input === input));
  o.pending.push({ input, offset, producerId, epoch, origin: { instance: origin.instance, txn: origin.txn } });
  d.events.push({ type: 'offsets', input, offset, how: 'pending' });
  return null;
}
