/**
 * Spring Boot's Kafka configuration (`spring.kafka.*`, Spring Boot's KafkaProperties, 2.x to 3.x) read as the
 * Kafka clients' own keys, as Spring builds the clients from it:
 * - `spring.kafka.properties.*`, `bootstrap-servers` and `client-id` go to every client, under each client's own
 *   keys (`spring.kafka.producer.acks`), under its `properties.*` map (KafkaProperties.buildProducerProperties:
 *   common, then the client's fields, then its map; the later wins);
 * - `spring.kafka.producer.transaction-id-prefix` makes the producer factory transactional (DefaultKafkaProducerFactory
 *   names each producer's transactional.id from it) and has Spring Boot wire a KafkaTransactionManager into the
 *   listener container, which sends each batch's offsets to the transaction (KafkaAutoConfiguration,
 *   ConcurrentKafkaListenerContainerFactoryConfigurer);
 * - the listener container commits the offsets itself after the listener returns (AckMode.BATCH unless
 *   `spring.kafka.listener.ack-mode` says otherwise) and, since Spring for Apache Kafka 2.3, sets
 *   enable.auto.commit=false unless it is set (spring-kafka GH-945);
 * - `spring.kafka.streams.*` is a Streams application's (@EnableKafkaStreams), its application.id falling back to
 *   `spring.application.name` (KafkaStreamsAnnotationDrivenConfiguration).
 * Names are matched as Spring's relaxed binding does (`transactionIdPrefix`, `transaction_id_prefix`,
 * `properties[isolation.level]`). A value with a `${...}` placeholder is resolved when the application starts,
 * so it is marked computed. Pure.
 */
import type { Setting } from './entry.js';

/** How the listener container commits its input offsets. */
export type SpringOffsets = 'transaction' | 'consumer' | 'none';

/** A Spring Boot file's Kafka clients, as Spring builds them. */
export interface SpringKafka {
  readonly error: null;
  /** The producer factory's configuration (empty when the file configures no producer). */
  readonly producer: readonly Setting[];
  /** The consumer factory's configuration (empty when the file configures no consumer). */
  readonly consumer: readonly Setting[];
  /** The Streams application's configuration (empty when the file configures none). */
  readonly streams: readonly Setting[];
  /** Spring keys that configure no client verify models (listener concurrency, admin, other Spring settings). */
  readonly other: readonly Setting[];
  /**
   * Keys under a client's prefix that are no KafkaProperties field (`spring.kafka.producer.enable-idempotence`):
   * Spring Boot binds KafkaProperties ignoring unknown fields, so the client never sees them.
   */
  readonly unknown: readonly Setting[];
  /** How the listener container commits the consumer's offsets, and why. */
  readonly offsets: { readonly how: SpringOffsets; readonly why: string };
}

/** Whether a file's keys are Spring Boot's Kafka configuration. */
export function isSpringKafka(settings: readonly Setting[]): boolean {
  return settings.some((s) => /^spring\.kafka\./i.test(relaxed(s.key)));
}

/** Whether a file's keys are Spring Cloud Stream's Kafka binder's (not modelled: its binder builds the clients). */
export function isSpringCloudStream(settings: readonly Setting[]): boolean {
  return settings.some((s) => relaxed(s.key).startsWith('spring.cloud.stream.'));
}

/** A name in Spring's canonical form: lower-case kebab segments; a map key in brackets joined with a dot. */
function relaxed(key: string): string {
  return key
    .replace(/\[([^\]]*)\]/g, '.$1')
    .split('.')
    .map((seg) =>
      seg
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .replace(/_/g, '-')
        .toLowerCase(),
    )
    .join('.');
}

/** Where a map's keys start in a canonical name: `spring.kafka.producer.properties.` and the rest as written. */
function mapKey(written: string, canonical: string, prefix: string): string | null {
  if (!canonical.startsWith(prefix)) return null;
  const segments = prefix.split('.').length - 1;
  const raw = written
    .replace(/\[([^\]]*)\]/g, '.$1')
    .split('.')
    .slice(segments)
    .join('.');
  return raw === '' ? null : raw;
}

type Client = 'common' | 'producer' | 'consumer' | 'streams';

/** A KafkaProperties field's Kafka key, and how its value is read. */
interface Field {
  readonly key: string;
  readonly value?: 'duration' | 'isolation';
}

