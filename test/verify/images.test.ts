/** The Kafka or Flink release a Docker image reference names (verify/files/images.ts). */
import { describe, expect, test } from 'vitest';
import { isKafkaVersion } from '../../model/kafka/releases.js';
import {
  CONFLUENT_PLATFORM_KAFKA,
  type ImageVersion,
  parseImageReference,
  readImageRelease,
} from '../../verify/files/images.js';

describe('parseImageReference', () => {
  test.each([
    ['apache/kafka:3.8.0', null, 'apache/kafka', '3.8.0', null],
    ['flink:1.20', null, 'library/flink', '1.20', null],
    ['docker.io/library/flink:1.20', 'docker.io', 'library/flink', '1.20', null],
    ['quay.io/strimzi/kafka:0.45.0-kafka-3.9.0', 'quay.io', 'strimzi/kafka', '0.45.0-kafka-3.9.0', null],
    ['localhost:5000/apache/kafka:3.8.0', 'localhost:5000', 'apache/kafka', '3.8.0', null],
    ['localhost/apache/kafka', 'localhost', 'apache/kafka', null, null],
    [`apache/kafka:3.8.0@sha256:${'a'.repeat(64)}`, null, 'apache/kafka', '3.8.0', `sha256:${'a'.repeat(64)}`],
    [`apache/kafka@sha256:${'b'.repeat(64)}`, null, 'apache/kafka', null, `sha256:${'b'.repeat(64)}`],
  ])('%s', (ref, registry, repository, tag, digest) => {
    expect(parseImageReference(ref)).toEqual({ registry, repository, tag, digest });
  });

  test.each(['', 'Apache/Kafka:3.8.0', 'apache/kafka:', 'apache/kafka@sha256:xyz', 'apache kafka', '/kafka'])(
    'not a reference: %j',
    (ref) => {
      expect(parseImageReference(ref)).toBeNull();
    },
  );
});

