/**
 * The invariants of `flink-kafka`: the contract's output and checkpoint properties over the Flink
 * state, and the Kafka side's own (`lso-bound`, `txn-atomicity`, `zombie-fenced`) lifted onto the
 * embedded Kafka state. Pure.
 */
import { firstOpenOffsetFromLog } from '../../model/kafka/read.js';
import { abortedRead } from '../kafka/no-aborted-read.js';
import type { KafkaState } from '../../model/kafka/state.js';
import { jobInputs, slotOf, type FlinkState, type JobNo } from '../../model/flink/state.js';
import { workLeft } from '../../model/flink/time.js';
import { invariantMeanings, type Invariant } from '../invariant.js';
import { lsoBound } from '../kafka/lso-bound.js';
import { txnAtomicity } from '../kafka/txn-atomicity.js';
import { zombieFenced } from '../kafka/zombie-fenced.js';
import { firstRepeat, lossMessage } from '../view.js';
import { flinkOutView, readFlinkOut } from './outputs.js';

/** `no-loss`: once the job finished, every input is in `out` at the configured isolation.level. */
export const flinkNoLoss: Invariant<FlinkState> = {
  name: 'no-loss',
  meaning: invariantMeanings['no-loss'],
  when: 'quiescence',
  check(s) {
    return lossMessage(flinkOutView(s, s.config.isolationLevel), 'out', s.config.isolationLevel);
  },
};

/** `no-duplicates`: no input twice in `out` at the configured isolation.level. */
export const flinkNoDuplicates: Invariant<FlinkState> = {
  name: 'no-duplicates',
  meaning: invariantMeanings['no-duplicates'],
  when: 'every-step',
  check(s) {
    const { values, offsets } = readFlinkOut(s, s.config.isolationLevel);
    const r = firstRepeat(values, offsets);
    return r && `v${r.value} is read twice at ${s.config.isolationLevel} (offsets ${r.first} and ${r.second})`;
  },
};

/**
 * `state-exactly-once`: a restored count equals the inputs before the restored source offsets
 * (judged at the restore), and a finished job's count equals the number of its inputs (each job's,
 * with jobs=2).
 */
export const stateExactlyOnce: Invariant<FlinkState> = {
  name: 'state-exactly-once',
  meaning: invariantMeanings['state-exactly-once'],
  when: 'every-step',
  check(s) {
    const one = jobStateExactlyOnce(s, 1);
    return one !== null || s.second === null ? one : jobStateExactlyOnce(s, 2);
  },
};

function jobStateExactlyOnce(s: FlinkState, no: JobNo): string | null {
  const t = slotOf(s, no).task;
  if (!t) return null;
  const of = no === 2 ? ' (job 2)' : '';
  const r = t.restored;
  if (r && r.count !== r.expected) {
    return `restored from checkpoint ${r.checkpoint}${of}: the count is ${r.count} but the restored source offsets are past ${r.expected} inputs (${r.count > r.expected ? `${r.count - r.expected} counted twice after the restore` : `${r.expected - r.count} never counted`})`;
  }
  const total = jobInputs(s.config, no) * s.config.inputRecords;
  if (!workLeft(s) && t.count !== total) return `the job${of} finished with count ${t.count}, but there are ${total} inputs`;
  return null;
}

/** `commit-only-completed`: every sink transaction committed belongs to a checkpoint of its own job that completed (ghost data). */
export const commitOnlyCompleted: Invariant<FlinkState> = {
  name: 'commit-only-completed',
  meaning: invariantMeanings['commit-only-completed'],
  when: 'every-step',
  check(s) {
    for (const c of s.ghost.commits) {
      if (!s.ghost.completed.some((x) => x.job === c.job && x.checkpoint === c.checkpoint && x.flink === c.flink)) {
        return `the transaction of checkpoint ${c.checkpoint} (${c.flink === 2 ? 'job 2, run' : 'job'} ${c.job}) was committed, but that checkpoint never completed`;
      }
    }
    return null;
  },
};

/** `no-hanging-transaction`: once the job finished, no output partition holds an open transaction. */
export const flinkNoHangingTransaction: Invariant<FlinkState> = {
  name: 'no-hanging-transaction',
  meaning: invariantMeanings['no-hanging-transaction'],
  when: 'quiescence',
  check(s) {
    for (const p of s.kafka.partitions) {
      const open = firstOpenOffsetFromLog(p);
      if (open === null) continue;
      const e = p.log[open]!;
      const t = s.kafka.txns.find((x) => x.producerId === e.producerId);
      return `${p.name}: the transaction of ${t ? t.transactionalId : `producer ${e.producerId}`} from offset ${open} is never ended (LSO stuck at ${p.lastStableOffset}; read_committed readers see nothing after it until transaction.timeout.ms)`;
    }
    return null;
  },
};

/** `no-aborted-read`: the judged reader of `out` (isolation.level) never returns a record of an aborted transaction. */
export const flinkNoAbortedRead: Invariant<FlinkState> = {
  name: 'no-aborted-read',
  meaning: invariantMeanings['no-aborted-read'],
  when: 'every-step',
  check: (s) => abortedRead(s.kafka.partitions, s.config.isolationLevel),
};

/** A `kafka-txn` invariant judged on the embedded Kafka state (those read only its partitions and offsets). */
export function lift(inv: Invariant<KafkaState>): Invariant<FlinkState> {
  return { name: inv.name, meaning: inv.meaning, when: inv.when, check: (s) => inv.check(s.kafka) };
}

/** Every invariant of `flink-kafka`, in report order. */
export const flinkInvariants: readonly Invariant<FlinkState>[] = [
  flinkNoDuplicates,
  stateExactlyOnce,
  commitOnlyCompleted,
  flinkNoAbortedRead,
  lift(zombieFenced),
  lift(txnAtomicity),
  lift(lsoBound),
  flinkNoLoss,
  flinkNoHangingTransaction,
];
