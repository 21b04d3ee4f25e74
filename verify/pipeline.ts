/**
 * Which model a pipeline's parts make, and which part plays which role in it: a Streams application is
 * `kafka-streams`; a Flink job or a Flink SQL Kafka sink is `flink-kafka`; a transactional producer
 * alone (with the readers of its output) is `kafka-txn`; beside the consumer of its own application (one
 * file holding both clients' keys, or a consumer named as the input) it is `consume-transform-produce`.
 * A pipeline with no Kafka transactional path (no Kafka sink, no transactional producer, no Streams
 * application) has nothing to check. A build file's flink-connector-kafka release is the Flink job's. Pure.
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
  | 'downstream reader table'
  | 'Flink Kafka connector'
  | 'Flink job code'
  | 'not modelled';

/** A part with its role, and how the role was told when its content alone did not tell it. */
export interface Placed extends Part {
  readonly role: Role;
}

/** The models verify picks. */
export type VerifyModel = 'kafka-txn' | 'consume-transform-produce' | 'kafka-streams' | 'flink-kafka';

/** The model and the parts in their roles. */
export interface Pipeline {
  readonly model: VerifyModel;
  readonly parts: readonly Placed[];
  /** Whether the Kafka sink is built in the job's code (a Flink job with no SQL Kafka sink table). */
  readonly sinkInCode: boolean;
}

/** What a pipeline's files make: a model to check, or nothing to check with what was found. */
export type Made =
  | { readonly kind: 'pipeline'; readonly pipeline: Pipeline }
  | { readonly kind: 'nothing'; readonly found: string; readonly parts: readonly Placed[] };

const NO_TRANSACTIONAL_PATH =
  'no Kafka transactional path (no transactional producer, Streams application or Kafka sink)';

/** A file name that says its consumer is the application's input, or a reader of the output. */
const inputName = /(^|[/\\._-])(input|source|in(?=[._-]))[^/\\]*\.properties$/i;
const readerName = /(downstream|reader|output|verif)[^/\\]*$/i;

const isTransactional = (p: Part): boolean => p.settings.some((s) => s.key === 'transactional.id');

/** What was found, in words, for "nothing to check". */
function found(parts: readonly Part[]): string {
  if (parts.length === 0) return 'no file';
  const what = (p: Part): string => {
    switch (p.kind) {
      case 'producer':
        return `a producer without transactional.id (${p.file})`;
      case 'consumer':
        return `a consumer (${p.file})`;
      case 'app':
        return `an application's producer and consumer without transactional.id (${p.file})`;
      case 'broker':
        return `a broker (${p.file}${p.detail ? `: ${p.detail}` : ''})`;
      case 'source-table':
        return `a Kafka source ${p.detail} (${p.file})`;
      case 'flink-job':
        return `a Flink job's configuration (${p.file})`;
      case 'connector':
        return `a flink-connector-kafka release (${p.file}: ${p.detail})`;
      case 'job-code':
        return `a Flink job's code (${p.file})`;
      case 'ignored':
        return `${p.detail} (${p.file}): ${p.why ?? 'not modelled'}`;
      default:
        return `${p.kind} (${p.file})`;
    }
  };
  return parts.map(what).join('; ');
}