/** KafkaProperties' fields per client (Spring Boot 2.x to 3.x), by canonical name. */
const FIELDS: Readonly<Record<Client, Readonly<Record<string, Field>>>> = {
  common: {
    'bootstrap-servers': { key: 'bootstrap.servers' },
    'client-id': { key: 'client.id' },
    'security.protocol': { key: 'security.protocol' },
  },
  producer: {
    acks: { key: 'acks' },
    'batch-size': { key: 'batch.size' },
    'bootstrap-servers': { key: 'bootstrap.servers' },
    'buffer-memory': { key: 'buffer.memory' },
    'client-id': { key: 'client.id' },
    'compression-type': { key: 'compression.type' },
    'key-serializer': { key: 'key.serializer' },
    'value-serializer': { key: 'value.serializer' },
    retries: { key: 'retries' },
    'transaction-id-prefix': { key: 'transactional.id' },
  },
  consumer: {
    'auto-commit-interval': { key: 'auto.commit.interval.ms', value: 'duration' },
    'auto-offset-reset': { key: 'auto.offset.reset' },
    'bootstrap-servers': { key: 'bootstrap.servers' },
    'client-id': { key: 'client.id' },
    'enable-auto-commit': { key: 'enable.auto.commit' },
    'fetch-max-wait': { key: 'fetch.max.wait.ms', value: 'duration' },
    'fetch-min-size': { key: 'fetch.min.bytes' },
    'group-id': { key: 'group.id' },
    'heartbeat-interval': { key: 'heartbeat.interval.ms', value: 'duration' },
    'isolation-level': { key: 'isolation.level', value: 'isolation' },
    'key-deserializer': { key: 'key.deserializer' },
    'value-deserializer': { key: 'value.deserializer' },
    'max-poll-records': { key: 'max.poll.records' },
    'max-poll-interval': { key: 'max.poll.interval.ms', value: 'duration' },
  },
  streams: {
    'application-id': { key: 'application.id' },
    'bootstrap-servers': { key: 'bootstrap.servers' },
    'client-id': { key: 'client.id' },
    'cache-max-size-buffering': { key: 'cache.max.bytes.buffering' },
    'state-store-cache-max-size': { key: 'statestore.cache.max.bytes' },
    'replication-factor': { key: 'replication.factor' },
    'state-dir': { key: 'state.dir' },
  },
};

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** Milliseconds of a Spring Boot Duration (`500ms`, `10s`, `PT1M`, a bare number of ms), or null. */
export function springDurationMs(text: string): number | null {
  const t = text.trim();
  const simple = /^([+-]?\d+)\s*(ns|us|ms|s|m|h|d)?$/i.exec(t);
  if (simple) return Number(simple[1]) * DURATION_UNITS[(simple[2] ?? 'ms').toLowerCase()]!;
  const iso = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(t);
  if (!iso || t.toUpperCase() === 'P' || t.toUpperCase() === 'PT') return null;
  const [, d, h, m, s] = iso;
  return Number(d ?? 0) * 86_400_000 + Number(h ?? 0) * 3_600_000 + Number(m ?? 0) * 60_000 + Number(s ?? 0) * 1000;
}

/** A field's value as the Kafka client takes it. */
function fieldValue(field: Field, value: string): string {
  if (field.value === 'duration') {
    const ms = springDurationMs(value);
    return ms === null ? value : String(ms);
  }
  if (field.value === 'isolation') return value.trim().toLowerCase().replace(/-/g, '_');
  return value.trim();
}

/** A client's KafkaProperties groups and fields verify does not map (its SSL, security, Streams' start and cleanup). */
const KNOWN_GROUPS = /^(ssl|security|cleanup|auto-startup)(\.|$)/;

/** Spring's ack modes in which the listener, not the container, acknowledges (ContainerProperties.AckMode). */
const MANUAL_ACKS = ['MANUAL', 'MANUAL_IMMEDIATE'];

