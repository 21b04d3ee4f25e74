/** What `eoscheck verify --help` says after its flags: every file kind it reads, how it groups pipelines. */

export const VERIFY_MORE = `It reads (by content; a file's name only breaks a tie, and the answer says when it did):
  .properties    a Kafka producer, consumer (both in one file: one application's clients), Kafka Streams
                 application or broker; MirrorMaker 2, Connect, Spring and logging files are listed as not modelled
  .yaml / .yml   Flink config.yaml (standard YAML), legacy flink-conf.yaml, a Flink Kubernetes operator
                 FlinkDeployment (spec.flinkConfiguration), a Docker Compose file (its Flink JobManager's
                 FLINK_PROPERTIES, its Kafka brokers' KAFKA_* / KAFKA_CFG_* environment, their image tags as
                 releases: apache/kafka, bitnami/kafka, confluentinc/cp-kafka, flink; a connector jar a
                 service mounts as the flink-connector-kafka release)
  .sql           Flink SQL: CREATE TABLE ... WITH (...), SET, INSERT INTO (each INSERT or statement set a job;
                 a directory's scripts one SQL client session), ADD JAR of the connector jar
  pom.xml, build.gradle, build.gradle.kts, Dockerfile
                 the flink-connector-kafka release: a Maven or Gradle dependency on flink-connector-kafka or
                 flink-sql-connector-kafka (X.Y.Z-F.G; a pom's \${property} from its <properties>), the connector
                 jar a Dockerfile fetches or copies, and its FROM flink image; beside a Flink job only. Also
                 the Flink release of a build's flink-streaming-java, flink-clients, ... (flink.version, below
                 an image's) and its kafka-streams release (the processing.guarantee values it accepts)
  .java, .scala, .kt
                 a Flink job's code: the checkpoint interval and mode its enableCheckpointing(ms),
                 setCheckpointInterval(ms) or CheckpointingOptions.CHECKPOINTING_INTERVAL set (none: no checkpoints);
                 its restart strategy (setRestartStrategy, a Configuration's RestartStrategyOptions)

Pipelines: each directory holding such files is one (a directory of many gives one per directory), the files
named directly are one together, and each SQL job is one. Each is answered on its own; many end with a summary,
and the exit code is the worst of them (2: a pipeline could not be checked, or has nothing to check).

A key no file sets runs with the real system's default (a consumer reads read_uncommitted); a key the
application's code decides (a DataStream KafkaSink's delivery guarantee; its checkpointing, when its code is not
among the files) is checked at the real default and at each value the code could set, two such keys crossed; a
component no file describes (the reader of the output) or a release no file names (Kafka's, the connector's) is a
condition of the verdict. Nothing is taken at eoscheck's safe value.
docs/verify.md is the reference.`;
