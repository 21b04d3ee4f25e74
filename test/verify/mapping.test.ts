/**
 * How verify maps real keys to the model's: by the same name through the model's declared keys (a key a
 * model gains later maps with no change to verify), by translation where the names differ, with the
 * real systems' defaults and precedence (the downstream reader's isolation.level is the judged one;
 * --set beats every file), and every other key listed as ignored with why.
 */
import { describe, expect, test } from 'vitest';
import { catalog } from '../../catalog/index.js';
import { int, type Keys, oneOf } from '../../model/core/keys.js';
import { UNSTATED } from '../../verify/unstated.js';
import { type FileText, type Verified, verifyFiles as verifyConfig } from '../../verify/verify.js';

const keysOf = (model: string): Keys => catalog.get(model)!.open((e) => e.model.keys);

function verified(files: Record<string, string>, set: [string, string][] = [], keys = keysOf): Verified {
  const texts: FileText[] = Object.entries(files).map(([path, text]) => ({ path, text }));
  const r = verifyConfig(texts, set, keys);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const winners = (v: Verified): Record<string, string> => Object.fromEntries(v.winners.map((w) => [w.key, w.text]));
const how = (v: Verified, key: string): string | undefined => v.winners.find((w) => w.key === key)?.how;
const ignoredWhy = (v: Verified, key: string): string | undefined => v.ignored.find((i) => i.key === key)?.why;

describe('verify maps real keys to model keys', () => {
  test('a key a model declares later maps by its name, with no change to verify', () => {
    const files = {
      'producer.properties': 'transactional.id=t\nlinger.ms=5\n',
      'config.yaml': 'execution.checkpointing.interval: 20 s\nparallelism.default: 2\n',
    };
    const before = verified({ 'producer.properties': files['producer.properties'] });
    expect(ignoredWhy(before, 'linger.ms')).toBe('not modelled');
    const withLinger = (model: string): Keys => ({
      ...keysOf(model),
      lingerMs: int('linger.ms', { default: 0, min: 0, max: 1000, meaning: 'a key added later' }),
      parallelism: oneOf('parallelism.default', [1, 2], { default: 1, meaning: 'a key added later' }),
    });
    const after = verified({ 'producer.properties': files['producer.properties'] }, [], withLinger);
    expect(winners(after)['linger.ms']).toBe('5');
    expect(after.ignored.map((i) => i.key)).not.toContain('linger.ms');
    const flink = verified(
      { 'config.yaml': files['config.yaml'], 'sink.sql': "CREATE TABLE o (a INT) WITH ('connector' = 'kafka');" },
      [],
      withLinger,
    );
    expect(winners(flink)['parallelism.default']).toBe('2');
  });

  test('a producer without transactional.id, even beside a consumer, has nothing to check: what was found', () => {
    const r = verifyConfig(
      [
        { path: 'producer.properties', text: 'acks=1\n' },
        { path: 'consumer.properties', text: 'group.id=g\n' },
      ],
      [],
      keysOf,
    );
    expect(r).toEqual({
      ok: false,
      error:
        'nothing to check: no Kafka transactional path (no transactional producer, Streams application or Kafka ' +
        'sink): a producer without transactional.id (producer.properties); a consumer (consumer.properties)',
    });
  });

  test("the downstream reader's isolation.level (even its default) is the judged one; --set beats every file", () => {
    const files = {
      'input-consumer.properties': 'group.id=g\nisolation.level=read_committed\n',
      'producer.properties': 'transactional.id=t\n',
      'downstream-reader.properties': 'group.id=reports\n',
    };
    const v = verified(files);
    expect(v.parts.map((p) => p.role)).toEqual(['input consumer', 'producer', 'downstream reader']);
    // Nothing in a consumer's keys tells the application's own from a reader of its output: the name broke the tie.
    expect(v.parts[0]!.why).toBe("the input consumer by its file name (its keys are any consumer's)");
    // The input consumer's isolation.level reads the input, which holds no transactions here: not the judged one.
    expect(ignoredWhy(v, 'isolation.level')).toBe(
      "the application's input reader: eoscheck's input topics hold no transactions",
    );
    expect(winners(v)['isolation.level']).toBe('read_uncommitted');
    expect(how(v, 'isolation.level')).toBe('inherited');
    const s = verified(files, [['isolation.level', 'read_committed']]);
    expect(s.winners.find((w) => w.key === 'isolation.level')).toMatchObject({
      text: 'read_committed',
      where: '--set',
    });
  });

  test('one file with consumer and producer keys is a consume-transform-produce application', () => {
    const v = verified({ 'app.properties': 'group.id=g\ntransactional.id=t\nenable.auto.commit=false\nlinger.ms=1\n' });
    expect(v.parts.map((p) => p.role)).toEqual(['consume-transform-produce application']);
    expect(winners(v)).toMatchObject({ 'commit.strategy': 'transactional', 'enable.auto.commit': 'false' });
  });

  test("a key of another client is ignored as that client's", () => {
    const v = verified({ 'producer.properties': 'transactional.id=t\nmin.insync.replicas=2\n' });
    expect(ignoredWhy(v, 'min.insync.replicas')).toBe('a broker key: a producer ignores it');
    expect(v.model).toBe('kafka-txn');
  });

  test('Streams: prefixed client keys, the old name of exactly_once_v2, keys Streams sets itself', () => {
    const v = verified(
      {
        'streams.properties':
          'application.id=a\nprocessing.guarantee=exactly_once_beta\nproducer.transaction.timeout.ms=20000\n' +
          'consumer.isolation.level=read_uncommitted\n',
      },
      [['kafka.version', '3.9']],
    );
    expect(winners(v)).toMatchObject({ 'processing.guarantee': 'exactly_once_v2', 'transaction.timeout.ms': '20000' });
    expect(ignoredWhy(v, 'consumer.isolation.level')).toBe(
      'Kafka Streams sets its consumers to read_committed under exactly-once and leaves it otherwise',
    );
    const v1 = verified({ 'streams.properties': 'application.id=a\nprocessing.guarantee=exactly_once\n' });
    expect(v1.notes).toEqual([
      'streams.properties: processing.guarantee=exactly_once (EOS v1) is deprecated since Kafka 3.0 and removed in 4.0',
    ]);
  });

  test('Flink: legacy and renamed keys, durations, either case, a Kafka key in the Flink config', () => {
    const v = verified({
      'flink-conf.yaml':
        'execution.checkpointing.interval: 1 min\nhigh-availability: ZooKeeper\n' +
        'restart-strategy: FixedDelay\nrestart-strategy.fixed-delay.delay: 10 s\n' +
        'execution.checkpointing.mode: at_least_once\n' +
        'transaction.timeout.ms: 600000\n',
      'sink.sql':
        "CREATE TABLE o (a INT) WITH ('connector' = 'kafka', 'sink.semantic' = 'at-least-once', " +
        "'properties.transaction.timeout.ms' = '120000');",
    });
    expect(winners(v)).toMatchObject({
      'execution.checkpointing.interval': '60000',
      'high-availability.type': 'zookeeper',
      'restart-strategy.type': 'fixed-delay',
      'restart.delay.ms': '10000',
      'execution.checkpointing.mode': 'AT_LEAST_ONCE',
      'sink.delivery-guarantee': 'at-least-once',
      'transaction.timeout.ms': '120000',
    });
    expect(ignoredWhy(v, 'transaction.timeout.ms')).toBe(
      "a Kafka client key: Flink's configuration does not pass it to the Kafka connector (set it on the table as " +
        "'properties.transaction.timeout.ms')",
    );
  });

  test('exponential-delay with bounded attempts can give up: read, with the note on the operator', () => {
    const v = verified({
      'config.yaml':
        'execution.checkpointing.interval: 10 s\nrestart-strategy:\n  type: exponential-delay\n  exponential-delay:\n' +
        '    attempts-before-reset-backoff: 3\n    reset-backoff-threshold: 10 min\n',
    });
    expect(winners(v)).toMatchObject({
      'restart-strategy.exponential-delay.attempts-before-reset-backoff': '3',
      'restart-strategy.exponential-delay.reset-backoff-threshold': '600000',
    });
    expect(v.notes).toEqual([expect.stringMatching(/^restart-strategy.type=exponential-delay can give up on the job/)]);
  });

  test("a SQL SET of high-availability.* leaves the running cluster's to its config.yaml, with a note", () => {
    const sql = "SET 'high-availability.type' = 'zookeeper';\nSET 'execution.checkpointing.interval' = '10 s';\n";
    const v = verified({ 'config.yaml': 'high-availability:\n  type: kubernetes\n', 'job.sql': sql });
    expect(winners(v)).toMatchObject({
      'high-availability.type': 'kubernetes',
      'execution.checkpointing.interval': '10000',
    });
    expect(v.notes).toEqual([
      'high-availability.type: SET at job.sql:1 (zookeeper) does not change the running cluster; config.yaml:2 ' +
        '(kubernetes) holds',
    ]);
    // A cluster file silent on it runs without HA, Flink's default, whatever the session sets.
    const silent = verified({ 'config.yaml': 'parallelism.default: 1\n', 'job.sql': sql });
    expect(winners(silent)).toMatchObject({ 'high-availability.type': 'none' });
    expect(how(silent, 'high-availability.type')).toBe('inherited');
    expect(silent.notes).toEqual([
      'high-availability.type: SET at job.sql:1 (zookeeper) does not change the running cluster; config.yaml (none) ' +
        'holds',
    ]);
    // Without a cluster file the SET is all there is to read.
    expect(winners(verified({ 'job.sql': sql }))).toMatchObject({ 'high-availability.type': 'zookeeper' });
  });

  test('Flink checkpoint timing keys: min-pause and the aligned-checkpoint timeout are durations', () => {
    const v = verified({
      'config.yaml':
        'execution.checkpointing.interval: 2 s\nexecution.checkpointing.min-pause: 500 ms\n' +
        'execution.checkpointing.max-concurrent-checkpoints: 2\n' +
        'execution.checkpointing.alignment-timeout: 30 s\n',
    });
    expect(winners(v)).toMatchObject({
      'execution.checkpointing.min-pause': '500',
      'execution.checkpointing.max-concurrent-checkpoints': '2',
      'execution.checkpointing.aligned-checkpoint-timeout': '30000',
    });
  });

  test("a SQL table reading the sink's topic is a downstream reader; a broker file lifts the timeout cap", () => {
    const sql =
      "SET 'execution.checkpointing.interval' = '20 s';\n" +
      "CREATE TABLE o (a INT) WITH ('connector' = 'kafka', 'topic' = 'out', " +
      "'sink.delivery-guarantee' = 'exactly-once', " +
      "'sink.transactional-id-prefix' = 'p');\n" +
      "CREATE TABLE r (a INT) WITH ('connector' = 'kafka', 'topic' = 'out', " +
      "'scan.startup.mode' = 'earliest-offset');\n" +
      'INSERT INTO o SELECT a FROM src;';
    const refused = verifyConfig([{ path: 'job.sql', text: sql }], [], keysOf);
    expect(refused.ok).toBe(false);
    const v = verified({ 'job.sql': sql, 'server.properties': 'node.id=1\ntransaction.max.timeout.ms=3600000\n' });
    expect(v.parts.map((p) => p.role)).toEqual(['Kafka sink table', 'downstream reader table', 'Flink job', 'broker']);
    expect(winners(v)).toMatchObject({ 'isolation.level': 'read_uncommitted', 'transaction.timeout.ms': '3600000' });
    expect(how(v, 'transaction.timeout.ms')).toBe('inherited');
  });

  test("a source table's properties.auto.offset.reset (with group-offsets) is the model's key of that name", () => {
    const sql =
      "SET 'execution.checkpointing.interval' = '20 s';\n" +
      "CREATE TABLE src (a INT) WITH ('connector' = 'kafka', 'topic' = 'in', 'scan.startup.mode' = 'group-offsets', " +
      "'properties.auto.offset.reset' = 'earliest');\n" +
      "CREATE TABLE o (a INT) WITH ('connector' = 'kafka', 'topic' = 'out', " +
      "'sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'p', " +
      "'properties.transaction.timeout.ms' = '60000', " +
      "'properties.auto.offset.reset' = 'latest');\n" +
      'INSERT INTO o SELECT a FROM src;';
    const v = verified({ 'job.sql': sql });
    expect(winners(v)).toMatchObject({
      'scan.startup.mode': 'group-offsets',
      'properties.auto.offset.reset': 'earliest',
    });
    expect(v.winners.find((w) => w.key === 'properties.auto.offset.reset')?.where).toBe('job.sql:2');
    // The sink's producer reads no auto.offset.reset: its option is listed, not taken.
    expect(v.ignored.filter((i) => i.key === 'properties.auto.offset.reset').map((i) => i.why)).toEqual([
      'not modelled',
    ]);
  });

  test("a source table's scan.bounded.mode: a bounded mode is the model's end of input; a sink's is unread", () => {
    const job = (mode: string, sinkMode = '') =>
      "CREATE TABLE src (a INT) WITH ('connector' = 'kafka', 'topic' = 'in', " +
      `'scan.bounded.mode' = '${mode}');\n` +
      `CREATE TABLE o (a INT) WITH ('connector' = 'kafka', 'topic' = 'out'${sinkMode});\n` +
      'INSERT INTO o SELECT a FROM src;';
    const bounded = (mode: string) => {
      const v = verified({ 'job.sql': job(mode) });
      return [winners(v)['scan.bounded.mode'], v.winners.find((w) => w.key === 'scan.bounded.mode')?.why];
    };
    expect(bounded('UNBOUNDED')).toEqual(['unbounded', 'as written']);
    expect(bounded('specific-offsets')).toEqual(['specific-offsets', 'as written']);
    for (const mode of ['latest-offset', 'group-offsets', 'timestamp'])
      expect(bounded(mode)).toEqual([
        'specific-offsets',
        `${mode} bounds the source at the offsets it resolves when the job starts: the model's specific-offsets, an ` +
          'end after the last input record',
      ]);
    // The model holds one end for every bounded mode: the answer says which end it assumes for the mode written.
    const end = (mode: string) => verified({ 'job.sql': job(mode) }).notes.filter((n) => n.startsWith('job.sql'));
    expect(end('unbounded')).toEqual([]);
    expect(end('latest-offset')).toEqual([
      "job.sql:1: scan.bounded.mode=latest-offset is checked with the source ending after the model's last input " +
        "record (input.records), which assumes that end is the topic's end offsets when the job starts (every input " +
        'record written by then); an end before it, or a resubmitted job resolving another, is not modelled',
    ]);
    expect(end('group-offsets')[0]).toContain(
      "assumes that end is the group's committed offsets when the job starts (the group having committed every input " +
        'record)',
    );
    expect(end('timestamp')[0]).toContain('assumes that end is the offsets of scan.bounded.timestamp-millis');
    expect(end('specific-offsets')[0]).toContain(
      'assumes that end is the offsets scan.bounded.specific-offsets names (every input record before them)',
    );
    const sink = verified({ 'job.sql': job('unbounded', ", 'scan.bounded.mode' = 'latest-offset'") });
    expect(winners(sink)['scan.bounded.mode']).toBe('unbounded');
    expect(ignoredWhy(sink, 'scan.bounded.mode')).toBe(
      "bounds what a table reads: this table is not the job's Kafka input",
    );
  });

  test("a Flink config without the sink's properties: the timeout is KafkaSinkBuilder's, capped by the broker", () => {
    const conf = { 'config.yaml': 'execution.checkpointing.interval: 30 s\n' };
    const held = (v: Verified) => v.unstated.find((a) => a.key === 'transaction.timeout.ms');
    const pair = (v: Verified) => v.pairs.find(([k]) => k === 'transaction.timeout.ms')?.[1];
    // KafkaSinkBuilder's 1 hour is refused by a default broker (15 minutes): a job that starts has at most that.
    const atDefaultBroker = verified(conf);
    expect(held(atDefaultBroker)).toMatchObject({ kind: 'real', value: '900000' });
    expect(pair(atDefaultBroker)).toBe('900000');
    const why = (v: Verified): string => {
      const u = held(v);
      return u?.kind === 'real' ? u.why : '';
    };
    expect(why(atDefaultBroker)).toContain(
      'which a broker at transaction.max.timeout.ms=900000 (the broker default: no broker file sets it) refuses',
    );
    // A broker that allows more leaves the KafkaSink's own 1 hour; a broker file's smaller cap is the bound.
    const lifted = verified({ ...conf, 'server.properties': 'node.id=1\ntransaction.max.timeout.ms=3600000\n' });
    expect(pair(lifted)).toBe('3600000');
    expect(why(lifted)).not.toContain('refuses');
    const lowered = verified({ ...conf, 'server.properties': 'node.id=1\ntransaction.max.timeout.ms=300000\n' });
    expect(pair(lowered)).toBe('300000');
    // --set names the job's own value: nothing is held for it; the code's delivery guarantee is checked each way.
    const given = verified(conf, [['transaction.timeout.ms', '60000']]);
    expect([held(given), pair(given)]).toEqual([undefined, '60000']);
    expect(given.unstated.find((u) => u.key === 'sink.delivery-guarantee')).toMatchObject({
      kind: 'code',
      realDefault: 'none',
      values: ['none', 'at-least-once', 'exactly-once'],
    });
    // A sink stated to be at-least-once runs no transactions: no transaction timeout is read.
    const atLeastOnce = verified(conf, [['sink.delivery-guarantee', 'at-least-once']]);
    expect(pair(atLeastOnce)).toBeUndefined();
  });
});

describe("processing.guarantee as the Streams file spells it, at the file's release", () => {
  test('exactly_once_beta from 2.6 until 4.0, exactly_once_v2 from 3.0', () => {
    const file = (g: string) => [{ path: 'app.properties', text: `application.id=a\nprocessing.guarantee=${g}\n` }];
    const error = (g: string, version?: string): string | null => {
      const r = verifyConfig(file(g), version ? [['kafka.version', version]] : [], keysOf);
      return r.ok ? null : r.error;
    };
    // No release named: answered on 3.9, the latest that accepts it (test/verify/streams-code-release.test.ts).
    expect(error('exactly_once_beta')).toBeNull();
    expect(error('exactly_once_beta', '2.5')).toBe(
      'app.properties:2: processing.guarantee=exactly_once_beta needs Kafka Streams 2.6 or later (KIP-447), not 2.5',
    );
    expect([error('exactly_once_beta', '2.7'), error('exactly_once_beta', '3.9')]).toEqual([null, null]);
    expect(error('exactly_once_v2', '2.7')).toBe(
      "app.properties:2: processing.guarantee=exactly_once_v2 is EOS v2's name from Kafka Streams 3.0 (KIP-732); " +
        'kafka.version=2.7 calls it exactly_once_beta',
    );
    expect([error('exactly_once_v2', '3.5'), error('exactly_once_v2')]).toEqual([null, null]);
    // --set speaks the model's names: its exactly_once_v2 is EOS v2 at any release that has it.
    const set = verifyConfig(file('exactly_once_beta'), [['processing.guarantee', 'exactly_once_v2']], keysOf);
    expect(set.ok).toBe(true);
  });
});

describe('a broker file that replicates is judged through a broker failure', () => {
  test('default.replication.factor above 1 derives faults.broker=1; 1 derives none; --set beats it', () => {
    const producer = 'transactional.id=t\nacks=all\n';
    const replicated = verified({ 'p.properties': producer, 'server.properties': 'default.replication.factor=3\n' });
    expect(winners(replicated)).toMatchObject({ 'replication.factor': '3', 'faults.broker': '1' });
    expect(how(replicated, 'faults.broker')).toBe('derived');
    const single = verified({ 'p.properties': producer, 'server.properties': 'default.replication.factor=1\n' });
    expect(winners(single)['faults.broker']).toBeUndefined();
    const off = verified({ 'p.properties': producer, 'server.properties': 'default.replication.factor=2\n' }, [
      ['faults.broker', '0'],
    ]);
    expect(winners(off)['faults.broker']).toBe('0');
  });
});

describe('the replication keys kafka-txn declares', () => {
  test('acks (with -1 read as all), the broker default replication factor and min.insync.replicas', () => {
    const v = verified(
      {
        'producer.properties': 'transactional.id=t\nacks=-1\n',
        'server.properties': 'node.id=1\ndefault.replication.factor=3\nmin.insync.replicas=2\n',
      },
      [],
      keysOf,
    );
    expect(winners(v)).toMatchObject({ acks: 'all', 'replication.factor': '3', 'min.insync.replicas': '2' });
    expect(ignoredWhy(v, 'min.insync.replicas')).toBeUndefined();
    // acks is a model key of its own: only transactional.id is read for what it decides.
    expect(v.used.map((u) => u.key)).toEqual(['transactional.id']);
  });
});

describe('a key no file sets', () => {
  test("every key of every model verify picks whose real default differs from eoscheck's has its rule", () => {
    const models = ['kafka-txn', 'consume-transform-produce', 'kafka-streams', 'flink-kafka'];
    const differing = models.flatMap((m) =>
      Object.values(keysOf(m))
        .filter((k) => k.realDefault !== undefined)
        .map((k) => k.name),
    );
    expect(differing.filter((name) => UNSTATED[name] === undefined)).toEqual([]);
    expect(differing.length).toBeGreaterThan(10);
  });
});
