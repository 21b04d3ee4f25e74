/**
 * The parts of a Flink SQL script that configure a Kafka pipeline: `CREATE TABLE ... WITH ('k' = 'v', ...)`
 * (the connector options), `SET 'key' = 'value'` (job configuration), `INSERT INTO t ... FROM s`
 * (which table is written, which read) and `ADD JAR '...'` (the jars the session adds). A small tokenizer:
 * `--` and `/* *\/` comments, string literals with `''` escapes, back-quoted identifiers; the rest of the SQL is
 * not interpreted.
 */
import type { Read, Setting } from './entry.js';

interface Token {
  readonly kind: 'word' | 'string' | 'punct';
  readonly text: string;
  readonly line: number;
}

/** A `CREATE TABLE` with its options. */
export interface SqlTable {
  /** The table's name as written, qualified parts joined with dots, back-quotes removed. */
  readonly name: string;
  readonly line: number;
  readonly options: readonly Setting[];
}

/** What a script configures. */
export interface SqlScript {
  readonly tables: readonly SqlTable[];
  /** `SET` statements, in order (a later one wins). */
  readonly sets: readonly Setting[];
  readonly inserts: readonly Insert[];
  /** `ADD JAR` statements' paths, in order. */
  readonly jars: readonly SqlJar[];
}

/** A jar the SQL client adds to its session (`ADD JAR '/opt/flink/lib/x.jar'`). */
export interface SqlJar {
  readonly path: string;
  readonly line: number;
}

/** A table written by `INSERT INTO`, and the tables that statement reads (`FROM`, `JOIN`). */
export interface Insert {
  readonly target: string;
  readonly sources: readonly string[];
  readonly line: number;
  /**
   * The Flink job it runs in: the SQL client submits each INSERT as a job of its own, and every INSERT of one
   * statement set (`EXECUTE STATEMENT SET BEGIN ... END;`, or `BEGIN STATEMENT SET; ... END;`) as one job.
   */
  readonly job: number;
  /** How many SET statements come before it: those configure its job, later ones do not. */
  readonly setsBefore: number;
}

/** What the statements add to, in order. */
interface Into {
  readonly tables: SqlTable[];
  readonly sets: Setting[];
  readonly inserts: Insert[];
  readonly jars: SqlJar[];
  /** The job of the statement set being read, or null outside one. */
  set: number | null;
  jobs: number;
}

/** A word from a given position (sticky: no copy of the rest of the text a word). */
const WORD = /[A-Za-z0-9_$]+/y;

function tokenize(text: string): Read<Token[]> {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      line += 1;
      i += 1;
    } else if (/\s/.test(c)) i += 1;
    else if (c === '-' && text[i + 1] === '-') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return { ok: false, error: `line ${line}: a /* comment is never closed` };
      for (let k = i; k < end; k++) if (text[k] === '\n') line += 1;
      i = end + 2;
    } else if (c === "'" || c === '`') {
      const start = line;
      let value = '';
      let k = i + 1;
      for (;;) {
        if (k >= text.length) return { ok: false, error: `line ${start}: a ${c} quote is never closed` };
        const d = text[k]!;
        if (d === c && text[k + 1] === c) {
          value += c;
          k += 2;
        } else if (d === c) break;
        else {
          if (d === '\n') line += 1;
          value += d;
          k += 1;
        }
      }
      out.push({ kind: c === "'" ? 'string' : 'word', text: value, line: start });
      i = k + 1;
    } else if (/[A-Za-z0-9_$]/.test(c)) {
      WORD.lastIndex = i;
      const m = WORD.exec(text)![0];
      out.push({ kind: 'word', text: m, line });
      i += m.length;
    } else {
      out.push({ kind: 'punct', text: c, line });
      i += 1;
    }
  }
  return { ok: true, value: out };
}

const is = (t: Token | undefined, word: string): boolean =>
  t !== undefined && t.kind === 'word' && t.text.toUpperCase() === word;

/** A dotted name starting at `at`, and the index after it. */
function nameAt(ts: readonly Token[], at: number): { name: string; next: number } | null {
  const parts: string[] = [];
  let k = at;
  while (ts[k]?.kind === 'word') {
    parts.push(ts[k]!.text);
    if (ts[k + 1]?.text !== '.') break;
    k += 2;
  }
  return parts.length === 0 ? null : { name: parts.join('.'), next: k + 1 };
}

