import { firstOpenOffsetFromLog, type KafkaState } from '../../model/kafka/index.js';
import { invariantMeanings, type Invariant } from '../invariant.js';

/** `no-hanging-transaction`: at quiescence no partition holds an open transaction. */
export const noHangingTransaction: Invariant<KafkaState> = {
  name: 'no-hanging-transaction',
  meaning: invariantMeanings['no-hanging-transaction'],
  when: 'quiescence',
  check(s) {
    for (const p of s.partitions) {
      const open = firstOpenOffsetFromLog(p);
      if (open !== null) {
        const e = p.log[open]!;
        return `${p.name}: the transaction of producer ${e.producerId} from offset ${open} is never ended (LSO stuck at ${p.lastStableOffset})`;
      }
    }
    return null;
  },
};
