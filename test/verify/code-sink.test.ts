/**
 * A KafkaSink built in the job's code: with the code among the files, its KafkaSinkBuilder calls are the sink's
 * keys (setDeliveryGuarantee, setTransactionalIdPrefix, setTransactionNamingStrategy, the producer's
 * transaction.timeout.ms), each from its file and line; a builder that sets no guarantee is KafkaSinkBuilder's
 * DeliveryGuarantee.NONE, a real default and no longer a value crossed over every guarantee; EXACTLY_ONCE with no
 * prefix is refused as KafkaSinkBuilder.sanityCheck refuses it.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import type { Keys } from '../../model/core/keys.js';
import { readJobCode } from '../../verify/files/job-code.js';
import { verifyFiles } from '../../verify/verify.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/job-code';
const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

const verify = verifyJson;
const setting = settingOf;

describe('readJobCode: the KafkaSink a job builds', () => {
  test('Java: the builder, its guarantee, prefix, naming strategy and the producer timeout, by line', () => {
    const code = [
      'Properties p = new Properties();',
      'p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, String.valueOf(15 * 60 * 1000));',
      'KafkaSink<String> sink = KafkaSink.<String>builder()',
      '    .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)',
      '    .setTransactionalIdPrefix("orders-\\"v2\\"")',
      '    .setTransactionNamingStrategy(TransactionNamingStrategy.POOLING)',
      '    .setProperty("transaction.timeout.ms", "600000")',
      '    .setProperty("acks", "all")',
      '    // .setDeliveryGuarantee(DeliveryGuarantee.NONE)',
      '    .build();',
    ].join('\n');
    expect(readJobCode(code)).toEqual({
      flink: true,
      settings: [
        { key: 'setProperty transaction.timeout.ms', value: '900000', line: 2 },
        { key: 'KafkaSink.builder', value: '', line: 3 },
        { key: 'setDeliveryGuarantee', value: 'EXACTLY_ONCE', line: 4 },
        { key: 'setTransactionalIdPrefix', value: '"orders-\\"v2\\""', line: 5 },
        { key: 'setTransactionNamingStrategy', value: 'POOLING', line: 6 },
        { key: 'setProperty transaction.timeout.ms', value: '600000', line: 7 },
      ],
    });
  });

  test("Scala's builder[T], 3.x's deprecated setDeliverGuarantee, and values the code computes kept as written", () => {
    const code = [
      'val sink = KafkaSink.builder[String]()',
      '  .setDeliverGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)',
      '  .setDeliveryGuarantee(guarantee)',
      '  .setTransactionalIdPrefix(prefix)',
      '  .setProperty(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, timeout)',
    ].join('\n');
    expect(readJobCode(code).settings).toEqual([
      { key: 'KafkaSink.builder', value: '', line: 1 },
      { key: 'setDeliveryGuarantee', value: 'AT_LEAST_ONCE', line: 2 },
      { key: 'setDeliveryGuarantee', value: 'guarantee', line: 3 },
      { key: 'setTransactionalIdPrefix', value: 'prefix', line: 4 },
      { key: 'setProperty transaction.timeout.ms', value: 'timeout', line: 5 },
    ]);
  });
  test("the producer's timeout in a Scala or Kotlin map the sink is given (setKafkaProducerConfig)", () => {
    const code = [
      'val producerConfig = Map("transaction.timeout.ms" -> "60000", "client.id.prefix" -> "cdc")',
      'val sink = KafkaSink.builder[String]().setKafkaProducerConfig(producerConfig).build()',
      'val props = mapOf(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG to 120_000)',
    ].join('\n');
    expect(readJobCode(code).settings).toEqual([
      { key: 'setProperty transaction.timeout.ms', value: '60000', line: 1 },
      { key: 'KafkaSink.builder', value: '', line: 2 },
      { key: 'setProperty transaction.timeout.ms', value: '120000', line: 3 },
    ]);
  });

  test('a timeout given as text (`N * M + ""`) and the constants the file declares, as the compiler reads them', () => {
    const code = [
      'private static final String PREFIX = "orders-";',
      'private static final long INTERVAL = 10 * 1000L;',
      'env.enableCheckpointing(INTERVAL);',
      'KafkaSink.<String>builder()',
      '  .setTransactionalIdPrefix(PREFIX)',
      '  .setProperty(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 15 * 60 * 1000 + "")',
      '  .setProperty("transaction.timeout.ms", "" + 600000)',
      '  .setProperty("transaction.timeout.ms", 15 * 60 * 1000 + "" + suffix)',
    ].join('\n');
    expect(readJobCode(code).settings).toEqual([
      { key: 'enableCheckpointing', value: '10000', line: 3 },
      { key: 'KafkaSink.builder', value: '', line: 4 },
      { key: 'setTransactionalIdPrefix', value: '"orders-"', line: 5 },
      { key: 'setProperty transaction.timeout.ms', value: '900000', line: 6 },
      { key: 'setProperty transaction.timeout.ms', value: '600000', line: 7 },
      { key: 'setProperty transaction.timeout.ms', value: '15 * 60 * 1000 + "" + suffix', line: 8 },
    ]);
  });
});

describe("verify reads the sink the job's code builds", () => {
  test('exactly-once with a prefix and checkpoints: each key from its line, nothing left to the code', async () => {
    const { code, report } = await verify(`${dir}/sink-exactly-once/Job.java`);
    const at = (line: number) => `${dir}/sink-exactly-once/Job.java:${line}`;
    expect(setting(report, 'sink.delivery-guarantee')).toMatchObject({ value: 'exactly-once', from: at(20) });
    expect(setting(report, 'sink.transactional-id-prefix')).toMatchObject({ value: 'orders-job', from: at(21) });
    expect(setting(report, 'transaction.timeout.ms')).toMatchObject({ value: '900000', from: at(15) });
    expect(setting(report, 'execution.checkpointing.interval')).toMatchObject({ value: '10000', from: at(13) });
    expect(report.dependsOnCode).toEqual([]);
    expect(report.combinations).toBeUndefined();
    expect([code, report.violations]).toEqual([0, []]);
  });

  test("a builder with no setDeliveryGuarantee is KafkaSinkBuilder's NONE, the real default", async () => {
    const { code, report } = await verify(`${dir}/sink-default/Job.java`);
    expect(setting(report, 'sink.delivery-guarantee')).toMatchObject({
      value: 'none',
      source: 'real default',
      why:
        `the job's code builds its KafkaSink at ${dir}/sink-default/Job.java:13 and calls no setDeliveryGuarantee: ` +
        "KafkaSinkBuilder's default is DeliveryGuarantee.NONE",
    });
    expect(report.dependsOnCode).toEqual([]);
    expect([code, report.violations.map((v) => v.invariant)]).toEqual([1, ['no-duplicates', 'no-loss']]);
  });

  test('EXACTLY_ONCE without a prefix is refused, as KafkaSinkBuilder.sanityCheck refuses it', async () => {
    const r = await verify(`${dir}/sink-no-prefix/Job.scala`);
    expect([r.code, r.stderr]).toEqual([
      2,
      `eoscheck: ${dir}/sink-no-prefix/Job.scala:14: Flink refuses this sink: EXACTLY_ONCE delivery guarantee ` +
        'requires a transactionalIdPrefix to be set (KafkaSinkBuilder.sanityCheck): call setTransactionalIdPrefix, ' +
        'or give the prefix another file sets with --set sink.transactional-id-prefix=PREFIX\n',
    ]);
  });

  const computed = [
    'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();',
    'env.enableCheckpointing(10_000);',
    'KafkaSink.<String>builder().setDeliveryGuarantee(guarantee).setTransactionalIdPrefix(prefix).build();',
  ].join('\n');

  test('a computed guarantee is refused, naming the call; --set gives it; a computed prefix is noted', () => {
    const refused = verifyFiles([{ path: 'Job.java', text: computed }], [], keysOf);
    expect(refused).toEqual({
      ok: false,
      error:
        'Job.java:3: KafkaSinkBuilder.setDeliveryGuarantee(guarantee): a value verify cannot read from the code ' +
        '(accepted: DeliveryGuarantee.X); give it with --set sink.delivery-guarantee=...',
    });
    const given = verifyFiles(
      [{ path: 'Job.java', text: computed }],
      [['sink.delivery-guarantee', 'exactly-once']],
      keysOf,
    );
    if (!given.ok) throw new Error(given.error);
    expect(Object.fromEntries(given.value.pairs)).toMatchObject({ 'sink.delivery-guarantee': 'exactly-once' });
    expect(given.value.unstated.filter((u) => u.kind === 'code')).toEqual([]);
    expect(given.value.ignored).toEqual([
      {
        file: 'Job.java',
        line: 3,
        key: 'setDeliveryGuarantee',
        why: 'KafkaSinkBuilder.setDeliveryGuarantee(guarantee): --set gives sink.delivery-guarantee',
      },
      {
        file: 'Job.java',
        line: 3,
        key: 'setTransactionalIdPrefix',
        why: "a prefix the code computes: one job's check decides nothing on its text (two jobs must not share it)",
      },
    ]);
  });

  const sinkOnly = [
    'public class Sinks {',
    '  static KafkaSink<String> sink() {',
    '    return KafkaSink.<String>builder().setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)',
    '      .setTransactionalIdPrefix("orders-").build();',
    '  }',
    '}',
  ].join('\n');

  test("a file that only builds the sink says nothing of checkpoints: the job's code's, checked off and on", () => {
    const r = verifyFiles([{ path: 'Sinks.java', text: sinkOnly }], [], keysOf);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.unstated.filter((u) => u.kind === 'code').map((u) => [u.key, u.values])).toEqual([
      ['checkpointing.enabled', ['false', 'true']],
    ]);
    // With the file that makes the environment and calls no enableCheckpointing, Flink's default is the answer.
    const job = 'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();';
    const both = verifyFiles(
      [
        { path: 'Sinks.java', text: sinkOnly },
        { path: 'Job.java', text: job },
      ],
      [],
      keysOf,
    );
    if (!both.ok) throw new Error(both.error);
    expect(both.value.unstated.filter((u) => u.kind === 'code')).toEqual([]);
    expect(both.value.unstated.find((u) => u.key === 'checkpointing.enabled')).toMatchObject({
      kind: 'real',
      value: 'false',
    });
  });

  test('a prefix made of the clock or a UUID changes with every run: a note says what a restart leaves behind', () => {
    const text = (prefix: string) =>
      [
        'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();',
        'env.enableCheckpointing(10_000);',
        'KafkaSink.<String>builder().setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)',
        `  .setTransactionalIdPrefix(${prefix}).build();`,
      ].join('\n');
    const notes = (prefix: string): string[] => {
      const r = verifyFiles([{ path: 'Job.java', text: text(prefix) }], [], keysOf);
      if (!r.ok) throw new Error(r.error);
      return r.value.notes.filter((n) => n.includes('prefix'));
    };
    expect(notes('"orders-" + System.currentTimeMillis()')).toEqual([
      'Job.java:4: the transactional-id prefix "orders-" + System.currentTimeMillis() changes with every run: a ' +
        "restarted job does not abort the previous run's lingering transactions, and read_committed readers wait " +
        'on them until transaction.timeout.ms (KafkaSinkBuilder.setTransactionalIdPrefix: keep the prefix stable)',
    ]);
    expect(notes('"orders-" + jobName')).toEqual([]);
  });

  test('the legacy FlinkKafkaProducer is named as not modelled, with a note on what the answer stands for', () => {
    const legacy = [
      'StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();',
      'env.enableCheckpointing(10_000);',
      'stream.addSink(new FlinkKafkaProducer<>("out", schema, props, FlinkKafkaProducer.Semantic.EXACTLY_ONCE));',
    ].join('\n');
    const r = verifyFiles([{ path: 'Job.java', text: legacy }], [], keysOf);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.ignored).toEqual([
      {
        file: 'Job.java',
        line: 3,
        key: 'FlinkKafkaProducer',
        why: 'the legacy Kafka sink: not modelled (verify models the KafkaSink)',
      },
    ]);
    expect(r.value.notes).toContain(
      'Job.java:3: a FlinkKafkaProducer, the legacy sink (deprecated in Flink 1.15, removed in flink-connector-kafka ' +
        '4.0): verify models the KafkaSink, so its answer is what a KafkaSink would do',
    );
  });
});
