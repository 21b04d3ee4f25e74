/**
 * `acks-durability` (seed 003, part 1: what "written" means): one record to a partition with three
 * replicas, and the leader's broker crashing at the worst moment for the `acks` chosen. acks=0 and
 * acks=1: right after the leader's own append and its answer, before any follower fetched (a clean
 * election then picks a follower without it). acks=all: the followers are slow and leave the ISR
 * (replica.lag.time.max.ms), so the answer depends on min.insync.replicas (written, or
 * NOT_ENOUGH_REPLICAS_AFTER_APPEND and a retry), then the leader crashes: a clean election waits
 * for it, an unclean one elects a follower without the record. `broker.failure=power-loss` makes
 * that crash a power loss: the leader also loses its unflushed log (log.flush.interval.messages),
 * so with min.insync.replicas=1 the clean election that waited for it elects it without the record.
 */
import { bool, int, oneOf } from '../model/core/keys.js';
import { kafkaKeys } from '../model/kafka/keys.js';
import type { KafkaTxnAction } from '../model/kafka-txn/actions.js';
import type { kafkaTxnKeys } from '../model/kafka-txn/config.js';
import { produce } from './kafka-steps.js';
import { scenario } from './scenario.js';

const keys = {
  acks: kafkaKeys.acks,
  minInsyncReplicas: int('min.insync.replicas', {
    default: 2,
    min: 1,
    max: 3,
    meaning: kafkaKeys.minInsyncReplicas.meaning,
  }),
  uncleanLeaderElection: bool('unclean.leader.election.enable', {
    default: false,
    meaning: kafkaKeys.uncleanLeaderElection.meaning,
  }),
  brokerFailure: oneOf('broker.failure', ['crash', 'power-loss'], {
    default: 'crash',
    meaning:
      "how the leader's broker fails: its process crashes (the log survives) or it loses power (its log past the " +
      'last flush is gone: faults.power-loss)',
  }),
};

export const acksDurability = scenario<KafkaTxnAction, typeof kafkaTxnKeys, typeof keys>({
  name: 'acks-durability',
  seed: '003',
  summary:
    'a leader crash at the worst moment for each acks value: what the producer was told and what survives ' +
    '(three replicas; acks=0/1 run a plain producer, acks=all a transactional one)',
  keys,
  fixed: (sc) => ({
    acks: sc.acks,
    'min.insync.replicas': sc.minInsyncReplicas,
    'unclean.leader.election.enable': sc.uncleanLeaderElection,
    // The Java producer refuses idempotence (so transactions) with acks other than all.
    'enable.idempotence': sc.acks === 'all',
    'replication.factor': 3,
    'faults.broker': sc.brokerFailure === 'crash' ? 1 : 0,
    'faults.power-loss': sc.brokerFailure === 'power-loss' ? 1 : 0,
    producers: 1,
    partitions: 1,
    'input.records': 1,
  }),
  defaults: { 'faults.crashes': 0, 'faults.zombies': false },
  script(sc) {
    const i = 1;
    const fail: KafkaTxnAction =
      sc.brokerFailure === 'crash'
        ? { type: 'BrokerCrash', broker: 0 }
        : { type: 'BrokerCrash', broker: 0, cause: 'power-loss' };
    if (sc.acks !== 'all') return [...produce(i, 0), fail];
    return [
      { type: 'InitProducerId', instance: i },
      { type: 'BeginTxn', instance: i },
      ...produce(i, 0),
      { type: 'ShrinkIsr', partition: 0, broker: 1 },
      { type: 'ShrinkIsr', partition: 0, broker: 2 },
      { type: 'AckProduce', instance: i },
      fail,
    ];
  },
});
