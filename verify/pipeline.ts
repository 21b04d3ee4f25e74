/**
 * Which model a set of files is, and which part plays which role in it: a Streams application is
 * `kafka-streams`; a Flink configuration or a Flink SQL Kafka table is `flink-kafka`; a consumer beside a
 * producer (or one file holding both) is `consume-transform-produce`; a transactional producer alone
 * (with its downstream readers) is `kafka-txn`. A consumer whose file name says `downstream` or `reader`
 * is the downstream reader of the output; otherwise the first consumer beside a producer is the
 * application's input consumer and any other is a downstream reader. Pure.
 */
import type { Read } from './files/entry.js';
import type { Part } from './parts.js';

/** A part's place in the pipeline. */
export type Role =
  | 'producer'
  | 'input consumer'
  | 'downstream reader'
  | 'consume-transform-produce application'
  | 'Streams application'
  | 'broker'
  | 'Flink job'
  | 'Kafka sink table'
  | 'Kafka source table'
  | 'downstream reader table';

/** A part with its role. */
export interface Placed extends Part {
  readonly role: Role;
}

/** The model and the parts in their roles. */
export interface Pipeline {
  readonly model: 'kafka-txn' | 'consume-transform-produce' | 'kafka-streams' | 'flink-kafka';
  readonly parts: readonly Placed[];
}

const readerName = /(downstream|reader)[^/\\]*$/i;

/** Places every part and picks the model. Pure. */
export function pipeline(parts: readonly Part[]): Read<Pipeline> {
  const of = (k: Part['kind']): Part[] => parts.filter((p) => p.kind === k);
  const names = (ps: readonly Part[]): string => [...new Set(ps.map((p) => `'${p.file}'`))].join(', ');
  const streams = of('streams');
  const flink = parts.filter((p) => ['flink-job', 'sink-table', 'source-table'].includes(p.kind));
  const producers = [...of('producer'), ...of('app')];
  if (streams.length > 0 && flink.length > 0)
    return {
      ok: false,
      error:
        `these files describe two pipelines, a Kafka Streams application (${names(streams)}) and a Flink job ` +
        `(${names(flink)}): verify each on its own`,
    };
  const placed: Placed[] = [];
  const place = (p: Part, role: Role): void => {
    placed.push({ ...p, role });
  };
  const consumers = (first: 'input consumer' | 'downstream reader'): void => {
    let next = first;
    for (const c of of('consumer')) {
      if (readerName.test(c.file)) place(c, 'downstream reader');
      else {
        place(c, next);
        next = 'downstream reader';
      }
    }
  };
  for (const b of of('broker')) place(b, 'broker');
  if (streams.length > 0 || flink.length > 0) {
    if (producers.length > 0)
      return {
        ok: false,
        error:
          `a Kafka producer's file (${names(producers)}) beside a ` +
          `${streams.length > 0 ? 'Streams application' : 'Flink job'}: ` +
          `the ${streams.length > 0 ? 'application' : 'job'} makes its own producers; verify the producer on its own`,
      };
    for (const s of streams) place(s, 'Streams application');
    const topics = new Set(of('sink-table').map((p) => p.topic));
    for (const p of flink)
      place(
        p,
        p.kind === 'flink-job'
          ? 'Flink job'
          : p.kind === 'sink-table'
            ? 'Kafka sink table'
            : p.topic !== null && topics.has(p.topic)
              ? 'downstream reader table'
              : 'Kafka source table',
      );
    consumers('downstream reader');
    return {
      ok: true,
      value: { model: streams.length > 0 ? 'kafka-streams' : 'flink-kafka', parts: inOrder(parts, placed) },
    };
  }
  if (producers.length === 0)
    return {
      ok: false,
      error:
        `no producer, Streams application or Flink job among ${names(parts)}: a consumer or a broker alone is not a ` +
        'pipeline; give the files of what writes the topic too',
    };
  for (const p of of('app')) place(p, 'consume-transform-produce application');
  for (const p of of('producer')) place(p, 'producer');
  consumers(of('app').length > 0 ? 'downstream reader' : 'input consumer');
  const ctp =
    placed.some((p) => p.role === 'input consumer' || p.role === 'consume-transform-produce application') ||
    !of('producer').every((p) => p.settings.some((s) => s.key === 'transactional.id'));
  return { ok: true, value: { model: ctp ? 'consume-transform-produce' : 'kafka-txn', parts: inOrder(parts, placed) } };
}

/** The placed parts in the order the files and their parts were given. */
function inOrder(parts: readonly Part[], placed: readonly Placed[]): Placed[] {
  const at = (p: Placed): number => parts.findIndex((x) => x.file === p.file && x.detail === p.detail);
  return [...placed].sort((a, b) => at(a) - at(b));
}
