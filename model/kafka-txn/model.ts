/** The `kafka-txn` model: transactional producer apps, coordinator, partitions, offsets. */
import { compile } from '../core/model.js';
import { checkClientKeys } from '../kafka/clients.js';
import { answeredTable } from '../kafka/coordinator-refusal.js';
import { checkKafkaKeys, elrNote } from '../kafka/keys.js';
import { kafkaTxnActions } from './actions.js';
import { kafkaTxnKeys } from './config.js';
import { drain } from './drain.js';
import { initialState } from './init.js';
import { kafkaTxnCodec } from './schema.js';
import type { KafkaTxnState } from './state.js';
import { encodeSymmetric, identity } from './symmetry.js';

/** The `kafka-txn` model. */
export const kafkaTxnModel = compile({
  name: 'kafka-txn',
  summary:
    'transactional producer apps copying input to `out` with offsets in the transaction: idempotence, ' +
    'coordinator, markers, LSO, fencing, timeouts; with replication.factor above 1 the ISR, acks, elections, ' +
    'broker crashes and power losses (acked-durable)',
  keys: kafkaTxnKeys,
  validate: (c) => checkKafkaKeys(c) ?? checkClientKeys(c),
  notes: (c) => [elrNote(c)].filter((n) => n !== null),
  init: initialState,
  // What the transaction coordinator refuses now is not taken (model/kafka/coordinator-refusal.ts).
  actions: answeredTable(kafkaTxnActions, (s: KafkaTxnState) => s.kafka),
  drain,
  identity,
  // Its rules push to a state's events and never read them; so do the Kafka slice's.
  eventsUnread: true,
  fast: { encode: kafkaTxnCodec.encode, decode: kafkaTxnCodec.decode, copy: kafkaTxnCodec.copy, encodeSymmetric },
});
