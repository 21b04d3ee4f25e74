/**
 * The flink-connector-kafka release a pipeline's build and image files name, as `connector.version` takes it.
 * Maven publishes the connector as `flink-connector-kafka` and its SQL fat jar as `flink-sql-connector-kafka`,
 * versioned `X.Y.Z-F.G` since it left Flink's repository (3.0.0-1.17: connector 3.0.0 for Flink 1.17); before
 * that, Flink bundled it and published it under Flink's own version (`1.17.1`, with `_2.12` after the name up
 * to Flink 1.14). Pure: text in, plain data out.
 */
import { CONNECTOR_VERSIONS, type ConnectorVersion } from '../../model/flink/connector.js';
import type { Read, Setting } from './entry.js';

/** A connector artifact's name: the connector or its SQL jar, with a Scala suffix before Flink 1.15. */
export const CONNECTOR_ARTIFACT = /^flink-(?:sql-)?connector-kafka(?:_2\.1[0-3])?$/;

/** An artifact name in a pattern's source. */
const NAME = 'flink-(?:sql-)?connector-kafka(?:_2\\.1[0-3])?';

/** A Gradle assignment of a string (`def v = '...'`, `val v = "..."`, `ext.v = '...'`, `v = '...'` in ext). */
const GRADLE_ASSIGN =
  /(?:^|[\s;{(])(?:(?:def|val|var)\s+)?(?:project\.)?(?:ext\.)?([A-Za-z_]\w*)\s*=\s*["']([^"'$\n]*)["']/g;
const GRADLE_SET = /\bset\(\s*["']([\w.-]+)["']\s*,\s*["']([^"'$\n]*)["']\s*\)/g;
/** `"org.apache.flink:flink-connector-kafka:V"`, and the map form `group: ..., name: ..., version: ...`. */
const GRADLE_COORDINATES = new RegExp(`["']org\\.apache\\.flink:(${NAME}):([^"':\\n]+)["']`, 'g');
const GRADLE_MAP = new RegExp(
  `group\\s*:\\s*["']org\\.apache\\.flink["']\\s*,\\s*name\\s*:\\s*["'](${NAME})["']\\s*,\\s*` +
    `version\\s*:\\s*["']([^"'\\n]+)["']`,
  'g',
);

/** A connector jar's file name in any text (a URL, a path, a volume), its version up to `.jar`. */
const JAR = /(flink-(?:sql-)?connector-kafka(?:_2\.1[0-3])?)-(\d[\w.-]*?|\$\{?\w+\}?[\w.${}-]*?)\.jar\b/g;

const ACCEPTED = `X.Y.Z-F.G (3.1.0-1.18, 4.0.0-2.0) with X.Y one of ${CONNECTOR_VERSIONS.join(', ')}`;

/**
 * What an artifact's version makes of `connector.version`: the release line, with how it was read; or why none
 * (a version eoscheck does not model, the connector Flink bundled before 3.0, a text that names no release).
 * Every value `connector.version` takes reads as itself.
 */
export function connectorOf(artifact: string, version: string): Read<{ version: ConnectorVersion; how: string }> {
  const v = version.trim();
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?(?:-(\d+\.\d+))?$/.exec(v);
  if (m === null)
    return {
      ok: false,
      error: `${artifact} version '${v}' names no flink-connector-kafka release: accepted ${ACCEPTED}`,
    };
  const line = `${m[1]}.${m[2]}`;
  const known = CONNECTOR_VERSIONS.find((x) => x === line);
  if (Number(m[1]) < 3)
    // flink-connector-kafka 3.0.0 (tag v3.0.0, April 2023) is Flink 1.17's connector code (FLINK-30052) with
    // FLINK-31363 on top (a5df3c7c: KafkaWriter.prepareCommit emits no committable for an empty transaction). Flink
    // never merged that fix (apache/flink#22126), so every connector it bundled commits an empty transaction after a
    // restore and fails with InvalidTxnState, which no modelled release does (the model never pre-commits one).
    return {
      ok: false,
      error:
        `${artifact} ${v} is the Kafka connector Flink ${line} bundled, before flink-connector-kafka 3.0.0 ` +
        "(FLINK-30052) fixed FLINK-31363, an empty transaction's commit failing after a restore, which every " +
        `release eoscheck models has: accepted ${ACCEPTED}; --set connector.version=3.0 checks it with 3.0's rules`,
    };
  if (known === undefined)
    return {
      ok: false,
      error:
        `${artifact} ${v} is flink-connector-kafka ${line}, a release eoscheck does not model: ` +
        `accepted ${ACCEPTED}`,
    };
  const flink = m[4] === undefined ? '' : ` for Flink ${m[4]}`;
  const full = m[3] === undefined ? line : `${line}.${m[3]}`;
  return { ok: true, value: { version: known, how: `${artifact} ${v}: connector ${full}${flink}` } };
}

/** The text with `$name` and `${name}` replaced by the values given (others left as written). */
export function substitute(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{([\w.-]+)\}|\$(\w+)/g, (all, a?: string, b?: string) => values.get(a ?? b ?? '') ?? all);
}

/** Every connector jar a line names (once each), as settings: the artifact, and the version as written. */
export function jarsIn(text: string, line: number): Setting[] {
  const out: Setting[] = [];
  for (const m of text.matchAll(JAR))
    if (!out.some((s) => s.key === m[1] && s.value === m[2])) out.push({ key: m[1]!, value: m[2]!, line });
  return out;
}

/** The lines of a text with a comment's characters blanked (line numbers kept): `<!-- -->`, or `//` and `/* *\/`. */
export function blankComments(text: string, kind: 'xml' | 'c'): string {
  const blank = (s: string): string => s.replace(/[^\n]/g, ' ');
  if (kind === 'xml') return text.replace(/<!--[\s\S]*?-->/g, blank);
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote !== null) {
      if (ch === '\\') {
        out += text.slice(i, i + 2);
        i += 1;
        continue;
      }
      if (ch === quote || ch === '\n') quote = null;
      out += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      out += ch;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop - 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += blank(text.slice(i, stop));
      i = stop - 1;
    } else out += ch;
  }
  return out;
}

export const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** What a build file says of the connector: its artifacts with versions, and those whose version it does not say. */
export interface BuildConnector {
  readonly settings: readonly Setting[];
  /** Why a named artifact's version is not known here (a parent's or a BOM's), one line each. */
  readonly unresolved: readonly string[];
}

/** A pom's own `<properties>` (a parent pom's are not here), by name. */
export function pomProperties(text: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const block of text.matchAll(/<properties>([\s\S]*?)<\/properties>/g))
    for (const p of block[1]!.matchAll(/<([\w.-]+)>\s*([^<]*?)\s*<\/\1>/g)) props.set(p[1]!, p[2]!);
  return props;
}

/** A pom value with its `${property}` references resolved, a property naming another included (ten deep). */
export function resolvePom(value: string, props: ReadonlyMap<string, string>): string {
  let v = value;
  for (let i = 0; i < 10 && /\$\{/.test(v); i++) v = substitute(v, props);
  return v;
}

/** A Gradle build's own string assignments (`def`, `val`, `ext`, `set("name", "...")`), by name. */
export function gradleValues(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const m of text.matchAll(GRADLE_ASSIGN)) values.set(m[1]!, m[2]!);
  for (const m of text.matchAll(GRADLE_SET)) values.set(m[1]!, m[2]!);
  return values;
}

/**
 * A Maven pom.xml's connector dependencies (`org.apache.flink`, in dependencies or dependencyManagement), each
 * version's `${property}` resolved from the pom's own `<properties>` (a property of a parent pom is not here).
 */
export function readPomConnector(source: string): BuildConnector {
  const text = blankComments(source, 'xml');
  const props = pomProperties(text);
  const resolve = (value: string): string => resolvePom(value, props);
  const settings: Setting[] = [];
  const unresolved: string[] = [];
  for (const d of text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const body = d[1]!;
    const artifact = /<artifactId>\s*([^<]*?)\s*<\/artifactId>/.exec(body)?.[1] ?? '';
    const group = /<groupId>\s*([^<]*?)\s*<\/groupId>/.exec(body)?.[1];
    if (!CONNECTOR_ARTIFACT.test(artifact) || (group !== undefined && group !== 'org.apache.flink')) continue;
    const version = /<version>\s*([^<]*?)\s*<\/version>/.exec(body);
    const at = (version ?? /<artifactId>/.exec(body)!).index + d.index! + '<dependency>'.length;
    const line = lineAt(text, at);
    if (version === null) {
      unresolved.push(`line ${line}: ${artifact} without a <version> (a parent pom's or a BOM's)`);
      continue;
    }
    const v = resolve(version[1]!);
    if (/\$\{/.test(v))
      unresolved.push(`line ${line}: ${artifact} ${version[1]} (${v} is set in no <properties> here)`);
    else settings.push({ key: artifact, value: v, line });
  }
  return { settings, unresolved };
}

/**
 * A Gradle build's connector dependencies (`org.apache.flink:flink-connector-kafka:V` in a string, or the map
 * form `group: ..., name: ..., version: ...`), `$name` and `${name}` resolved from the file's own assignments
 * (`def`, `val`, `ext`, `set("name", "...")`); a version from gradle.properties or a version catalog is not here.
 */
export function readGradleConnector(source: string): BuildConnector {
  const text = blankComments(source, 'c');
  const values = gradleValues(text);
  const settings: Setting[] = [];
  const unresolved: string[] = [];
  const add = (artifact: string, raw: string, offset: number): void => {
    const line = lineAt(text, offset);
    const v = substitute(raw, values);
    if (/\$/.test(v)) unresolved.push(`line ${line}: ${artifact} ${raw} (set in no assignment here)`);
    else settings.push({ key: artifact, value: v, line });
  };
  for (const m of text.matchAll(GRADLE_COORDINATES)) add(m[1]!, m[2]!, m.index!);
  for (const m of text.matchAll(GRADLE_MAP)) add(m[1]!, m[2]!, m.index!);
  return { settings, unresolved };
}

/** What a Dockerfile says: the connector jars it fetches or copies, and the image it builds on (the last FROM). */
export interface DockerfileRead {
  readonly settings: readonly Setting[];
  /** The last `FROM`'s image, with its line, or null. */
  readonly from: { readonly image: string; readonly line: number } | null;
}

/**
 * A Dockerfile's connector jars (in RUN wget/curl URLs, COPY and ADD paths), its comment lines skipped as Docker
 * skips them and `$NAME` resolved from its ARG and ENV defaults.
 */
export function readDockerfile(source: string): DockerfileRead {
  const values = new Map<string, string>();
  const settings: Setting[] = [];
  let from: DockerfileRead['from'] = null;
  source.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('#')) return;
    const arg = /^(?:ARG|ENV)\s+(\w+)(?:=|\s+)["']?([^"'\s]+)["']?\s*$/i.exec(line);
    if (arg) values.set(arg[1]!, arg[2]!);
    const f = /^FROM\s+(?:--platform=\S+\s+)?(\S+)/i.exec(line);
    if (f) from = { image: substitute(f[1]!, values), line: i + 1 };
    settings.push(...jarsIn(substitute(raw, values), i + 1));
  });
  return { settings, from };
}