/** Places every part and picks the model, or says there is nothing to check. */
export function pipeline(parts: readonly Part[]): Read<Made> {
  const of = (k: Part['kind']): Part[] => parts.filter((p) => p.kind === k);
  const names = (ps: readonly Part[]): string => [...new Set(ps.map((p) => `'${p.file}'`))].join(', ');
  const streams = of('streams');
  const flinkJobs = of('flink-job');
  const sinks = of('sink-table');
  const sqlTables = parts.some((p) => p.kind === 'sink-table' || p.kind === 'source-table' || /table `/.test(p.detail));
  const code = of('job-code');
  const flink = flinkJobs.length > 0 || sinks.length > 0 || of('source-table').length > 0 || code.length > 0;
  if (streams.length > 0 && flink)
    return {
      ok: false,
      error:
        `these files describe two pipelines, a Kafka Streams application (${names(streams)}) and a Flink job ` +
        `(${names([...flinkJobs, ...sinks, ...code])}): verify each on its own`,
    };
  const placed: Placed[] = [];
  const place = (p: Part, role: Role, why: string | null = p.why): void => {
    placed.push({ ...p, role, why });
  };
  for (const p of of('ignored')) place(p, 'not modelled');
  for (const b of of('broker')) place(b, 'broker');
  // The connector release is the Flink job's: beside no Flink job it decides nothing.
  for (const c of of('connector'))
    if (flink) place(c, 'Flink Kafka connector');
    else place(c, 'not modelled', 'a flink-connector-kafka release, and no Flink job here reads or writes Kafka');
  const readers = (): void => {
    for (const c of of('consumer')) place(c, 'downstream reader', c.why);
  };
  if (streams.length > 0 || flink) {
    const job = streams.length > 0 ? 'Streams application' : 'Flink job';
    for (const p of [...of('producer'), ...of('app')])
      place(
        p,
        'not modelled',
        `a Kafka producer's file beside a ${job}: the ${job} makes its own producers, so this one writes another ` +
          'topic (its input, say); verify it on its own',
      );
    for (const s of streams) place(s, 'Streams application');
    const topics = new Set(sinks.map((p) => p.topic));
    for (const p of [...flinkJobs, ...code, ...sinks, ...of('source-table')])
      place(
        p,
        p.kind === 'flink-job'
          ? 'Flink job'
          : p.kind === 'job-code'
            ? 'Flink job code'
            : p.kind === 'sink-table'
              ? 'Kafka sink table'
              : p.topic !== null && topics.has(p.topic)
                ? 'downstream reader table'
                : 'Kafka source table',
      );
    readers();
    if (streams.length === 0 && sinks.length === 0 && sqlTables)
      return {
        ok: true,
        value: { kind: 'nothing', found: `no Kafka sink: ${found(parts)}`, parts: inOrder(parts, placed) },
      };
    return {
      ok: true,
      value: {
        kind: 'pipeline',
        pipeline: {
          model: streams.length > 0 ? 'kafka-streams' : 'flink-kafka',
          parts: inOrder(parts, placed),
          sinkInCode: streams.length === 0 && sinks.length === 0,
        },
      },
    };
  }
  const producers = [...of('producer'), ...of('app')];
  if (!producers.some(isTransactional)) {
    for (const p of of('producer')) place(p, 'producer');
    for (const p of of('app')) place(p, 'consume-transform-produce application');
    readers();
    return {
      ok: true,
      value: {
        kind: 'nothing',
        found: `${NO_TRANSACTIONAL_PATH}: ${found(parts)}`,
        parts: inOrder(parts, placed),
      },
    };
  }
  for (const p of of('app')) place(p, 'consume-transform-produce application');
  for (const p of of('producer')) place(p, 'producer');
  const apps = of('app').length > 0;
  for (const c of of('consumer')) {
    const input = inputName.test(c.file) && !readerName.test(c.file);
    if (input && !apps) place(c, 'input consumer', "the input consumer by its file name (its keys are any consumer's)");
    else
      place(
        c,
        'downstream reader',
        readerName.test(c.file)
          ? null
          : "a consumer in a file of its own: read as a reader of the output (an application's own consumer is " +
              "told by one file holding its producer's keys too, or by a file name with 'input')",
      );
  }
  const ctp = placed.some((p) => p.role === 'input consumer' || p.role === 'consume-transform-produce application');
  return {
    ok: true,
    value: {
      kind: 'pipeline',
      pipeline: {
        model: ctp ? 'consume-transform-produce' : 'kafka-txn',
        parts: inOrder(parts, placed),
        sinkInCode: false,
      },
    },
  };
}

/** The placed parts in the order the files and their parts were given. */
function inOrder(parts: readonly Part[], placed: readonly Placed[]): Placed[] {
  const at = new Map(parts.map((p, i) => [p, i]));
  const index = (p: Placed): number =>
    parts.findIndex((x) => x.file === p.file && x.detail === p.detail && x.kind === p.kind) ?? at.size;
  return [...placed].sort((a, b) => index(a) - index(b));
}
