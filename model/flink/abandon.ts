/**
 * A job that is never resubmitted (`faults.never-resubmitted`): the restart strategy gave up, the job FAILED, and
 * nobody runs it again. This is the half of the two-phase commit that waits for ever: the writer's open transaction
 * and the pre-committed ones no notification committed stay open at the coordinator, and the LSO of each partition
 * they wrote stays at their first offset, so read_committed readers see nothing after it until
 * transaction.timeout.ms aborts them (with transaction.two.phase.commit.enable, never). Over an immer draft.
 */
import type { Draft } from 'immer';
import type { FlinkState, JobManager } from './state.js';

/** Whether job manager `jm`'s job FAILED and will not run again. Pure. */
export function abandoned(jm: Pick<JobManager, 'abandoned'>): boolean {
  return jm.abandoned === true;
}

/** The job of `jm`, FAILED, is left down for good: no restart, no resubmission. */
export function abandon(d: Draft<FlinkState>, jm: Draft<JobManager>): void {
  jm.restartAt = null;
  jm.abandoned = true;
  d.events.push({ type: 'abandoned' });
}
