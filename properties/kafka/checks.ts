/**
 * The checks behind the Kafka invariants, written once over the cluster slice every Kafka-speaking
 * model embeds; each model's invariants apply them to its judged output topic, its isolation level
 * and its ghost data. Each returns a one-line message when violated, else null. Pure.
 */
import type { Cluster } from '../../model/kafka/cluster.js';
import type { IsolationLevel } from '../../model/kafka/keys.js';
import {
  type Fates,
  firstOpenOffsetFromLog,
  firstOpenOffsetWith,
  isRead,
  scratchFates,
} from '../../model/kafka/read.js';
import type { DataEntry, Marker, Partition } from '../../model/kafka/records.js';
import { firstLostAck } from '../../model/kafka/replication.js';
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
    const m = abortedReadIn(p, level, scratchFates(p));
    if (m !== null) return m;
  }
  return null;
}

/** `abortedRead` on one partition whose fates are `f`. */
export function abortedReadIn(p: Partition, level: IsolationLevel, f: Readonly<Fates>): string | null {
  for (const e of p.log) {
    if (e.kind === 'data' && f[e.offset] === 'ABORT' && isRead(p, level, f, e)) return abortedReadMessage(p, level, e);
  }
  return null;
}

/** `abortedRead`'s message for record `e` of `p`, of an aborted transaction, returned by a reader at `level`. */
export function abortedReadMessage(p: Partition, level: IsolationLevel, e: DataEntry): string {
  return `a ${level} reader returns v${e.value} at ${p.name} offset ${e.offset}, a record of an aborted transaction`;
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
  return r && duplicateMessage(r.value, r.first, r.second, level, where, unit);
}

/** `duplicateRead`'s message for value `value` read at `first` and again at `second`. */
export function duplicateMessage(
  value: number,
  first: number,
  second: number,
  level: IsolationLevel,
  where = '',
  unit = 'offsets',
): string {
  return `v${value} is read twice ${where}at ${level} (${unit} ${first} and ${second})`;
}

/** `lso-bound`: the leader's LSO against the open transactions read off the log itself, and the high watermark. */
export function lsoOutOfBounds(partitions: readonly Partition[]): string | null {
  for (const p of partitions) {
    const m = lsoOutOfBoundsIn(p, scratchFates(p));
    if (m !== null) return m;
  }
  return null;
}

/** `lsoOutOfBounds` on one partition whose fates are `f`. */
export function lsoOutOfBoundsIn(p: Partition, f: Readonly<Fates>): string | null {
  return lsoAgainst(p, firstOpenOffsetWith(p, f));
}

/** `lsoOutOfBoundsIn` where the first offset of a still-open transaction is `open` (null: none). */
export function lsoAgainst(p: Partition, open: number | null): string | null {
  if (p.lastStableOffset > p.highWatermark)
    return `${p.name}: LSO ${p.lastStableOffset} is above the high watermark ${p.highWatermark}`;
  if (open !== null && p.lastStableOffset > open)
    return `${p.name}: LSO ${p.lastStableOffset} passes offset ${open} of a still-open transaction`;
  return null;
}

/**
 * `no-hanging-transaction`: the first partition still holding an open transaction, in its log or in its leader's
 * producer state (a leader that, as a follower, never received a marker its old leader's cleaner removed keeps that
 * transaction open: its LSO stays there though the transaction ended). `tail` adds what it costs.
 */
