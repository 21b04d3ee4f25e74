/**
 * A Docker Compose file, as the seeds' experiments run Kafka and Flink: the services, each with its image, its
 * command and its environment (a map or a list of `KEY=value`), every value with the line it is written on. The
 * images read their configuration from that environment: Flink's from `FLINK_PROPERTIES` (its lines appended to
 * the Flink configuration by the image's docker-entrypoint.sh), Kafka's (apache/kafka, confluentinc/cp-kafka)
 * from `KAFKA_*` variables and bitnami/kafka's from `KAFKA_CFG_*` (`_` for `.`, `__` for `_`, `___` for `-`).
 * Pure: text in, services out.
 */
import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, Scalar } from 'yaml';
import type { Setting } from './entry.js';

/** One service of a Compose file. */
export interface ComposeService {
  readonly name: string;
  readonly image: string;
  readonly command: string;
  /** Its entrypoint as written (a service that runs a script of its own is no broker, whatever its image). */
  readonly entrypoint: string;
  /** Its environment, each variable with the line of its value. */
  readonly env: readonly Setting[];
  /** The line of the service's name. */
  readonly line: number;
  /** Its published and exposed ports as written (`8081:8081`, `9092`). */
  readonly ports: readonly string[];
  /** Its volumes as written (`./jars/x.jar:/opt/flink/lib/x.jar`; the long form's source and target), with lines. */
  readonly volumes: readonly Setting[];
}

/** A scalar's text, or a list of scalars joined with spaces (a command in list form). */
function text(node: unknown): string {
  if (isScalar(node)) return node.value === null ? '' : String(node.value);
  if (isSeq(node)) return node.items.map(text).join(' ');
  return '';
}

/**
 * The node an alias names (`environment: *flink-env`), and a map's `<<: *anchor` merge keys taken in (the map's
 * own keys first, as Compose reads them). Other nodes as they are.
 */
function resolved(doc: Document, node: unknown): unknown {
  const target = isAlias(node) ? node.resolve(doc) : node;
  if (!isMap(target)) return target;
  const own = target.items.filter((p) => !(isScalar(p.key) && p.key.value === '<<'));
  const merged = target.items
    .filter((p) => isScalar(p.key) && p.key.value === '<<')
    .flatMap((p) => {
      const from = resolved(doc, p.value);
      return isMap(from) ? from.items : [];
    })
    .filter((p) => !own.some((o) => isScalar(o.key) && isScalar(p.key) && o.key.value === p.key.value));
  if (merged.length === 0) return target;
  const copy = target.clone() as typeof target;
  copy.items = [...own, ...merged];
  return copy;
}

/** A service's volumes: the short form's text, the long form's source and target joined with `:`. */
function volumesOf(list: unknown, lineOf: (node: unknown) => number): Setting[] {
  if (!isSeq(list)) return [];
  return list.items.map((v) => {
    const value = isMap(v) ? [text(v.get('source', true)), text(v.get('target', true))].join(':') : text(v);
    return { key: 'volume', value, line: lineOf(v) };
  });
}

/** The services of a Compose file (a top-level `services` map), or null when `text` is not one. Pure. */
export function readCompose(source: string): ComposeService[] | null {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  const services = doc.contents.get('services', true);
  if (!isMap(services)) return null;
  const lineOf = (node: unknown): number => {
    const range = (node as Node | null)?.range;
    return range ? lines.linePos(range[0]).line : 0;
  };
  const out: ComposeService[] = [];
  for (const pair of services.items) {
    const service = resolved(doc, pair.value);
    if (!isScalar(pair.key) || !isMap(service)) continue;
    const env: Setting[] = [];
    const environment = resolved(doc, service.get('environment', true));
    if (isMap(environment))
      for (const e of environment.items)
        if (isScalar(e.key)) {
          // A block scalar (FLINK_PROPERTIES: |) starts on the line after its indicator.
          const block =
            isScalar(e.value) && (e.value.type === Scalar.BLOCK_LITERAL || e.value.type === Scalar.BLOCK_FOLDED);
          env.push({ key: String(e.key.value), value: text(e.value), line: lineOf(e.value) + (block ? 1 : 0) });
        }
    if (isSeq(environment))
      for (const e of environment.items) {
        const entry = text(e);
        const eq = entry.indexOf('=');
        if (eq > 0) env.push({ key: entry.slice(0, eq), value: entry.slice(eq + 1), line: lineOf(e) });
      }
    out.push({
      name: String(pair.key.value),
      image: text(resolved(doc, service.get('image', true))),
      command: text(resolved(doc, service.get('command', true))),
      entrypoint: text(resolved(doc, service.get('entrypoint', true))),
      env,
      line: lineOf(pair.key),
      ports: ['ports', 'expose'].flatMap((k) => {
        const list = service.get(k, true);
        return isSeq(list) ? list.items.map(text) : [];
      }),
      volumes: volumesOf(service.get('volumes', true), lineOf),
    });
  }
  return out;
}

/** The Kafka broker setting a Kafka image reads from environment variable `name`, or null when it reads none. */
export function kafkaEnvKey(image: string, name: string): string | null {
  const prefix = /bitnami\//.test(image) ? 'KAFKA_CFG_' : 'KAFKA_';
  if (!name.startsWith(prefix) || /^KAFKA_(HEAP_OPTS|OPTS|JMX_|LOG4J_|JVM_PERFORMANCE_OPTS|GC_LOG_OPTS)/.test(name))
    return null;
  const dots = (part: string): string => part.replace(/_/g, '.');
  return name
    .slice(prefix.length)
    .toLowerCase()
    .split('___')
    .map((dashed) => dashed.split('__').map(dots).join('_'))
    .join('-');
}
