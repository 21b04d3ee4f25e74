/** The entries of the consumer applications: `consume-transform-produce` and `kafka-streams`. */
import type { AppAction } from '../model/ctp/actions.js';
import type { ctpKeys } from '../model/ctp/config.js';
import { ctpModel } from '../model/ctp/model.js';
import type { AppState } from '../model/ctp/state.js';
import type { streamsKeys } from '../model/streams/config.js';
import { kafkaStreamsModel } from '../model/streams/model.js';
import { ctpInvariants, streamsInvariants } from '../properties/apps/invariants.js';
import { appReport } from '../properties/apps/outputs.js';
import { consumerLoop } from '../scenarios/consumer-loop.js';
import { maxPollRebalance } from '../scenarios/max-poll-rebalance.js';
import { appRenderer } from '../traces/apps/render.js';
import type { Entry } from './entry.js';

/** The `consume-transform-produce` entry. */
export const ctpEntry: Entry<AppState, AppAction, typeof ctpKeys> = {
  model: ctpModel,
  invariants: ctpInvariants,
  report: appReport,
  render: appRenderer,
  scenarios: [consumerLoop, maxPollRebalance],
};

/** The `kafka-streams` entry. */
export const kafkaStreamsEntry: Entry<AppState, AppAction, typeof streamsKeys> = {
  model: kafkaStreamsModel,
  invariants: streamsInvariants,
  report: appReport,
  render: appRenderer,
  scenarios: [],
};
