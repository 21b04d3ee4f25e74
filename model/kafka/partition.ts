/**
 * The partition leader's rules: appends with the idempotent producer's checks (UnifiedLog /
 * ProducerStateManager / ProducerAppendInfo), control markers, the high watermark and the last
 * stable offset. Functions over a draft (or an owned plain copy).
 */
import type { Draft } from 'immer';
import type { Ctx } from './cluster.js';
import type { DataEntry, ErrorCode, Marker, Partition, ProducerEntry } from './records.js';

type P = Draft<Partition>;

/** A produce request as the leader receives it: the record to append, and where. */
export type ProduceRequest = Omit<DataEntry, 'kind' | 'offset'> & { readonly partition: number };

/** Result of an append: appended (or acknowledged as a duplicate), or an error. */
export type AppendResult =
  | { readonly ok: true; readonly duplicate: boolean }
  | { readonly ok: false; readonly error: ErrorCode };

/** Kafka keeps metadata of the last 5 batches per producer for de-duplication (ProducerStateEntry). */
const BATCH_CACHE = 5;

function producerEntry(p: P, producerId: number): Draft<ProducerEntry> | undefined {
  return p.producers.find((e) => e.producerId === producerId);
}

/** The LSO: the first offset of any open transaction, else the high watermark (KIP-98). */
function recomputeLso(p: P): void {
  let lso = p.highWatermark;
  for (const e of p.producers) if (e.firstOpenOffset !== null && e.firstOpenOffset < lso) lso = e.firstOpenOffset;
  p.lastStableOffset = lso;
}

/**
 * Appends one batch. With a producer id the leader checks the epoch (a lower one is fenced, KIP-98)
 * and the sequence: the next one is appended, a cached earlier one is acknowledged as a duplicate
 * without a second copy, anything else is OUT_OF_ORDER_SEQUENCE_NUMBER. A new epoch starts its
 * sequence at 0.
 */
export function append(x: Ctx, req: ProduceRequest): AppendResult {
  const p = x.k.partitions[req.partition]!;
  const fencing = x.k.rules.epochFencing;
  let entry = req.producerId >= 0 ? producerEntry(p, req.producerId) : undefined;
  if (req.producerId >= 0) {
    if (entry && req.epoch < entry.epoch) {
      // A stale epoch: a zombie or a late request. Rejected unless fencing is switched off, in
      // which case there is no sequence state of that epoch to check against.
      if (fencing) return { ok: false, error: req.transactional ? 'PRODUCER_FENCED' : 'INVALID_PRODUCER_EPOCH' };
    } else if (entry && req.epoch === entry.epoch) {
      if (req.sequence <= entry.lastSequence) {
        const cached = entry.batches.find((b) => b.sequence === req.sequence);
        if (cached) {
          x.events.push({ type: 'duplicate', partition: req.partition, sequence: req.sequence, offset: cached.offset });
          return { ok: true, duplicate: true };
        }
        return { ok: false, error: 'OUT_OF_ORDER_SEQUENCE_NUMBER' };
      }
      if (req.sequence !== entry.lastSequence + 1) return { ok: false, error: 'OUT_OF_ORDER_SEQUENCE_NUMBER' };
    } else if (req.sequence !== 0) {
      // A newer epoch must start its sequence at 0. A producer the leader has no state for, writing
      // past sequence 0, is UNKNOWN_PRODUCER_ID (ProducerStateManager before KAFKA-8710).
      return { ok: false, error: entry ? 'OUT_OF_ORDER_SEQUENCE_NUMBER' : 'UNKNOWN_PRODUCER_ID' };
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
    if (req.transactional && entry.firstOpenOffset === null) entry.firstOpenOffset = offset;
  }
  p.highWatermark = p.log.length;
  recomputeLso(p);
  x.events.push({ type: 'appended', partition: req.partition, offset });
  return { ok: true, duplicate: false };
}

/**
 * Writes a COMMIT or ABORT control record for `producerId` (the coordinator's WriteTxnMarkers):
 * it closes the producer's open transaction on the partition and carries the marker epoch, which
 * the leader adopts, fencing older epochs from then on.
 */
export function writeMarker(
  x: Ctx,
  partition: number,
  producerId: number,
  epoch: number,
  marker: Marker,
  txnEpoch: number,
  endedBy: number | null,
): void {
  const p = x.k.partitions[partition]!;
  const offset = p.log.length;
  p.log.push({ kind: 'control', offset, producerId, epoch, marker, txnEpoch, endedBy });
  let entry = producerEntry(p, producerId);
  if (!entry) {
    p.producers.push({ producerId, epoch, lastSequence: -1, firstOpenOffset: null, batches: [] });
    entry = p.producers[p.producers.length - 1]!;
  }
  entry.firstOpenOffset = null;
  if (epoch > entry.epoch) {
    entry.epoch = epoch;
    entry.lastSequence = -1;
    entry.batches = [];
  }
  p.highWatermark = p.log.length;
  recomputeLso(p);
  x.events.push({ type: 'marker', partition, offset, marker, epoch });
}

/**
 * The leader forgets the producer state of idle producers (no open transaction) on every
 * partition: log retention or `producer.id.expiration.ms`. Returns the forgotten ids per partition.
 */
export function forgetIdleProducers(x: Ctx): { partition: number; producerIds: number[] }[] {
  const out: { partition: number; producerIds: number[] }[] = [];
  x.k.partitions.forEach((part, p) => {
    const gone = part.producers.filter((e) => e.firstOpenOffset === null).map((e) => e.producerId);
    part.producers = part.producers.filter((e) => e.firstOpenOffset !== null);
    if (gone.length > 0) out.push({ partition: p, producerIds: gone });
  });
  return out;
}

/** Whether the leader of `partition` holds producer state for `producerId`. Pure. */
export function knowsProducer(
  k: { readonly partitions: readonly Partition[] },
  partition: number,
  producerId: number,
): boolean {
  return k.partitions[partition]!.producers.some((e) => e.producerId === producerId);
}
