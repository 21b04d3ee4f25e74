/** What a trace is made of: its steps, each an action and the phase that took it. */
import type { AnyAction } from '../../model/core/model.js';

/** Where a step came from: explored, the final drain, or a scenario's script. */
export type Phase = 'explore' | 'drain' | 'script';

/** One step of a trace: the action taken and its phase. */
export interface TraceStep<A extends AnyAction = AnyAction> {
  readonly action: A;
  readonly phase: Phase;
}
