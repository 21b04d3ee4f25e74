/** `kafka-streams` as a checkable subject. */
import type { AppAction } from '../../model/ctp/actions.js';
import type { AppState } from '../../model/ctp/state.js';
import { kafkaStreamsModel } from '../../model/streams/model.js';
import { appOutputs } from '../ctp/outputs.js';
import { kafkaLogs } from '../kafka/subject.js';
import type { Subject } from '../subject.js';
import { streamsInvariants } from './index.js';

/** The subject: model, invariants, `out` at both isolation levels, the logs of `out-0` and `changelog-0`. */
export const kafkaStreamsSubject: Subject<AppState, AppAction> = {
  model: kafkaStreamsModel,
  invariants: streamsInvariants,
  outputs: appOutputs,
  logs: kafkaLogs,
};
