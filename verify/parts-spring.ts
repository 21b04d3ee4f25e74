/**
 * A Spring Boot configuration's parts (`application.properties`, `application.yml`): the Kafka clients Spring
 * builds from its `spring.kafka.*` keys (verify/files/spring.ts), as a `.properties` file of the same keys would
 * make them: a producer and a consumer in one file are one application's, a Streams application is a part of its
 * own. The listener container's offset commits, and Spring's default of enable.auto.commit=false, go with the
 * clients' part. Spring Cloud Stream's Kafka binder builds its clients otherwise and is listed as not modelled.
 * Pure.
 */
import type { Read, Setting } from './files/entry.js';
import { isSpringCloudStream, isSpringKafka, readSpringKafka } from './files/spring.js';
import { ignoredPart, type Part, part } from './parts.js';
import { systemKeys } from './systems.js';

/** Spring for Apache Kafka's own default of the consumer's enable.auto.commit (2.3 and later, GH-945). */
const SPRING_AUTO_COMMIT = {
  key: 'enable.auto.commit',
  text: 'false',
  why:
    "Spring's listener container sets enable.auto.commit=false unless it is set (Spring for Apache Kafka 2.3 " +
    'and later) and commits the offsets itself',
};

/** Whether a file's settings are a Spring Boot configuration verify reads or lists. */
export function isSpring(settings: readonly Setting[]): boolean {
  return isSpringKafka(settings) || isSpringCloudStream(settings);
}

/** The parts of a Spring Boot configuration's settings, or why Spring refuses them. Pure. */
export function springParts(file: string, settings: readonly Setting[]): Read<Part[]> {
  if (!isSpringKafka(settings))
    return ok([
      ignoredPart(
        file,
        'a Spring Cloud Stream configuration',
        "not modelled: Spring Cloud Stream's Kafka binder builds its clients from spring.cloud.stream.kafka.* " +
          "keys; give the clients' own keys in .properties files",
        settings,
      ),
    ]);
  const spring = readSpringKafka(settings);
  if (spring.error !== null) return { ok: false, error: `${file}: ${spring.error}` };
  const parts: Part[] = [];
  const clients = new Map<string, Setting>();
  for (const s of [...spring.consumer, ...spring.producer]) clients.set(`${s.key}@${s.line}`, s);
  const all = [...clients.values()];
  const has = (sys: 'producer' | 'consumer'): boolean => all.some((s) => systemKeys[sys].includes(s.key));
  const kind =
    has('producer') && has('consumer') ? 'app' : has('producer') ? 'producer' : has('consumer') ? 'consumer' : null;
  if (kind !== null)
    parts.push({
      ...part(file, kind, 'Spring Boot spring.kafka.*', all),
      // A consumer of its own is read as a reader of the output: only an application's consumer commits input offsets.
      ...(kind === 'app'
        ? { offsets: spring.offsets.how, offsetsWhy: spring.offsets.why, frameworkDefaults: [SPRING_AUTO_COMMIT] }
        : {}),
    });
  else if (all.length > 0)
    parts.push(ignoredPart(file, 'Spring Boot spring.kafka.*', 'no producer or consumer key', all));
  if (spring.streams.length > 0)
    parts.push(part(file, 'streams', 'Spring Boot spring.kafka.streams.*', spring.streams));
  if (spring.unknown.length > 0)
    parts.push(
      ignoredPart(
        file,
        'no Spring Boot property',
        "not a field of Spring Boot's KafkaProperties, which ignores unknown fields: the client never sees it (a " +
          'Kafka key goes under spring.kafka.<client>.properties)',
        spring.unknown,
      ),
    );
  if (spring.other.length > 0)
    parts.push(
      ignoredPart(
        file,
        'Spring Boot settings',
        parts.length === 0
          ? 'its spring.kafka keys configure no producer, consumer or Streams application verify models'
          : 'not a Kafka client setting verify models',
        spring.other,
      ),
    );
  return ok(parts);
}

const ok = (value: Part[]): Read<Part[]> => ({ ok: true, value });

/**
 * A document's activation: a profile (`spring.config.activate.on-profile`, Boot 2.4+; `spring.profiles` before) or a
 * cloud platform (`spring.config.activate.on-cloud-platform`: kubernetes, cloud_foundry, ...), both read by
 * ConfigDataActivationContext only where they hold.
 */
function profileOf(settings: readonly Setting[]): Setting | undefined {
  return settings.find((s) =>
    /^spring\.(config\.activate\.(on-profile|on-cloud-platform|onProfile|onCloudPlatform)|profiles)$/.test(s.key),
  );
}

/**
 * The parts of a Spring Boot YAML or `.properties` file of several documents: the documents for no profile merged in
 * order (the later wins, as Spring loads them), each profile's or cloud platform's document listed as read only where
 * it is active. Null
 * when no document holds a Spring key. `read` flattens one document's text (its lines kept). Pure.
 */
export function springDocumentsParts(
  file: string,
  texts: readonly string[],
  read: (text: string) => readonly Setting[] | null,
): Read<Part[]> | null {
  const docs = texts.map(read);
  if (!docs.some((d) => d !== null && isSpring(d))) return null;
  const merged = new Map<string, Setting>();
  const profiles: Part[] = [];
  for (const d of docs) {
    if (d === null) continue;
    const profile = profileOf(d);
    if (profile === undefined) {
      for (const s of d) {
        merged.delete(s.key);
        merged.set(s.key, s);
      }
      continue;
    }
    const cloud = /cloud-?platform$/i.test(profile.key);
    const what = cloud ? `cloud platform ${profile.value}` : `profile ${profile.value}`;
    profiles.push(
      ignoredPart(
        file,
        `the document for ${what} (line ${profile.line})`,
        `Spring reads it only ${cloud ? 'when running on that platform' : 'with that profile active'}; verify ` +
          "reads the documents for no profile (give a document's keys as a file of their own to check it)",
        d,
      ),
    );
  }
  const base = [...merged.values()];
  if (!isSpring(base)) return ok(profiles);
  const parts = springParts(file, base);
  return parts.ok ? ok([...parts.value, ...profiles]) : parts;
}
