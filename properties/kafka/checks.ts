/**
 * The checks behind the Kafka invariants, written once over the cluster slice every Kafka-speaking
 * model embeds; each model's invariants apply them to its judged output topic, its isolation level
 * and its ghost data. Each returns a one-line message when violated, else null. Pure.
 */
import type { Cluster } from '../../model/kafka/cluster.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import { fates, firstOpenOffsetFromLog, readWithFates } from '../../model/kafka/read.js';
import type { Marker, Partition } from '../../model/kafka/records.js';
import { lostAcks } from '../../model/kafka/replication.js';
import { firstRepeat } from '../view.js';

/** Ghost: what a client was told about the end of one of its transactions. */
export interface Told {
  readonly instance: number;
  readonly txn: number;
  readonly result: Marker;
}

/** `no-aborted-read`: the first record of an aborted transaction a reader at `level` returns from `partitions`. */
export function abortedRead(partitions: readonly Partition[], level: IsolationLevel): string | null {
  for (const p of partitions) {
    const f = fates(p);
    for (const e of readWithFates(p, level, f)) {
      if (f[e.offset] === 'ABORT')
        return (
          `a ${level} reader returns v${e.value} at ${p.name} offset ${e.offset}, a record of an ` +
          `aborted transaction`
        );
    }
  }
  return null;
}

/** `no-duplicates` on a topic: the first value read twice at `level`, in `where` (a topic name). */
export function duplicateRead(
  values: readonly number[],
  offsets: readonly number[],
  level: IsolationLevel,
  where: string,
  unit = 'offsets',
): string | null {
  const r = firstRepeat(values, offsets);
  return r && `v${r.value} is read twice ${where}at ${level} (${unit} ${r.first} and ${r.second})`;
}

/** `lso-bound`: the leader's LSO against the open transactions read off the log itself, and the high watermark. */
export function lsoOutOfBounds(partitions: readonly Partition[]): string | null {
  for (const p of partitions) {
    if (p.lastStableOffset > p.highWatermark)
      return `${p.name}: LSO ${p.lastStableOffset} is above the high watermark ${p.highWatermark}`;
    const open = firstOpenOffsetFromLog(p);
    if (open !== null && p.lastStableOffset > open)
      return `${p.name}: LSO ${p.lastStableOffset} passes offset ${open} of a still-open transaction`;
  }
  return null;
}

/** `no-hanging-transaction`: the first partition still holding an open transaction. `tail` adds what it costs. */
export function hangingTransaction(k: Cluster, tail = ''): string | null {
  for (const p of k.partitions) {
    const open = firstOpenOffsetFromLog(p);
    if (open === null) continue;
    const e = p.log[open]!;
    const t = k.txns.find((x) => x.producerId === e.producerId);
    return (
      `${p.name}: the transaction of ${t ? t.transactionalId : `producer ${e.producerId}`} from offset ${open} is ` +
      `never ended (LSO stuck at ${p.lastStableOffset}${tail})`
    );
  }
  return null;
}

/**
 * `zombie-fenced` by epoch: nothing from an epoch older than the transaction's own takes effect: no
 * committed record or offset written with an older epoch, no marker decided by an EndTxn of an
 * older epoch.
 */
export function staleEpochEffect(k: Cluster): string | null {
  for (const p of k.partitions) {
    const log = p.log;
    for (let i = 0; i < log.length; i++) {
      const e = log[i]!;
      if (e.kind === 'data') continue;
      if (e.endedBy !== null && e.endedBy < e.txnEpoch) {
        return (
          `${p.name} offset ${e.offset}: an EndTxn from epoch ${e.endedBy} decided ${e.marker} for the transaction ` +
          `of epoch ${e.txnEpoch}`
        );
      }
      if (e.marker !== 'COMMIT') continue;
      // The transaction this marker ends: the producer's transactional records since its previous marker.
      let from = i - 1;
      while (from >= 0 && !(log[from]!.kind === 'control' && log[from]!.producerId === e.producerId)) from--;
      for (let j = from + 1; j < i; j++) {
        const r = log[j]!;
        if (r.kind === 'data' && r.transactional && r.producerId === e.producerId && r.epoch < e.txnEpoch)
          return (
            `${p.name} offset ${r.offset}: v${r.value} written with stale epoch ${r.epoch} is committed by the ` +
            `transaction of epoch ${e.txnEpoch}`
          );
      }
    }
  }
  for (const g of k.groups) {
    for (let input = 0; input < g.committed.length; input++) {
      const c = g.committed[input]!;
      if (c.txnEpoch !== null && c.epoch < c.txnEpoch)
        return (
          `offset ${c.offset} of input ${input} committed from stale epoch ${c.epoch} by the transaction of ` +
          `epoch ${c.txnEpoch}`
        );
    }
  }
  return null;
}

