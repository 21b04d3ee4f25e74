/**
 * The partition leader's rules: appends with the idempotent producer's checks (UnifiedLog /
 * ProducerStateManager / ProducerAppendInfo) and control markers; each moves the high watermark and
 * the last stable offset (high-watermark.ts). Functions over a draft (or an owned plain copy).
 */
import { castDraft, type Draft, isDraft, original } from 'immer';
import type { Cluster, Ctx } from './cluster.js';
import { effectiveMinIsr, raiseHighWatermark } from './high-watermark.js';
import { hasMissed, settleMissed } from './missed-records.js';
import type { ProduceRequest } from './produce-request.js';
import {
  afterMarker,
  type ErrorCode,
  type LogEntry,
  type Marker,
  type Partition,
  type ProducerEntry,
} from './records.js';
import { leaderAppended } from './replication.js';

type P = Draft<Partition>;

/** Result of an append: appended (or acknowledged as a duplicate), or an error. */
export type AppendResult =
  | { readonly ok: true; readonly duplicate: boolean; readonly offset: number }
  | { readonly ok: false; readonly error: ErrorCode };

/** Kafka keeps metadata of the last 5 batches per producer for de-duplication (ProducerStateEntry). */
const BATCH_CACHE = 5;

function producerEntry(p: P, producerId: number): Draft<ProducerEntry> | undefined {
  return p.producers.find((e) => e.producerId === producerId);
}

/**
 * A replicated partition's refusal before any append: no leader (NOT_LEADER_OR_FOLLOWER), or, for a
 * write with acks=all (markers always, KafkaApis.handleWriteTxnMarkersRequest), an ISR smaller than
 * min.insync.replicas (NOT_ENOUGH_REPLICAS, Partition.appendRecordsToLeader). Pure.
 */
function replicaRefusal(k: Cluster, i: number, acksAll: boolean): ErrorCode | null {
  const r = k.replication?.partitions[i];
  if (!r) return null;
  if (r.leader === null) return 'NOT_LEADER_OR_FOLLOWER';
  if (!acksAll) return null;
  return r.isr.length < effectiveMinIsr(k) ? 'NOT_ENOUGH_REPLICAS' : null;
}

/**
 * Whether a transactional write needs the coordinator first (KIP-890): with transaction.version=2
 * the leader adds the partition to the transaction whenever the producer has no transaction open
 * here at this epoch (UnifiedLog.hasOngoingTransaction, epoch-aware since KAFKA-14563); with
 * version 1 and transaction.partition.verification.enable it verifies when the producer has no
 * transaction open here at all. Pure.
 */
export function needsVerification(
  k: { readonly rules: Cluster['rules']; readonly partitions: readonly Partition[] },
  req: ProduceRequest,
): boolean {
  if (!req.transactional || req.producerId < 0) return false;
  const v2 = k.rules.transactionVersion === 2;
  if (!v2 && !k.rules.verification) return false;
  const entry = k.partitions[req.partition]!.producers.find((e) => e.producerId === req.producerId);
  if (!entry || entry.firstOpenOffset === null) return true;
  return v2 && entry.epoch !== req.epoch;
}

/** The leader records the guard of a verified write for `producerId` (VerificationStateEntry). */
export function setGuard(x: Ctx, partition: number, producerId: number, guard: number): void {
  const p = x.k.partitions[partition]!;
  const v = p.guards.find((g) => g.producerId === producerId);
  if (v) v.guard = guard;
  else p.guards.push({ producerId, guard });
}

/** The leader drops producer `producerId`'s verification guard (its append, or a marker). */
function clearGuard(p: P, producerId: number): void {
  const at = p.guards.findIndex((g) => g.producerId === producerId);
  if (at >= 0) p.guards.splice(at, 1);
}

/**
 * Appends one batch. With a producer id the leader checks the epoch (an older one is
 * INVALID_PRODUCER_EPOCH, the produce API's code in every release, KAFKA-10687), then a
 * transactional write that needed verification must find its guard, then the sequence: the next
 * one is appended, a cached earlier one is acknowledged as a duplicate without a second copy,
 * anything else is OUT_OF_ORDER_SEQUENCE_NUMBER. A new epoch starts its sequence at 0
 * (OUT_OF_ORDER_SEQUENCE_NUMBER otherwise, in every release). A producer the leader has no state for
 * is accepted at any sequence since 2.5 (KAFKA-8710); before, past sequence 0 it is
 * UNKNOWN_PRODUCER_ID (ProducerStateManager).
 */
