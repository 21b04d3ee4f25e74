/**
 * Each file read into the parts of a pipeline it describes: a Kafka client's `.properties` (a producer,
 * a consumer, both in one file, a Streams application, a broker), Flink's `config.yaml` or legacy
 * `flink-conf.yaml` (the job's configuration), a Flink SQL script (its Kafka tables and `SET`
 * statements), a Docker Compose file (its JobManager's `FLINK_PROPERTIES`, its Kafka brokers' environment).
 * Which consumer is the pipeline's input and which its downstream reader is decided with the other files
 * (`pipeline.ts`). Pure: text in, parts out.
 */
import { type ComposeService, kafkaEnvKey, readCompose } from './files/compose.js';
import type { Read, Setting, Skipped } from './files/entry.js';
import { isLegacyFlinkConf, readFlinkConfigYaml, readLegacyFlinkConf } from './files/flink-yaml.js';
import { readProperties } from './files/properties.js';
import { readSql, type SqlScript, type SqlTable } from './files/sql.js';
import { systemKeys } from './systems.js';

/** What a part of a file is, before the pipeline decides the consumers' places. */
export type PartKind =
  | 'producer'
  | 'consumer'
  | 'app'
  | 'streams'
  | 'broker'
  | 'flink-job'
  | 'sink-table'
  | 'source-table';

/** One part of a file. */
export interface Part {
  readonly file: string;
  readonly kind: PartKind;
  /** How the answer names it beside the file: `config.yaml (legacy flink-conf.yaml)`, "Kafka table `out`". */
  readonly detail: string;
  readonly settings: readonly Setting[];
  /** Lines the real reader skips. */
  readonly skipped: readonly Skipped[];
  /** A Kafka table's topic, when it names one. */
  readonly topic: string | null;
}

/** The file kinds verify reads, for messages. */
export const READABLE =
  '.properties (Kafka producer, consumer, Streams or broker), .yaml/.yml (Flink config.yaml, flink-conf.yaml, ' +
  'a Docker Compose file), ' +
  '.sql (Flink SQL with a Kafka table)';

function part(
  file: string,
  kind: PartKind,
  detail: string,
  settings: readonly Setting[],
  topic: string | null = null,
): Part {
  return { file, kind, detail, settings, skipped: [], topic };
}

/** A MirrorMaker 2 replication flow's key (`source->target.enabled`, `primary->backup.topics`, ...). */
const MIRROR_FLOW = /^[^.\s]+->[^.\s]+\./;

/**
 * The refusal of a file of a system verify does not read, which its keys would otherwise pass for another's (a
 * MirrorMaker 2 file's replication.factor for a Streams application's, any YAML for Flink's), or null.
 */
function foreignConfig(file: string, settings: readonly Setting[]): string | null {
  const mirror = settings.find((x) => x.key === 'clusters' || MIRROR_FLOW.test(x.key));
  if (mirror)
    return (
      `'${file}' is a MirrorMaker 2 configuration (${mirror.key}, line ${mirror.line}), which verify does not ` +
      'read: check its offset translation with eoscheck check mirror-maker-2 (--set sync.group.offsets.enabled, ' +
      'offset.lag.max, kafka.version, failover)'
    );
  const spring = settings.find((x) => x.key.startsWith('spring.'));
  if (spring)
    return (
      `'${file}' is a Spring Boot configuration (${spring.key}, line ${spring.line}), which verify does not read: ` +
      "give it the Kafka clients' own keys in .properties files (a producer's transactional.id, a consumer's " +
      'isolation.level and enable.auto.commit, a Streams application.id and processing.guarantee)'
    );
  return null;
}

/** What a `.properties` file is, by the keys only one kind of file holds. */
function propertiesKind(file: string, settings: readonly Setting[]): Read<PartKind> {
  const has = (s: keyof typeof systemKeys): boolean => settings.some((x) => systemKeys[s].includes(x.key));
  const foreign = foreignConfig(file, settings);
  if (foreign !== null) return { ok: false, error: foreign };
  if (has('streams')) return { ok: true, value: 'streams' };
  if (has('producer') && has('consumer')) return { ok: true, value: 'app' };
  if (has('producer')) return { ok: true, value: 'producer' };
  if (has('consumer')) return { ok: true, value: 'consumer' };
  if (has('broker')) return { ok: true, value: 'broker' };
  return {
    ok: false,
    error:
      `cannot tell what '${file}' configures: none of its keys is a Kafka producer's (acks, enable.idempotence, ` +
      "transactional.id, key.serializer, ...), a consumer's (group.id, isolation.level, enable.auto.commit, ...), " +
      "a Streams application's (application.id, processing.guarantee, ...) or a broker's (node.id, log.dirs, ...)",
  };
}

/** The value of option `key` of a table, or null. */
function option(t: SqlTable, key: string): string | null {
  return t.options.find((o) => o.key === key)?.value ?? null;
}

/** Whether a table's name matches `name` (a qualified name by its last part as well). */
function sameTable(a: string, b: string): boolean {
  const last = (x: string): string => x.split('.').at(-1)!.toLowerCase();
  return a.toLowerCase() === b.toLowerCase() || last(a) === last(b);
}

