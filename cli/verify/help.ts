/** What `eoscheck verify --help` says after its flags: every file kind it reads, how it groups pipelines. */

export const VERIFY_MORE = `It reads (by content; a file's name only breaks a tie, and the answer says when it did):
  .properties    a Kafka producer, consumer (both in one file: one application's clients), Kafka Streams
                 application or broker; MirrorMaker 2, Connect, Spring and logging files are listed as not modelled
  .yaml / .yml   Flink config.yaml (standard YAML), legacy flink-conf.yaml, a Flink Kubernetes operator
                 FlinkDeployment (spec.flinkConfiguration), a Docker Compose file (its Flink JobManager's
                 FLINK_PROPERTIES, its Kafka brokers' KAFKA_* / KAFKA_CFG_* environment, their image tags as
                 releases: apache/kafka, bitnami/kafka, confluentinc/cp-kafka, flink)
  .sql           Flink SQL: CREATE TABLE ... WITH (...), SET, INSERT INTO (each INSERT or statement set a job;
                 a directory's scripts one SQL client session)

Pipelines: each directory holding such files is one (a directory of many gives one per directory), the files
named directly are one together, and each SQL job is one. Each is answered on its own; many end with a summary,
and the exit code is the worst of them (2: a pipeline could not be checked, or has nothing to check).

A key no file sets runs with the real system's default (a consumer reads read_uncommitted); a key the
application's code decides (a DataStream KafkaSink's delivery guarantee) is checked at the real default and at
each value the code could set; a component no file describes (the reader of the output) is a condition of the
verdict. Nothing is taken at eoscheck's safe value. docs/verify.md is the reference.`;