export function append(x: Ctx, req: ProduceRequest, guard: number | null = null): AppendResult {
  const p = x.k.partitions[req.partition]!;
  const refused = replicaRefusal(x.k, req.partition, x.k.rules.acks === -1);
  if (refused) return { ok: false, error: refused };
  const fencing = x.k.rules.epochFencing;
  let entry = req.producerId >= 0 ? producerEntry(p, req.producerId) : undefined;
  if (req.producerId >= 0) {
    // An older epoch: a zombie or a late request. With fencing off there is no state of that epoch to check.
    if (entry && req.epoch < entry.epoch && fencing) return { ok: false, error: 'INVALID_PRODUCER_EPOCH' };
    // KIP-890 part 1: a write that needed the coordinator appends only under the guard it was given; a marker
    // in between cleared it ("Record was not part of an ongoing transaction").
    if (
      needsVerification(x.k, req) &&
      (guard === null || p.guards.find((g) => g.producerId === req.producerId)?.guard !== guard)
    )
      return { ok: false, error: 'INVALID_TXN_STATE' };
    if (entry && req.epoch === entry.epoch && entry.lastSequence >= 0) {
      if (req.sequence <= entry.lastSequence) {
        const cached = entry.batches.find((b) => b.sequence === req.sequence);
        if (cached) {
          x.events.push({ type: 'duplicate', partition: req.partition, sequence: req.sequence, offset: cached.offset });
          return { ok: true, duplicate: true, offset: cached.offset };
        }
        return { ok: false, error: 'OUT_OF_ORDER_SEQUENCE_NUMBER' };
      }
      if (req.sequence !== entry.lastSequence + 1) return { ok: false, error: 'OUT_OF_ORDER_SEQUENCE_NUMBER' };
    } else if (entry && req.epoch > entry.epoch) {
      // A new epoch of a producer the leader knows starts its sequence at 0 (ProducerAppendInfo.checkSequence,
      // "Invalid sequence number for new epoch": OUT_OF_ORDER_SEQUENCE_NUMBER at 2.4 as later).
      if (req.sequence !== 0) return { ok: false, error: 'OUT_OF_ORDER_SEQUENCE_NUMBER' };
    } else if (entry && req.epoch === entry.epoch) {
      // Its epoch, but only a marker set it: no sequence known. 2.4's checkSequence answers
      // UNKNOWN_PRODUCER_ID past sequence 0; from 2.5 (KAFKA-8710) the known epoch needs sequence 0.
      if (req.sequence !== 0)
        return {
          ok: false,
          error: x.k.rules.release.unknownProducerAccepted ? 'OUT_OF_ORDER_SEQUENCE_NUMBER' : 'UNKNOWN_PRODUCER_ID',
        };
    } else if (!entry && req.sequence !== 0 && !x.k.rules.release.unknownProducerAccepted) {
      return { ok: false, error: 'UNKNOWN_PRODUCER_ID' };
    }
  }
  const offset = p.log.length;
  p.log.push({
    kind: 'data',
    offset,
    producerId: req.producerId,
    epoch: req.epoch,
    sequence: req.sequence,
    value: req.value,
    transactional: req.transactional,
    origin: { instance: req.origin.instance, txn: req.origin.txn },
  });
  if (req.producerId >= 0) {
    if (!entry) {
      p.producers.push({
        producerId: req.producerId,
        epoch: req.epoch,
        lastSequence: -1,
        firstOpenOffset: null,
        batches: [],
        coordinatorEpoch: -1,
      });
      entry = p.producers[p.producers.length - 1]!;
    }
    if (req.epoch >= entry.epoch) {
      if (req.epoch > entry.epoch) entry.batches = [];
      entry.epoch = req.epoch;
      entry.lastSequence = req.sequence;
      entry.batches.push({ sequence: req.sequence, offset });
      if (entry.batches.length > BATCH_CACHE) entry.batches.shift();
    }
    if (req.transactional) {
      if (entry.firstOpenOffset === null) entry.firstOpenOffset = offset;
      clearGuard(p, req.producerId);
    }
  }
  leaderAppended(x, req.partition);
  raiseHighWatermark(x.k, req.partition);
  x.events.push({ type: 'appended', partition: req.partition, offset });
  return { ok: true, duplicate: false, offset };
}

