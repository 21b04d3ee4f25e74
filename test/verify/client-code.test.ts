/**
 * A Kafka application configured in its code: the `put`/`setProperty` calls (and Kotlin's and Scala's map forms) of
 * ProducerConfig, ConsumerConfig and StreamsConfig keys are the application's settings, each from its line, told
 * apart as a .properties file's are (a Streams application, a producer, both clients in one file). A value the code
 * computes is refused where it decides the check, unless --set gives it.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { keyOf, readClientCode } from '../../verify/files/client-code.js';
import { verifyFiles } from '../../verify/verify.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/client-code';
const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

const verify = (...args: string[]) => verifyJson(...args, '--depth', '8');
const setting = settingOf;

describe('readClientCode: the client configuration a program builds', () => {
  test("Java's put and setProperty, constants and strings, StreamsConfig's prefixes, Map.of; comments skipped", () => {
    const code = [
      'props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "orders-" + instance);',
      'props.setProperty(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5");',
      'props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);',
      'props.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), 60_000);',
      'props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG,',
      '  IsolationLevel.READ_COMMITTED.toString().toLowerCase(Locale.ROOT));',
      '// props.put(ProducerConfig.ACKS_CONFIG, "1");',
      'Map<String, Object> c = Map.of(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, "group.id", "g");',
      'cache.put(user, profile);',
    ].join('\n');
    expect(readClientCode(code)).toEqual([
      { key: 'transactional.id', value: '"orders-" + instance', line: 1, computed: true },
      { key: 'max.in.flight.requests.per.connection', value: '5', line: 2 },
      { key: 'processing.guarantee', value: 'exactly_once_v2', line: 3 },
      { key: 'producer.transaction.timeout.ms', value: '60000', line: 4 },
      { key: 'isolation.level', value: 'read_committed', line: 5 },
      { key: 'enable.auto.commit', value: 'false', line: 8 },
      { key: 'group.id', value: 'g', line: 8 },
    ]);
  });

  test("Kotlin's `to` pairs and indexed assignment, Scala's `->` pairs", () => {
    const code = [
      'val p = mapOf(ProducerConfig.ACKS_CONFIG to "all",',
      '  ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG to true)',
      'props[ConsumerConfig.ISOLATION_LEVEL_CONFIG] = "read_committed"',
      'val s = Map(StreamsConfig.PROCESSING_GUARANTEE_CONFIG -> StreamsConfig.AT_LEAST_ONCE)',
    ].join('\n');
    expect(readClientCode(code)).toEqual([
      { key: 'acks', value: 'all', line: 1 },
      { key: 'enable.idempotence', value: 'true', line: 2 },
      { key: 'isolation.level', value: 'read_committed', line: 3 },
      { key: 'processing.guarantee', value: 'at_least_once', line: 4 },
    ]);
  });

  test('a product given as text, and the constants the file declares, read as the compiler reads them', () => {
    const code = [
      'private static final String GUARANTEE = StreamsConfig.EXACTLY_ONCE_V2;',
      'const val TXN_TIMEOUT = 60 * 1000',
      'props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, GUARANTEE);',
      'props.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 15 * 60 * 1000 + "");',
      'props[ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG] = TXN_TIMEOUT',
      'props.put(ProducerConfig.ACKS_CONFIG, acks);',
    ].join('\n');
    expect(readClientCode(code)).toEqual([
      { key: 'processing.guarantee', value: 'exactly_once_v2', line: 3 },
      { key: 'transaction.timeout.ms', value: '900000', line: 4 },
      { key: 'delivery.timeout.ms', value: '60000', line: 5 },
      { key: 'acks', value: 'acks', line: 6, computed: true },
    ]);
  });

  test("a constant's key: regular names, the irregular ones, and names no config class holds", () => {
    expect(
      [
        'ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG',
        'ProducerConfig.TRANSACTION_TIMEOUT_CONFIG',
        'ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION',
        'org.apache.kafka.clients.consumer.ConsumerConfig.GROUP_ID_CONFIG',
        'StreamsConfig.consumerPrefix(ConsumerConfig.MAX_POLL_RECORDS_CONFIG)',
        'MyConfig.ACKS_CONFIG',
        'ProducerConfig.ACKS_DOC',
      ].map(keyOf),
    ).toEqual([
      'enable.idempotence',
      'transaction.timeout.ms',
      'max.in.flight.requests.per.connection',
      'group.id',
      'consumer.max.poll.records',
      null,
      null,
    ]);
  });
});

describe("verify reads an application's configuration from its code", () => {
  test('a Streams application at exactly_once_v2: its guarantee and producer timeout from their lines', async () => {
    const { code, report } = await verify(`${dir}/StreamsApp.java`);
    expect(report.model).toBe('kafka-streams');
    expect(setting(report, 'processing.guarantee')).toMatchObject({
      value: 'exactly_once_v2',
      from: `${dir}/StreamsApp.java:14`,
    });
    expect(setting(report, 'transaction.timeout.ms')).toMatchObject({
      value: '60000',
      from: `${dir}/StreamsApp.java:15`,
    });
    expect([code, report.violations]).toEqual([0, []]);
  });

  test("a Streams application that sets no guarantee runs at Kafka Streams' at_least_once", async () => {
    const { code, report } = await verify(`${dir}/StreamsDefault.java`);
    expect(setting(report, 'processing.guarantee')).toMatchObject({ value: 'at_least_once', source: 'real default' });
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates', 'state-exactly-once']]);
  });

  test('a directory named with code and no configuration file: its code is the pipeline', async () => {
    const demo = 'test/fixtures/real/apache+kafka/streams-wordcount-demo';
    const { code, report } = await verify(demo);
    expect(report.model).toBe('kafka-streams');
    expect(setting(report, 'processing.guarantee')).toMatchObject({ value: 'at_least_once', source: 'real default' });
    expect(code).toBe(1);
  });

  test('both clients in one Kotlin file are one consume-transform-produce application', async () => {
    const { code, report } = await verify(`${dir}/Relay.kt`);
    expect(report.model).toBe('consume-transform-produce');
    expect(setting(report, 'commit.strategy')).toMatchObject({ value: 'transactional', how: 'derived' });
    expect(setting(report, 'enable.auto.commit')).toMatchObject({ value: 'false', from: `${dir}/Relay.kt:16` });
    expect([code, report.violations]).toEqual([0, []]);
  });

  test('a computed acks is refused, naming its line and what to give; --set gives it', async () => {
    const refused = await verify(`${dir}/ComputedAcks.java`);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/ComputedAcks.java:11: acks = acks: a value verify cannot read from the code (accepted: a ` +
        'literal, or a constant Kafka defines); give it with --set acks=VALUE\n',
    ]);
    const given = await verify(`${dir}/ComputedAcks.java`, '--set', 'acks=all');
    expect(setting(given.report, 'acks')).toMatchObject({ value: 'all', from: '--set' });
    expect(given.code).toBe(0);
  });

  test('code that configures no Kafka client and builds no Flink job is listed, and nothing is checked', () => {
    const r = verifyFiles(
      [{ path: 'Util.java', text: 'class Util { int twice(int x) { return 2 * x; } }' }],
      [],
      keysOf,
    );
    expect(r).toEqual({
      ok: false,
      error:
        'nothing to check: no Kafka transactional path (no transactional producer, Streams application or Kafka ' +
        'sink): code (Util.java): neither a Flink job (it names no StreamExecutionEnvironment, TableEnvironment ' +
        'nor KafkaSink) nor a Kafka client configuration (no put or setProperty of a ProducerConfig, ' +
        'ConsumerConfig or StreamsConfig key)',
    });
  });
});

describe("an application's code says whether its offsets go into the transaction", () => {
  const app = (loop: string) =>
    [
      'props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "copier-1");',
      'props.put(ConsumerConfig.GROUP_ID_CONFIG, "copier");',
      'props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);',
      'producer.beginTransaction();',
      loop,
      'producer.commitTransaction();',
    ].join('\n');
  const strategy = (loop: string) => {
    const r = verifyFiles([{ path: 'Copier.java', text: app(loop) }], [], keysOf);
    if (!r.ok) throw new Error(r.error);
    return new Map(r.value.pairs).get('commit.strategy');
  };

  test('sendOffsetsToTransaction: the offsets are in the transaction', () => {
    expect(strategy('producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());')).toBe('transactional');
  });

  test('the loop in a file of its own, configuring no client: its sendOffsetsToTransaction still counts', () => {
    const files = (loop: string) => [
      { path: 'Config.java', text: app('') },
      { path: 'Loop.java', text: `producer.beginTransaction();\n${loop}\nproducer.commitTransaction();` },
    ];
    const of = (loop: string) => {
      const r = verifyFiles(files(loop), [], keysOf);
      if (!r.ok) throw new Error(r.error);
      return new Map(r.value.pairs).get('commit.strategy');
    };
    expect(of('producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());')).toBe('transactional');
    expect(of('consumer.commitSync();')).toBe('process-then-commit');
  });

  test('no sendOffsetsToTransaction: a transactional.id alone leaves the offsets apart from the output', () => {
    expect(strategy('consumer.commitSync();')).toBe('process-then-commit');
    expect(strategy('// producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());')).toBe(
      'process-then-commit',
    );
  });
});
