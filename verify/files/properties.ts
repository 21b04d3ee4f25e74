/**
 * Java `.properties` files as `java.util.Properties.load` reads them (comments `#` and `!`, `=`, `:` or
 * white space between key and value, backslash escapes and `\uXXXX`, continuation lines), through the
 * `dot-properties` parser; the last of a repeated key wins, as in Java.
 */
import { type Node, type Pair, parseLines } from 'dot-properties';
import { LineIndex, type Setting } from './entry.js';

function isPair(n: Node): n is Pair {
  return n.type === 'PAIR';
}

/**
 * The settings of a `.properties` text, in file order (a repeated key keeps its last value, at its last line). Pure.
 */
export function readProperties(text: string): Setting[] {
  const out = new Map<string, Setting>();
  const lines = new LineIndex(text);
  for (const node of parseLines(text, true)) {
    if (!isPair(node)) continue;
    out.delete(node.key);
    out.set(node.key, { key: node.key, value: node.value, line: lines.lineOf(node.range?.[0] ?? 0) });
  }
  return [...out.values()];
}

/**
 * The documents of a Spring Boot `.properties` file (Boot 2.4+, `OriginTrackedPropertiesLoader`): a line `#---` or
 * `!---` (three hyphens at the line's start, nothing but blanks after) begins a new document, unless the line before
 * is a comment with the same prefix or ends a continued value. Each document's text keeps the others' lines empty,
 * so line numbers stay the file's. One text when the file has no separator. Pure.
 */
export function propertiesDocuments(text: string): string[] {
  const lines = text.split('\n');
  const starts: number[] = [0];
  let continued = false;
  let comment: string | null = null;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (!continued && /^[#!]---[ \t\f]*$/.test(line) && comment !== line[0]) starts.push(i);
    const trimmed = line.replace(/^[ \t\f]+/, '');
    const isComment = !continued && /^[#!]/.test(trimmed);
    comment = isComment ? trimmed[0]! : null;
    continued = !isComment && /(^|[^\\])(\\\\)*\\$/.test(line);
  });
  if (starts.length === 1) return [text];
  return starts.map((start, k) => {
    const end = starts[k + 1] ?? lines.length;
    return lines.map((l, i) => (i >= start && i < end ? l : '')).join('\n');
  });
}
