/**
 * The releases a job's Maven pom.xml or Gradle build names beside the connector's. Flink's: the version of its
 * `org.apache.flink` artifacts that are Flink itself (flink-streaming-java, flink-clients, flink-table-api-java,
 * ...; published under Flink's own version, `_2.12` after the name up to Flink 1.14). The externalized connectors
 * (flink-connector-kafka 3.1.0-1.18) are not among them: their version is their own, and the Flink suffix names one
 * of the releases they run on. Kafka's clients: `org.apache.kafka` kafka-clients and kafka-streams, the
 * application's client release (not the broker's). Pure: text in, plain data out.
 */
import { blankComments, gradleValues, lineAt, pomProperties, resolvePom, substitute } from './connector-release.js';
import type { Setting } from './entry.js';

/** Flink's own artifacts, as Flink's release publishes them (its root pom's modules), a Scala suffix or not. */
const NAME =
  'flink-(?:streaming-java|streaming-scala|clients|java|scala|core|runtime|runtime-web|' +
  'table-api-java|table-api-java-bridge|table-api-scala|table-api-scala-bridge|table-planner|table-planner-loader|' +
  'table-runtime|statebackend-rocksdb)(?:_2\\.1[0-3])?';

/** What a build says of some artifacts: each with its version, and those whose version it does not say. */
export interface BuildArtifacts {
  /** One setting per artifact: the artifact, its version as resolved, its line. */
  readonly artifacts: readonly Setting[];
  /** Why an artifact's version is not known here (a parent's, a BOM's, gradle.properties'), one line each. */
  readonly unresolved: readonly string[];
}

/** A group's artifacts as a pattern's source names them: `org.apache.flink` and Flink's own, say. */
export interface ArtifactsOf {
  readonly group: string;
  /** The artifact names, as a pattern's source (no anchors). */
  readonly names: string;
}

/** A pom's dependencies of `of` (in dependencies or dependencyManagement), `${property}` resolved from its own. */
export function readPomArtifacts(source: string, of: ArtifactsOf): BuildArtifacts {
  const text = blankComments(source, 'xml');
  const props = pomProperties(text);
  const name = new RegExp(`^(?:${of.names})$`);
  const artifacts: Setting[] = [];
  const unresolved: string[] = [];
  for (const d of text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const body = d[1]!;
    const artifact = /<artifactId>\s*([^<]*?)\s*<\/artifactId>/.exec(body)?.[1] ?? '';
    const group = /<groupId>\s*([^<]*?)\s*<\/groupId>/.exec(body)?.[1];
    if (!name.test(artifact) || group !== of.group) continue;
    const version = /<version>\s*([^<]*?)\s*<\/version>/.exec(body);
    // A version a parent or a BOM manages names nothing here.
    if (version === null) continue;
    const line = lineAt(text, version.index + d.index! + '<dependency>'.length);
    const v = resolvePom(version[1]!, props);
    if (/\$\{/.test(v)) unresolved.push(`line ${line}: ${artifact} ${version[1]} (set in no <properties> here)`);
    else artifacts.push({ key: artifact, value: v, line });
  }
  return { artifacts, unresolved };
}

/** A Gradle build's dependencies of `of` (`group:name:V` in a string, or the map form), `$name` resolved. */
export function readGradleArtifacts(source: string, of: ArtifactsOf): BuildArtifacts {
  const text = blankComments(source, 'c');
  const values = gradleValues(text);
  const group = of.group.replace(/\./g, '\\.');
  const coordinates = new RegExp(`["']${group}:(${of.names}):([^"':\\n]+)["']`, 'g');
  const map = new RegExp(
    `group\\s*:\\s*["']${group}["']\\s*,\\s*name\\s*:\\s*["'](${of.names})["']\\s*,\\s*` +
      `version\\s*:\\s*["']([^"'\\n]+)["']`,
    'g',
  );
  const artifacts: Setting[] = [];
  const unresolved: string[] = [];
  const add = (artifact: string, raw: string, offset: number): void => {
    const line = lineAt(text, offset);
    const v = substitute(raw, values);
    if (/\$/.test(v)) unresolved.push(`line ${line}: ${artifact} ${raw} (set in no assignment here)`);
    else artifacts.push({ key: artifact, value: v, line });
  };
  for (const m of text.matchAll(coordinates)) add(m[1]!, m[2]!, m.index!);
  for (const m of text.matchAll(map)) add(m[1]!, m[2]!, m.index!);
  return { artifacts, unresolved };
}

/** Flink's own artifacts. */
export const FLINK: ArtifactsOf = { group: 'org.apache.flink', names: NAME };

/** The Kafka clients an application builds on: the Java client, and Kafka Streams. */
export const KAFKA_CLIENTS: ArtifactsOf = { group: 'org.apache.kafka', names: 'kafka-clients|kafka-streams' };

/** The versions the artifacts name, each once, with the first artifact naming it. */
export function versionsOf(artifacts: readonly Setting[]): Setting[] {
  const out: Setting[] = [];
  for (const a of artifacts) if (!out.some((o) => o.value === a.value)) out.push(a);
  return out;
}