export function hangingTransaction(k: Cluster, tail = ''): string | null {
  for (const p of k.partitions) {
    const open = firstOpenOffsetFromLog(p) ?? heldOpen(p);
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

/** The first offset of a transaction the leader's producer state keeps open though its marker is in the log. */
function heldOpen(p: Partition): number | null {
  let first: number | null = null;
  for (const x of p.producers) {
    const o = x.firstOpenOffset;
    if (o !== null && o < p.log.length && (first === null || o < first)) first = o;
  }
  return first;
}

/**
 * `zombie-fenced` by epoch: nothing from an epoch older than the transaction's own takes effect: no
 * committed record or offset written with an older epoch, no marker decided by an EndTxn of an
 * older epoch.
 */
export function staleEpochEffect(k: Cluster): string | null {
  for (const p of k.partitions) {
    const m = staleEpochIn(p);
    if (m !== null) return m;
  }
  return staleEpochOffsets(k);
}

/** `staleEpochEffect` on the records and markers of one partition. */
export function staleEpochIn(p: Partition): string | null {
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
  return null;
}

/** `staleEpochEffect` on the groups' committed offsets. */
export function staleEpochOffsets(k: Cluster): string | null {
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
  splitFateBegin(told);
  for (let pi = 0; pi < k.partitions.length; pi++) {
    const bad = splitFateIn(k, pi, scratchFates(k.partitions[pi]!), name);
    if (bad !== null) return bad;
  }
  return splitFateOffsets(k, name);
}

/**
 * `splitFate` in parts, for a pass that walks the partitions itself: `splitFateBegin` with what the clients
 * were told, then `splitFateIn` for each partition in order (fates `f`), then `splitFateOffsets`; the first
 * message any part returns is `splitFate`'s (the parts after it are not to be called).
 */
export function splitFateBegin(told: readonly Told[]): void {
  // The first fate met for each transaction (instance, txn), and where, in reused lists searched in order (a
  // run has a handful of transactions; this runs after every step): the words are written only for a violation.
  const met = MET;
  met.n = 0;
  for (const o of told) {
    const i = met.find(o.instance, o.txn);
    met.put(i < 0 ? met.n++ : i, o.instance, o.txn, o.result, TOLD, 0, 0);
  }
}

/** `splitFate` on the records of partition `pi`, whose fates are `f`. */
export function splitFateIn(
  k: Cluster,
  pi: number,
  f: Readonly<Fates>,
  name: (instance: number) => string,
): string | null {
  for (const e of k.partitions[pi]!.log) {
    if (e.kind !== 'data') continue;
    const fate = f[e.offset];
    if (fate !== 'COMMIT' && fate !== 'ABORT') continue;
    const bad = splitFateRecord(k, pi, e, fate, name);
    if (bad !== null) return bad;
  }
  return null;
}

/** `splitFateIn` on one record `e` of partition `pi`, decided `fate` (in log order, after the records before it). */
export function splitFateRecord(
  k: Cluster,
  pi: number,
  e: DataEntry,
  fate: Marker,
  name: (instance: number) => string,
): string | null {
  return metFate(k, name, e.origin.instance, e.origin.txn, fate, pi, e.offset, e.value);
}

/** `splitFate` on the groups' offset commits. */
export function splitFateOffsets(k: Cluster, name: (instance: number) => string): string | null {
  for (const g of k.groups) {
    for (const o of g.fates) {
      const bad = metFate(k, name, o.origin.instance, o.origin.txn, o.fate, OFFSETS, o.input, 0);
      if (bad !== null) return bad;
    }
  }
  return null;
}

/** A fate met for transaction (instance, txn): null if it is the first met or agrees with it, else the message. */
function metFate(
  k: Cluster,
  name: (instance: number) => string,
  instance: number,
  txn: number | null,
  fate: Marker,
  where: number,
  at: number,
  value: number,
): string | null {
  if (txn === null) return null;
  const met = MET;
  const i = met.find(instance, txn);
  if (i < 0) {
    met.put(met.n++, instance, txn, fate, where, at, value);
    return null;
  }
  if (met.fate[i] === fate) return null;
  const said = (f: Marker, w: number, a: number, v: number): string =>
    w === TOLD
      ? `the client was told ${f}`
      : `${w === OFFSETS ? `its offset commit of input ${a}` : `v${v} at ${k.partitions[w]!.name} offset ${a}`} ` +
        `is ${word(f)}`;
  const before = said(met.fate[i]!, met.where[i]!, met.at[i]!, met.value[i]!);
  return `transaction ${txn} of ${name(instance)}: ${said(fate, where, at, value)}, but ${before}`;
}

/** Where `splitFate` met a fate: told to the client, an offset commit, or (0 and up) a record of that partition. */
const TOLD = -1;
const OFFSETS = -2;

/** The fates `splitFate` has met, one transaction each, as parallel lists reused from call to call. */
class Met {
  n = 0;
  readonly instance: number[] = [];
  readonly txn: number[] = [];
  readonly fate: Marker[] = [];
  readonly where: number[] = [];
  /** A record's offset, or an offset commit's input. */
  readonly at: number[] = [];
  readonly value: number[] = [];
  find(instance: number, txn: number): number {
    for (let i = 0; i < this.n; i++) if (this.instance[i] === instance && this.txn[i] === txn) return i;
    return -1;
  }
  put(i: number, instance: number, txn: number, fate: Marker, where: number, at: number, value: number): void {
    this.instance[i] = instance;
    this.txn[i] = txn;
    this.fate[i] = fate;
    this.where[i] = where;
    this.at[i] = at;
    this.value[i] = value;
  }
}
const MET = new Met();

/**
 * `acked-durable`: every write acknowledged to its producer (acks=0: sent) is still at its offset in
 * the partition's current (or last) leader's log, with its value. Null with one replica. Pure.
 */
export function lostAck(k: Cluster): string | null {
  const lost = firstLostAck(k);
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
