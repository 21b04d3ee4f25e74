/**
 * The `kafka-txn` state's schema (`model/core/schema.ts`), compiled into the model's encoding: the words
 * that identify a state (everything but the configuration and the last step's events) and keep it in a
 * search level, decoded when the state is expanded or passed to another worker.
 */
import { bool, compileSchema, fromLike, int, list, none, nullable, oneOf, optional, struct } from '../core/schema.js';
import { inFlightFields } from '../kafka/inflight-schema.js';
import { cluster, marker, producer, request } from '../kafka/schema.js';
import type { KafkaTxnConfig } from './config.js';
import type {
  Acking,
  Awaiting,
  ClientOutcome,
  Instance,
  InstanceStatus,
  KafkaTxnEvent,
  KafkaTxnState,
  Unacked,
} from './state.js';

const instance = struct<Instance>({
  id: int,
  app: int,
  incarnation: int,
  status: oneOf<InstanceStatus>({ new: 1, ready: 1, 'in-txn': 1, fenced: 1, failed: 1, crashed: 1 }),
  paused: bool,
  producer,
  position: int,
  committedPosition: int,
  txnCount: int,
  txnStart: nullable(int),
  unacked: list(struct<Unacked>({ request: int, partition: int, value: int, sequence: int })),
  awaiting: nullable(struct<Awaiting>({ request: int, partition: int, sequence: int })),
  acking: optional(struct<Acking>({ partition: int, offset: int, sequence: int, epoch: int })),
  requeued: optional(int),
  ...inFlightFields,
});

/** The state's encoding and decoding. */
export const kafkaTxnCodec = compileSchema(
  struct<KafkaTxnState>({
    config: fromLike<KafkaTxnConfig>(),
    now: int,
    kafka: cluster,
    instances: list(instance),
    network: list(request),
    nextRequest: int,
    faults: struct<KafkaTxnState['faults']>({ crashes: int, pauses: int, cleanings: optional(int) }),
    outcomes: list(struct<ClientOutcome>({ instance: int, txn: int, result: marker })),
    events: none<readonly KafkaTxnEvent[]>(),
  }),
);
