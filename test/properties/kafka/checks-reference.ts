/**
 * The Kafka checks as first written (maps, lists and message strings built as they go), kept as the
 * reference the allocation-light checks of properties/kafka/checks.ts and model/kafka/read.ts are
 * compared with on random walks (checks-differential.test.ts).
 */
import type { Cluster } from '../../../model/kafka/cluster.js';
import type { IsolationLevel } from '../../../model/kafka/keys.js';
import type { DataEntry, Marker, Partition } from '../../../model/kafka/records.js';
import type { Told } from '../../../properties/kafka/checks.js';

export function fatesReference(p: Partition): (Marker | 'plain' | null | undefined)[] {
  const out: (Marker | 'plain' | null | undefined)[] = new Array(p.log.length);
  const next = new Map<number, Marker>();
  for (let i = p.log.length - 1; i >= 0; i--) {
    const e = p.log[i]!;
    if (e.kind === 'control') next.set(e.producerId, e.marker);
    else out[i] = e.transactional ? (next.get(e.producerId) ?? null) : 'plain';
  }
  return out;
}

export function readPartitionReference(p: Partition, level: IsolationLevel): DataEntry[] {
  const out: DataEntry[] = [];
  if (level === 'read_uncommitted') {
    for (const e of p.log) if (e.kind === 'data' && e.offset < p.highWatermark) out.push(e);
    return out;
  }
  const f = fatesReference(p);
  for (const e of p.log) {
    if (e.offset >= p.lastStableOffset) break;
    if (e.kind !== 'data') continue;
    const fate = f[e.offset];
    if (fate === 'plain' || fate === 'COMMIT') out.push(e);
  }
  return out;
}

export function staleEpochEffectReference(k: Cluster): string | null {
  for (const p of k.partitions) {
    const open = new Map<number, { value: number; epoch: number; offset: number }[]>();
    for (const e of p.log) {
      if (e.kind === 'data') {
        if (!e.transactional) continue;
        const list = open.get(e.producerId) ?? [];
        list.push({ value: e.value, epoch: e.epoch, offset: e.offset });
        open.set(e.producerId, list);
        continue;
      }
      if (e.endedBy !== null && e.endedBy < e.txnEpoch) {
        return (
          `${p.name} offset ${e.offset}: an EndTxn from epoch ${e.endedBy} decided ${e.marker} for the transaction ` +
          `of epoch ${e.txnEpoch}`
        );
      }
      if (e.marker === 'COMMIT') {
        for (const r of open.get(e.producerId) ?? []) {
          if (r.epoch < e.txnEpoch)
            return (
              `${p.name} offset ${r.offset}: v${r.value} written with stale epoch ${r.epoch} is committed by the ` +
              `transaction of epoch ${e.txnEpoch}`
            );
        }
      }
      open.delete(e.producerId);
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

const word = (m: Marker): string => (m === 'COMMIT' ? 'committed' : 'aborted');

export function splitFateReference(
  k: Cluster,
  told: readonly Told[],
  name: (instance: number) => string,
): string | null {
  const seen = new Map<string, { fate: Marker; what: string }>();
  for (const o of told) seen.set(`${o.instance}:${o.txn}`, { fate: o.result, what: `the client was told ${o.result}` });
  const judge = (instance: number, txn: number | null, fate: Marker, what: string): string | null => {
    if (txn === null) return null;
    const key = `${instance}:${txn}`;
    const prev = seen.get(key);
    if (!prev) {
      seen.set(key, { fate, what: `${what} is ${word(fate)}` });
      return null;
    }
    if (prev.fate === fate) return null;
    return `transaction ${txn} of ${name(instance)}: ${what} is ${word(fate)}, but ${prev.what}`;
  };
  for (const p of k.partitions) {
    const f = fatesReference(p);
    for (const e of p.log) {
      if (e.kind !== 'data') continue;
      const fate = f[e.offset];
      if (fate !== 'COMMIT' && fate !== 'ABORT') continue;
      const bad = judge(e.origin.instance, e.origin.txn, fate, `v${e.value} at ${p.name} offset ${e.offset}`);
      if (bad) return bad;
    }
  }
  for (const g of k.groups) {
    for (const o of g.fates) {
      const bad = judge(o.origin.instance, o.origin.txn, o.fate, `its offset commit of input ${o.input}`);
      if (bad) return bad;
    }
  }
  return null;
}

export function abortedReadReference(partitions: readonly Partition[], level: IsolationLevel): string | null {
  for (const p of partitions) {
    const f = fatesReference(p);
    for (const e of readPartitionReference(p, level)) {
      if (f[e.offset] === 'ABORT')
        return (
          `a ${level} reader returns v${e.value} at ${p.name} offset ${e.offset}, a record of an ` +
          `aborted transaction`
        );
    }
  }
  return null;
}
