/**
 * `verify` on the public corpus (test/fixtures/real, sources and licences in its README): real
 * configurations nobody on this project wrote, each answered with its exact verdict. Each entry says why
 * the verdict is Kafka's or Flink's: most of these pipelines are not exactly-once, several have nothing
 * for eoscheck to check, and none is certified on a value no file states.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cli } from '../../cli/harness.js';

interface Pipeline {
  pipeline: string;
  exit: number;
  model?: string;
  error?: string;
  violations?: { invariant: string }[];
  dependsOnCode?: { key: string; verdicts: Record<string, string> }[];
  combinations?: { values: Record<string, string>; verdict: string }[];
  conditions?: { key: string }[];
  settings?: { key: string; value: string; source: string }[];
}

/** What one pipeline of the corpus answers. */
interface Want {
  readonly exit: 0 | 1 | 2;
  readonly model?: string;
  readonly violated?: readonly string[];
  /** The verdict per value of a key the job's code decides. */
  readonly code?: Readonly<Record<string, string>>;
  /** Where code decides more than one key: the combinations of their values at which every guarantee holds. */
  readonly holdsAt?: readonly string[];
  /** The keys the verdict is stated under a condition of (no file names them). */
  readonly conditions?: readonly string[];
  /** The start of why it was not checked. */
  readonly error?: string;
}

const NO_TXN_PATH = 'nothing to check: no Kafka transactional path';
const CODE_SINK = { none: 'violated', 'at-least-once': 'violated', 'exactly-once': 'holds' };
/**
 * A sink in code whose files set no checkpoint interval: the code decides both, so each guarantee is crossed with
 * checkpoints off and on. Without checkpoints NONE and AT_LEAST_ONCE repeat what a restart reads again from the
 * startup offsets, and EXACTLY_ONCE pre-commits only at a checkpoint (or the end of a bounded input), so an unbounded
 * job's transaction stays open until transaction.timeout.ms aborts it; with them NONE loses and repeats, AT_LEAST_ONCE
 * repeats. Per guarantee, the weakest over the two: none holds; only EXACTLY_ONCE with checkpoints does.
 */
const CODE_SINK_NO_CHECKPOINTS = { none: 'violated', 'at-least-once': 'violated', 'exactly-once': 'violated' };
const EXACTLY_ONCE_CHECKPOINTED = ['sink.delivery-guarantee=exactly-once, checkpointing.enabled=true'];
const RELEASE_AND_READER = ['kafka.version', 'isolation.level'];
/** A Flink job's conditions: Kafka's release, the connector's, the output's reader. */
const RELEASES_AND_READER = ['kafka.version', 'connector.version', 'isolation.level'];
/** A Flink job no image of which names Flink's release: the release the connector's build names. */
const UNNAMED_FLINK = 'flink.version';

