import { freeze } from 'immer';
import type { KafkaTxnConfig } from './config.js';
import { instanceId, isTransactional, partitionName, transactionalId, type Instance, type KafkaState } from './state.js';

/** A fresh instance of app `app`, positioned at `position`. Pure. */
export function newInstance(config: KafkaTxnConfig, app: number, incarnation: number, position: number): Instance {
  return {
    id: instanceId(config, app, incarnation),
    app,
    incarnation,
    // A plain producer needs no InitProducerId: it starts from its committed offset (OffsetFetch).
    status: isTransactional(config) ? 'new' : 'ready',
    paused: false,
    producerId: -1,
    epoch: -1,
    sequences: Array.from({ length: config.partitions }, () => 0),
    position,
    committedPosition: position,
    txnCount: 0,
    txn: null,
    unacked: [],
  };
}

/** The initial state: empty partitions, coordinator Empty, one instance per app. Frozen, pure. */
export function initialState(config: KafkaTxnConfig): KafkaState {
  return freeze(build(config), true);
}

function build(config: KafkaTxnConfig): KafkaState {
  return {
    config,
    now: 0,
    partitions: Array.from({ length: config.partitions }, (_, p) => ({
      name: partitionName(p),
      log: [],
      producers: [],
      highWatermark: 0,
      lastStableOffset: 0,
    })),
    offsets: {
      committed: Array.from({ length: config.producers }, () => ({ offset: 0, producerId: -1, epoch: -1, txnEpoch: null, origin: null })),
      pending: [],
      producerEpochs: [],
      fates: [],
    },
    txns: Array.from({ length: config.producers }, (_, a) => ({
      transactionalId: transactionalId(a),
      // Kafka keeps one producer id per transactional.id across epochs.
      producerId: a + 1,
      epoch: -1,
      state: 'Empty' as const,
      partitions: [],
      offsets: false,
      startMs: null,
      pending: null,
    })),
    instances: Array.from({ length: config.producers }, (_, a) => newInstance(config, a, 1, 0)),
    network: [],
    nextRequest: 1,
    faults: { crashes: 0, pauses: 0 },
    outcomes: [],
    events: [],
  };
}