/**
 * `zombie-fenced` by generation (KIP-447): the first offset commit of an instance outside the group's current
 * generation that took effect.
 */
export function staleGenerationEffect(k: Cluster, name: (instance: number) => string): string | null {
  for (const g of k.groups) {
    const z = g.staleCommits[0];
    if (z)
      return (
        `offset ${z.offset} of in-${z.partition} committed by ${name(z.instance)} of generation ${z.generation}, ` +
        `sent when the group was at generation ${z.generation + 1} or later (it had left the group)`
      );
  }
  return null;
}

const word = (m: Marker): string => (m === 'COMMIT' ? 'committed' : 'aborted');

/**
 * `txn-atomicity`: the records and offset commits of one client transaction share one fate, and
 * it is the fate the client was told (a record of a transaction the client saw abort must not be
 * committed, and the other way round).
 */
export function splitFate(k: Cluster, told: readonly Told[], name: (instance: number) => string): string | null {
  // The first fate met for each transaction (instance, txn), and where; the words are written only for a violation.
  const seen = new Map<number, Fated>();
  const key = (instance: number, txn: number): number => instance * 1_048_576 + txn;
  for (const o of told) seen.set(key(o.instance, o.txn), { fate: o.result, kind: 'told', where: '', at: 0, value: 0 });
  const said = (f: Fated): string =>
    f.kind === 'told'
      ? `the client was told ${f.fate}`
      : `${f.kind === 'offsets' ? `its offset commit of input ${f.at}` : `v${f.value} at ${f.where} offset ${f.at}`} ` +
        `is ${word(f.fate)}`;
  const judge = (instance: number, txn: number | null, f: Fated): string | null => {
    if (txn === null) return null;
    const prev = seen.get(key(instance, txn));
    if (!prev) {
      seen.set(key(instance, txn), f);
      return null;
    }
    if (prev.fate === f.fate) return null;
    return `transaction ${txn} of ${name(instance)}: ${said(f)}, but ${said(prev)}`;
  };
  for (const p of k.partitions) {
    const f = fates(p);
    for (const e of p.log) {
      if (e.kind !== 'data') continue;
      const fate = f[e.offset];
      if (fate !== 'COMMIT' && fate !== 'ABORT') continue;
      const bad = judge(e.origin.instance, e.origin.txn, {
        fate,
        kind: 'record',
        where: p.name,
        at: e.offset,
        value: e.value,
      });
      if (bad) return bad;
    }
  }
  for (const g of k.groups) {
    for (const o of g.fates) {
      const at = o.input;
      const bad = judge(o.origin.instance, o.origin.txn, { fate: o.fate, kind: 'offsets', where: '', at, value: 0 });
      if (bad) return bad;
    }
  }
  return null;
}

/** A fate met by `splitFate`: told to the client, a record's (in partition `where`), or an offset commit's. */
interface Fated {
  readonly fate: Marker;
  readonly kind: 'told' | 'record' | 'offsets';
  readonly where: string;
  /** The record's offset, or the offset commit's input. */
  readonly at: number;
  readonly value: number;
}

/**
 * `acked-durable`: every write acknowledged to its producer (acks=0: sent) is still at its offset in
 * the partition's current (or last) leader's log, with its value. Null with one replica. Pure.
 */
export function lostAck(k: Cluster): string | null {
  const lost = lostAcks(k)[0];
  if (!lost) return null;
  const p = k.partitions[lost.partition]!;
  if (lost.offset < 0) return `v${lost.value} was sent to ${p.name} with acks=0 and never appended`;
  const e = p.log[lost.offset];
  const now =
    e === undefined
      ? `ends before offset ${lost.offset}`
      : `has ${e.kind === 'data' ? `v${e.value}` : 'a marker'} at offset ${lost.offset}`;
  return `v${lost.value} was acknowledged at ${p.name} offset ${lost.offset}; the leader's log now ${now}`;
}