const corpus: Readonly<Record<string, Want | readonly Want[]>> = {
  // Flink's own SQL-client end-to-end script: its tables' connector is the placeholder $KAFKA_IDENTIFIER, which
  // names no Kafka connector, and its two INSERTs are two jobs: neither writes Kafka as written.
  'apache+flink-connector-kafka/sql-client-kafka-e2e': [
    { exit: 2, error: NO_TXN_PATH },
    { exit: 2, error: NO_TXN_PATH },
  ],
  // The operator's autoscaling FlinkDeployment: no SQL describes its sink, so its code decides it. Were that a
  // KafkaSink, KafkaSinkBuilder's default NONE would lose and repeat records across a restart; only
  // EXACTLY_ONCE holds. (This job's code writes a DiscardingSink: the answer says a job that writes no Kafka
  // has nothing to check.)
  'apache+flink-kubernetes-operator/autoscaling': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates', 'no-loss'],
    code: CODE_SINK,
    conditions: RELEASES_AND_READER,
  },
  // Checkpoint directories and Kubernetes HA but no execution.checkpointing.interval: unless the job's code enables
  // them, Flink takes no checkpoints, does not restart the failed job, and its resubmission reads the input again
  // from the start, so NONE repeats records; no sink guarantee holds without checkpoints, and with them (the code's
  // to enable) only EXACTLY_ONCE does. Its spec.flinkVersion (v2_2) names Flink's release.
  'apache+flink-kubernetes-operator/basic-checkpoint-ha': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    code: CODE_SINK_NO_CHECKPOINTS,
    holdsAt: EXACTLY_ONCE_CHECKPOINTED,
    conditions: RELEASES_AND_READER,
  },
  // flink-conf.yaml sets the state backend and directories, not the interval; the job's code turns checkpoints on
  // with --checkpointing, which --set execution.checkpointing.interval states. As its files stand: no checkpoints,
  // and a restarted job repeats its output. The compose file's Kafka image names the release.
  'apache+flink-playgrounds/operations-playground': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    code: CODE_SINK_NO_CHECKPOINTS,
    holdsAt: EXACTLY_ONCE_CHECKPOINTED,
    conditions: ['connector.version', UNNAMED_FLINK, 'isolation.level'],
  },
  // The same files with the job's code: ClickEventCount enables 1 s checkpoints only under its --checkpointing
  // flag, so checkpointing is the code's to decide, and builds its KafkaSink with
  // setDeliverGuarantee(DeliveryGuarantee.AT_LEAST_ONCE): with checkpoints or without, a restart repeats output.
  'apache+flink-playgrounds/operations-playground-job': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    code: { false: 'violated', true: 'violated' },
    conditions: ['connector.version', UNNAMED_FLINK, 'isolation.level'],
  },
  // A Python job (its code here is not read) and a Kafka image, no checkpoint interval: as above.
  'apache+flink-playgrounds/pyflink-walkthrough': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    code: CODE_SINK_NO_CHECKPOINTS,
    holdsAt: EXACTLY_ONCE_CHECKPOINTED,
    conditions: ['connector.version', UNNAMED_FLINK, 'isolation.level'],
  },
  // A Table API job in code and a Kafka image, no checkpoint interval: as above.
  'apache+flink-playgrounds/table-walkthrough': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    code: CODE_SINK_NO_CHECKPOINTS,
    holdsAt: EXACTLY_ONCE_CHECKPOINTED,
    conditions: ['connector.version', UNNAMED_FLINK, 'isolation.level'],
  },
  // Three KRaft brokers and no client: no transaction anywhere.
  'apache+kafka/docker-cluster-isolated': { exit: 2, error: NO_TXN_PATH },
  // Kafka's stock producer.properties has no transactional.id; its consumer.properties is read by its keys
  // (group.id), not by its name: a producer without transactions and a consumer.
  'apache+kafka/quickstart-stock-config': { exit: 2, error: NO_TXN_PATH },
  // Kafka's exactly-once demo configures its clients in code, from its constructor's arguments: the transaction
  // timeout (and idempotence) are values the code computes, so verify asks for them instead of assuming one.
  'apache+kafka/exactly-once-demo': {
    exit: 2,
    error:
      'test/fixtures/real/apache+kafka/exactly-once-demo/Producer.java:118: transaction.timeout.ms = ' +
      'transactionTimeoutMs: a value verify cannot read from the code',
  },
  // The WordCount demo configures Kafka Streams in its code and sets no processing.guarantee: at_least_once.
  // Spring for Apache Kafka's transactions sample: spring.kafka.producer.transaction-id-prefix makes Spring Boot wire a
  // KafkaTransactionManager into the listener container, which sends the batch listener's offsets to the transaction
  // its KafkaTemplate sends in: exactly-once for read_committed readers of topic3 (its own second listener is one).
  'spring-projects+spring-kafka/sample-03-transactions': {
    exit: 0,
    model: 'consume-transform-produce',
    violated: [],
    conditions: RELEASE_AND_READER,
  },
  // Spring for Apache Kafka's Streams sample (@EnableKafkaStreams) names only its application-id: Kafka Streams'
  // default at_least_once repeats records and re-counts them after a crash.
  'spring-projects+spring-kafka/sample-06-streams': {
    exit: 1,
    model: 'kafka-streams',
    violated: ['no-duplicates', 'state-exactly-once'],
    conditions: RELEASE_AND_READER,
  },
  'apache+kafka/streams-wordcount-demo': {
    exit: 1,
    model: 'kafka-streams',
    violated: ['no-duplicates', 'state-exactly-once'],
    conditions: RELEASE_AND_READER,
  },
  // processing.guarantee=at_least_once, written: a crash after producing, before committing, repeats records and
  // re-applies them to the state store.
  'apache+kafka/streams-stock-config': {
    exit: 1,
    model: 'kafka-streams',
    violated: ['no-duplicates', 'state-exactly-once'],
    conditions: RELEASE_AND_READER,
  },
  // processing.guarantee not set: Kafka Streams runs at_least_once. The compose file's cp-kafka image names the
  // release, so only the reader is a condition.
  'confluentinc+kafka-tutorials/aggregating-count-kstreams': {
    exit: 1,
    model: 'kafka-streams',
    violated: ['no-duplicates', 'state-exactly-once'],
    conditions: ['isolation.level'],
  },
  // The INSERT (in one script) writes a Kafka table (created in another) at the SQL connector's at-least-once, in a
  // cluster whose FLINK_PROPERTIES set no checkpoint interval: no checkpoints, so a failed job starts again from
  // earliest-offset and writes its records twice.
  'confluentinc+kafka-tutorials/filtering-flinksql': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    conditions: ['connector.version', UNNAMED_FLINK, 'isolation.level'],
  },
  // A consumer alone, and a producer without transactional.id: no transaction.
  'confluentinc+kafka-tutorials/kafka-consumer-application': { exit: 2, error: NO_TXN_PATH },
  'confluentinc+kafka-tutorials/kafka-producer-application': { exit: 2, error: NO_TXN_PATH },
  // Kafka in, Delta Lake or Iceberg out: the only sinks are not Kafka.
  'decodableco+examples/kafka-to-delta': { exit: 2, error: 'nothing to check: no Kafka sink' },
  'decodableco+examples/kafka-to-iceberg': { exit: 2, error: 'nothing to check: no Kafka sink' },
  // Kafka in, print out.
  'jbcodeforce+flink-studies/flink-watermark': { exit: 2, error: 'nothing to check: no Kafka sink' },
  // A Kafka sink table at at-least-once fed from earliest-offset, and a cluster without a checkpoint interval: a
  // failed job reads from the start again and repeats its output. The compose file names the connector jar.
  'jbcodeforce+flink-studies/kafka-flink-docker': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    conditions: RELEASE_AND_READER,
  },
  // parallelism.default: 4 is a value Flink takes and eoscheck does not model (one or two subtasks).
  'jbcodeforce+flink-studies/materialized-table-config': {
    exit: 2,
    error:
      'test/fixtures/real/jbcodeforce+flink-studies/materialized-table-config/config.yaml:26: parallelism.default=4',
  },
  // Kafka to Kafka at the connector's default at-least-once from earliest-offset, and no checkpoint interval: a failed
  // job reads from the start again and repeats its output.
  'jbcodeforce+flink-studies/perf-testing-sql-executor': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    conditions: ['kafka.version', 'connector.version', UNNAMED_FLINK, 'isolation.level'],
  },
  // A transactional producer (acks=all), a read_committed reader of its output and a broker that replicates
  // (RF 3, min ISR 2, through one broker failure): its transactions are read once each. The reader commits its
  // own offsets on a timer, which is its own processing, not this pipeline's.
  'milossilhar+kafka-transaction-tests/latency-transactional': {
    exit: 0,
    model: 'kafka-txn',
    violated: [],
    conditions: ['kafka.version'],
  },
  // The transactional producer alone: holds for read_committed readers of its output, which no file describes.
  'milossilhar+kafka-transaction-tests/producer-transactional': {
    exit: 0,
    model: 'kafka-txn',
    violated: [],
    conditions: RELEASE_AND_READER,
  },
  // acks=1, enable.idempotence=false, no transactional.id: no transaction.
  'mmolimar+kukulcan/producer-defaults': { exit: 2, error: NO_TXN_PATH },
  // processing.guarantee=at_least_once, written.
  'mmolimar+kukulcan/streams-defaults': {
    exit: 1,
    model: 'kafka-streams',
    violated: ['no-duplicates', 'state-exactly-once'],
    conditions: RELEASE_AND_READER,
  },
  // A FlinkDeployment without a checkpoint interval whose SQL runs inside the job: its sink is decided there, and
  // without checkpoints none of its guarantees holds (a restart repeats records; exactly-once never commits).
  'streamshub+flink-sql-examples/interactive-etl-standalone': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates'],
    code: CODE_SINK_NO_CHECKPOINTS,
    holdsAt: EXACTLY_ONCE_CHECKPOINTED,
    conditions: RELEASES_AND_READER,
  },
  // A FlinkDeployment checkpointing every minute whose SQL runs inside the job (no SQL file here): its sink is
  // decided there. At-least-once or none repeats records after a restart; only exactly-once holds.
  'streamshub+flink-sql-examples/recommendation-app-ha': {
    exit: 1,
    model: 'flink-kafka',
    violated: ['no-duplicates', 'no-loss'],
    code: CODE_SINK,
    conditions: RELEASES_AND_READER,
  },
};

