/**
 * A Docker Compose file, as the seeds' experiments configure Kafka and Flink: the JobManager's FLINK_PROPERTIES
 * is the job's configuration, a Kafka service's environment its broker's, each setting at its line.
 */
import { describe, expect, test } from 'vitest';
import { kafkaEnvKey, readCompose } from '../../verify/files/compose.js';
import { readParts } from '../../verify/parts-read.js';
import { cli } from '../cli/harness.js';

describe('verify reads a Docker Compose file', () => {
  test('services, their environment as a map or a list, and the lines of the values', () => {
    const yaml =
      'services:\n' +
      '  jm:\n' +
      '    image: flink:2.2.1-java17\n' +
      '    command: [jobmanager]\n' +
      '    environment:\n' +
      '      FLINK_PROPERTIES: |\n' +
      '        execution.checkpointing.interval: 20 s\n' +
      '        no separator here\n' +
      '  broker:\n' +
      '    image: bitnami/kafka:3.9\n' +
      '    environment:\n' +
      '      - KAFKA_CFG_TRANSACTION_MAX_TIMEOUT_MS=600000\n' +
      '      - KAFKA_HEAP_OPTS=-Xmx512m\n' +
      '  ui:\n' +
      '    image: provectuslabs/kafka-ui\n' +
      '    environment:\n' +
      '      KAFKA_CLUSTERS_0_NAME: local\n';
    expect(readCompose(yaml)?.map((s) => [s.name, s.image, s.command, s.line, s.ports])).toEqual([
      ['jm', 'flink:2.2.1-java17', 'jobmanager', 2, []],
      ['broker', 'bitnami/kafka:3.9', '', 9, []],
      ['ui', 'provectuslabs/kafka-ui', '', 14, []],
    ]);
    const read = readParts([{ path: 'compose.yaml', text: yaml }]);
    if (!read.ok) throw new Error(read.error);
    const parts = { value: read.value.parts };
    expect(parts.value.map((p) => [p.kind, p.detail, p.settings.map((x) => `${x.key}=${x.value}@${x.line}`)])).toEqual([
      ['flink-job', 'service jm (FLINK_PROPERTIES)', ['execution.checkpointing.interval=20 s@7']],
      ['broker', 'service broker (bitnami/kafka:3.9)', ['transaction.max.timeout.ms=600000@12']],
      ['ignored', 'service ui (provectuslabs/kafka-ui)', []],
    ]);
    // Told by what each runs: the JobManager by its command; the broker by its image alone (its environment sets
    // no broker identity), and the part says so; the UI is neither.
    expect(parts.value.map((p) => p.why)).toEqual([
      'a Flink JobManager by its command (jobmanager)',
      "a Kafka broker by its image's name (bitnami/kafka:3.9): nothing else tells",
      'neither a Flink JobManager nor a Kafka broker',
    ]);
    // The line Flink's legacy reader skips is kept, with its line, as for a flink-conf.yaml.
    expect(parts.value[0]!.skipped.map((x) => x.line)).toEqual([8]);
    expect(readCompose('execution.checkpointing.interval: 20 s\n')).toBeNull();
  });

  test('an environment shared through an anchor and a merge key; a Kafka image running a script is no broker', () => {
    const yaml =
      'x-flink: &flink-env\n' +
      '  FLINK_PROPERTIES: |\n' +
      '    execution.checkpointing.interval: 30 s\n' +
      'services:\n' +
      '  jobmanager:\n' +
      '    image: flink:1.20\n' +
      '    command: jobmanager\n' +
      '    environment:\n' +
      '      <<: *flink-env\n' +
      '      JOB_MANAGER_RPC_ADDRESS: jobmanager\n' +
      '  taskmanager:\n' +
      '    image: flink:1.20\n' +
      '    command: taskmanager\n' +
      '    environment: *flink-env\n' +
      '  init-topics:\n' +
      '    image: confluentinc/cp-kafka:8.2.0\n' +
      '    entrypoint: ["/bin/sh", "-c"]\n' +
      '    command: kafka-topics --create --topic t --bootstrap-server broker:9092\n';
    const read = readParts([{ path: 'compose.yaml', text: yaml }]);
    if (!read.ok) throw new Error(read.error);
    expect(
      read.value.parts.map((p) => [p.kind, p.detail, p.settings.map((x) => `${x.key}=${x.value}@${x.line}`)]),
    ).toEqual([
      ['flink-job', 'service jobmanager (FLINK_PROPERTIES)', ['execution.checkpointing.interval=30 s@3']],
      ['ignored', 'service taskmanager (flink:1.20)', []],
      ['ignored', 'service init-topics (confluentinc/cp-kafka:8.2.0)', []],
    ]);
  });

  test("Kafka images' variables: _ for a dot, __ for _, ___ for -; bitnami's KAFKA_CFG_; JVM options none", () => {
    expect(kafkaEnvKey('apache/kafka:4.1.0', 'KAFKA_TRANSACTION_STATE_LOG_MIN_ISR')).toBe(
      'transaction.state.log.min.isr',
    );
    expect(kafkaEnvKey('confluentinc/cp-kafka:7.9.0', 'KAFKA_LISTENER_SECURITY__PROTOCOL___MAP')).toBe(
      'listener.security_protocol-map',
    );
    expect(kafkaEnvKey('bitnami/kafka:3.9', 'KAFKA_CFG_MIN_INSYNC_REPLICAS')).toBe('min.insync.replicas');
    expect(kafkaEnvKey('bitnami/kafka:3.9', 'KAFKA_MIN_INSYNC_REPLICAS')).toBeNull();
    expect(kafkaEnvKey('apache/kafka:4.1.0', 'KAFKA_HEAP_OPTS')).toBeNull();
  });

  test("seed 002's compose.yaml and exactly-once SQL: the JobManager's, the broker's and the connector's", async () => {
    const r = await cli('verify', 'test/fixtures/verify/compose', '--runs', '1', '--json');
    const j = JSON.parse(r.stdout) as {
      status: string;
      files: { path: string; role: string; detail: string }[];
      ignoredDetail: { key: string; line: number }[];
      settings: { key: string; value: string; from: string | null; why: string }[];
    };
    expect([r.code, j.status]).toEqual([0, 'ok']);
    const composed = j.files.filter((f) => f.path.endsWith('compose.yaml'));
    expect(composed.map((f) => `${f.role}: ${f.detail}`)).toEqual([
      'broker: service kafka (apache/kafka:4.3.1)',
      'Flink job: service jobmanager (FLINK_PROPERTIES)',
      'Flink Kafka connector: service jobmanager volumes',
      'not modelled: service taskmanager (flink:2.2.1-java17)',
      'Flink Kafka connector: service taskmanager volumes',
    ]);
    // Both services mount ./lib/flink-sql-connector-kafka-5.0.0-2.2.jar into /opt/flink/lib.
    expect(j.settings.find((s) => s.key === 'connector.version')).toMatchObject({
      value: '5.0',
      from: 'test/fixtures/verify/compose/compose.yaml:26',
    });
    expect(j.ignoredDetail.find((x) => x.key === 'transaction.state.log.replication.factor')?.line).toBe(13);
    // A derived default no file sets names the release key its `derive` follows.
    expect(j.settings.filter((s) => s.why.includes('follows')).map((s) => `${s.key}=${s.value}: ${s.why}`)).toEqual([
      'transaction.version=2: no file sets it; the real default follows kafka.version',
      'transaction.partition.verification.enable=true: no file sets it; the real default follows kafka.version',
      'flink.commit-retry=synchronous: no file sets it; the real default follows flink.version',
      'sink.committer.retries=10: no file sets it; the real default follows flink.version',
    ]);
  });
});
