/**
 * A build or image file's part: a Maven `pom.xml`, a Gradle `build.gradle` or `build.gradle.kts`, a Dockerfile.
 * What verify takes from them is the flink-connector-kafka release the job runs (a `connector` part, one setting
 * per artifact or jar named, its version as written) and a Dockerfile's Flink image; a file that names no
 * connector release is listed as not modelled, with why. Pure.
 */

import {
  type BuildConnector,
  readDockerfile,
  readGradleConnector,
  readPomConnector,
} from './files/connector-release.js';
import { type BuildFlink, flinkVersionsOf, readGradleFlink, readPomFlink } from './files/flink-build-release.js';
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
 * The build's part with the Flink artifacts it compiles against: their release where they name one, and why a
 * version is not read where its value lives elsewhere.
 */
function withFlink(p: Part, flink: BuildFlink): Part {
  const versions = flinkVersionsOf(flink.artifacts);
  const release =
    versions.length === 1
      ? {
          release: {
            system: 'flink' as const,
            version: versions[0]!.value,
            how: `line ${versions[0]!.line}: ${versions[0]!.key} ${versions[0]!.value}`,
          },
        }
      : {};
  const unread = flink.unresolved.length > 0 ? `its Flink release is not read: ${flink.unresolved.join('; ')}` : null;
  const why = unread === null ? p.why : p.why === null ? unread : `${p.why}; ${unread}`;
  return flink.artifacts.length === 0 && unread === null
    ? p
    : { ...p, why, flinkArtifacts: flink.artifacts, ...release };
}

/** The part of a build file (`buildName`). Pure. */
export function buildParts(file: string, text: string): Part[] {
  if (/(^|[/\\])pom\.xml$/i.test(file))
    return [withFlink(buildPart(file, 'Maven pom.xml', readPomConnector(text)), readPomFlink(text))];
  if (/\.gradle(\.kts)?$/i.test(file))
    return [withFlink(buildPart(file, 'Gradle build', readGradleConnector(text)), readGradleFlink(text))];
  const d = readDockerfile(text);
  const image = d.from === null ? null : readImageRelease(d.from.image);
  const flink =
    d.from !== null && image?.system === 'flink' && image.version !== null
      ? { release: { system: 'flink' as const, version: image.version, how: `line ${d.from.line}: ${image.how}` } }
      : {};
  const p = buildPart(file, 'Dockerfile', { settings: d.settings, unresolved: [] });
  return [{ ...p, ...flink }];
}
