/**
 * The Kafka or Flink release a Docker image reference names, as a Compose file's `image:` gives it:
 * Docker's grammar (`[registry/]path[:tag][@digest]`), then the tag as each known image writes it.
 * Kafka's as `kafka.version` takes it (`X.Y.Z`, or `X.Y` for a tag that follows a line), Flink's
 * as its line (`X.Y`). A reference that names no release (no tag, `latest`, an image not known
 * here) gets a null version with the reason. Pure: text in, plain data out.
 */
import { ACCEPTED_RELEASES, isKafkaVersion, NEWEST } from '../../model/kafka/releases.js';

/** An image reference's parts. */
export interface ImageReference {
  /** The registry host (`docker.io`, `quay.io`, `localhost:5000`), or null for Docker Hub by default. */
  readonly registry: string | null;
  /** The repository path without the registry; an official image's one-word name gets `library/`. */
  readonly repository: string;
  readonly tag: string | null;
  /** `sha256:...`, or null. */
  readonly digest: string | null;
}

/** What an image reference says of the release inside. */
export interface ImageVersion {
  /** The system the image runs, or null for an image not known here. */
  readonly system: 'kafka' | 'flink' | null;
  /** Kafka `X.Y` or `X.Y.Z` (a value `kafka.version` takes), Flink `X.Y`; null when the reference names none. */
  readonly version: string | null;
  /** How the release was read, or why there is none, in words. */
  readonly how: string;
}

const COMPONENT = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*$/;
const TAG = /^\w[\w.-]{0,127}$/;
const DIGEST = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-fA-F]{32,}$/;

/**
 * The parts of `ref` by Docker's rules: a first component with a `.` or a `:`, or `localhost`, is
 * the registry; the tag follows the last `:` after the last `/`; the digest follows `@`. Null
 * when `ref` is no image reference. Pure.
 */
export function parseImageReference(ref: string): ImageReference | null {
  const at = ref.indexOf('@');
  const named = at < 0 ? ref : ref.slice(0, at);
  const digest = at < 0 ? null : ref.slice(at + 1);
  if (digest !== null && !DIGEST.test(digest)) return null;
  const colon = named.lastIndexOf(':');
  const hasTag = colon > named.lastIndexOf('/');
  const name = hasTag ? named.slice(0, colon) : named;
  const tag = hasTag ? named.slice(colon + 1) : null;
  if (tag !== null && !TAG.test(tag)) return null;
  const parts = name.split('/');
  const first = parts[0] ?? '';
  const registry = parts.length > 1 && (/[.:]/.test(first) || first === 'localhost') ? first : null;
  const path = registry === null ? parts : parts.slice(1);
  if (path.length === 0 || !path.every((p) => COMPONENT.test(p))) return null;
  const repository = path.length === 1 ? `library/${path[0]}` : path.join('/');
  return { registry, repository, tag, digest };
}

/** Confluent Platform's Kafka line by its own line: CP X.Y ships Apache Kafka's (its release notes' table). */
export const CONFLUENT_PLATFORM_KAFKA: Readonly<Record<string, string>> = {
  '5.4': '2.4',
  '5.5': '2.5',
  '6.0': '2.6',
  '6.1': '2.7',
  '6.2': '2.8',
  '7.0': '3.0',
  '7.1': '3.1',
  '7.2': '3.2',
  '7.3': '3.3',
  '7.4': '3.4',
  '7.5': '3.5',
  '7.6': '3.6',
  '7.7': '3.7',
  '7.8': '3.8',
  '7.9': '3.9',
  '8.0': '4.0',
  '8.1': '4.1',
};

/** A version at the start of a tag: its numbers and what follows (`1.18.1-scala_2.12` -> 1, 18, 1, `scala_2.12`). */
const LEADING = /^(\d+)\.(\d+)(?:\.(\d+))?(?:-(.+))?$/;

type Read = (tag: string, image: string) => ImageVersion;

const none = (system: ImageVersion['system'], how: string): ImageVersion => ({ system, version: null, how });

/**
 * A Kafka version as `kafka.version` takes it; a release after the newest modelled one is read as the newest (its
 * rules are the newest known here, and the answer says so); none with the range when it is older or no release.
 */
function kafka(version: string, how: string): ImageVersion {
  if (isKafkaVersion(version)) return { system: 'kafka', version, how };
  const m = /^(\d+)\.(\d+)/.exec(version);
  const [major, minor] = NEWEST.split('.').map(Number) as [number, number];
  if (m !== null && (Number(m[1]) > major || (Number(m[1]) === major && Number(m[2]) > minor)))
    return {
      system: 'kafka',
      version: NEWEST,
      how: `${how}, newer than the newest release modelled: checked with ${NEWEST}'s rules`,
    };
  return none('kafka', `${how}, which kafka.version does not take (${ACCEPTED_RELEASES})`);
}

/**
 * Tags that are Kafka's version: `builder` says what a suffix after it is (Bitnami's build); without
 * one (apache/kafka, apache/kafka-native), and for a release candidate, a suffix names no release.
 */
function kafkaTag(builder: string | null): Read {
  return (tag, image) => {
    const m = LEADING.exec(tag);
    if (m === null || (m[4] !== undefined && (builder === null || /^rc\d+$/.test(m[4]))))
      return none('kafka', `${image} names no Kafka release`);
    const version = m[3] === undefined ? `${m[1]}.${m[2]}` : `${m[1]}.${m[2]}.${m[3]}`;
    if (m[3] === undefined) return kafka(version, `${image} follows Kafka ${version}'s latest patch release`);
    const suffix = m[4] === undefined ? '' : ` (-${m[4]}: ${builder})`;
    return kafka(version, `${image} is Kafka ${version}${suffix}`);
  };
}

