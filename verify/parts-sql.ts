/**
 * A Flink SQL script's parts: each Kafka table as the sink or source of the jobs that write or read it,
 * every other table (Iceberg, JDBC, filesystem, print, a catalog's) as not modelled, and the SET
 * statements that configure each job (those before its INSERT). The SQL client submits each INSERT as a
 * job of its own and a statement set as one job, so a script of two INSERTs is two pipelines. Pure.
 */
import type { Read } from './files/entry.js';
import { readSql, type SqlScript, type SqlTable } from './files/sql.js';
import { ignoredPart, type Part, part } from './parts.js';

/** The value of option `key` of a table, or null. */
function option(t: SqlTable, key: string): string | null {
  return t.options.find((o) => o.key === key)?.value ?? null;
}

/** Whether a table's name matches `name` (a qualified name by its last part as well). */
function sameTable(a: string, b: string): boolean {
  const last = (x: string): string => x.split('.').at(-1)!.toLowerCase();
  return a.toLowerCase() === b.toLowerCase() || last(a) === last(b);
}

const KAFKA_CONNECTORS = ['kafka', 'upsert-kafka'];

/** The jobs (1-based) whose INSERT writes `t`, and those that read it. */
function usesOf(sql: SqlScript, t: SqlTable): { writes: number[]; reads: number[] } {
  const writes = new Set<number>();
  const reads = new Set<number>();
  for (const i of sql.inserts) {
    if (sameTable(i.target, t.name)) writes.add(i.job + 1);
    if (i.sources.some((s) => sameTable(s, t.name))) reads.add(i.job + 1);
  }
  return { writes: [...writes], reads: [...reads] };
}

/** A Kafka table as a sink or a source part; a table neither written nor read is decided by its options. */
function kafkaTable(file: string, sql: SqlScript, t: SqlTable): Read<Part> {
  const { writes, reads } = usesOf(sql, t);
  const connector = option(t, 'connector')!.toLowerCase();
  const detail = `${connector} table \`${t.name}\` (line ${t.line})`;
  const byOptions = t.options.some((o) => o.key.startsWith('sink.'))
    ? 'sink'
    : t.options.some((o) => o.key.startsWith('scan.'))
      ? 'source'
      : null;
  const none = writes.length === 0 && reads.length === 0;
  // A table no INSERT uses describes a reader of a topic (the sink's, say), unless its options make it a sink,
  // which then writes nothing: a sink is a table an INSERT writes.
  if (none && sql.inserts.length > 0)
    return byOptions === 'sink'
      ? { ok: true, value: ignoredPart(file, detail, 'a sink table no INSERT of this script writes') }
      : { ok: true, value: part(file, 'source-table', detail, t.options, option(t, 'topic')) };
  const alone = !sql.tables.some((x) => x !== t && isKafka(x));
  const sink = writes.length > 0 || (none && (byOptions === 'sink' || (byOptions === null && alone)));
  if (none && byOptions === null && !alone)
    return {
      ok: false,
      error:
        `cannot tell whether Kafka table '${t.name}' of '${file}' (line ${t.line}) is written or read: ` +
        'add the INSERT INTO statement, or sink./scan. options',
    };
  const jobs = sink ? writes : reads;
  const p = part(file, sink ? 'sink-table' : 'source-table', detail, t.options, option(t, 'topic'));
  return { ok: true, value: { ...p, jobs: jobs.length > 0 ? jobs : null } };
}

function isKafka(t: SqlTable): boolean {
  return KAFKA_CONNECTORS.includes((option(t, 'connector') ?? '').toLowerCase());
}

/** Every table of a script and its SET statements as parts, or the script's first error. Pure. */
export function sqlParts(file: string, text: string): Read<Part[]> {
  const read = readSql(text);
  if (!read.ok) return { ok: false, error: `'${file}': ${read.error}` };
  const sql = read.value;
  const out: Part[] = [];
  for (const t of sql.tables) {
    if (isKafka(t)) {
      const k = kafkaTable(file, sql, t);
      if (!k.ok) return k;
      out.push(k.value);
      continue;
    }
    const connector = option(t, 'connector');
    const { writes, reads } = usesOf(sql, t);
    const role = writes.length > 0 ? 'a sink' : reads.length > 0 ? 'a source' : 'declared, unused';
    const what = connector === null ? 'a table without a connector option (a catalog table)' : `a '${connector}' table`;
    out.push({
      ...ignoredPart(
        file,
        `${connector ?? 'catalog'} table \`${t.name}\` (line ${t.line})`,
        `${what}, ${role}: not modelled (eoscheck models Kafka's transactional path)`,
        t.options,
      ),
      jobs: writes.length + reads.length > 0 ? [...new Set([...writes, ...reads])] : null,
    });
  }
  const jobs = [...new Set(sql.inserts.map((i) => i.job))];
  if (jobs.length === 0) {
    if (sql.sets.length > 0) out.push(part(file, 'flink-job', 'SET statements', sql.sets));
  } else
    for (const job of jobs) {
      const first = sql.inserts.find((i) => i.job === job)!;
      const sets = sql.sets.slice(0, first.setsBefore);
      if (sets.length > 0) out.push({ ...part(file, 'flink-job', 'SET statements', sets), jobs: [job + 1] });
    }
  if (out.length === 0)
    out.push(ignoredPart(file, 'no table, SET or INSERT', 'a SQL script with no CREATE TABLE, SET or INSERT'));
  return { ok: true, value: out };
}

/** The jobs of a script (1-based), each with the line of its first INSERT. Pure. */
export function sqlJobs(text: string): { job: number; line: number }[] {
  const read = readSql(text);
  if (!read.ok) return [];
  const out = new Map<number, number>();
  for (const i of read.value.inserts) if (!out.has(i.job + 1)) out.set(i.job + 1, i.line);
  return [...out].map(([job, line]) => ({ job, line }));
}