/** The facts of one answer the table states. */
function facts(p: Pipeline): Want {
  return {
    exit: p.exit as Want['exit'],
    ...(p.model === undefined ? {} : { model: p.model }),
    ...(p.violations === undefined ? {} : { violated: p.violations.map((v) => v.invariant) }),
    ...(p.dependsOnCode === undefined || p.dependsOnCode.length === 0 ? {} : { code: p.dependsOnCode[0]!.verdicts }),
    ...(p.combinations === undefined
      ? {}
      : {
          holdsAt: p.combinations
            .filter((c) => c.verdict === 'holds')
            .map((c) =>
              Object.entries(c.values)
                .map(([k, x]) => `${k}=${x}`)
                .join(', '),
            ),
        }),
    ...(p.conditions === undefined ? {} : { conditions: p.conditions.map((c) => c.key) }),
    ...(p.error === undefined ? {} : { error: p.error }),
  };
}

/** The wanted facts, an error compared by its start. */
function matches(want: Want): Record<string, unknown> {
  return want.error === undefined ? { ...want } : { ...want, error: expect.stringMatching(`^${literal(want.error)}`) };
}

const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('verify answers the public corpus', () => {
  test('the table covers every pipeline folder of the corpus', () => {
    const root = 'test/fixtures/real';
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(join(root, d.name)).map((f) => `${d.name}/${f}`));
    expect(folders.sort()).toEqual(Object.keys(corpus).sort());
    expect(folders.length).toBeGreaterThanOrEqual(20);
  });

  for (const [dir, want] of Object.entries(corpus)) {
    const wants = Array.isArray(want) ? want : [want as Want];
    const verdicts = wants.map((w) => (w.exit === 2 ? 'not checked' : w.exit === 1 ? 'violated' : 'holds'));
    test(`${dir}: ${verdicts.join(', ')}`, async () => {
      const r = await cli('verify', `test/fixtures/real/${dir}`, '--json');
      const out = JSON.parse(r.stdout) as Pipeline | { pipelines: Pipeline[]; exit: number };
      const pipelines = 'pipelines' in out ? out.pipelines : [out];
      expect(pipelines.map(facts)).toEqual(wants.map(matches));
      expect(r.code).toBe(Math.max(...wants.map((w) => w.exit)));
    });
  }
});
