/** The `kafka-txn` entry: model, invariants, report, renderer, scenarios. */

import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../model/kafka-txn/config.js';
import { kafkaTxnModel } from '../model/kafka-txn/model.js';
import type { KafkaTxnState } from '../model/kafka-txn/state.js';
import { kafkaTxnInvariants } from '../properties/kafka-txn/invariants.js';
import { kafkaTxnReport } from '../properties/kafka-txn/outputs.js';
import { acksDurability } from '../scenarios/acks-durability.js';
import { lsoBlocking } from '../scenarios/lso-blocking.js';
import { txnLog } from '../scenarios/txn-log.js';
import { zombieFencing } from '../scenarios/zombie-fencing.js';
import { kafkaTxnRenderer } from '../traces/kafka-txn/render.js';
import type { Entry } from './entry.js';

/** The `kafka-txn` entry. */
export const kafkaTxnEntry: Entry<KafkaTxnState, KafkaTxnAction, typeof kafkaTxnKeys> = {
  model: kafkaTxnModel,
  invariants: kafkaTxnInvariants,
  report: kafkaTxnReport,
  render: kafkaTxnRenderer,
  scenarios: [txnLog, zombieFencing, lsoBlocking, acksDurability],
};
