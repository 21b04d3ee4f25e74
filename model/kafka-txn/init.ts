/** The initial state of `kafka-txn`: empty partitions, coordinator Empty, one instance per app. Pure. */
import { newCluster, newGroup, newTxn } from '../kafka/cluster.js';
import { kafkaRules } from '../kafka/keys.js';
import { emptyPartition } from '../kafka/records.js';
import { newReplication } from '../kafka/replicas.js';
import { newInstance } from './client.js';
import type { KafkaTxnConfig } from './config.js';
import { type KafkaTxnState, partitionName, transactionalId } from './state.js';

/** The initial state for a resolved config (plain; the compiled model freezes it). */
export function initialState(config: KafkaTxnConfig): KafkaTxnState {
  const kafka = newCluster(
    kafkaRules(config),
    Array.from({ length: config.partitions }, (_, p) => emptyPartition(partitionName(p))),
    // Kafka keeps one producer id per transactional.id across epochs (until it rotates).
    Array.from({ length: config.producers }, (_, a) => newTxn(transactionalId(a), a + 1)),
    [newGroup('app', config.producers)],
  );
  return {
    config,
    now: 0,
    kafka:
      config.replicationFactor > 1
        ? { ...kafka, replication: newReplication(config.replicationFactor, config.partitions) }
        : kafka,
    instances: Array.from({ length: config.producers }, (_, a) => newInstance(config, a, 1, 0)),
    network: [],
    nextRequest: 1,
    faults: { crashes: 0, pauses: 0 },
    outcomes: [],
    events: [],
  };
}
