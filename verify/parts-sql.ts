/**
 * The Flink SQL scripts of a pipeline, read as one SQL client session runs them (file after file): each
 * Kafka table as the sink or source of the jobs that write or read it, wherever its CREATE TABLE and the
 * INSERT stand, every other table (Iceberg, JDBC, filesystem, print, a catalog's) as not modelled, the
 * SET statements that configure each job (those before its INSERT), and the flink-connector-kafka jar an
 * `ADD JAR` adds. The SQL client submits each INSERT as
 * a job of its own and a statement set as one job, so a session of two INSERTs is two pipelines. Pure.
 */
import { jarsIn } from './files/connector-release.js';
import type { Read, Setting } from './files/entry.js';
import { type Insert, readSql, type SqlJar, type SqlTable } from './files/sql.js';
import { ignoredPart, type Part, part } from './parts.js';

/** A script's name and text. */
export interface SqlFile {
  readonly path: string;
  readonly text: string;
}

/** A SQL job: its number in the session (1-based), and the file and line of its first INSERT. */
export interface SqlJob {
  readonly job: number;
  readonly file: string;
  readonly line: number;
}

/** The session's statements, each with its file; jobs and SET counts numbered across files. */
interface Session {
  readonly tables: readonly (SqlTable & { readonly file: string })[];
  readonly sets: readonly (Setting & { readonly file: string })[];
  readonly inserts: readonly (Insert & { readonly file: string })[];
  readonly jars: readonly (SqlJar & { readonly file: string })[];
}

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

function isKafka(t: SqlTable): boolean {
  return KAFKA_CONNECTORS.includes((option(t, 'connector') ?? '').toLowerCase());
}

/** The jobs (1-based) whose INSERT writes `t`, and those that read it. */
function usesOf(s: Session, t: SqlTable): { writes: number[]; reads: number[] } {
  const writes = new Set<number>();
  const reads = new Set<number>();
  for (const i of s.inserts) {
    if (sameTable(i.target, t.name)) writes.add(i.job + 1);
    if (i.sources.some((x) => sameTable(x, t.name))) reads.add(i.job + 1);
  }
  return { writes: [...writes], reads: [...reads] };
}

/** A Kafka table as a sink or a source part; a table no INSERT uses is decided by its options. */
function kafkaTable(s: Session, t: SqlTable & { readonly file: string }): Read<Part> {
  const { writes, reads } = usesOf(s, t);
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
  if (none && s.inserts.length > 0)
    return byOptions === 'sink'
      ? { ok: true, value: ignoredPart(t.file, detail, 'a sink table no INSERT writes') }
      : { ok: true, value: part(t.file, 'source-table', detail, t.options, option(t, 'topic')) };
  const alone = !s.tables.some((x) => x !== t && isKafka(x));
  const sink = writes.length > 0 || (none && (byOptions === 'sink' || (byOptions === null && alone)));
  if (none && byOptions === null && !alone)
    return {
      ok: false,
      error:
        `cannot tell whether Kafka table '${t.name}' of '${t.file}' (line ${t.line}) is written or read: ` +
        'add the INSERT INTO statement, or sink./scan. options',
    };
  const jobs = sink ? writes : reads;
  const p = part(t.file, sink ? 'sink-table' : 'source-table', detail, t.options, option(t, 'topic'));
  return { ok: true, value: { ...p, jobs: jobs.length > 0 ? jobs : null } };
}

/** The session of several scripts, in the order given, or the first script's error. */
function session(files: readonly SqlFile[]): Read<Session> {
  const tables: Session['tables'][number][] = [];
  const sets: Session['sets'][number][] = [];
  const inserts: Session['inserts'][number][] = [];
  const jars: Session['jars'][number][] = [];
  let jobs = 0;
  for (const f of files) {
    const read = readSql(f.text);
    if (!read.ok) return { ok: false, error: `'${f.path}': ${read.error}` };
    const { value } = read;
    tables.push(...value.tables.map((t) => ({ ...t, file: f.path })));
    inserts.push(
      ...value.inserts.map((i) => ({ ...i, file: f.path, job: i.job + jobs, setsBefore: i.setsBefore + sets.length })),
    );
    sets.push(...value.sets.map((x) => ({ ...x, file: f.path })));
    jars.push(...value.jars.map((x) => ({ ...x, file: f.path })));
    jobs += new Set(value.inserts.map((i) => i.job)).size;
  }
  return { ok: true, value: { tables, sets, inserts, jars } };
}

/** Every table of a session's scripts and their SET statements as parts, with its jobs; or the first error. Pure. */
export function sqlParts(files: readonly SqlFile[]): Read<{ parts: Part[]; jobs: SqlJob[] }> {
  const read = session(files);
  if (!read.ok) return read;
  const s = read.value;
  const out: Part[] = [];
  for (const t of s.tables) {
    if (isKafka(t)) {
      const k = kafkaTable(s, t);
      if (!k.ok) return k;
      out.push(k.value);
      continue;
    }
    const connector = option(t, 'connector');
    const { writes, reads } = usesOf(s, t);
    const role = writes.length > 0 ? 'a sink' : reads.length > 0 ? 'a source' : 'declared, unused';
    const what = connector === null ? 'a table without a connector option (a catalog table)' : `a '${connector}' table`;
    out.push({
      ...ignoredPart(
        t.file,
        `${connector ?? 'catalog'} table \`${t.name}\` (line ${t.line})`,
        `${what}, ${role}: not modelled (eoscheck models Kafka's transactional path)`,
        t.options,
      ),
      jobs: writes.length + reads.length > 0 ? [...new Set([...writes, ...reads])] : null,
      ...(writes.length === 0 && reads.length > 0
        ? { sourceTable: { connector: connector ?? 'catalog', name: t.name, line: t.line } }
        : {}),
    });
  }
  // A flink-connector-kafka jar the session adds names the connector release of every job after it.
  for (const file of new Set(s.jars.map((j) => j.file))) {
    const named = s.jars.filter((j) => j.file === file).flatMap((j) => jarsIn(j.path, j.line));
    if (named.length > 0) out.push(part(file, 'connector', 'ADD JAR', named));
  }
  const jobs: SqlJob[] = [];
  for (const i of s.inserts)
    if (!jobs.some((j) => j.job === i.job + 1)) jobs.push({ job: i.job + 1, file: i.file, line: i.line });
  const setPart = (sets: readonly (Setting & { readonly file: string })[], job: number | null): void => {
    for (const file of new Set(sets.map((x) => x.file))) {
      const own = sets.filter((x) => x.file === file).map(({ file: _, ...x }) => x);
      out.push({ ...part(file, 'flink-job', 'SET statements', own), jobs: job === null ? null : [job] });
    }
  };
  if (jobs.length === 0) setPart(s.sets, null);
  else
    for (const j of jobs) {
      const first = s.inserts.find((i) => i.job + 1 === j.job)!;
      setPart(s.sets.slice(0, first.setsBefore), j.job);
    }
  for (const f of files)
    if (!out.some((p) => p.file === f.path) && !s.inserts.some((i) => i.file === f.path))
      out.push(ignoredPart(f.path, 'no table, SET or INSERT', 'a SQL script with no CREATE TABLE, SET or INSERT'));
  return { ok: true, value: { parts: out, jobs } };
}
