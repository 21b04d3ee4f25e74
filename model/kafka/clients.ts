/**
 * The producer client library a Kafka model's apps link (`client`), and what a librdkafka release does with an
 * OUT_OF_ORDER_SEQUENCE_NUMBER that a gap left by an earlier batch still unanswered caused. Kafka's Java client
 * retries that batch: TransactionManager.canRetry answers true for an OutOfOrderSequenceException on a batch that
 * is not the next after the last acknowledged one, and the Sender sends it again in sequence order.
 */

import { NEWEST } from './releases.js';
import { atOrAfter, parseKafkaVersion } from './versions.js';

/** The client library: Kafka's Java KafkaProducer, or librdkafka (and the clients built on it). */
export type ClientLibrary = 'java' | 'librdkafka';

/** The librdkafka releases modelled: the ones whose handling of that error differs, and the newest. */
export const LIBRDKAFKA_RELEASES = ['1.6.1', '1.6.2', '1.7.0', '1.8.0', '1.8.2', '2.15.0'] as const;

/** A librdkafka release (`librdkafka.version`). */
export type LibrdkafkaVersion = (typeof LIBRDKAFKA_RELEASES)[number];

/** What the client does with a later in-flight batch refused OUT_OF_ORDER_SEQUENCE_NUMBER inside a transaction. */
export type GapAnswer =
  /** Java: the batch is sent again once the earlier one is answered (TransactionManager.canRetry). */
  | 'retry'
  /**
   * librdkafka up to 1.8.0 (1.6.2 excepted): "skipped sequence numbers": it drains its in-flight requests and
   * asks the coordinator to bump the epoch with InitProducerId(producerId, epoch) in the middle of the
   * transaction, which it goes on with (rd_kafka_idemp_drain_epoch_bump, rdkafka_request.c).
   */
  | 'bump-in-transaction'
  /** librdkafka 1.6.2 (the backported fix): a fatal error (rd_kafka_txn_set_fatal_error). */
  | 'fatal'
  /** librdkafka 1.8.2 and later: an abortable error, the epoch bumped after the abort (abortable_error_with_bump). */
  | 'abortable';

/** How `client` at `version` answers that gap. Pure. */
export function gapAnswer(client: ClientLibrary, version: LibrdkafkaVersion): GapAnswer {
  if (client === 'java') return 'retry';
  switch (version) {
    case '1.6.1':
    case '1.7.0':
    case '1.8.0':
      return 'bump-in-transaction';
    case '1.6.2':
      return 'fatal';
    case '1.8.2':
    case '2.15.0':
      return 'abortable';
  }
}

/** The client keys of a model that has them. */
export interface ClientKeys {
  readonly kafkaVersion?: string;
  readonly enableIdempotence?: boolean;
  readonly maxInFlight?: number;
  readonly client?: ClientLibrary;
  readonly transactionVersion?: 1 | 2;
}

/** Kafka's bound on requests in flight with idempotence (ProducerConfig: ..._PER_CONNECTION_FOR_IDEMPOTENCE). */
export const MAX_IN_FLIGHT_IDEMPOTENT = 5;

/** What contradicts the client keys, as one line naming the key, the value and what is accepted; or null. Pure. */
export function checkClientKeys(c: ClientKeys): string | null {
  // ProducerConfig.postProcessAndValidateIdempotenceConfigs throws a ConfigException (with a transactional.id set,
  // idempotence is the user's); 4.0 reworded it when it refused the value with idempotence by default (KAFKA-17927).
  const inFlight = c.maxInFlight ?? 1;
  if (c.enableIdempotence !== false && inFlight > MAX_IN_FLIGHT_IDEMPOTENT) {
    const v = parseKafkaVersion(c.kafkaVersion ?? NEWEST);
    const words =
      v !== null && atOrAfter(v, { major: 4, minor: 0, patch: 0 })
        ? 'To use the idempotent producer, max.in.flight.requests.per.connection must be set to at most 5. ' +
          `Current value is ${inFlight}.`
        : 'Must set max.in.flight.requests.per.connection to at most 5 to use the idempotent producer.';
    return (
      `max.in.flight.requests.per.connection=${inFlight} with enable.idempotence=true: ${words} ` +
      '(ConfigException; set 1 to 5, or enable.idempotence=false)'
    );
  }
  if (c.client === 'librdkafka' && c.transactionVersion === 2)
    return (
      'transaction.version=2 with client=librdkafka: librdkafka (up to 2.15.0) has no KIP-890 part 2 client and ' +
      'speaks the transaction protocol of transaction.version=1 (set transaction.version=1)'
    );
  return null;
}
