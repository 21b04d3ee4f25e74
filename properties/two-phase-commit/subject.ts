/** `two-phase-commit` as a checkable subject. */
import { twoPhaseCommitModel, type TwoPhaseAction, type TwoPhaseState } from '../../model/two-phase-commit/index.js';
import type { Subject } from '../subject.js';
import { twoPhaseInvariants } from './index.js';

/** The `two-phase-commit` subject: model and `tc-consistent`; no Kafka topics, so no outputs or logs. */
export const twoPhaseCommitSubject: Subject<TwoPhaseState, TwoPhaseAction> = {
  model: twoPhaseCommitModel,
  invariants: twoPhaseInvariants,
  outputs: () => ({}),
  logs: () => ({}),
};
