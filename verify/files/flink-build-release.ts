/**
 * The Flink release a job's Maven pom.xml or Gradle build compiles against: the version of its `org.apache.flink`
 * artifacts that are Flink itself (flink-streaming-java, flink-clients, flink-table-api-java, ...; published under
 * Flink's own version, `_2.12` after the name up to Flink 1.14). The externalized connectors (flink-connector-kafka
 * 3.1.0-1.18) are not among them: their version is their own, and the Flink suffix names one of the releases they run
 * on. Pure: text in, plain data out.
 */
import { blankComments, gradleValues, lineAt, pomProperties, resolvePom, substitute } from './connector-release.js';
import type { Setting } from './entry.js';

/** Flink's own artifacts, as Flink's release publishes them (its root pom's modules), a Scala suffix or not. */
const NAME =
  'flink-(?:streaming-java|streaming-scala|clients|java|scala|core|runtime|runtime-web|' +
  'table-api-java|table-api-java-bridge|table-api-scala|table-api-scala-bridge|table-planner|table-planner-loader|' +
  'table-runtime|statebackend-rocksdb)(?:_2\\.1[0-3])?';

/** Whether an artifact name is one of Flink's own. */
export const FLINK_ARTIFACT = new RegExp(`^${NAME}$`);

const GRADLE_COORDINATES = new RegExp(`["']org\\.apache\\.flink:(${NAME}):([^"':\\n]+)["']`, 'g');
const GRADLE_MAP = new RegExp(
  `group\\s*:\\s*["']org\\.apache\\.flink["']\\s*,\\s*name\\s*:\\s*["'](${NAME})["']\\s*,\\s*` +
    `version\\s*:\\s*["']([^"'\\n]+)["']`,
  'g',
);

/** What a build says of Flink: its Flink artifacts with their versions, and those whose version it does not say. */
export interface BuildFlink {
  /** One setting per artifact: the artifact, its version as resolved, its line. */
  readonly artifacts: readonly Setting[];
  /** Why an artifact's version is not known here (a parent's, a BOM's, gradle.properties'), one line each. */
  readonly unresolved: readonly string[];
}

/** A pom's Flink dependencies (in dependencies or dependencyManagement), `${property}` resolved from its own. */
export function readPomFlink(source: string): BuildFlink {
  const text = blankComments(source, 'xml');
  const props = pomProperties(text);
  const artifacts: Setting[] = [];
  const unresolved: string[] = [];
  for (const d of text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const body = d[1]!;
    const artifact = /<artifactId>\s*([^<]*?)\s*<\/artifactId>/.exec(body)?.[1] ?? '';
    const group = /<groupId>\s*([^<]*?)\s*<\/groupId>/.exec(body)?.[1];
    if (!FLINK_ARTIFACT.test(artifact) || group !== 'org.apache.flink') continue;
    const version = /<version>\s*([^<]*?)\s*<\/version>/.exec(body);
    // A version a parent or a BOM manages says nothing here; the artifact's line is where it would be.
    if (version === null) continue;
    const line = lineAt(text, version.index + d.index! + '<dependency>'.length);
    const v = resolvePom(version[1]!, props);
    if (/\$\{/.test(v)) unresolved.push(`line ${line}: ${artifact} ${version[1]} (set in no <properties> here)`);
    else artifacts.push({ key: artifact, value: v, line });
  }
  return { artifacts, unresolved };
}

/** A Gradle build's Flink dependencies (`org.apache.flink:flink-clients:V`, or the map form), `$name` resolved. */
export function readGradleFlink(source: string): BuildFlink {
  const text = blankComments(source, 'c');
  const values = gradleValues(text);
  const artifacts: Setting[] = [];
  const unresolved: string[] = [];
  const add = (artifact: string, raw: string, offset: number): void => {
    const line = lineAt(text, offset);
    const v = substitute(raw, values);
    if (/\$/.test(v)) unresolved.push(`line ${line}: ${artifact} ${raw} (set in no assignment here)`);
    else artifacts.push({ key: artifact, value: v, line });
  };
  for (const m of text.matchAll(GRADLE_COORDINATES)) add(m[1]!, m[2]!, m.index!);
  for (const m of text.matchAll(GRADLE_MAP)) add(m[1]!, m[2]!, m.index!);
  return { artifacts, unresolved };
}

/** The Flink versions the artifacts name, each once, with the first artifact naming it. */
export function flinkVersionsOf(artifacts: readonly Setting[]): Setting[] {
  const out: Setting[] = [];
  for (const a of artifacts) if (!out.some((o) => o.value === a.value)) out.push(a);
  return out;
}
