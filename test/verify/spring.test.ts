/**
 * A Spring Boot configuration (`application.yml`, `application.properties`): its `spring.kafka.*` keys are the
 * Kafka clients Spring builds, and Spring's own defaults (the listener container's offset commits,
 * enable.auto.commit=false) stand where the file says nothing.
 */
import { describe, expect, test } from 'vitest';
import { readSpringKafka, springDurationMs } from '../../verify/files/spring.js';
import { settingOf, verifyJson } from './answer.js';

const dir = 'test/fixtures/verify/spring';
const verify = (...args: string[]) => verifyJson(...args, '--depth', '8');
/** A Spring placeholder with its default, as a file writes it. */
const placeholder = ['$', '{GUARANTEE:exactly_once_v2}'].join('');
const at = (key: string, value: string, line: number) => ({ key, value, line });

describe('readSpringKafka: the clients Spring Boot builds from spring.kafka.*', () => {
  test("relaxed names, a client's map over its fields over the common keys, durations and isolation levels", () => {
    const r = readSpringKafka([
      at('spring.kafka.properties.acks', '1', 1),
      at('spring.kafka.producer.acks', 'all', 2),
      at('spring.kafka.producer.properties[acks]', '-1', 3),
      at('spring.kafka.producer.transactionIdPrefix', 'tx-', 4),
      at('spring.kafka.consumer.auto_commit_interval', '2s', 5),
      at('spring.kafka.consumer.isolation-level', 'READ_COMMITTED', 6),
      at('spring.kafka.consumer.group-id', 'g', 7),
      at('spring.kafka.listener.concurrency', '3', 8),
      at('spring.kafka.producer.enable-idempotence', 'false', 9),
      at('spring.kafka.producer.ssl.key-store-location', 'ks.jks', 10),
    ]);
    if (r.error !== null) throw new Error(r.error);
    expect(r.producer.map((s) => [s.key, s.value, s.line])).toEqual([
      ['transactional.id', 'tx-', 4],
      ['acks', '-1', 3],
    ]);
    expect(r.consumer.map((s) => [s.key, s.value, s.line])).toEqual([
      ['acks', '1', 1],
      ['auto.commit.interval.ms', '2000', 5],
      ['isolation.level', 'read_committed', 6],
      ['group.id', 'g', 7],
    ]);
    expect(r.other.map((s) => s.key)).toEqual([
      'spring.kafka.listener.concurrency',
      'spring.kafka.producer.ssl.key-store-location',
    ]);
    // No KafkaProperties field: Spring Boot binds ignoring it, so the producer never sees it.
    expect(r.unknown.map((s) => s.key)).toEqual(['spring.kafka.producer.enable-idempotence']);
    expect(r.offsets.how).toBe('transaction');
  });

  test("a placeholder is resolved at start: computed; the Streams id falls back to the app's name", () => {
    const r = readSpringKafka([
      at('spring.application.name', 'clicks', 1),
      at('spring.kafka.streams.properties.processing.guarantee', placeholder, 2),
    ]);
    if (r.error !== null) throw new Error(r.error);
    expect(r.streams).toEqual([
      {
        key: 'processing.guarantee',
        value: placeholder,
        line: 2,
        written: 'spring.kafka.streams.properties.processing.guarantee',
        computed: true,
      },
      { key: 'application.id', value: 'clicks', line: 1, written: 'spring.application.name' },
    ]);
  });

  test('how the listener container commits: in the transaction, on the timer, or after the listener', () => {
    const how = (...s: ReturnType<typeof at>[]) => {
      const r = readSpringKafka([at('spring.kafka.consumer.group-id', 'g', 9), ...s]);
      return r.error !== null ? r.error : r.offsets.how;
    };
    expect(how(at('spring.kafka.producer.transaction-id-prefix', 'tx-', 1))).toBe('transaction');
    expect(
      how(
        at('spring.kafka.producer.transaction-id-prefix', 'tx-', 1),
        at('spring.kafka.consumer.enable-auto-commit', 'true', 2),
      ),
    ).toBe('transaction');
    expect(how(at('spring.kafka.consumer.enable-auto-commit', 'true', 2))).toBe('none');
    expect(how(at('spring.kafka.producer.properties.transactional.id', 'tx', 1))).toBe('consumer');
    expect(how(at('spring.kafka.listener.ack-mode', 'manual_immediate', 3))).toBe('consumer');
    expect(
      how(at('spring.kafka.listener.ack-mode', 'MANUAL', 3), at('spring.kafka.consumer.enable-auto-commit', 'true', 2)),
    ).toMatch(
      /ack-mode=MANUAL \(line 3\) with enable.auto.commit=true \(line 2\): Spring's listener container refuses it/,
    );
  });

  test("Spring Boot's Duration texts", () => {
    expect(['500', '500ms', '2s', '1m', 'PT1M30S', 'P1D', 'PT', 'soon'].map(springDurationMs)).toEqual([
      500,
      500,
      2000,
      60_000,
      90_000,
      86_400_000,
      null,
      null,
    ]);
  });
});

