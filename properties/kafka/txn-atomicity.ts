import { fates, instanceName, type KafkaState, type Marker } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

const word = (m: Marker): string => (m === 'COMMIT' ? 'committed' : 'aborted');

/**
 * `txn-atomicity`: the records and offset commits of one client transaction share one fate, and
 * it is the fate the client was told (a record of a transaction the client saw abort must not be
 * committed, and the other way round).
 */
export const txnAtomicity: Invariant<KafkaState> = {
  name: 'txn-atomicity',
  meaning: invariantMeanings['txn-atomicity'],
  when: 'every-step',
  check(s) {
    const seen = new Map<string, { fate: Marker; what: string }>();
    for (const o of s.outcomes) seen.set(`${o.instance}:${o.txn}`, { fate: o.result, what: `the client was told ${o.result}` });
    const judge = (instance: number, txn: number | null, fate: Marker, what: string): string | null => {
      if (txn === null) return null;
      const key = `${instance}:${txn}`;
      const prev = seen.get(key);
      if (!prev) {
        seen.set(key, { fate, what: `${what} is ${word(fate)}` });
        return null;
      }
      if (prev.fate === fate) return null;
      const inst = s.instances.find((i) => i.id === instance);
      return `transaction ${txn} of ${inst ? instanceName(inst) : `instance ${instance}`}: ${what} is ${word(fate)}, but ${prev.what}`;
    };
    for (const p of s.partitions) {
      const f = fates(p);
      for (const e of p.log) {
        if (e.kind !== 'data') continue;
        const fate = f[e.offset];
        if (fate !== 'COMMIT' && fate !== 'ABORT') continue;
        const bad = judge(e.origin.instance, e.origin.txn, fate, `v${e.value} at ${p.name} offset ${e.offset}`);
        if (bad) return bad;
      }
    }
    for (const o of s.offsets.fates) {
      const bad = judge(o.origin.instance, o.origin.txn, o.fate, `its offset commit of input ${o.input}`);
      if (bad) return bad;
    }
    return null;
  },
};