describe('Kafka images', () => {
  test.each([
    ['apache/kafka:3.8.0', '3.8.0', 'apache/kafka:3.8.0 is Kafka 3.8.0'],
    ['apache/kafka-native:3.8.0', '3.8.0', 'apache/kafka-native:3.8.0 is Kafka 3.8.0'],
    ['docker.io/apache/kafka:4.0.1', '4.0.1', 'apache/kafka:4.0.1 is Kafka 4.0.1'],
    [`apache/kafka:3.9.1@sha256:${'c'.repeat(64)}`, '3.9.1', 'apache/kafka:3.9.1 is Kafka 3.9.1'],
    ['bitnami/kafka:3.7', '3.7', "bitnami/kafka:3.7 follows Kafka 3.7's latest patch release"],
    [
      'bitnami/kafka:3.7.0-debian-12-r0',
      '3.7.0',
      "bitnami/kafka:3.7.0-debian-12-r0 is Kafka 3.7.0 (-debian-12-r0: Bitnami's base image and revision)",
    ],
    ['public.ecr.aws/bitnami/kafka:3.6.1', '3.6.1', 'bitnami/kafka:3.6.1 is Kafka 3.6.1'],
    [
      'confluentinc/cp-kafka:7.6.1',
      '3.6',
      "Confluent Platform 7.6 ships Kafka 3.6 (7.6.1's patch number is Confluent's own, not Kafka's: only the line " +
        'is read)',
    ],
    [
      'confluentinc/cp-server:7.6.1',
      '3.6',
      "Confluent Platform 7.6 ships Kafka 3.6 in Confluent Server, Confluent's broker built on it (7.6.1's patch " +
        "number is Confluent's own, not Kafka's: only the line is read)",
    ],
    [
      'confluentinc/cp-kafka:7.4.0-1-ubi8',
      '3.4',
      "Confluent Platform 7.4 ships Kafka 3.4 (7.4.0's patch number is Confluent's own, not Kafka's: only the line " +
        'is read)',
    ],
    ['quay.io/strimzi/kafka:0.45.0-kafka-3.9.0', '3.9.0', "Strimzi 0.45.0's image of Kafka 3.9.0"],
    ['wurstmeister/kafka:2.13-2.8.1', '2.8.1', 'wurstmeister/kafka:2.13-2.8.1 is Kafka 2.8.1 for Scala 2.13'],
  ])('%s -> Kafka %s', (ref, version, how) => {
    const r = readImageRelease(ref);
    expect(r).toEqual<ImageVersion>({ system: 'kafka', version, how });
    expect(isKafkaVersion(r.version)).toBe(true);
  });

  test('every Confluent Platform line maps to a Kafka line kafka.version takes, CP 5.4 to 8.1', () => {
    const lines = Object.entries(CONFLUENT_PLATFORM_KAFKA);
    expect(lines.map(([cp]) => cp)).toEqual([
      ...['5.4', '5.5', '6.0', '6.1', '6.2', '7.0', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.7', '7.8', '7.9'],
      ...['8.0', '8.1'],
    ]);
    for (const [cp, kafka] of lines)
      expect([cp, readImageRelease(`confluentinc/cp-kafka:${cp}.0`).version]).toEqual([cp, kafka]);
    expect(lines.every(([, kafka]) => isKafkaVersion(kafka))).toBe(true);
  });
});

describe('Flink images', () => {
  test.each([
    ['flink:1.18.1-scala_2.12-java11', '1.18.1', 'flink:1.18.1-scala_2.12-java11 is Flink 1.18.1'],
    ['flink:1.20', '1.20', "flink:1.20 is Flink 1.20 (its line's latest patch release)"],
    ['docker.io/library/flink:1.19.1', '1.19.1', 'flink:1.19.1 is Flink 1.19.1'],
    ['apache/flink:2.0.0-java17', '2.0.0', 'apache/flink:2.0.0-java17 is Flink 2.0.0'],
    [
      'cnfldemos/flink-kafka:1.19.1-scala_2.12-java17',
      '1.19.1',
      "cnfldemos/flink-kafka:1.19.1-scala_2.12-java17 is Confluent's demo image of Flink 1.19.1",
    ],
  ])('%s -> Flink %s', (ref, version, how) => {
    expect(readImageRelease(ref)).toEqual<ImageVersion>({ system: 'flink', version, how });
  });
});

describe('a reference that names no release: a null version and why', () => {
  test.each([
    ['apache/kafka:latest', 'kafka', 'apache/kafka:latest names no release: it moves to each new one'],
    ['apache/kafka', 'kafka', 'apache/kafka has no tag, so Docker pulls latest, which names no release'],
    [`flink@sha256:${'d'.repeat(64)}`, 'flink', 'flink is pinned by digest alone, which names no release'],
    [
      'flink:scala_2.12-java11',
      'flink',
      'flink:scala_2.12-java11 names no Flink release (a tag without one follows the newest)',
    ],
    ['apache/kafka:3.9.0-rc0', 'kafka', 'apache/kafka:3.9.0-rc0 names no Kafka release'],
    [
      'apache/kafka:2.3.1',
      'kafka',
      'apache/kafka:2.3.1 is Kafka 2.3.1, which kafka.version does not take (every release from 2.4 to 4.1, as X.Y ' +
        'or X.Y.Z)',
    ],
    [
      'confluentinc/cp-kafka:5.3.1',
      'kafka',
      'confluentinc/cp-kafka:5.3.1: Confluent Platform 5.3 is not one mapped here (5.4 to 8.1, Kafka 2.4 to 4.1)',
    ],
    ['someone/flink:1.18', null, expect.stringContaining('someone/flink is not an image known here (apache/kafka,')],
    ['postgres:16', null, expect.stringContaining('postgres is not an image known here')],
    ['not an image', null, "'not an image' is no image reference"],
  ])('%s', (ref, system, how) => {
    expect(readImageRelease(ref)).toEqual({ system, version: null, how });
  });
});

describe('a release after the newest modelled one', () => {
  test('is read as the newest, and says so', () => {
    expect(readImageRelease('apache/kafka:4.3.1')).toEqual({
      system: 'kafka',
      version: '4.1',
      how: "apache/kafka:4.3.1 is Kafka 4.3.1, newer than the newest release modelled: checked with 4.1's rules",
    });
    expect(readImageRelease('confluentinc/cp-kafka:8.2.0')).toEqual({
      system: 'kafka',
      version: '4.1',
      how: "Confluent Platform 8.2 is newer than the newest mapped here (8.1, Kafka 4.1): checked with 4.1's rules",
    });
  });
});