describe('verify reads a Spring Boot application', () => {
  test('a transaction-id-prefix with a listener: output and offsets in one transaction', async () => {
    const { code, report } = await verify(`${dir}/transactional`);
    expect(code).toBe(0);
    expect(report.model).toBe('consume-transform-produce');
    expect(report.files.map((f) => [f.role, f.detail])).toEqual([
      ['consume-transform-produce application', 'Spring Boot spring.kafka.*'],
      ['not modelled', 'Spring Boot settings'],
    ]);
    expect(settingOf(report, 'commit.strategy')).toMatchObject({ value: 'transactional', how: 'derived' });
    expect(settingOf(report, 'commit.strategy')?.why).toMatch(
      /transaction-id-prefix makes Spring Boot wire a KafkaTransactionManager/,
    );
    expect(settingOf(report, 'enable.auto.commit')).toMatchObject({ value: 'false', source: 'real default' });
    expect(report.ignoredDetail.map((i) => i.key)).toContain('spring.kafka.consumer.isolation-level');
  });

  test('a transactional.id without the prefix wires no transaction manager: offsets apart, duplicates', async () => {
    const { code, report } = await verify(`${dir}/no-manager`);
    expect(code).toBe(1);
    expect(report.violations.map((v) => v.invariant)).toEqual(['no-duplicates']);
    expect(settingOf(report, 'commit.strategy')).toMatchObject({ value: 'process-then-commit', how: 'derived' });
    expect(settingOf(report, 'enable.auto.commit')).toMatchObject({
      value: 'false',
      from: `${dir}/no-manager/application.properties:3`,
      why: 'as spring.kafka.consumer.enable_auto_commit',
    });
  });

  test("a Spring consumer of its own is the output's reader, its isolation-level read as Kafka's", async () => {
    const { code, report } = await verify(
      `${dir}/reader/app/application.yml`,
      `${dir}/reader/downstream/application.yml`,
    );
    expect(code).toBe(1);
    expect(report.violations.map((v) => v.invariant).sort()).toEqual(['no-aborted-read', 'no-duplicates']);
    expect(settingOf(report, 'isolation.level')).toMatchObject({ value: 'read_uncommitted', how: 'set' });
  });

  test('spring.kafka.streams: a Streams application named by spring.application.name, at its guarantee', async () => {
    const eos = await verify(`${dir}/streams`);
    expect(eos.code).toBe(0);
    expect(eos.report.model).toBe('kafka-streams');
    expect(settingOf(eos.report, 'processing.guarantee')).toMatchObject({ value: 'exactly_once_v2', how: 'set' });
    const alos = await verify(`${dir}/streams-default`);
    expect(alos.code).toBe(1);
    expect(settingOf(alos.report, 'processing.guarantee')).toMatchObject({ value: 'at_least_once', how: 'inherited' });
    expect(alos.report.violations.map((v) => v.invariant).sort()).toEqual(['no-duplicates', 'state-exactly-once']);
  });

  test("a profile's document is listed, not merged: the verdict is the one for no profile", async () => {
    const { code, report } = await verify(`${dir}/profiles`);
    expect(code).toBe(0);
    expect(report.files.map((f) => f.detail)).toEqual([
      'Spring Boot spring.kafka.*',
      'the document for profile local (line 11)',
    ]);
    expect(settingOf(report, 'enable.auto.commit')).toMatchObject({ value: 'false', source: 'real default' });
  });

  test("application.properties' #--- documents: a profile's or a cloud platform's is listed, not merged", async () => {
    const profiles = await verify(`${dir}/properties-profiles`);
    expect(profiles.code).toBe(0);
    expect(profiles.report.files.map((f) => f.detail)).toEqual([
      'Spring Boot spring.kafka.*',
      'the document for profile local (line 5)',
    ]);
    expect(settingOf(profiles.report, 'commit.strategy')).toMatchObject({ value: 'transactional' });
    expect(settingOf(profiles.report, 'enable.auto.commit')).toMatchObject({ value: 'false', source: 'real default' });
    // The #--- after a comment line is a comment: its key stays in the first document; the !--- one splits.
    const cloud = await verify(`${dir}/properties-cloud`);
    expect(cloud.code).toBe(0);
    expect(cloud.report.files.map((f) => f.detail)).toEqual([
      'Spring Boot spring.kafka.*',
      'the document for cloud platform kubernetes (line 7)',
    ]);
  });

  test('what Spring refuses, a placeholder no file resolves, Spring Cloud Stream: one line each', async () => {
    const refused = await verify(`${dir}/manual-auto`);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `eoscheck: ${dir}/manual-auto/application.yml: spring.kafka.listener.ack-mode=manual (line 4) with ` +
        'enable.auto.commit=true (line 7): Spring\'s listener container refuses it ("Consumer cannot be configured ' +
        'for auto commit for ackMode MANUAL")',
    );
    const placeholder = await verify(`${dir}/placeholder`);
    expect(placeholder.code).toBe(2);
    expect(placeholder.stderr).toMatch(
      new RegExp(
        'application.yml:5: spring.kafka.consumer.enable-auto-commit = \\$\\{KAFKA_AUTO_COMMIT:false\\}: ' +
          'a placeholder Spring resolves .* --set enable.auto.commit=VALUE',
      ),
    );
    const given = await verify(`${dir}/placeholder`, '--set', 'enable.auto.commit=true');
    expect(given.code).toBe(1);
    expect(settingOf(given.report, 'enable.auto.commit')).toMatchObject({ value: 'true' });
    const cloud = await verify(`${dir}/cloud-stream`);
    expect(cloud.code).toBe(2);
    expect(cloud.stderr).toMatch(/a Spring Cloud Stream configuration .*: not modelled/);
  });
});