/** A marker as the coordinator sends it to a partition leader (WriteTxnMarkers). */
export interface MarkerRequest {
  readonly producerId: number;
  readonly epoch: number;
  readonly marker: Marker;
  readonly coordinatorEpoch: number;
  /** Ghost: the epoch of the transaction it ends. */
  readonly txnEpoch: number;
  /** Ghost: the epoch of the EndTxn that decided it, or null. */
  readonly endedBy: number | null;
}

/**
 * Writes a COMMIT or ABORT control record (ProducerAppendInfo.appendEndTxnMarker): a marker with an
 * older producer epoch than the leader's is INVALID_PRODUCER_EPOCH, one from an older coordinator
 * TRANSACTION_COORDINATOR_FENCED (`safeguard.coordinator-epoch-fencing`); otherwise the record keeps
 * the coordinator epoch, it closes the producer's open transaction on the partition, clears its
 * verification guard, and the leader adopts the marker's epochs (`afterMarker`).
 */
export function writeMarker(x: Ctx, partition: number, m: MarkerRequest): ErrorCode | null {
  const p = x.k.partitions[partition]!;
  const refused = replicaRefusal(x.k, partition, true);
  if (refused) return refused;
  const at = p.producers.findIndex((e) => e.producerId === m.producerId);
  const entry = at >= 0 ? p.producers[at] : undefined;
  if (entry && m.epoch < entry.epoch && x.k.rules.epochFencing) return 'INVALID_PRODUCER_EPOCH';
  if (entry && m.coordinatorEpoch < entry.coordinatorEpoch && x.k.rules.coordinatorEpochFencing)
    return 'TRANSACTION_COORDINATOR_FENCED';
  const offset = p.log.length;
  p.log.push({
    kind: 'control',
    offset,
    producerId: m.producerId,
    epoch: m.epoch,
    marker: m.marker,
    coordinatorEpoch: m.coordinatorEpoch,
    txnEpoch: m.txnEpoch,
    endedBy: m.endedBy,
  });
  const next = castDraft(afterMarker(entry, m.producerId, m.epoch, m.coordinatorEpoch));
  if (at >= 0) p.producers[at] = next;
  else p.producers.push(next);
  clearGuard(p, m.producerId);
  // A leader that, as a follower, missed a marker its old leader's cleaner removed ends that transaction now.
  if (x.k.replication && hasMissed(isDraft(p.log) ? original(p.log)! : p.log)) settleMissed(p.log as LogEntry[]);
  leaderAppended(x, partition);
  raiseHighWatermark(x.k, partition);
  x.events.push({ type: 'marker', partition, offset, marker: m.marker, epoch: m.epoch });
  return null;
}

/**
 * The leader expires producer `producerId` on `partition` (ProducerStateManager.removeExpiredProducers):
 * with no transaction open here and idle past its expiry (isProducerExpired: producer.id.expiration.ms
 * from 3.4, transactional.id.expiration.ms before), its epoch, sequences, coordinator epoch and the
 * batches it de-duplicates against are gone. The caller has let that time pass. Retention and
 * DeleteRecords remove no producer state since 2.4 (KAFKA-7190: onLogStartOffsetIncremented drops
 * only unreplicated transactions), so expiry is the one way a leader loses it. Returns whether there
 * was one to expire.
 */
export function expireProducer(x: Ctx, partition: number, producerId: number): boolean {
  const p = x.k.partitions[partition]!;
  const at = p.producers.findIndex((e) => e.producerId === producerId && e.firstOpenOffset === null);
  if (at < 0) return false;
  p.producers.splice(at, 1);
  const expiry = x.k.rules.release.producerExpiry;
  x.events.push({
    type: 'forgotten',
    partition,
    what: `${p.name} expired producer ${producerId}: no transaction open and idle past ${expiry.setting}`,
  });
  return true;
}

/** Whether the leader of `partition` holds producer state for `producerId`. Pure. */
export function knowsProducer(
  k: { readonly partitions: readonly Partition[] },
  partition: number,
  producerId: number,
): boolean {
  return k.partitions[partition]!.producers.some((e) => e.producerId === producerId);
}