/** The Kafka tables of a script as sink or source parts, and its SET statements as the job's configuration. */
function sqlParts(file: string, sql: SqlScript): Read<Part[]> {
  const kafka = sql.tables.filter((t) =>
    ['kafka', 'upsert-kafka'].includes((option(t, 'connector') ?? '').toLowerCase()),
  );
  const out: Part[] = [];
  for (const t of kafka) {
    const written = sql.inserts.some((i) => sameTable(i.target, t.name));
    const read = sql.inserts.some((i) => i.sources.some((s) => sameTable(s, t.name)));
    const byOptions = t.options.some((o) => o.key.startsWith('sink.'))
      ? 'sink'
      : t.options.some((o) => o.key.startsWith('scan.'))
        ? 'source'
        : null;
    const sink = written || (!read && (byOptions === 'sink' || (byOptions === null && kafka.length === 1)));
    if (!sink && !read && byOptions === null)
      return {
        ok: false,
        error:
          `cannot tell whether Kafka table '${t.name}' of '${file}' (line ${t.line}) is written or read: ` +
          'add the INSERT INTO statement, or sink./scan. options',
      };
    const connector = option(t, 'connector')!.toLowerCase();
    out.push(
      part(
        file,
        sink ? 'sink-table' : 'source-table',
        `${connector} table \`${t.name}\` (line ${t.line})`,
        t.options,
        option(t, 'topic'),
      ),
    );
  }
  if (sql.sets.length > 0) out.push(part(file, 'flink-job', 'SET statements', sql.sets));
  if (out.length === 0)
    return {
      ok: false,
      error:
        `'${file}' has no CREATE TABLE ... WITH ('connector' = 'kafka' | 'upsert-kafka', ...) ` +
        'and no SET statement',
    };
  return { ok: true, value: out };
}

/** A Kafka broker's image (apache/kafka, apache/kafka-native, bitnami/kafka, confluentinc/cp-kafka or cp-server). */
const KAFKA_BROKER_IMAGE = /(^|\/)(kafka|kafka-native|cp-kafka|cp-server)(:|@|$)/;

/**
 * The parts of a Docker Compose file: the Flink job's configuration from its JobManager's `FLINK_PROPERTIES` (the
 * first Flink service's when none runs `jobmanager` or `standalone-job`), read as the lines Flink's image appends
 * to its configuration, and a broker from each Kafka service's environment.
 */
function composeParts(file: string, services: readonly ComposeService[]): Read<Part[]> {
  const flink = services.filter((s) => /(^|\/)flink(:|$)/.test(s.image));
  const jobManager = flink.find((s) => /\b(jobmanager|standalone-job)\b/.test(s.command)) ?? flink[0];
  const out: Part[] = [];
  const props = jobManager?.env.find((e) => e.key === 'FLINK_PROPERTIES');
  if (jobManager && props) {
    const f = readLegacyFlinkConf(props.value);
    const at = (line: number): number => props.line + line - 1;
    out.push({
      ...part(
        file,
        'flink-job',
        `service ${jobManager.name} (FLINK_PROPERTIES)`,
        f.settings.map((x) => ({ ...x, line: at(x.line) })),
      ),
      skipped: f.skipped.map((x) => ({ ...x, line: at(x.line) })),
    });
  }
  for (const s of services) {
    if (!KAFKA_BROKER_IMAGE.test(s.image)) continue;
    const settings = s.env.flatMap((e) => {
      const key = kafkaEnvKey(s.image, e.key);
      return key === null ? [] : [{ ...e, key }];
    });
    if (settings.length > 0) out.push(part(file, 'broker', `service ${s.name} (environment)`, settings));
  }
  if (out.length === 0)
    return {
      ok: false,
      error:
        `'${file}' is a Docker Compose file with neither a Flink service's FLINK_PROPERTIES nor a Kafka broker's ` +
        'KAFKA_* environment: verify reads those',
    };
  return { ok: true, value: out };
}

/** The parts of one file, from its name and text. Pure. */
export function readParts(file: string, text: string): Read<Part[]> {
  if (/\.properties$/i.test(file)) {
    const settings = readProperties(text);
    const kind = propertiesKind(file, settings);
    if (!kind.ok) return kind;
    return { ok: true, value: [part(file, kind.value, '', settings)] };
  }
  if (/\.ya?ml$/i.test(file)) {
    if (isLegacyFlinkConf(file)) {
      const f = readLegacyFlinkConf(text);
      return {
        ok: true,
        value: [{ ...part(file, 'flink-job', 'legacy flink-conf.yaml', f.settings), skipped: f.skipped }],
      };
    }
    const compose = readCompose(text);
    if (compose !== null) return composeParts(file, compose);
    const f = readFlinkConfigYaml(text);
    if (!f.ok) return { ok: false, error: `'${file}': ${f.error}` };
    const foreign = foreignConfig(file, f.value.settings);
    if (foreign !== null) return { ok: false, error: foreign };
    return { ok: true, value: [part(file, 'flink-job', 'config.yaml', f.value.settings)] };
  }
  if (/\.sql$/i.test(file)) {
    const sql = readSql(text);
    if (!sql.ok) return { ok: false, error: `'${file}': ${sql.error}` };
    return sqlParts(file, sql.value);
  }
  return { ok: false, error: `cannot read '${file}': verify reads ${READABLE}` };
}
