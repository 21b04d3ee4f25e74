/**
 * A change of `sink.transaction-naming-strategy` on restore (`faults.strategy-change`), as flink-connector-kafka 4.0+
 * takes it. The writer state records the strategy's TransactionOwnership (KafkaWriterState, serializer version 2):
 * INCREMENTING writes IMPLICIT_BY_SUBTASK_ID, POOLING EXPLICIT_BY_WRITER_STATE. INCREMENTING -> POOLING is accepted:
 * EXPLICIT_BY_WRITER_STATE takes the restored subtask ids as its own, the committer commits the restored committables,
 * and LISTING aborts every other open transaction of the prefix (the INCREMENTING ids past the checkpoint too).
 * POOLING -> INCREMENTING is refused: IMPLICIT_BY_SUBTASK_ID.checkForMigration throws an IllegalStateException from
 * ExactlyOnceKafkaWriter's initialisation, on every restore of that state, since INCREMENTING's probe from the
 * restored checkpoint id would leave the pool's open ids (`<prefix>-<subtask>-<n>` from 0) lingering. Pure but for
 * `changeStrategy`, over an immer draft.
 */
import type { Draft } from 'immer';
import type { FlinkConfig } from './config.js';
import type { CompletedCheckpoint, FlinkState, JobManager, JobNo } from './state.js';
import { slotOf } from './state.js';

/** A sink.transaction-naming-strategy value. */
export type NamingStrategy = FlinkConfig['namingStrategy'];

/** The exception TransactionOwnership.IMPLICIT_BY_SUBTASK_ID throws (connector 4.0.0 to 5.0.0), word for word. */
export const BACK_TO_INCREMENTING =
  'IllegalStateException: Attempted to switch the transaction naming strategy back to INCREMENTING which may ' +
  'result in data loss.';

/** The naming strategy job manager `jm`'s job runs with. Pure. */
export function strategyOf(c: FlinkConfig, jm: Pick<JobManager, 'strategy'>): NamingStrategy {
  return jm.strategy ?? c.namingStrategy;
}

/** Whether job `no`'s sink runs with POOLING. Pure. */
export function pooling(s: Pick<FlinkState, 'config' | 'jm' | 'second'>, no: JobNo): boolean {
  return strategyOf(s.config, slotOf(s as FlinkState, no).jm) === 'POOLING';
}

/** The strategy whose writer state checkpoint `cp` holds. Pure. */
export function writtenWith(c: FlinkConfig, cp: Pick<CompletedCheckpoint, 'strategy'>): NamingStrategy {
  return cp.strategy ?? c.namingStrategy;
}

/**
 * The `strategy` field a checkpoint taken now by `jm`'s job records: present only when the job runs with another
 * strategy than the key's. Pure.
 */
export function strategyField(c: FlinkConfig, jm: Pick<JobManager, 'strategy'>): { strategy?: NamingStrategy } {
  const s = strategyOf(c, jm);
  return s === c.namingStrategy ? {} : { strategy: s };
}

/**
 * Why the restore of `jm`'s latest checkpoint fails the task, or null: its writer state is POOLING's and the job
 * runs with INCREMENTING (TransactionOwnership.IMPLICIT_BY_SUBTASK_ID.checkForMigration). Pure.
 */
export function strategyRefusal(c: FlinkConfig, jm: Pick<JobManager, 'strategy' | 'latest'>): string | null {
  const cp = jm.latest;
  if (!c.ownershipCheck || cp === null || strategyOf(c, jm) !== 'INCREMENTING' || writtenWith(c, cp) !== 'POOLING')
    return null;
  return (
    `${BACK_TO_INCREMENTING} (the restored writer state of checkpoint ${cp.id} was written with POOLING): ` +
    'the task fails'
  );
}

/** Whether the operator may restart job `no`, down with a checkpoint to restore, with the other strategy. Pure. */
export function strategyChangeable(s: FlinkState, no: JobNo): boolean {
  if (!s.config.strategyChange || (s.faults.strategyChanges ?? 0) > 0) return false;
  const j = slotOf(s, no);
  return j.task === null && j.jm.restartAt !== null && j.jm.latest !== null;
}

/** The other strategy. Pure. */
export function otherStrategy(s: NamingStrategy): NamingStrategy {
  return s === 'POOLING' ? 'INCREMENTING' : 'POOLING';
}

/** The operator restarts job `no`, down, with the other sink.transaction-naming-strategy. */
export function changeStrategy(d: Draft<FlinkState>, no: JobNo = 1): void {
  const jm = slotOf(d, no).jm;
  const to = otherStrategy(strategyOf(d.config, jm));
  if (to === d.config.namingStrategy) delete jm.strategy;
  else jm.strategy = to;
  d.faults.strategyChanges = (d.faults.strategyChanges ?? 0) + 1;
  d.events.push({ type: 'strategy', strategy: to });
}
