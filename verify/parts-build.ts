/**
 * A build or image file's part: a Maven `pom.xml`, a Gradle `build.gradle` or `build.gradle.kts`, a Dockerfile.
 * What verify takes from them is the flink-connector-kafka release the job runs (a `connector` part, one setting
 * per artifact or jar named, its version as written) and a Dockerfile's Flink image; a file that names no
 * connector release is listed as not modelled, with why. Pure.
 */

import {
  type BuildArtifacts,
  FLINK,
  KAFKA_CLIENTS,
  readGradleArtifacts,
  readPomArtifacts,
  versionsOf,
} from './files/build-artifacts.js';
import {
  type BuildConnector,
  readDockerfile,
  readGradleConnector,
  readPomConnector,
} from './files/connector-release.js';
import { readImageRelease } from './files/images.js';
import { ignoredPart, type Part, part } from './parts.js';

const NAMES_NONE = 'names no flink-connector-kafka release';

/** A build's connector part, or the build listed as not modelled. */
function buildPart(file: string, what: string, read: BuildConnector): Part {
  const why = read.unresolved.length > 0 ? `${NAMES_NONE} verify can read: ${read.unresolved.join('; ')}` : NAMES_NONE;
  if (read.settings.length === 0) return ignoredPart(file, what, why);
  return {
    ...part(file, 'connector', what, read.settings),
    why: read.unresolved.length > 0 ? `also ${read.unresolved.join('; ')}` : null,
  };
}

/**
 * What verify makes of the Kafka clients a build names: kafka-streams' release decides the processing.guarantee
 * values a Streams application accepts (StreamsConfig's rule, the client's); kafka-clients' decides nothing verify
 * checks apart from the broker's, so it is read but not used. Neither is taken as kafka.version, the cluster's.
 */
function kafkaWhy(kafka: BuildArtifacts): string | null {
  const of = (name: string) =>
    versionsOf(kafka.artifacts.filter((a) => a.key === name)).map((a) => `${name} ${a.value} (line ${a.line})`);
  const streams = of('kafka-streams');
  const clients = of('kafka-clients');
  const notBroker = "not taken as kafka.version: a client's release does not name the broker's";
  const out = [
    ...(streams.length > 0
      ? [`its ${streams.join(', ')}: the processing.guarantee values a Streams application accepts; ${notBroker}`]
      : []),
    ...(clients.length > 0
      ? [
          `its ${clients.join(', ')}, read but not used: kafka.version runs the cluster and its clients as one ` +
            "release, and a client's release does not name the broker's",
        ]
      : []),
  ];
  return out.length === 0 ? null : out.join('; ');
}

/**
 * The build's part with the Flink artifacts it compiles against (their release where they name one, why a version
 * is not read where its value lives elsewhere) and the Kafka clients it builds on.
 */
function withReleases(p: Part, flink: BuildArtifacts, kafka: BuildArtifacts): Part {
  const versions = versionsOf(flink.artifacts);
  const first = versions[0];
  const release =
    versions.length === 1 && first !== undefined
      ? {
          release: {
            system: 'flink' as const,
            version: first.value,
            how: `line ${first.line}: ${first.key} ${first.value}`,
          },
        }
      : {};
  const unread = flink.unresolved.length > 0 ? `its Flink release is not read: ${flink.unresolved.join('; ')}` : null;
  const notes = [p.why, unread, kafkaWhy(kafka)].filter((n): n is string => n !== null);
  return {
    ...p,
    why: notes.length === 0 ? null : notes.join('; '),
    ...(flink.artifacts.length > 0 ? { flinkArtifacts: flink.artifacts } : {}),
    ...(kafka.artifacts.length > 0 ? { kafkaArtifacts: kafka.artifacts } : {}),
    ...release,
  };
}

/** The part of a build file (`buildName`). Pure. */
export function buildParts(file: string, text: string): Part[] {
  if (/(^|[/\\])pom\.xml$/i.test(file))
    return [
      withReleases(
        buildPart(file, 'Maven pom.xml', readPomConnector(text)),
        readPomArtifacts(text, FLINK),
        readPomArtifacts(text, KAFKA_CLIENTS),
      ),
    ];
  if (/\.gradle(\.kts)?$/i.test(file))
    return [
      withReleases(
        buildPart(file, 'Gradle build', readGradleConnector(text)),
        readGradleArtifacts(text, FLINK),
        readGradleArtifacts(text, KAFKA_CLIENTS),
      ),
    ];
  const d = readDockerfile(text);
  const image = d.from === null ? null : readImageRelease(d.from.image);
  const flink =
    d.from !== null && image?.system === 'flink' && image.version !== null
      ? { release: { system: 'flink' as const, version: image.version, how: `line ${d.from.line}: ${image.how}` } }
      : {};
  const p = buildPart(file, 'Dockerfile', { settings: d.settings, unresolved: [] });
  return [{ ...p, ...flink }];
}
