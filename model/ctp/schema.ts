/**
 * The schema (`model/core/schema.ts`) of the consumer-application state that `consume-transform-produce`
 * and `kafka-streams` share, compiled into their encoding: the words that identify a state and keep it in
 * a search level, decoded when it is expanded or passed to another worker.
 */
import { bool, compileSchema, fromLike, int, list, none, nullable, oneOf, optional, struct } from '../core/schema.js';
import { inFlightFields } from '../kafka/inflight-schema.js';
import { cluster, marker, producer, request } from '../kafka/schema.js';
import type { AppSettings } from './config.js';
import type { AppEvent, AppInstance, AppLife, AppOutcome, AppState, ProducerStatus, SinkState } from './state.js';

const app = struct<AppInstance>({
  id: int,
  slot: int,
  incarnation: int,
  life: oneOf<AppLife>({ unjoined: 1, member: 1, crashed: 1, fenced: 1, failed: 1 }),
  paused: bool,
  generation: int,
  owned: list(int),
  positions: list(nullable(int)),
  committed: list(int),
  ahead: nullable(int),
  producerStatus: oneOf<ProducerStatus>({ none: 1, new: 1, ready: 1 }),
  producer,
  txnCount: int,
  store: nullable(int),
  restoreEnd: nullable(int),
  lastAutoCommitMs: int,
  polledMs: optional(int),
  silentMs: optional(int),
  revokeDueMs: optional(int),
  ...inFlightFields,
});

/** The application state's encoding and decoding. */
export const appCodec = compileSchema(
  struct<AppState>({
    config: fromLike<AppSettings>(),
    now: int,
    kafka: cluster,
    apps: list(app),
    sink: struct<SinkState>({ table: list(int), calls: list(int) }),
    network: list(request),
    faults: struct<AppState['faults']>({ crashes: int, pauses: int, delays: int }),
    outcomes: list(struct<AppOutcome>({ instance: int, txn: int, result: marker })),
    events: none<readonly AppEvent[]>(),
  }),
);
