/**
 * The `kafka-streams` model: the consumer-application engine of model/ctp with one stateful task
 * (a count store whose changelog writes, output writes and input offsets share a transaction under
 * EOS), restored from its changelog on assignment, and `processing.guarantee` choosing the
 * producer layout: at_least_once (idempotent, offsets committed after the writes), exactly_once
 * (EOS v1: transactional.id per task, fencing by epoch when the task moves, UNKNOWN_PRODUCER_ID
 * fatal) or exactly_once_v2 (a producer per thread, fencing by group generation, KIP-360 recovery).
 */
import { appModel } from '../ctp/model.js';
import { checkStreamsConfig, streamsKeys, streamsSettings } from './config.js';

/** The `kafka-streams` model. */
export const kafkaStreamsModel = appModel(
  'kafka-streams',
  'a Kafka Streams app counting `in` per task: count store, changelog, output and offsets per ' +
    'processing.guarantee (EOS v1 / v2), restore, task migration, zombies, KIP-360',
  streamsKeys,
  streamsSettings,
  checkStreamsConfig,
);
