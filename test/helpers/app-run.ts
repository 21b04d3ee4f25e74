/** Test helper: runs a script of application actions (each must be enabled), optionally drained. */
import type { Config } from '../../model/config.js';
import type { AppAction } from '../../model/ctp/actions.js';
import type { AppState } from '../../model/ctp/state.js';
import { execute, isNotEnabled, type Execution } from '../../properties/run.js';
import type { Subject } from '../../properties/subject.js';

export function script(subject: Subject<AppState, AppAction>, config: Config, actions: AppAction[], drain = false): Execution<AppState, AppAction> {
  const ex = execute(subject, subject.model.init(config), actions.map((action) => ({ action, phase: 'script' as const })), { drain, stopAtViolation: false });
  if (isNotEnabled(ex)) throw new Error(`step ${ex.step + 1} not enabled: ${JSON.stringify(ex.action)}`);
  return ex;
}

export const lastOf = (ex: Execution<AppState, AppAction>): AppState => ex.states[ex.states.length - 1]!;
