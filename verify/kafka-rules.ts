/**
 * How Kafka reads the values eoscheck maps, with Kafka's own messages for what it refuses: ConfigDef's
 * parsing of booleans, integers and listed strings (`Invalid value x for configuration k: ...`), the
 * producer's idempotence rules (ProducerConfig.postProcessAndValidateIdempotenceConfigs, Kafka 3.2 and
 * later: acks other than all, or retries=0, silently turn an unset enable.idempotence off, and refuse
 * an explicit one), and the broker's cap on transaction timeouts. Pure.
 */

import { type KafkaVersion, release } from '../model/kafka/releases.js';
import type { Setting } from './files/entry.js';

/** A value, or Kafka's one-line refusal. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** ConfigException's text for a bad value. */
export function invalid(key: string, raw: string, why: string): string {
  return `Invalid value ${raw} for configuration ${key}: ${why}`;
}

/** A BOOLEAN config as ConfigDef parses it (trimmed, either case). */
export function kafkaBoolean(key: string, raw: string): Parsed<boolean> {
  const t = raw.trim().toLowerCase();
  if (t === 'true' || t === 'false') return { ok: true, value: t === 'true' };
  return { ok: false, error: invalid(key, raw, 'Expected value to be either true or false') };
}

/** An INT config as ConfigDef parses it. */
export function kafkaInt(key: string, raw: string): Parsed<number> {
  const t = raw.trim();
  const n = Number(t);
  if (/^[+-]?\d+$/.test(t) && n >= -2_147_483_648 && n <= 2_147_483_647) return { ok: true, value: n };
  return { ok: false, error: invalid(key, raw, 'Not a number of type INT') };
}

/** A STRING config with a ValidString validator (case-sensitive, trimmed). */
export function kafkaOneOf(key: string, raw: string, accepted: readonly string[]): Parsed<string> {
  const t = raw.trim();
  if (accepted.includes(t)) return { ok: true, value: t };
  return { ok: false, error: invalid(key, raw, `String must be one of: ${accepted.join(', ')}`) };
}

/** A file's settings by key. */
export type Settings = ReadonlyMap<string, Setting>;

/** What a producer's file makes of idempotence and transactions. */
export interface ProducerMode {
  readonly idempotence: boolean;
  /** Why idempotence is off though enable.idempotence was not set (acks or retries), or null. */
  readonly disabledBy: string | null;
  readonly transactional: boolean;
  readonly transactionTimeoutMs: number;
}

/** The producer's idempotence and transactions, as KafkaProducer's constructor decides them, or its ConfigException. */
export function producerMode(s: Settings): Parsed<ProducerMode> {
  const get = (k: string): string | undefined => s.get(k)?.value;
  const acksRaw = get('acks') ?? 'all';
  const acks = kafkaOneOf('acks', acksRaw.trim().toLowerCase(), ['all', '-1', '0', '1']);
  if (!acks.ok) return { ok: false, error: invalid('acks', acksRaw, 'String must be one of: all, -1, 0, 1') };
  const userIdempotence = s.has('enable.idempotence');
  const idem = kafkaBoolean('enable.idempotence', get('enable.idempotence') ?? 'true');
  if (!idem.ok) return idem;
  const retries = kafkaInt('retries', get('retries') ?? '2147483647');
  if (!retries.ok) return retries;
  const inFlight = kafkaInt(
    'max.in.flight.requests.per.connection',
    get('max.in.flight.requests.per.connection') ?? '5',
  );
  if (!inFlight.ok) return inFlight;
  const timeout = kafkaInt('transaction.timeout.ms', get('transaction.timeout.ms') ?? '60000');
  if (!timeout.ok) return timeout;
  let idempotence = idem.value;
  let disabledBy: string | null = null;
  if (idempotence) {
    if (retries.value === 0) {
      if (userIdempotence)
        return { ok: false, error: 'Must set retries to non-zero when using the idempotent producer.' };
      idempotence = false;
      disabledBy = 'retries=0';
    }
    if (acks.value !== 'all' && acks.value !== '-1') {
      if (userIdempotence)
        return {
          ok: false,
          error:
            'Must set acks to all in order to use the idempotent producer. Otherwise we cannot guarantee idempotence.',
        };
      idempotence = false;
      disabledBy ??= `acks=${acks.value}`;
    }
    if (inFlight.value > 5)
      return {
        ok: false,
        error:
          'To use the idempotent producer, max.in.flight.requests.per.connection must be set to at most 5. ' +
          `Current value is ${inFlight.value}.`,
      };
  }
  const transactional = s.has('transactional.id');
  if (!idempotence && transactional)
    return { ok: false, error: 'Cannot set a transactional.id without also enabling idempotence.' };
  if (s.has('transaction.two.phase.commit.enable') && s.has('transaction.timeout.ms')) {
    const tpc = kafkaBoolean('transaction.two.phase.commit.enable', get('transaction.two.phase.commit.enable')!);
    if (!tpc.ok) return tpc;
    if (tpc.value)
      return {
        ok: false,
        error:
          'Cannot set transaction.timeout.ms when transaction.two.phase.commit.enable is set to true. ' +
          'Transactions will not expire with two-phase commit enabled.',
      };
  }
  return { ok: true, value: { idempotence, disabledBy, transactional, transactionTimeoutMs: timeout.value } };
}

/** What Flink's `KafkaSinkBuilder` sets transaction.timeout.ms to unless the job sets it (1 hour). */
export const KAFKA_SINK_TXN_TIMEOUT_MS = 3_600_000;

/** The broker's default transaction.max.timeout.ms (15 minutes). */
export const BROKER_MAX_TXN_TIMEOUT_MS = 900_000;

/**
 * The broker's answer to InitProducerId with a timeout above transaction.max.timeout.ms
 * (INVALID_TRANSACTION_TIMEOUT).
 */
export const INVALID_TRANSACTION_TIMEOUT =
  'The transaction timeout is larger than the maximum value allowed by the broker ' +
  '(as configured by transaction.max.timeout.ms).';

/** `processing.guarantee` as Kafka Streams 3.x accepts it (4.0 keeps at_least_once and exactly_once_v2). */
export const PROCESSING_GUARANTEES = ['at_least_once', 'exactly_once', 'exactly_once_beta', 'exactly_once_v2'] as const;

/**
 * The refusal of Kafka Streams at `version` for `processing.guarantee` spelled as a file writes it, or null: EOS v2
 * is exactly_once_beta from 2.6 (KIP-447) and exactly_once_v2 from 3.0 (KIP-732, which deprecates the old name), and
 * 4.0 removes exactly_once_beta with exactly_once (KAFKA-16331). exactly_once itself is the model's to refuse.
 */
export function streamsGuaranteeRefusal(literal: string, version: KafkaVersion): string | null {
  const r = release(version);
  if (literal === 'exactly_once_beta' && !r.streamsEosV2)
    return `processing.guarantee=exactly_once_beta needs Kafka Streams 2.6 or later (KIP-447), not ${version}`;
  if (literal === 'exactly_once_beta' && !r.streamsEosV1)
    return (
      `processing.guarantee=exactly_once_beta was removed in Kafka Streams 4.0 (KAFKA-16331) with exactly_once; ` +
      `kafka.version=${version} accepts at_least_once|exactly_once_v2 (its name since 3.0)`
    );
  if (literal === 'exactly_once_v2' && r.streamsEosV2 && !r.streamsExactlyOnceV2Name)
    return (
      "processing.guarantee=exactly_once_v2 is EOS v2's name from Kafka Streams 3.0 (KIP-732); " +
      `kafka.version=${version} calls it exactly_once_beta`
    );
  return null;
}
