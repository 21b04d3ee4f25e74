/**
 * The Flink SQL a job's code runs through the Table API (TableEnvironment.executeSql, the older sqlUpdate,
 * StatementSet.addInsertSql), where the statement is written in the code: a string literal, literals joined with
 * `+`, or a Java text block. Read as one SQL script whose statements keep the lines they have in the code, so the
 * answer points at the code's lines. A statement the code computes (a variable, String.format) is not SQL verify can
 * read: its line is returned instead. Pure.
 */
import { constantsOf, withConstants } from './code-constants.js';
import { argsAt, stringLiteral, withoutComments } from './code-text.js';
import { LineIndex } from './entry.js';

/** The SQL a code file holds, line for line, and the lines of statements it computes. */
export interface CodeSql {
  /** The code's SQL, each piece on the line it is written on, every other line blank; '' when there is none. */
  readonly text: string;
  /** The lines of calls whose statement the code computes. */
  readonly computed: readonly number[];
}

/** A Java/Kotlin/Scala string literal's text with its escapes read, or null. */
function literalText(piece: string): string | null {
  // A text block opens with its quotes and a line break: its text starts on the next line.
  const block = /^"""[ \t]*\n([\s\S]*?)"""$/.exec(piece);
  if (block) return `\n${block[1]!}`;
  return stringLiteral(piece);
}

/** The pieces of a `+` concatenation at top level, each with its offset in `expr`. */
function pieces(expr: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let start = 0;
  let quote = false;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (expr.startsWith('"""', i)) {
      const end = expr.indexOf('"""', i + 3);
      i = end < 0 ? expr.length : end + 2;
    } else if (c === '"') quote = !quote;
    else if (c === '\\' && quote) i++;
    else if (c === '+' && !quote) {
      out.push({ text: expr.slice(start, i), at: start });
      start = i + 1;
    }
  }
  out.push({ text: expr.slice(start), at: start });
  return out;
}

/** The SQL statements a code file runs through the Table API. Pure. */
export function sqlInCode(text: string): CodeSql {
  const code = withoutComments(text);
  const lines = new LineIndex(code);
  const total = code.split('\n').length;
  const out: string[] = Array.from({ length: total }, () => '');
  const computed: number[] = [];
  const constants = constantsOf(code);
  const calls = /\.\s*(executeSql|sqlUpdate|addInsertSql)\s*\(/g;
  for (let m = calls.exec(code); m !== null; m = calls.exec(code)) {
    const open = m.index + m[0].length - 1;
    const args = argsAt(code, open);
    if (args === null || args.length !== 1) continue;
    const argStart = code.indexOf(args[0]!, open);
    const parts = pieces(args[0]!).map((p) => ({ ...p, text: p.text.trim(), raw: p.text }));
    // A piece that names a constant is the constant's text, placed at the piece's line.
    const texts = parts.map((p) => literalText(p.text) ?? literalText(withConstants(p.text, constants)));
    if (texts.some((t) => t === null)) {
      computed.push(lines.lineOf(m.index));
      continue;
    }
    let last = 0;
    parts.forEach((p, i) => {
      const lead = p.raw.length - p.raw.trimStart().length;
      const line = lines.lineOf(argStart + p.at + lead) - 1;
      const pieceLines = texts[i]!.split('\n');
      pieceLines.forEach((t, k) => {
        out[line + k] = `${out[line + k] ?? ''} ${t}`;
      });
      last = line + pieceLines.length - 1;
    });
    out[last] = `${out[last]};`;
  }
  const sql = out.join('\n');
  return { text: sql.trim() === '' ? '' : sql, computed };
}
