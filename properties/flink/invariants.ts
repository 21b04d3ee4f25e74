/**
 * The invariants of `flink-kafka`: the contract's output and checkpoint properties over the Flink
 * state, and the Kafka checks on the embedded cluster slice (`lso-bound`, `txn-atomicity`,
 * `zombie-fenced`). Pure.
 */
import { prefixHazard } from '../../model/flink/pooling.js';
import { type FlinkState, inputBase, type JobNo, jobInputs, slotOf } from '../../model/flink/state.js';
import { at, workLeft } from '../../model/flink/time.js';
import { family, type Invariant, invariant } from '../invariant.js';
import { hangingTransaction, type Told } from '../kafka/checks.js';
import { judgeLogs, LOG_CHECKS } from '../kafka/log-pass.js';
import { lossMessage } from '../view.js';
import { flinkOutView } from './outputs.js';

type S = FlinkState;

function jobStateExactlyOnce(s: S, no: JobNo): string | null {
  const t = slotOf(s, no).task;
  if (!t) return null;
  const of = no === 2 ? ' (job 2)' : '';
  const r = t.restored;
  if (r && r.count !== r.expected) {
    return (
      `restored from checkpoint ${r.checkpoint}${of}: the count is ${r.count} but the restored source offsets are ` +
      `past ${r.expected} inputs (` +
      (r.count > r.expected
        ? `${r.count - r.expected} counted twice after the restore`
        : `${r.expected - r.count} never counted`) +
      ')'
    );
  }
  const total = jobInputs(s.config, no) * s.config.inputRecords;
  if (!workLeft(s) && t.count !== total)
    return `the job${of} finished with count ${t.count}, but there are ${total} inputs`;
  return null;
}

/** The first transaction with records that only its timeout ended, as `no-hanging-transaction` words it. */
function timedOut(s: S): string | null {
  const h = s.ghost.timedOut[0];
  if (!h) return null;
  return (
    `${s.kafka.partitions[h.partition]!.name}: the transaction of ${h.transactionalId} from offset ${h.offset} was ` +
    `never ended by the job: the coordinator aborted it after transaction.timeout.ms (open from ${at(h.from)} to ` +
    `${at(h.at)}, the LSO held at ${h.offset} meanwhile)`
  );
}

/**
 * The Kafka checks on every log of `out`, judged in one pass (`judgeLogs`; `no-duplicates` reads `out` as
 * `readFlinkOut` does, every partition in order). The sink's transactions are not told to the job as a
 * client's are: no told fates.
 */
const [zombieFenced, txnAtomicity, noAbortedRead, noDuplicates, lsoBound] = family({
  names: LOG_CHECKS,
  when: 'every-step',
  judge: (s: S, out) => judgeLogs(s.kafka, NO_TOLD, sinkInstance, s.config.isolationLevel, out),
});
const NO_TOLD: readonly Told[] = [];
const sinkInstance = (id: number): string => `instance ${id}`;

/** Every invariant of `flink-kafka`, in report order. */
export const flinkInvariants: readonly Invariant<S>[] = [
  noDuplicates,
  /**
   * `state-exactly-once`: a restored count equals the inputs before the restored source offsets
   * (judged at the restore), and a finished job's count equals the number of its inputs (each
   * job's, with jobs=2).
   */
  invariant(
    'state-exactly-once',
    'every-step',
    (s: S) => jobStateExactlyOnce(s, 1) ?? (s.second === null ? null : jobStateExactlyOnce(s, 2)),
  ),
  /**
   * `commit-only-completed`: every sink transaction committed belongs to a checkpoint of its own job that completed,
   * or that a later completed checkpoint of that job subsumed (an expired checkpoint's committables stay in the
   * committer's state and are committed with the next completion: CommitterOperator commits every committable up to
   * the completed id). The transaction is the one the broker committed, which a stale committable of a reused id
   * (POOLING without re-initialisation) may not own. Ghost data; checkpoint ids only grow within a job.
   */
  invariant('commit-only-completed', 'every-step', (s: S) => {
    for (const c of s.ghost.commits) {
      const run = `${c.flink === 2 ? 'job 2, run' : 'job'} ${c.job}`;
      const cp = c.checkpoint;
      const done =
        cp !== null && s.ghost.completed.some((x) => x.job === c.job && x.checkpoint >= cp && x.flink === c.flink);
      if (done) continue;
      // The EndTxn of checkpoint `via`'s committable ended the id's newer transaction (the broker's open one).
      const through =
        c.via === undefined ? '' : ` through the committable of checkpoint ${c.via} (its id reused at the same epoch)`;
      return cp === null
        ? `a transaction no checkpoint pre-committed (${run}) was committed${through}`
        : `the transaction of checkpoint ${cp} (${run}) was committed${through}, but neither that checkpoint nor a ` +
            'later one completed';
    }
    return null;
  }),
  noAbortedRead,
  zombieFenced,
  txnAtomicity,
  lsoBound,
  invariant('no-loss', 'quiescence', (s: S) => {
    const view = flinkOutView(s, s.config.isolationLevel);
    const lost = lossMessage(view, 'out', s.config.isolationLevel);
    if (lost === null) return null;
    // Job 2's inputs follow job 1's; a loss among them names the prefix overlap LISTING acts on, when there is one.
    const hazard = prefixHazard(s.config);
    const ofJob2 = view.missingRanges.some(([, hi]) => hi > inputBase(s.config, 2) * s.config.inputRecords);
    return hazard !== null && ofJob2 ? `${lost}; ${hazard}` : lost;
  }),
  /**
   * `no-hanging-transaction`: nothing open at the end, and nothing the job left open that only the coordinator's
   * transaction.timeout.ms abort ended (the drain runs through it; the LSO was held at its first offset until then).
   */
  invariant(
    'no-hanging-transaction',
    'quiescence',
    (s: S) => hangingTransaction(s.kafka, '; read_committed readers see nothing after it') ?? timedOut(s),
  ),
];
