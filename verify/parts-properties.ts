/**
 * A `.properties` file's part, told by the keys only one kind of file holds: a Streams application's
 * application.id, a producer's or a consumer's keys (both: one application's clients in one file), a
 * broker's; a Spring Boot configuration's clients (verify/parts-spring.ts). MirrorMaker 2, Kafka Connect, other
 * Spring Boot and logging files are read and listed as not modelled. Pure.
 */
import type { Read, Setting } from './files/entry.js';
import { propertiesDocuments, readProperties } from './files/properties.js';
import { ignoredPart, type Part, part } from './parts.js';
import { isSpring, springDocumentsParts, springParts } from './parts-spring.js';
import { systemKeys } from './systems.js';

/** A MirrorMaker 2 replication flow's key (`source->target.enabled`, `primary->backup.topics`, ...). */
const MIRROR_FLOW = /^[^.\s]+->[^.\s]+\./;

/** Keys only a Kafka Connect worker (or a connector's own file) holds. */
const CONNECT_KEYS = [
  'config.storage.topic',
  'offset.storage.topic',
  'status.storage.topic',
  'offset.storage.file.filename',
  'key.converter',
  'value.converter',
  'plugin.path',
  'connector.class',
];

/** Why a file of another system, which verify does not model, is ignored; null when it is none of them. */
export function foreign(settings: readonly Setting[]): string | null {
  const at = (s: Setting): string => `${s.key}, line ${s.line}`;
  const mirror = settings.find((x) => x.key === 'clusters' || MIRROR_FLOW.test(x.key));
  if (mirror)
    return (
      `a MirrorMaker 2 configuration (${at(mirror)}): not modelled by verify; check its offset translation with ` +
      'eoscheck check mirror-maker-2'
    );
  const connect = settings.find((x) => CONNECT_KEYS.includes(x.key));
  if (connect) return `a Kafka Connect configuration (${at(connect)}): not modelled`;
  const spring = settings.find((x) => x.key.startsWith('spring.'));
  if (spring) return `a Spring Boot configuration (${at(spring)}) with no spring.kafka key: not modelled`;
  const log = settings.find((x) => /^(log4j|log4j2|logger|appender|rootLogger)\b/.test(x.key));
  if (log) return `a logging configuration (${at(log)}): not modelled`;
  return null;
}

/**
 * The parts of a `.properties` file: one, or a Spring Boot configuration's clients (its `#---` documents read as
 * Spring reads a YAML file's); or why Spring refuses it. Pure.
 */
export function propertiesParts(file: string, text: string): Read<Part[]> {
  const docs = propertiesDocuments(text);
  if (docs.length > 1) {
    const spring = springDocumentsParts(file, docs, readProperties);
    if (spring !== null) return spring;
  }
  const settings = readProperties(text);
  return isSpring(settings) ? springParts(file, settings) : { ok: true, value: [settingsPart(file, settings)] };
}

/** The part a file's Kafka settings make, from a `.properties` file or an application's code. Pure. */
export function settingsPart(file: string, settings: readonly Setting[], detail = ''): Part {
  const other = foreign(settings);
  if (other !== null) return ignoredPart(file, 'not a Kafka client or broker file', other, settings);
  const has = (s: keyof typeof systemKeys): boolean => settings.some((x) => systemKeys[s].includes(x.key));
  if (has('streams')) return part(file, 'streams', detail, settings);
  if (has('producer') && has('consumer')) return part(file, 'app', detail, settings);
  if (has('producer')) return part(file, 'producer', detail, settings);
  if (has('consumer')) return part(file, 'consumer', detail, settings);
  if (has('broker')) return part(file, 'broker', detail, settings);
  return ignoredPart(
    file,
    'no Kafka client, Streams or broker key',
    "none of its keys is a Kafka producer's (acks, transactional.id, ...), a consumer's (group.id, " +
      "isolation.level, ...), a Streams application's (application.id, ...) or a broker's (node.id, log.dirs, ...)",
    settings,
  );
}
