/**
 * Source code read as text (Java, Scala, Kotlin): comments blanked with their line breaks kept, and a call's
 * arguments split at its top-level commas. Pure.
 */

/** The text with comments blanked (line breaks kept), string literals left in place. */
export function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The arguments of the call whose `(` is at `open`, split at top-level commas; null when unclosed. */
export function argsAt(text: string, open: number): string[] | null {
  let depth = 0;
  let start = open + 1;
  const args: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    // A string's brackets and commas are its text: a text block to its closing quotes, a string to its own.
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      if (end < 0) return null;
      i = end + 2;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      args.push(text.slice(start, i).trim());
      return args.length === 1 && args[0] === '' ? [] : args;
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

/**
 * Whether the call at `at` runs only under a condition: its statement follows `if (...)` or `else`, or a block it
 * sits in (at any depth) opens with one. Comments must be blanked first. Loops, lambdas and ternaries are not read as
 * conditions. Pure.
 */
export function underCondition(code: string, at: number): boolean {
  const head = (end: number): string => {
    let k = end - 1;
    while (k >= 0 && !';{}'.includes(code[k]!)) k--;
    return code.slice(k + 1, end);
  };
  if (/\bif\s*\(|\belse\b/.test(head(at))) return true;
  let depth = 0;
  for (let j = at - 1; j >= 0; j--) {
    const c = code[j];
    if (c === '}') depth++;
    else if (c === '{' && depth > 0) depth--;
    else if (c === '{' && /\bif\s*\([\s\S]*\)\s*$|\belse\s*$/.test(head(j))) return true;
  }
  return false;
}

/** A string literal's text (`"flink-job"`) with its escapes read, or null when the expression is none. */
export function stringLiteral(expr: string): string | null {
  const m = /^"((?:[^"\\\n]|\\.)*)"$/.exec(expr.trim());
  return m ? m[1]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c)) : null;
}
