import type { KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/**
 * `zombie-fenced`: nothing from an epoch older than the transaction's own takes effect: no
 * committed record or offset written with an older epoch, no marker decided by an EndTxn of an
 * older epoch.
 */
export const zombieFenced: Invariant<KafkaState> = {
  name: 'zombie-fenced',
  meaning: invariantMeanings['zombie-fenced'],
  when: 'every-step',
  check(s) {
    for (const p of s.partitions) {
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
          return `${p.name} offset ${e.offset}: an EndTxn from epoch ${e.endedBy} decided ${e.marker} for the transaction of epoch ${e.txnEpoch}`;
        }
        if (e.marker === 'COMMIT') {
          for (const r of open.get(e.producerId) ?? []) {
            if (r.epoch < e.txnEpoch) return `${p.name} offset ${r.offset}: v${r.value} written with stale epoch ${r.epoch} is committed by the transaction of epoch ${e.txnEpoch}`;
          }
        }
        open.delete(e.producerId);
      }
    }
    for (let input = 0; input < s.offsets.committed.length; input++) {
      const c = s.offsets.committed[input]!;
      if (c.txnEpoch !== null && c.epoch < c.txnEpoch) return `offset ${c.offset} of input ${input} committed from stale epoch ${c.epoch} by the transaction of epoch ${c.txnEpoch}`;
    }
    return null;
  },
};
