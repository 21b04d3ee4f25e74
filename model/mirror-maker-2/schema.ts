/**
 * The `mirror-maker-2` state's schema (`model/core/schema.ts`), compiled into the model's encoding:
 * the words that identify a state (its `identity`: everything but the configuration, the static source
 * topic and the last step's events), kept in a search level and decoded when the state is expanded or
 * passed to another worker.
 */
import { bool, compileSchema, fromLike, int, list, none, nullable, oneOf, struct } from '../core/schema.js';
import type { MirrorMaker2Config } from './config.js';
import type { ConsumerGroup, MirrorMaker2State, Mm2Event, OffsetSync, SyncState } from './state.js';

const offsetSync = struct<OffsetSync>({ u: int, d: int });

/** The state's encoding and decoding. */
export const mirrorMaker2Codec = compileSchema(
  struct<MirrorMaker2State>({
    config: fromLike<MirrorMaker2Config>(),
    // Derived from the configuration (`sourceTopic`) and never changed by a step: shared with the initial state.
    source: fromLike<readonly number[]>(),
    sourceAlive: bool,
    target: list(int),
    mirrored: int,
    aborted: list(int),
    flushed: int,
    restarts: int,
    zombies: int,
    zombie: nullable(int),
    sync: struct<SyncState>({ lastSyncU: int, lastSyncD: int, previousU: int, delayed: nullable(offsetSync) }),
    syncs: list(offsetSync),
    storeRead: int,
    store: list(offsetSync),
    checkpoint: nullable(offsetSync),
    checkpointLag: nullable(int),
    targetGroupOffset: nullable(int),
    group: struct<ConsumerGroup>({
      cluster: oneOf<ConsumerGroup['cluster']>({ source: 1, target: 1 }),
      position: int,
      committed: int,
    }),
    processed: list(int),
    events: none<readonly Mm2Event[]>(),
  }),
);
