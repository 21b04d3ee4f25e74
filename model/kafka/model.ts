/** The `kafka-txn` model: transactional producer apps, coordinator, partitions, offsets. */
import { clonePlain } from '../engine/plain.js';
import { sameAction, type Model } from '../model.js';
import { encodeKafka, encodeKafkaSymmetric } from './symmetry.js';
import { faultActions, kafkaActionTypes, type KafkaAction } from './actions.js';
import { kafkaTxnConfig, kafkaTxnKeys } from './config.js';
import { drainAction } from './drain.js';
import { enabled } from './enabled.js';
import { initialState } from './init.js';
import { latestInstance, type KafkaState } from './state.js';
import { recipe, step } from './step.js';

/** State key: everything but the static config and the last step's events. Pure. */
export function kafkaStateKey(s: KafkaState): string {
  return JSON.stringify([s.now, s.partitions, s.offsets, s.txns, s.instances, s.network, s.nextRequest, s.faults, s.outcomes]);
}

/** The same client call by the latest instance of the app, if that is enabled. Pure. */
function adapt(s: KafkaState, a: KafkaAction): KafkaAction | null {
  if (!('instance' in a)) return null;
  const latest = latestInstance(s, (a.instance - 1) % s.config.producers);
  if (!latest || latest.id === a.instance) return null;
  const moved = { ...a, instance: latest.id };
  return enabled(s).find((e) => sameAction(e, moved)) ?? null;
}

/** The `kafka-txn` model. */
export const kafkaTxnModel: Model<KafkaState, KafkaAction> = {
  name: 'kafka-txn',
  summary: 'transactional producer apps copying input to `out` with offsets in the transaction: idempotence, coordinator, markers, LSO, fencing, timeouts',
  keys: kafkaTxnKeys,
  init: (config) => initialState(kafkaTxnConfig(config)),
  step,
  enabled,
  drainAction,
  adapt,
  fast: { clone: clonePlain, apply: recipe, encode: encodeKafka, encodeSymmetric: encodeKafkaSymmetric },
  key: kafkaStateKey,
  faults: faultActions,
  actionTypes: kafkaActionTypes,
};
