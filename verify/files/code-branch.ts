/**
 * The branch a call sits in: the innermost `if` whose then-branch or else-branch holds it, so that calls in the two
 * branches of one `if` are known to be each other's alternative. Read by braces and statement ends, not parsed;
 * comments must be blanked first. Pure.
 */

/** The `if` a call's branch hangs on (the offset of its `if` keyword) and which of its branches holds the call. */
export interface Branch {
  readonly ifAt: number;
  readonly side: 'then' | 'else';
}

/** The start of the statement that ends at `end`: just after the last `;`, `{` or `}` before it. */
function statementStart(code: string, end: number): number {
  let k = end - 1;
  while (k >= 0 && !';{}'.includes(code[k]!)) k--;
  return k + 1;
}

/** The offset of the `{` that the `}` at `close` closes, or -1. */
function openingOf(code: string, close: number): number {
  let depth = 0;
  for (let j = close; j >= 0; j--) {
    if (code[j] === '}') depth++;
    else if (code[j] === '{' && --depth === 0) return j;
  }
  return -1;
}

/** The `if` keyword a statement head (`if (x) `, `else if (y) `) opens with, as an offset; -1 when none. */
function ifIn(code: string, from: number, to: number): number {
  const m = /\bif\s*\(/.exec(code.slice(from, to));
  return m ? from + m.index : -1;
}

/** The `if` an `else` at `elseAt` belongs to: its then-branch is the block or statement just before it; -1 if none. */
function ifOfElse(code: string, elseAt: number): number {
  let k = elseAt - 1;
  while (k >= 0 && /\s/.test(code[k]!)) k--;
  if (code[k] === '}') {
    const open = openingOf(code, k);
    return open < 0 ? -1 : ifIn(code, statementStart(code, open), open);
  }
  if (code[k] === ';') return ifIn(code, statementStart(code, k), k);
  return -1;
}

/** A head's branch: `if (...)` is a then-branch, `else` (not `else if`) an else-branch; null for any other head. */
function branchOfHead(code: string, from: number, to: number): Branch | null {
  const ifAt = ifIn(code, from, to);
  if (ifAt >= 0) return { ifAt, side: 'then' };
  const m = /\belse\b/.exec(code.slice(from, to));
  if (!m) return null;
  const owner = ifOfElse(code, from + m.index);
  return owner < 0 ? null : { ifAt: owner, side: 'else' };
}

/** The innermost `if` branch the call at `at` sits in, or null when no `if` or `else` holds it. */
export function branchAt(code: string, at: number): Branch | null {
  const head = branchOfHead(code, statementStart(code, at), at);
  if (head !== null) return head;
  let depth = 0;
  for (let j = at - 1; j >= 0; j--) {
    const c = code[j];
    if (c === '}') depth++;
    else if (c === '{' && depth > 0) depth--;
    else if (c === '{') {
      const branch = branchOfHead(code, statementStart(code, j), j);
      if (branch !== null) return branch;
    }
  }
  return null;
}