/** A file's `spring.kafka.*` keys read as Kafka's clients' keys, or why Spring refuses them. Pure. */
export function readSpringKafka(settings: readonly Setting[]): SpringKafka | { readonly error: string } {
  const byClient: Record<Client, Setting[]> = { common: [], producer: [], consumer: [], streams: [] };
  const named = (name: string): Setting | undefined => settings.find((s) => relaxed(s.key) === name);
  const ack = named('spring.kafka.listener.ack-mode');
  const appName = named('spring.application.name');
  const other: Setting[] = [];
  const unknown: Setting[] = [];
  for (const s of settings) {
    const canonical = relaxed(s.key);
    const placeholder = /\$\{[^}]*\}/.test(s.value);
    const as = (key: string, value: string): Setting => ({
      key,
      value,
      line: s.line,
      written: s.key,
      ...(placeholder ? { computed: true } : {}),
    });
    const client = (['producer', 'consumer', 'streams'] as const).find((c) =>
      canonical.startsWith(`spring.kafka.${c}.`),
    );
    const base = client === undefined ? 'spring.kafka.' : `spring.kafka.${client}.`;
    const target: Client = client ?? 'common';
    const inMap = mapKey(s.key, canonical, `${base}properties.`);
    if (inMap !== null && canonical.startsWith('spring.kafka.')) {
      byClient[target].push(as(inMap, s.value.trim()));
      continue;
    }
    const field = canonical.startsWith(base) ? FIELDS[target][canonical.slice(base.length)] : undefined;
    if (field !== undefined) byClient[target].push(as(field.key, fieldValue(field, s.value)));
    else if (client !== undefined && !KNOWN_GROUPS.test(canonical.slice(base.length))) unknown.push(s);
    else other.push(s);
  }
  const merged = (c: Client): Setting[] => {
    if (byClient[c].length === 0) return [];
    const out = new Map<string, Setting>();
    // Common first, then the client's fields, then its map: KafkaProperties' order, the later winning.
    const own = [...byClient[c].filter((s) => !isMapEntry(s)), ...byClient[c].filter(isMapEntry)];
    for (const s of [...byClient.common, ...own]) {
      out.delete(s.key);
      out.set(s.key, s);
    }
    return [...out.values()];
  };
  const producer = merged('producer');
  const consumer = merged('consumer');
  const streams = merged('streams');
  const withCommonOnly = producer.length === 0 && consumer.length === 0 && streams.length === 0;
  // Keys under spring.kafka.properties alone configure every client Spring makes: the file's clients are theirs.
  const common = withCommonOnly ? byClient.common : [];
  if (streams.length > 0 && !streams.some((s) => s.key === 'application.id') && appName !== undefined) {
    const a = appName;
    streams.push({ key: 'application.id', value: a.value, line: a.line, written: a.key });
  }
  const autoCommit = [...consumer, ...common].find((s) => s.key === 'enable.auto.commit');
  const prefix = producer.find((s) => s.key === 'transactional.id' && relaxed(s.written ?? '').endsWith('prefix'));
  const manual = ack !== undefined && MANUAL_ACKS.includes(ack.value.trim().toUpperCase().replace(/-/g, '_'));
  let offsets: SpringKafka['offsets'];
  const auto = autoCommit?.value.trim().toLowerCase() === 'true';
  // KafkaMessageListenerContainer: with a transaction manager the container sends the offsets to the transaction
  // whatever enable.auto.commit says (the consumer's own timer commits beside it); without one it commits after the
  // listener unless the consumer commits on its timer, and a manual ack mode with auto commit does not start.
  if (prefix !== undefined && prefix.value.trim() !== '')
    offsets = {
      how: 'transaction',
      why:
        `${prefix.written} makes Spring Boot wire a KafkaTransactionManager into its listener container, which ` +
        "sends each batch's offsets to the producer's transaction (sendOffsetsToTransaction) with the " +
        "listener's sends",
    };
  else if (auto && manual)
    return {
      error:
        `${ack!.key}=${ack!.value.trim()} (line ${ack!.line}) with enable.auto.commit=true (line ` +
        `${autoCommit!.line}): Spring's listener container refuses it ("Consumer cannot be configured for auto ` +
        `commit for ackMode ${ack!.value.trim().toUpperCase()}")`,
    };
  else if (auto)
    offsets = {
      how: 'none',
      why: `${autoCommit!.written} is true: the consumer commits its positions on its timer, whatever the listener did`,
    };
  else
    offsets = {
      how: 'consumer',
      why:
        (manual
          ? `${ack!.key}=${ack!.value.trim()}: the listener acknowledges each record itself, read as after ` +
            'its sends; '
          : "Spring's listener container commits the offsets after the listener returns (AckMode." +
            `${ack === undefined ? 'BATCH, the default' : ack.value.trim().toUpperCase()}); `) +
        (prefix === undefined && producer.some((s) => s.key === 'transactional.id')
          ? 'a transactional.id without spring.kafka.producer.transaction-id-prefix wires no KafkaTransactionManager ' +
            'into the container, so the offsets are committed apart from the output'
          : 'apart from the output'),
    };
  return {
    error: null,
    producer: producer.length > 0 ? producer : common,
    consumer: consumer.length > 0 ? consumer : common,
    streams,
    other,
    unknown,
    offsets,
  };
}

/** Whether a setting came from a `properties` map (its key is Kafka's, written as is). */
function isMapEntry(s: Setting): boolean {
  return s.written !== undefined && /(^|\.)properties(\.|\[)/i.test(s.written);
}
