/** `consume-transform-produce` as a checkable subject. */
import type { AppAction } from '../../model/ctp/actions.js';
import { ctpModel } from '../../model/ctp/model.js';
import type { AppState } from '../../model/ctp/state.js';
import { kafkaLogs } from '../kafka/subject.js';
import type { Subject } from '../subject.js';
import { appOutputs, ctpInvariants } from './index.js';

/** The subject: model, invariants, `out` (or the sink) at both isolation levels, every written partition's log. */
export const ctpSubject: Subject<AppState, AppAction> = {
  model: ctpModel,
  invariants: ctpInvariants,
  outputs: appOutputs,
  logs: kafkaLogs,
};
