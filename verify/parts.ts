/**
 * Each file read into the parts of a pipeline it describes: a Kafka client's `.properties` (a producer,
 * a consumer, both in one file, a Streams application, a broker), Flink's `config.yaml` or legacy
 * `flink-conf.yaml` (the job's configuration), a Flink SQL script (its tables and `SET` statements, each
 * INSERT's job), a Docker Compose file (its Flink JobManager, its Kafka brokers, every other service).
 * A part's kind comes from what the file holds (its keys, a table's connector, a service's command and
 * environment), never from its name alone; the name breaks a tie and the part says so. What eoscheck
 * does not model is a part too, of kind `ignored`, so every file, table and service reaches the answer.
 * Pure: text in, parts out.
 */
import type { Setting, Skipped } from './files/entry.js';

/** What a part of a file is, before the pipeline decides the consumers' places. */
export type PartKind =
  | 'producer'
  | 'consumer'
  | 'app'
  | 'streams'
  | 'broker'
  | 'flink-job'
  | 'sink-table'
  | 'source-table'
  | 'connector'
  | 'job-code'
  | 'ignored';

/** One part of a file. */
export interface Part {
  readonly file: string;
  readonly kind: PartKind;
  /** How the answer names it beside the file: `config.yaml (legacy flink-conf.yaml)`, "kafka table `out`". */
  readonly detail: string;
  readonly settings: readonly Setting[];
  /** Lines the real reader skips. */
  readonly skipped: readonly Skipped[];
  /** A Kafka table's topic, when it names one. */
  readonly topic: string | null;
  /** The SQL jobs of its file it belongs to (1-based), or null when it configures every job. */
  readonly jobs: readonly number[] | null;
  /** Why it is not modelled (an `ignored` part), or how its kind was told when content alone could not. */
  readonly why: string | null;
  /**
   * A Kafka or Flink release its file names (a Docker image's tag), with how it was read. A `connector` part's
   * flink-connector-kafka releases are its settings: the artifact or jar named, and its version as written.
   */
  readonly release?: { readonly system: 'kafka' | 'flink'; readonly version: string; readonly how: string };
  /**
   * The Flink artifacts a build compiles against (flink-streaming-java, flink-clients, ...), each with its version
   * and line: the job's Flink release where no image names the cluster's; two versions are two claims.
   */
  readonly flinkArtifacts?: readonly Setting[];
  /**
   * The Kafka clients a build names (kafka-clients, kafka-streams), each with its version and line: the
   * application's client release, never the broker's.
   */
  readonly kafkaArtifacts?: readonly Setting[];
  /**
   * How a Kafka application's code commits its input offsets: in the producer's transaction
   * (sendOffsetsToTransaction), by the consumer (commitSync/commitAsync), or by no call (auto-commit, or never).
   * Only a code part, or a framework's that makes the calls itself (Spring's listener container), has it: a
   * .properties file of the clients alone says nothing of the calls.
   */
  readonly offsets?: OffsetCommits;
  /** A SQL table of another connector that a job reads (`datagen`, `filesystem`, ...): not modelled. */
  readonly sourceTable?: { readonly connector: string; readonly name: string; readonly line: number };
  /** Why the offsets are committed so, where a framework decides it (Spring's listener container). */
  readonly offsetsWhy?: string;
  /**
   * Defaults the framework that builds the clients puts in place of the clients' own (Spring for Apache Kafka's
   * enable.auto.commit=false), taken before the role's.
   */
  readonly frameworkDefaults?: readonly { readonly key: string; readonly text: string; readonly why: string }[];
}

/** How a Kafka application's code commits its input offsets. */
export type OffsetCommits = 'transaction' | 'consumer' | 'none';

/** The file kinds verify reads, for messages. */
export const READABLE =
  '.properties (Kafka producer, consumer, Streams application or broker; a Spring Boot spring.kafka.* ' +
  'configuration), .yaml/.yml (Flink config.yaml, ' +
  'legacy flink-conf.yaml, a Flink Kubernetes operator FlinkDeployment, a Docker Compose file, a Spring Boot ' +
  'application.yml), .sql (Flink SQL), ' +
  'pom.xml, build.gradle, build.gradle.kts and Dockerfiles (the flink-connector-kafka release, the Flink ' +
  "release, a Streams application's kafka-streams release), .java/.scala/.kt " +
  "(a Flink job's code: the checkpointing it enables, the KafkaSink it builds, the SQL it runs; a Kafka " +
  "application's code: the client configuration it puts)";

/** A part with no skipped lines, no job and no note. */
export function part(
  file: string,
  kind: PartKind,
  detail: string,
  settings: readonly Setting[],
  topic: string | null = null,
): Part {
  return { file, kind, detail, settings, skipped: [], topic, jobs: null, why: null };
}

/** A part eoscheck reads but does not model, with why. */
export function ignoredPart(file: string, detail: string, why: string, settings: readonly Setting[] = []): Part {
  return { ...part(file, 'ignored', detail, settings), why };
}

/** A build or image file's name: Maven's, Gradle's (Groovy or Kotlin), a Dockerfile (`Dockerfile`, `x.Dockerfile`). */
export const buildName = /(^|[/\\])(pom\.xml|build\.gradle(\.kts)?|([\w.-]+\.)?dockerfile([.-][\w.-]+)?)$/i;

/** Whether a file's name is one verify reads. */
export const readableName = new RegExp(`\\.(properties|ya?ml|sql|java|scala|kt)$|${buildName.source}`, 'i');
