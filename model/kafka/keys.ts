/**
 * The config keys every Kafka-speaking model shares, declared once with one meaning each (models
 * pick the ones they use, and may change a default but never a meaning), and the cluster's
 * protocol switches read from them.
 */

import { bool, int, oneOf } from '../core/keys.js';
import type { KafkaRules } from './cluster.js';

/** `isolation.level` of the downstream reader whose view the output invariants judge. */
export type IsolationLevel = 'read_committed' | 'read_uncommitted';

/** The shared keys, by field name. */
export const kafkaKeys = {
  enableIdempotence: bool('enable.idempotence', {
    default: true,
    meaning:
      'producer ids and sequence numbers (KIP-98); false also turns transactions off (Kafka refuses a ' +
      'transactional.id without idempotence), leaving a plain at-least-once producer',
    realDefault: 'true since Kafka 3.0; false before',
  }),
  isolationLevel: oneOf('isolation.level', ['read_committed', 'read_uncommitted'], {
    default: 'read_committed',
    meaning: 'the downstream reader of the output topic whose view is judged',
    realDefault: 'a Kafka consumer (and the console consumer) defaults to read_uncommitted',
  }),
  transactionVersion: oneOf('transaction.version', [1, 2], {
    default: 2,
    meaning:
      '2 = KIP-890: the leader verifies each transactional write with the coordinator and every transaction end ' +
      'bumps the epoch; 1 = the protocol before it',
    realDefault:
      'on by default since Kafka 4.0 (feature transaction.version) with 4.0+ clients; older clusters and clients ' +
      'run the old protocol',
  }),
  transactionTimeoutMs: int('transaction.timeout.ms', {
    default: 60000,
    min: 1,
    max: 3_600_000,
    meaning: 'the coordinator aborts (and fences) a transaction open longer than this (logical clock)',
  }),
  epochFencing: bool('safeguard.epoch-fencing', {
    default: true,
    meaning: 'InitProducerId aborts the open transaction of the older instance and stale epochs are rejected (KIP-98)',
  }),
  epochBumpOnTimeout: bool('safeguard.epoch-bump-on-timeout', {
    default: true,
    meaning: 'a timed-out transaction is aborted with a bumped epoch, fencing its producer (KAFKA-6119)',
  }),
  requireStableOffsets: bool('safeguard.require-stable-offsets', {
    default: true,
    meaning:
      'OffsetFetch answers UNSTABLE_OFFSET_COMMIT while a transactional offset commit of the partition is ' +
      'pending, so a new owner waits (KIP-447)',
  }),
  generationFencing: bool('safeguard.generation-fencing', {
    default: true,
    meaning:
      'TxnOffsetCommit carries the group generation and member id; one from an old generation is rejected with ' +
      'ILLEGAL_GENERATION (KIP-447)',
  }),
  crashes: int('faults.crashes', {
    default: 1,
    min: 0,
    max: 5,
    meaning:
      'most crashes of a client process in one run (a producer instance, an application instance, ' +
      'a Flink TaskManager); it is restarted',
  }),
  zombies: bool('faults.zombies', {
    default: true,
    meaning:
      'one instance may stall (a long GC, max.poll.interval.ms exceeded), be replaced, and resume after its ' +
      'replacement started (one per run)',
  }),
  network: bool('faults.network', {
    default: false,
    meaning:
      'a request may be delayed or its acknowledgement lost: the client times out and retries, ' +
      'the delayed copy lands later',
  }),
  inputRecords: int('input.records', {
    default: 2,
    min: 1,
    max: 5000,
    meaning: 'records of each input partition (values are sequence numbers 1, 2, 3, ...)',
  }),
} as const;

/** The cluster's protocol switches; those a model has no key for take their safe value. Pure. */
export function kafkaRules(c: Partial<KafkaRules>): KafkaRules {
  return {
    enableIdempotence: c.enableIdempotence ?? true,
    transactionVersion: c.transactionVersion ?? 2,
    transactionTimeoutMs: c.transactionTimeoutMs ?? 60000,
    epochFencing: c.epochFencing ?? true,
    epochBumpOnTimeout: c.epochBumpOnTimeout ?? true,
    requireStableOffsets: c.requireStableOffsets ?? true,
    generationFencing: c.generationFencing ?? true,
  };
}
