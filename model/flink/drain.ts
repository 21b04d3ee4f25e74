/**
 * The final drain: the fault-free policy that runs the job to its end after an explored prefix,
 * so `no-loss`, `no-hanging-transaction` and the final count are judged on a finished job: all
 * input fed and processed, the last transaction pre-committed by a final checkpoint, committed,
 * its markers written. Priority: coordinator work, restart, the task's work (notification,
 * commits, acknowledgement, processing, sending, reading), a due checkpoint, then time. Pure.
 */
import { type FlinkAction, workActions } from './actions.js';
import type { FlinkState } from './state.js';
import { nextEvent, workLeft } from './time.js';

/** The drain's next action, or null when the job is finished (quiescence). Pure. */
export function drain(s: FlinkState): FlinkAction | null {
  if (!workLeft(s)) return null;
  const first = workActions(s)[0];
  if (first) return first;
  return nextEvent(s) !== null ? { type: 'Tick' } : null;
}