/** Confluent Platform images: CP X.Y to Kafka's line; CP's patch numbers are its own, not Kafka's. */
function confluent(what: string): Read {
  return (tag, image) => {
    const m = LEADING.exec(tag);
    if (m === null) return none('kafka', `${image} names no Confluent Platform release`);
    const cp = `${m[1]}.${m[2]}`;
    const line = CONFLUENT_PLATFORM_KAFKA[cp];
    // A Confluent Platform after 8.1 ships a Kafka after 4.1, the newest modelled: read with 4.1's rules, as said.
    if (line === undefined && (Number(m[1]) > 8 || (Number(m[1]) === 8 && Number(m[2]) > 1)))
      return kafka(
        NEWEST,
        `Confluent Platform ${cp} is newer than the newest mapped here (8.1, Kafka 4.1): ` +
          `checked with ${NEWEST}'s rules`,
      );
    if (line === undefined)
      return none('kafka', `${image}: Confluent Platform ${cp} is not one mapped here (5.4 to 8.1, Kafka 2.4 to 4.1)`);
    const patch =
      m[3] === undefined
        ? ''
        : ` (${cp}.${m[3]}'s patch number is Confluent's own, not Kafka's: only the line is read)`;
    return kafka(line, `Confluent Platform ${cp} ships Kafka ${line}${what}${patch}`);
  };
}

/** A tag that carries Kafka's version (group `kafka`) after another (`0.45.0-kafka-3.9.0`, `2.13-2.8.1`). */
function embedded(pattern: RegExp, describe: (m: RegExpExecArray) => string): Read {
  return (tag, image) => {
    const m = pattern.exec(tag);
    const version = m?.groups?.['kafka'];
    return m === null || version === undefined
      ? none('kafka', `${image} names no Kafka release`)
      : kafka(version, describe(m));
  };
}

/** Flink images: the version the tag starts with, its patch release included (a retry changed in 1.19.2, 1.20.1). */
function flinkTag(whose: string): Read {
  return (tag, image) => {
    const m = LEADING.exec(tag);
    if (m === null) return none('flink', `${image} names no Flink release (a tag without one follows the newest)`);
    const line = `${m[1]}.${m[2]}`;
    const full = m[3] === undefined ? line : `${line}.${m[3]}`;
    return {
      system: 'flink',
      version: full,
      how: `${image} is ${whose}Flink ${full}${full === line ? " (its line's latest patch release)" : ''}`,
    };
  };
}

/** The images known here, by the last two components of their repository path: the system, and its tags. */
const IMAGES: Readonly<Record<string, readonly ['kafka' | 'flink', Read]>> = {
  'apache/kafka': ['kafka', kafkaTag(null)],
  'apache/kafka-native': ['kafka', kafkaTag(null)],
  'bitnami/kafka': ['kafka', kafkaTag("Bitnami's base image and revision")],
  'bitnamilegacy/kafka': ['kafka', kafkaTag("Bitnami's base image and revision")],
  'confluentinc/cp-kafka': ['kafka', confluent('')],
  'confluentinc/cp-server': ['kafka', confluent(" in Confluent Server, Confluent's broker built on it")],
  'strimzi/kafka': [
    'kafka',
    embedded(/^(\d+\.\d+\.\d+)-kafka-(?<kafka>\d+\.\d+\.\d+)$/, (m) => `Strimzi ${m[1]}'s image of Kafka ${m[2]}`),
  ],
  'wurstmeister/kafka': [
    'kafka',
    embedded(
      /^(\d+\.\d+)-(?<kafka>\d+\.\d+\.\d+)$/,
      (m) => `wurstmeister/kafka:${m[0]} is Kafka ${m[2]} for Scala ${m[1]}`,
    ),
  ],
  'library/flink': ['flink', flinkTag('')],
  'apache/flink': ['flink', flinkTag('')],
  'bitnami/flink': ['flink', flinkTag("Bitnami's ")],
  'cnfldemos/flink-kafka': ['flink', flinkTag("Confluent's demo image of ")],
};

/** The images known here, for a reason naming them. */
const KNOWN = Object.keys(IMAGES)
  .map((k) => k.replace(/^library\//, ''))
  .join(', ');

/**
 * The release `ref` names: the system, its version and how it was read, or a null version with
 * the reason (no tag, `latest`, a digest alone, a tag that names none, an image not known here).
 * Pure.
 */
export function readImageRelease(ref: string): ImageVersion {
  const r = parseImageReference(ref.trim());
  if (r === null) return none(null, `'${ref}' is no image reference`);
  const known = IMAGES[r.repository.split('/').slice(-2).join('/')];
  const image = r.repository.replace(/^library\//, '');
  if (known === undefined) return none(null, `${image} is not an image known here (${KNOWN})`);
  const [system, read] = known;
  if (r.tag === null)
    return none(
      system,
      r.digest === null
        ? `${image} has no tag, so Docker pulls latest, which names no release`
        : `${image} is pinned by digest alone, which names no release`,
    );
  if (r.tag === 'latest') return none(system, `${image}:latest names no release: it moves to each new one`);
  return read(r.tag, `${image}:${r.tag}`);
}