/** The `( 'k' = 'v', ... )` option list starting at `at` (the opening parenthesis). */
function optionList(ts: readonly Token[], at: number): Read<Setting[]> {
  const out: Setting[] = [];
  if (ts[at]?.text !== '(')
    return { ok: false, error: `line ${ts[at]?.line ?? '?'}: WITH needs ( 'key' = 'value', ... )` };
  let k = at + 1;
  while (ts[k] && ts[k]!.text !== ')') {
    const key = ts[k];
    const eq = ts[k + 1];
    const value = ts[k + 2];
    if (key?.kind !== 'string' || eq?.text !== '=' || value?.kind !== 'string')
      return { ok: false, error: `line ${key?.line ?? '?'}: a WITH option must read 'key' = 'value'` };
    out.push({ key: key.text, value: value.text, line: key.line });
    k += 3;
    if (ts[k]?.text === ',') k += 1;
  }
  return { ok: true, value: out };
}

/** One statement's contribution. */
function statement(ts: readonly Token[], into: Into): Read<null> {
  if (is(ts[0], 'ADD') && is(ts[1], 'JAR') && ts[2]?.kind === 'string') {
    into.jars.push({ path: ts[2].text, line: ts[2].line });
    return { ok: true, value: null };
  }
  if (is(ts[0], 'SET')) {
    const [, k, eq, v] = ts;
    if (k?.kind === 'string' && eq?.text === '=' && v?.kind === 'string')
      into.sets.push({ key: k.text, value: v.text, line: k.line });
    else {
      // The SQL client's older form: SET key = value, both unquoted.
      const at = ts.findIndex((t) => t.text === '=');
      if (at > 1)
        into.sets.push({
          key: ts
            .slice(1, at)
            .map((t) => t.text)
            .join(''),
          value: ts
            .slice(at + 1)
            .map((t) => t.text)
            .join(' '),
          line: ts[1]!.line,
        });
    }
    return { ok: true, value: null };
  }
  if (is(ts[0], 'CREATE')) {
    let k = 1;
    if (is(ts[k], 'TEMPORARY')) k += 1;
    if (!is(ts[k], 'TABLE')) return { ok: true, value: null };
    k += 1;
    if (is(ts[k], 'IF') && is(ts[k + 1], 'NOT') && is(ts[k + 2], 'EXISTS')) k += 3;
    const n = nameAt(ts, k);
    if (!n) return { ok: false, error: `line ${ts[k]?.line ?? ts[0]!.line}: CREATE TABLE needs a table name` };
    let depth = 0;
    for (let j = n.next; j < ts.length; j++) {
      const t = ts[j]!;
      if (t.text === '(') depth += 1;
      else if (t.text === ')') depth -= 1;
      else if (depth === 0 && is(t, 'WITH')) {
        const opts = optionList(ts, j + 1);
        if (!opts.ok) return opts;
        into.tables.push({ name: n.name, line: ts[0]!.line, options: opts.value });
        return { ok: true, value: null };
      }
    }
    into.tables.push({ name: n.name, line: ts[0]!.line, options: [] });
    return { ok: true, value: null };
  }
  const opens =
    (is(ts[0], 'EXECUTE') && is(ts[1], 'STATEMENT') && is(ts[2], 'SET')) ||
    (is(ts[0], 'BEGIN') && is(ts[1], 'STATEMENT') && is(ts[2], 'SET'));
  if (opens) into.set = into.jobs++;
  if (is(ts[0], 'END') && ts.length === 1) {
    into.set = null;
    return { ok: true, value: null };
  }
  for (let j = 0; j < ts.length; j++) {
    if (!is(ts[j], 'INSERT') || !(is(ts[j + 1], 'INTO') || is(ts[j + 1], 'OVERWRITE'))) continue;
    const target = nameAt(ts, j + 2);
    if (!target) continue;
    const sources: string[] = [];
    for (let k = target.next; k < ts.length && !is(ts[k], 'INSERT'); k++)
      if (is(ts[k], 'FROM') || is(ts[k], 'JOIN')) {
        const s = nameAt(ts, k + 1);
        if (s) sources.push(s.name);
      }
    into.inserts.push({
      target: target.name,
      sources,
      line: ts[j]!.line,
      job: into.set ?? into.jobs++,
      setsBefore: into.sets.length,
    });
  }
  return { ok: true, value: null };
}

/** Reads a Flink SQL script. Pure. */
export function readSql(text: string): Read<SqlScript> {
  const tokens = tokenize(text);
  if (!tokens.ok) return tokens;
  const into: Into = { tables: [], sets: [], inserts: [], jars: [], set: null, jobs: 0 };
  let start = 0;
  const all = tokens.value;
  for (let i = 0; i <= all.length; i++) {
    if (i < all.length && all[i]!.text !== ';') continue;
    const st = all.slice(start, i);
    start = i + 1;
    if (st.length === 0) continue;
    const r = statement(st, into);
    if (!r.ok) return r;
  }
  return { ok: true, value: { tables: into.tables, sets: into.sets, inserts: into.inserts, jars: into.jars } };
}
